// The chat's side of A2UI surfaces: the wrapper in the turn, the state sentences and the notes.
import { css } from 'lit';

export const a2uiChatStyles = css`
  .a2ui {
    display: grid;
    gap: var(--_agui-space-s);
    min-inline-size: 0;
    max-inline-size: 100%;
    border-radius: var(--_agui-radius);
  }
  .a2ui:focus-visible,
  .a2ui:focus {
    outline: var(--_agui-focus-ring);
    outline-offset: 2px;
  }
  .a2ui-surfaces[inert] {
    opacity: 0.6;
  }
  .a2ui-state,
  .a2ui-note {
    margin: 0;
    color: var(--_agui-color-text-muted);
    font-size: var(--_agui-font-size-small);
  }
  .a2ui-failed {
    color: var(--_agui-color-danger);
  }
  .a2ui-errors summary {
    cursor: pointer;
    font-size: var(--_agui-font-size-small);
  }
  .a2ui-errors summary:focus-visible {
    outline: var(--_agui-focus-ring);
    outline-offset: 2px;
  }
  .a2ui-errors ul {
    margin: var(--_agui-space-xs) 0 0;
    padding-inline-start: 1.25em;
    font-size: var(--_agui-font-size-small);
    overflow-wrap: anywhere;
  }
`;
