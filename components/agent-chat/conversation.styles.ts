// Styles of subagent blocks (on top of the tool-call look), Edit in place, versions and feedback in <agent-chat>.
import { css } from 'lit';

export const conversationStyles = css`
  .subagent {
    border-inline-start: 3px solid var(--_agui-color-accent);
  }

  .subagent-status[data-status='waiting'] {
    color: var(--_agui-color-warning);
  }

  .subagent > .tool-body {
    font-size: var(--_agui-font-size, 1rem);
  }

  .composer-slot {
    display: contents;
  }

  .editor,
  .feedback-comment form {
    display: grid;
    gap: var(--_agui-space-s);
    max-inline-size: 36rem;
  }

  .editor {
    inline-size: 100%;
    margin-inline-start: auto;
  }

  .editor textarea,
  .feedback-comment textarea {
    box-sizing: border-box;
    inline-size: 100%;
    padding: var(--_agui-space-s);
    border: 1px solid var(--_agui-color-border);
    border-radius: var(--_agui-radius);
    background: var(--_agui-color-surface-raised);
    color: var(--_agui-color-text);
    font: inherit;
  }

  /* A person's message with versions always shows where it is among them. */
  .row.user .actions:has(.versions) {
    opacity: 1;
  }

  .versions {
    display: inline-flex;
    align-items: center;
    font-variant-numeric: tabular-nums;
  }

  /* Previous points back along the line, Next forward: mirrored in right-to-left text. */
  :host(:dir(rtl)) .versions svg {
    transform: scaleX(-1);
  }

  .versions :disabled {
    opacity: 0.4;
  }

  .feedback[aria-pressed='true'] {
    border-color: var(--_agui-color-border);
    color: var(--_agui-color-accent);
  }

  .feedback-comment {
    color: var(--_agui-color-text-muted);
    font-size: var(--_agui-font-size-small);
  }

  .feedback-comment form {
    justify-items: start;
    margin-block-start: var(--_agui-space-xs);
  }
`;
