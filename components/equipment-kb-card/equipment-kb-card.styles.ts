// Styles of <equipment-kb-card>: the record's fields, highlighted ones marked by a label and a rule, not colour alone.
import { css } from 'lit';

export const equipmentKbCardStyles = css`
  dl {
    display: grid;
    gap: var(--_agui-space-s);
    margin: 0;
  }

  .field {
    display: grid;
    gap: 0.125rem;
    padding-inline-start: var(--_agui-space-s);
    border-inline-start: 3px solid transparent;
  }

  .field.highlighted {
    padding-block: var(--_agui-space-xs);
    border-inline-start-color: var(--agui-kb-highlight-color, var(--_agui-color-accent));
    background: var(--agui-kb-highlight-background, var(--_agui-color-surface-raised));
    border-radius: 0 calc(var(--_agui-radius) / 2) calc(var(--_agui-radius) / 2) 0;
  }

  dt {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_agui-space-xs) var(--_agui-space-s);
    font-size: var(--_agui-font-size-small);
    font-weight: 600;
    color: var(--_agui-color-text-muted);
  }

  .highlighted dt {
    color: var(--_agui-color-text);
  }

  .highlighted .badge {
    color: var(--agui-kb-highlight-color, var(--_agui-color-accent));
    font-weight: 700;
  }

  dd {
    margin: 0;
  }

  .highlighted dd {
    font-weight: 600;
  }
`;
