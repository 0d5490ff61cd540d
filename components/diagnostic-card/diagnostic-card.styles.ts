// Styles of <diagnostic-card>: a title, a confidence meter, the root cause and the contributing factors.
import { css } from 'lit';

export const diagnosticCardStyles = css`
  .base {
    display: grid;
    gap: var(--agui-card-gap, var(--_agui-space-m));
    padding: var(--agui-card-padding, var(--_agui-space-l));
    border: 1px solid var(--agui-card-border-color, var(--_agui-color-border));
    border-radius: var(--agui-card-radius, var(--_agui-radius));
    background: var(--agui-card-background, var(--_agui-color-surface));
    overflow-wrap: anywhere;
  }

  .header {
    display: grid;
    gap: var(--_agui-space-xs);
  }

  .title {
    margin: 0;
    font-size: 1.0625rem;
    line-height: 1.3;
  }

  .meta {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_agui-space-xs) var(--_agui-space-m);
    margin: 0;
    font-size: var(--_agui-font-size-small);
    color: var(--_agui-color-text-muted);
  }

  .confidence {
    display: grid;
    grid-template-columns: auto minmax(0, 1fr) auto;
    align-items: center;
    gap: var(--_agui-space-s);
    font-size: var(--_agui-font-size-small);
  }

  meter {
    width: 100%;
    height: 0.75rem;
  }

  .percent {
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }

  dl {
    display: grid;
    gap: var(--_agui-space-s);
    margin: 0;
  }

  dt {
    font-size: var(--_agui-font-size-small);
    font-weight: 600;
    color: var(--_agui-color-text-muted);
  }

  dd {
    margin: 0;
  }

  ul {
    margin: 0;
    padding-inline-start: 1.25rem;
  }

  .empty {
    margin: 0;
    color: var(--_agui-color-text-muted);
  }

  .loading {
    margin: 0;
    color: var(--_agui-color-text-muted);
    font-style: italic;
  }

  .earlier {
    margin: 0;
    padding-inline-start: var(--_agui-space-s);
    border-inline-start: 3px solid var(--_agui-color-warning);
    font-size: var(--_agui-font-size-small);
  }

  .disclosure {
    margin: 0;
    font-size: var(--_agui-font-size-small);
    color: var(--_agui-color-text-muted);
  }
`;
