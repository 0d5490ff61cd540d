// Styles of <alert-banner>: a banner whose severity shows as a word and an icon, with a colour as a third cue.
import { css } from 'lit';

export const alertBannerStyles = css`
  /* The severity's colour is only the default: an --agui-alert-color set by the page wins over every severity. */
  .banner {
    --_agui-alert-color: var(--agui-alert-color, var(--_agui-color-text-muted));
    display: grid;
    grid-template-columns: auto minmax(0, 1fr) auto;
    align-items: start;
    gap: var(--_agui-space-s) var(--_agui-space-m);
    padding: var(--_agui-space-m) var(--_agui-space-l);
    border: 1px solid var(--_agui-alert-color);
    border-inline-start-width: 6px;
    border-radius: var(--_agui-radius);
    background: var(--agui-alert-background, var(--_agui-color-surface-raised));
    overflow-wrap: anywhere;
  }

  .banner.warning {
    --_agui-alert-color: var(--agui-alert-color, var(--_agui-color-warning));
  }

  .banner.critical {
    --_agui-alert-color: var(--agui-alert-color, var(--_agui-color-danger));
  }

  .banner.info {
    --_agui-alert-color: var(--agui-alert-color, var(--_agui-color-accent));
  }

  .icon {
    width: 1.375rem;
    height: 1.375rem;
    margin-top: 0.0625rem;
    fill: var(--_agui-alert-color);
  }

  .icon .glyph {
    fill: none;
    stroke: var(--agui-alert-background, var(--_agui-color-surface-raised));
    stroke-width: 2.4;
    stroke-linecap: round;
  }

  .content {
    display: grid;
    gap: var(--_agui-space-xs);
    min-width: 0;
  }

  .severity {
    margin: 0;
    font-weight: 700;
    color: var(--_agui-alert-color);
  }

  .message {
    margin: 0;
  }

  .meta {
    margin: 0;
    font-size: var(--_agui-font-size-small);
    color: var(--_agui-color-text-muted);
  }

  .dismiss {
    min-height: 2rem;
    padding-inline: var(--_agui-space-s);
  }
`;
