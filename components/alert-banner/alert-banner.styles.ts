// Styles of <alert-banner>: a banner whose severity shows as a word and an icon, with a colour as a third cue.
import { css } from 'lit';

export const alertBannerStyles = css`
  .banner {
    display: grid;
    grid-template-columns: auto minmax(0, 1fr) auto;
    align-items: start;
    gap: var(--agui-space-s) var(--agui-space-m);
    padding: var(--agui-space-m) var(--agui-space-l);
    border: 1px solid var(--agui-alert-color, var(--agui-color-text-muted));
    border-inline-start-width: 6px;
    border-radius: var(--agui-radius);
    background: var(--agui-alert-background, var(--agui-color-surface-raised));
    overflow-wrap: anywhere;
  }

  .banner.warning {
    --agui-alert-color: var(--agui-color-warning);
  }

  .banner.critical {
    --agui-alert-color: var(--agui-color-danger);
  }

  .banner.info {
    --agui-alert-color: var(--agui-color-accent);
  }

  .icon {
    width: 1.375rem;
    height: 1.375rem;
    margin-top: 0.0625rem;
    fill: var(--agui-alert-color);
  }

  .icon .glyph {
    fill: none;
    stroke: var(--agui-alert-background, var(--agui-color-surface-raised));
    stroke-width: 2.4;
    stroke-linecap: round;
  }

  .content {
    display: grid;
    gap: var(--agui-space-xs);
    min-width: 0;
  }

  .severity {
    margin: 0;
    font-weight: 700;
    color: var(--agui-alert-color);
  }

  .message {
    margin: 0;
  }

  .meta {
    margin: 0;
    font-size: var(--agui-font-size-small);
    color: var(--agui-color-text-muted);
  }

  .dismiss {
    min-height: 2rem;
    padding-inline: var(--agui-space-s);
  }
`;
