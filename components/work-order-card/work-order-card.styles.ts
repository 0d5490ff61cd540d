// Styles of <work-order-card>: the work order, its steps and the Print button; print hides the button.
import { css } from 'lit';

export const workOrderCardStyles = css`
  .eyebrow {
    margin: 0;
    font-size: var(--_agui-font-size-small);
    font-weight: 600;
    letter-spacing: 0.02em;
    color: var(--_agui-color-text-muted);
  }

  .summary {
    margin: 0;
  }

  .steps h4 {
    margin: 0 0 var(--_agui-space-xs);
    font-size: var(--_agui-font-size-small);
    color: var(--_agui-color-text-muted);
  }

  ol {
    margin: 0;
    padding-inline-start: 1.5rem;
  }

  li + li {
    margin-block-start: var(--_agui-space-xs);
  }

  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_agui-space-s);
  }

  @media print {
    .actions {
      display: none;
    }

    .base {
      border-color: #000;
      color: #000;
      background: #fff;
    }
  }
`;
