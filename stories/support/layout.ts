// Page layout for stories that show several elements, and a dark page for the dark-theme stories.
import { html, type TemplateResult } from 'lit';

/**
 * Run controls, chart and card side by side in a wide `.story-frame` (like the demo page), controls and card
 * beside the chart in a medium one, stacked in a narrow one — by the frame's width, not the screen's.
 */
export const layoutStyles = html`<style>
  .story-frame {
    container-type: inline-size;
  }
  .story-layout {
    display: grid;
    gap: 1rem;
    grid-template-columns: minmax(0, 1fr);
    align-items: start;
  }
  @container (min-width: 44rem) {
    .story-layout {
      grid-template-columns: minmax(16rem, 20rem) minmax(0, 1fr);
      grid-template-areas: 'controls chart' 'card chart';
    }
    .story-layout > run-controls {
      grid-area: controls;
    }
    .story-layout > service-chart {
      grid-area: chart;
    }
    .story-layout > diagnostic-card {
      grid-area: card;
    }
  }
  @container (min-width: 72rem) {
    .story-layout {
      grid-template-columns: minmax(16rem, 20rem) minmax(0, 1fr) minmax(16rem, 22rem);
      grid-template-areas: 'controls chart card';
    }
  }
  .story-dark {
    padding: 1rem;
    border-radius: 0.5rem;
    background: #0e1013;
    color: #e8eaee;
  }
  .story-narrow {
    width: 390px;
    max-width: 100%;
  }
  .story-note {
    margin: 0 0 0.75rem;
    font:
      0.875rem/1.4 system-ui,
      sans-serif;
    color: inherit;
    opacity: 0.8;
  }
</style>`;

/** The content on a dark page, as a dark-themed site would show it. */
export function onDarkPage(content: TemplateResult): TemplateResult {
  return html`${layoutStyles}
    <div class="story-dark">${content}</div>`;
}

/** The content at the width of a phone (390 px). */
export function atPhoneWidth(content: TemplateResult): TemplateResult {
  return html`${layoutStyles}
    <div class="story-narrow">${content}</div>`;
}
