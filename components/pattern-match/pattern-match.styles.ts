// Styles of <pattern-match>: the two events and the similarity meter.
import { css } from 'lit';

export const patternMatchStyles = css`
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

  .reference {
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: var(--_agui-font-size-small);
  }

  .similarity {
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
`;
