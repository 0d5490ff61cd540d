// Styles of <equipment-kb-card>: the record's fields, highlighted ones marked by a label and a rule, not colour alone.
import { css } from 'lit';

export const equipmentKbCardStyles = css`
  dl {
    display: grid;
    gap: var(--agui-space-s);
    margin: 0;
  }

  .field {
    display: grid;
    gap: 0.125rem;
    padding-inline-start: var(--agui-space-s);
    border-inline-start: 3px solid transparent;
  }

  .field.highlighted {
    padding-block: var(--agui-space-xs);
    border-inline-start-color: var(--agui-kb-highlight-color, var(--agui-color-accent));
    background: var(--agui-kb-highlight-background, var(--agui-color-surface-raised));
    border-radius: 0 calc(var(--agui-radius) / 2) calc(var(--agui-radius) / 2) 0;
  }

  dt {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--agui-space-xs) var(--agui-space-s);
    font-size: var(--agui-font-size-small);
    font-weight: 600;
    color: var(--agui-color-text-muted);
  }

  .highlighted dt {
    color: var(--agui-color-text);
  }

  .highlighted .badge {
    color: var(--agui-kb-highlight-color, var(--agui-color-accent));
    font-weight: 700;
  }

  dd {
    margin: 0;
  }

  .highlighted dd {
    font-weight: 600;
  }
`;
