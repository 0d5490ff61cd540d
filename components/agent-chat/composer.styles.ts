// Message actions, the typing indicator, empty state, Jump to latest, the composer, and motion in <agent-chat>.
import { css } from 'lit';

export const chatComposerStyles = css`
  /* Message actions */

  /* A person's own message keeps its Copy out of the way until pointed at (always there on touch screens). */
  @media (hover: hover) {
    .row.user .actions {
      opacity: 0;
      transition: opacity 120ms ease;
    }

    .row.user:hover .actions,
    .row.user:focus-within .actions {
      opacity: 1;
    }
  }

  .actions {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_agui-space-xs);
    color: var(--_agui-color-text-muted);
  }

  .icon-button {
    display: inline-flex;
    align-items: center;
    gap: var(--_agui-space-xs);
    min-block-size: 2rem;
    padding: 0 var(--_agui-space-s);
    border: 1px solid transparent;
    border-radius: 0.375rem;
    background: transparent;
    color: var(--_agui-color-text-muted);
    font-size: var(--_agui-font-size-small);
    cursor: pointer;
  }

  .icon-button:hover {
    border-color: var(--_agui-color-border);
    color: var(--_agui-color-text);
  }

  .badge {
    display: inline-flex;
    align-items: center;
    gap: var(--_agui-space-xs);
    padding: 0.1rem 0.5rem;
    border: 1px solid var(--_agui-color-border);
    border-radius: 999px;
    font-size: 0.75rem;
    font-weight: 600;
  }

  .badge .icon {
    inline-size: 0.625rem;
    block-size: 0.625rem;
  }

  /* The pending and streaming indicator: three dots. */

  .typing {
    display: inline-flex;
    align-items: center;
    gap: 0.25rem;
    block-size: 1rem;
  }

  .typing > span {
    inline-size: 0.4rem;
    block-size: 0.4rem;
    border-radius: 50%;
    background: var(--_agui-color-text-muted);
    animation: agui-chat-pulse 1.2s ease-in-out infinite;
  }

  .typing > span:nth-child(2) {
    animation-delay: 0.2s;
  }

  .typing > span:nth-child(3) {
    animation-delay: 0.4s;
  }

  .pending {
    padding-block: var(--_agui-space-s);
  }

  /* Empty state */

  .empty {
    display: grid;
    justify-items: center;
    gap: var(--_agui-space-s);
    max-inline-size: 28rem;
    margin: 12vh auto 0;
    text-align: center;
    color: var(--_agui-color-text-muted);
  }

  .empty p {
    margin: 0;
  }

  .empty-mark {
    display: grid;
    place-items: center;
    inline-size: 3rem;
    block-size: 3rem;
    border-radius: 50%;
    background: var(--_agui-color-surface-raised);
    color: var(--_agui-color-accent);
  }

  .empty-mark .icon {
    inline-size: 1.5rem;
    block-size: 1.5rem;
  }

  .empty-title {
    color: var(--_agui-color-text);
    font-size: 1.125rem;
    font-weight: 600;
  }

  /* Jump to latest */

  .jump {
    position: absolute;
    /* Centred in either direction (a start offset with translateX(-50%) drifts in right-to-left text). */
    inset-inline: 0;
    inline-size: max-content;
    margin-inline: auto;
    inset-block-end: var(--_agui-space-m);
    display: inline-flex;
    align-items: center;
    gap: var(--_agui-space-xs);
    padding: var(--_agui-space-xs) var(--_agui-space-m);
    border: 1px solid var(--_agui-color-border);
    border-radius: 999px;
    background: var(--_agui-color-surface);
    color: var(--_agui-color-text);
    box-shadow: 0 4px 16px rgb(0 0 0 / 0.15);
    cursor: pointer;
  }

  /* Composer */

  .composer {
    display: grid;
    gap: var(--_agui-space-s);
    inline-size: 100%;
    max-inline-size: calc(
      var(--_agui-chat-column) + 2 * var(--agui-chat-padding, var(--_agui-space-l))
    );
    margin: 0 auto;
    padding: var(--_agui-space-s) var(--agui-chat-padding, var(--_agui-space-l))
      var(--_agui-space-m);
  }

  .prompts {
    display: flex;
    gap: var(--_agui-space-s);
    overflow-x: auto;
    scrollbar-width: thin;
    padding-block-end: 2px;
  }

  .prompt {
    flex: none;
    min-block-size: 2rem;
    padding: var(--_agui-space-xs) var(--_agui-space-m);
    border: 1px solid var(--_agui-color-border);
    border-radius: 999px;
    background: var(--_agui-color-surface);
    color: var(--_agui-color-text);
    font-size: var(--_agui-font-size-small);
    cursor: pointer;
  }

  .prompt:hover:not(:disabled) {
    border-color: var(--_agui-color-accent);
    color: var(--_agui-color-accent);
  }

  .prompt:disabled {
    cursor: not-allowed;
    opacity: 0.55;
  }

  .notice {
    display: flex;
    align-items: center;
    gap: var(--_agui-space-s);
    margin: 0;
    padding: var(--_agui-space-xs) var(--_agui-space-m);
    border-radius: var(--_agui-radius);
    background: var(--_agui-color-surface-raised);
    color: var(--_agui-color-text);
    font-size: var(--_agui-font-size-small);
  }

  .notice[data-notice='approval'] .icon {
    flex: none;
    color: var(--_agui-color-warning);
  }

  .input-row {
    display: flex;
    align-items: flex-end;
    gap: var(--_agui-space-s);
    padding: var(--_agui-space-s) var(--_agui-space-s) var(--_agui-space-s) var(--_agui-space-m);
    border: 1px solid var(--_agui-color-border);
    border-radius: 1.5rem;
    background: var(--_agui-color-surface-raised);
  }

  .input-row:focus-within {
    border-color: var(--_agui-color-accent);
    box-shadow: 0 0 0 1px var(--_agui-color-accent);
  }

  textarea[part~='input'] {
    flex: 1 1 auto;
    min-inline-size: 0;
    block-size: 1.6lh;
    max-block-size: 12rem;
    padding: var(--_agui-space-xs) 0;
    border: none;
    background: transparent;
    color: var(--_agui-color-text);
    font: inherit;
    line-height: 1.5;
    resize: none;
  }

  textarea[part~='input']:focus-visible {
    outline: none;
  }

  textarea[part~='input']::placeholder {
    color: var(--_agui-color-text-muted);
  }

  .send {
    display: grid;
    place-items: center;
    flex: none;
    inline-size: 2.25rem;
    block-size: 2.25rem;
    border: none;
    border-radius: 50%;
    background: var(--_agui-color-accent);
    color: var(--_agui-color-accent-text);
    cursor: pointer;
  }

  /* Icons that point follow the text: mirrored in right-to-left text. */
  :host(:dir(rtl)) .send:not(.stop) svg {
    transform: scaleX(-1);
  }

  .send:disabled {
    background: var(--_agui-color-border);
    color: var(--_agui-color-surface);
    cursor: not-allowed;
  }

  .send.stop {
    background: var(--_agui-color-text);
    color: var(--_agui-color-surface);
  }

  .hint {
    margin: 0;
    color: var(--_agui-color-text-muted);
    font-size: 0.75rem;
    text-align: center;
  }

  @media (max-width: 480px) {
    .hint {
      display: none;
    }

    .action-label {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
      white-space: nowrap;
    }
  }

  .icon {
    flex: none;
  }

  @keyframes agui-chat-spin {
    to {
      transform: rotate(360deg);
    }
  }

  @keyframes agui-chat-pulse {
    0%,
    100% {
      opacity: 0.45;
    }
    50% {
      opacity: 1;
    }
  }

  @media (prefers-reduced-motion: reduce) {
    .spinner,
    .typing > span,
    .thinking[data-live] > summary span:first-of-type {
      animation: none;
    }

    .chevron {
      transition: none;
    }
  }
`;
