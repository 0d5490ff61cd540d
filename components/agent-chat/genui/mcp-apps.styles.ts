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
