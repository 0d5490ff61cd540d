// Styles of Edit in place, version navigation and the feedback toggles in <agent-chat>.
import { css } from 'lit';

export const conversationStyles = css`
  .composer-slot {
    display: contents;
  }

  .editor {
    display: grid;
    gap: var(--agui-space-s);
    inline-size: min(100%, 36rem);
    margin-inline-start: auto;
  }

  .editor textarea,
  .feedback-comment textarea {
    box-sizing: border-box;
    inline-size: 100%;
    padding: var(--agui-space-s);
    border: 1px solid var(--agui-color-border);
    border-radius: var(--agui-radius);
    background: var(--agui-chat-background, var(--agui-color-surface));
    color: inherit;
    font: inherit;
    resize: vertical;
  }

  .editor textarea:focus-visible,
  .feedback-comment textarea:focus-visible {
    outline: 2px solid var(--agui-color-focus, var(--agui-color-accent));
    outline-offset: 1px;
  }

  .editor-actions {
    display: flex;
    flex-wrap: wrap;
    justify-content: flex-end;
    gap: var(--agui-space-s);
  }

  .versions {
    display: inline-flex;
    align-items: center;
    gap: 0;
    font-size: var(--agui-font-size-small);
  }

  .version-count {
    min-inline-size: 3ch;
    padding: 0 var(--agui-space-xs);
    text-align: center;
    font-variant-numeric: tabular-nums;
  }

  .versions .icon-button:disabled {
    opacity: 0.4;
    cursor: default;
  }

  .feedback[aria-pressed='true'] {
    border-color: var(--agui-color-border);
    background: var(--agui-color-surface-raised);
    color: var(--agui-color-accent);
  }

  .feedback-comment {
    font-size: var(--agui-font-size-small);
    color: var(--agui-color-text-muted);
  }

  .feedback-comment > summary {
    display: inline-flex;
    padding: var(--agui-space-xs) var(--agui-space-s);
    border-radius: 999px;
  }

  .feedback-comment > summary:hover {
    background: var(--agui-color-surface-raised);
  }

  .feedback-comment form {
    display: grid;
    gap: var(--agui-space-xs);
    justify-items: start;
    max-inline-size: 36rem;
    margin-block-start: var(--agui-space-xs);
    color: var(--agui-color-text);
  }
`;
