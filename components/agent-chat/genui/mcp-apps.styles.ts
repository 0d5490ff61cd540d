// The chat's side of MCP Apps: the part in the turn, its frame (capped at --agui-mcp-app-max-height, past which the
// app scrolls inside it), and the notes.
import { css } from 'lit';

export const mcpAppsChatStyles = css`
  .mcp-app {
    display: grid;
    gap: var(--_agui-space-s);
    min-inline-size: 0;
    padding: var(--_agui-space-s);
    border: 1px solid var(--_agui-color-border);
    border-radius: var(--_agui-radius);
  }
  .mcp-app:focus-visible {
    outline: var(--_agui-focus-ring);
    outline-offset: 2px;
  }
  .mcp-app-title {
    margin: 0;
    font-size: var(--_agui-font-size-small);
    font-weight: 600;
  }
  .mcp-app-frame {
    display: block;
    inline-size: 100%;
    block-size: 160px;
    max-block-size: var(--agui-mcp-app-max-height, 640px);
    border: 0;
    border-radius: calc(var(--_agui-radius) / 2);
  }
  /* In place, the dialog is only the frame's box; in full view it covers the viewport, the frame filling it. */
  .mcp-app-view {
    position: static;
    inline-size: auto;
    max-inline-size: none;
    margin: 0;
    padding: 0;
    border: 0;
    background: none;
    color: inherit;
  }
  .mcp-app-view-bar {
    display: none;
  }
  .mcp-app-view:modal {
    position: fixed;
    inset: 0;
    display: flex;
    flex-direction: column;
    gap: var(--_agui-space-s);
    inline-size: 100vw;
    block-size: 100dvh;
    max-block-size: none;
    padding: var(--_agui-space-s);
    box-sizing: border-box;
    background: var(--_agui-color-surface, Canvas);
    color: var(--_agui-color-text, CanvasText);
  }
  .mcp-app-view:modal::backdrop {
    background: rgb(0 0 0 / 0.5);
  }
  .mcp-app-view:modal .mcp-app-view-bar {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--_agui-space-s);
  }
  .mcp-app-view-title {
    margin: 0;
    font-size: var(--_agui-font-size);
    font-weight: 600;
  }
  .mcp-app-view:modal .mcp-app-frame {
    flex: 1;
    /* Above the app's own size-changed height (an inline style): in full view the frame fills the dialog. */
    block-size: auto !important;
    max-block-size: none;
  }
  .mcp-app-full-view {
    justify-self: start;
  }
  .mcp-app-note,
  .mcp-app-error {
    margin: 0;
    color: var(--_agui-color-text-muted);
    font-size: var(--_agui-font-size-small);
    overflow-wrap: anywhere;
  }
  .mcp-app-error {
    color: var(--_agui-color-danger);
  }
`;
