// Styles of <agent-chat>: header, scrolling transcript in a centred column, message parts, and the composer.
import { css } from 'lit';

export const agentChatStyles = css`
  :host {
    --agui-chat-column: var(--agui-chat-max-width, 48rem);
    --agui-chat-mono: var(
      --agui-chat-mono-font,
      ui-monospace,
      SFMono-Regular,
      Menlo,
      Consolas,
      monospace
    );
    --agui-chat-code-bg: var(--agui-chat-code-background, var(--agui-color-surface-raised));
    block-size: var(--agui-chat-height, 40rem);
    min-block-size: 18rem;
  }

  .base {
    position: relative;
    display: flex;
    flex-direction: column;
    block-size: 100%;
    overflow: hidden;
    border: 1px solid var(--agui-chat-border-color, var(--agui-color-border));
    border-radius: var(--agui-chat-radius, var(--agui-radius));
    background: var(--agui-chat-background, var(--agui-color-surface));
  }

  /* Header */

  .header {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--agui-space-s);
    padding: var(--agui-space-s) var(--agui-chat-padding, var(--agui-space-l));
    border-bottom: 1px solid var(--agui-chat-border-color, var(--agui-color-border));
    min-block-size: 3rem;
  }

  .title {
    min-width: 0;
    font-weight: 600;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }

  .button.ghost {
    border-color: transparent;
    background: transparent;
    color: var(--agui-color-text-muted);
    min-height: 2rem;
    padding-inline: var(--agui-space-s);
    font-size: var(--agui-font-size-small);
  }

  .button.ghost:hover:not(:disabled) {
    border-color: var(--agui-color-border);
    color: var(--agui-color-text);
  }

  .disclosure {
    margin: 0;
    padding: var(--agui-space-xs) var(--agui-chat-padding, var(--agui-space-l));
    border-bottom: 1px solid var(--agui-chat-border-color, var(--agui-color-border));
    background: var(--agui-color-surface-raised);
    color: var(--agui-color-text-muted);
    font-size: var(--agui-font-size-small);
    text-align: center;
  }

  /* Transcript */

  .stage {
    position: relative;
    flex: 1 1 auto;
    min-block-size: 0;
    display: flex;
  }

  .transcript {
    flex: 1 1 auto;
    min-block-size: 0;
    overflow-y: auto;
    overscroll-behavior: contain;
    padding: var(--agui-chat-padding, var(--agui-space-l));
    scroll-padding-block-end: var(--agui-space-l);
  }

  .transcript:focus-visible {
    outline-offset: -2px;
  }

  /* Block flow, not flex: a growing last message then lays out alone, however long the conversation. */
  .messages {
    display: flow-root;
    max-inline-size: var(--agui-chat-column);
    margin-inline: auto;
  }

  /* Rows contain their paint (content-visibility): a little padding keeps focus rings at their edges visible. */
  .messages > * {
    padding: 0.25rem;
    margin: -0.25rem -0.25rem 0;
  }

  .messages > * + * {
    margin-block-start: calc(var(--agui-chat-gap, var(--agui-space-l)) - 0.5rem);
  }

  .row {
    display: flex;
    flex-direction: column;
    gap: var(--agui-space-s);
    min-width: 0;
    /* Long conversations: rows far off screen skip layout and paint. */
    content-visibility: auto;
    contain-intrinsic-size: auto 6rem;
  }

  .row.user {
    align-items: flex-end;
  }

  .user-line {
    display: flex;
    align-items: center;
    justify-content: flex-end;
    gap: var(--agui-space-xs);
    inline-size: 100%;
  }

  .bubble {
    max-inline-size: min(85%, 36rem);
    padding: var(--agui-space-s) var(--agui-space-m);
    border-radius: 1.125rem 1.125rem 0.375rem 1.125rem;
    background: var(--agui-chat-user-background, var(--agui-color-surface-raised));
    color: var(--agui-chat-user-color, var(--agui-color-text));
    overflow-wrap: anywhere;
  }

  .plain {
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }

  .row.note {
    flex-direction: row;
    align-items: baseline;
    gap: var(--agui-space-s);
    color: var(--agui-color-text-muted);
    font-size: var(--agui-font-size-small);
  }

  .note-label {
    flex: none;
    font-weight: 600;
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }

  .run-note {
    margin: 0;
    color: var(--agui-color-text-muted);
    font-size: var(--agui-font-size-small);
    text-align: center;
  }

  /* Markdown */

  .markdown {
    overflow-wrap: anywhere;
    line-height: 1.6;
  }

  .block {
    display: contents;
  }

  .markdown p,
  .markdown ul,
  .markdown ol,
  .markdown blockquote,
  .markdown .code-block,
  .markdown .table-scroll,
  .markdown details {
    margin: 0 0 var(--agui-space-m);
  }

  .markdown h1,
  .markdown h2,
  .markdown h3,
  .markdown h4,
  .markdown h5,
  .markdown h6 {
    margin: var(--agui-space-l) 0 var(--agui-space-s);
    line-height: 1.3;
  }

  .markdown h1 {
    font-size: 1.375rem;
  }

  .markdown h2 {
    font-size: 1.2rem;
  }

  .markdown h3 {
    font-size: 1.05rem;
  }

  .markdown h4,
  .markdown h5,
  .markdown h6 {
    font-size: 1rem;
  }

  .markdown > .block:first-child > :first-child {
    margin-top: 0;
  }

  .markdown > .block:last-child > :last-child {
    margin-bottom: 0;
  }

  .markdown ul,
  .markdown ol {
    padding-inline-start: 1.5rem;
  }

  .markdown li + li {
    margin-top: var(--agui-space-xs);
  }

  .markdown blockquote {
    padding-inline-start: var(--agui-space-m);
    border-inline-start: 3px solid var(--agui-color-border);
    color: var(--agui-color-text-muted);
  }

  .markdown a {
    color: var(--agui-color-accent);
    text-underline-offset: 2px;
  }

  .markdown hr {
    border: none;
    border-top: 1px solid var(--agui-color-border);
    margin: var(--agui-space-l) 0;
  }

  .markdown code,
  .tool-name,
  .json {
    font-family: var(--agui-chat-mono);
    font-size: 0.875em;
  }

  .markdown :not(pre) > code {
    padding: 0.1em 0.35em;
    border-radius: 0.3rem;
    background: var(--agui-chat-code-bg);
  }

  .code-block {
    overflow: hidden;
    border: 1px solid var(--agui-color-border);
    border-radius: var(--agui-radius);
    background: var(--agui-chat-code-bg);
  }

  .code-toolbar {
    display: flex;
    align-items: center;
    justify-content: space-between;
    padding: var(--agui-space-xs) var(--agui-space-s) var(--agui-space-xs) var(--agui-space-m);
    border-bottom: 1px solid var(--agui-color-border);
    color: var(--agui-color-text-muted);
    font-size: var(--agui-font-size-small);
  }

  .code-copy {
    min-height: 1.75rem;
    padding: 0 var(--agui-space-s);
    border: 1px solid transparent;
    border-radius: 0.375rem;
    background: transparent;
    color: inherit;
    font: inherit;
    cursor: pointer;
  }

  .code-copy:hover {
    border-color: var(--agui-color-border);
    color: var(--agui-color-text);
  }

  .code-block pre {
    margin: 0;
    padding: var(--agui-space-m);
    overflow-x: auto;
    line-height: 1.5;
  }

  .table-scroll {
    overflow-x: auto;
  }

  .markdown table {
    border-collapse: collapse;
    font-size: var(--agui-font-size-small);
  }

  .markdown th,
  .markdown td {
    padding: var(--agui-space-xs) var(--agui-space-s);
    border: 1px solid var(--agui-color-border);
    text-align: start;
  }

  .markdown [align='right'] {
    text-align: end;
    font-variant-numeric: tabular-nums;
  }

  .markdown [align='center'] {
    text-align: center;
  }

  .markdown th {
    background: var(--agui-color-surface-raised);
  }

  /* Reasoning, tool calls, cards */

  details > summary {
    display: flex;
    align-items: center;
    gap: var(--agui-space-s);
    list-style: none;
    cursor: pointer;
  }

  details > summary::-webkit-details-marker {
    display: none;
  }

  .chevron {
    display: inline-flex;
    margin-inline-start: auto;
    color: var(--agui-color-text-muted);
    transition: transform 120ms ease;
  }

  details[open] > summary .chevron {
    transform: rotate(90deg);
  }

  .thinking {
    color: var(--agui-color-text-muted);
    font-size: var(--agui-font-size-small);
  }

  .thinking > summary {
    display: inline-flex;
    padding: var(--agui-space-xs) var(--agui-space-s);
    border-radius: 999px;
  }

  .thinking > summary:hover {
    background: var(--agui-color-surface-raised);
  }

  .thinking > summary .chevron {
    margin-inline-start: 0;
  }

  .thinking[data-live] > summary span:first-of-type {
    animation: agui-chat-pulse 1.4s ease-in-out infinite;
  }

  .thinking-text {
    margin: var(--agui-space-xs) 0 0 var(--agui-space-s);
    padding-inline-start: var(--agui-space-m);
    border-inline-start: 2px solid var(--agui-color-border);
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }

  .tool,
  .card {
    border: 1px solid var(--agui-color-border);
    border-radius: var(--agui-radius);
    background: var(--agui-chat-code-bg);
    font-size: var(--agui-font-size-small);
  }

  .card > summary {
    flex-wrap: wrap;
  }

  .tool > summary,
  .card > summary {
    padding: var(--agui-space-s) var(--agui-space-m);
    border-radius: var(--agui-radius);
  }

  .tool-icon {
    display: inline-flex;
    color: var(--agui-color-accent);
  }

  .tool[data-family='presentation'] .tool-icon {
    color: var(--agui-color-platform);
  }

  .tool-title {
    display: flex;
    flex: 1 1 auto;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--agui-space-xs) var(--agui-space-s);
    min-width: 0;
  }

  .tool-family {
    padding: 0.05rem 0.45rem;
    border: 1px solid currentColor;
    border-radius: 999px;
    color: var(--agui-color-text-muted);
    font-size: 0.75rem;
    font-weight: 600;
    letter-spacing: 0.02em;
  }

  .tool[data-family='presentation'] .tool-family {
    border-style: dashed;
    color: var(--agui-color-platform);
  }

  .tool-name {
    min-width: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }

  .tool-status {
    display: inline-flex;
    align-items: center;
    gap: var(--agui-space-xs);
    color: var(--agui-color-text-muted);
  }

  .tool-status[data-status='done'] {
    color: var(--agui-color-success);
  }

  .tool-status[data-status='failed'],
  .tool-status[data-status='denied'] {
    color: var(--agui-color-danger);
  }

  .tool-status[data-status='awaiting-approval'] {
    color: var(--agui-color-warning);
    font-weight: 600;
  }

  .tool-body {
    display: grid;
    gap: var(--agui-space-xs);
    padding: 0 var(--agui-space-m) var(--agui-space-m);
  }

  .tool-note {
    margin: 0 0 var(--agui-space-xs);
    color: var(--agui-color-text-muted);
  }

  .label {
    margin: var(--agui-space-xs) 0 0;
    color: var(--agui-color-text-muted);
    font-size: 0.75rem;
    font-weight: 600;
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }

  .json {
    margin: 0;
    padding: var(--agui-space-s);
    max-block-size: 16rem;
    overflow: auto;
    border-radius: 0.375rem;
    background: var(--agui-chat-background, var(--agui-color-surface));
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }

  .card > .json,
  .card > .label {
    margin-inline: var(--agui-space-m);
  }

  .card > .json {
    margin-block-end: var(--agui-space-m);
  }

  .tool-error {
    margin: var(--agui-space-xs) 0 0;
    color: var(--agui-color-danger);
    overflow-wrap: anywhere;
  }

  .muted {
    margin: 0;
    color: var(--agui-color-text-muted);
  }

  .spinner {
    inline-size: 0.75rem;
    block-size: 0.75rem;
    border: 2px solid currentColor;
    border-right-color: transparent;
    border-radius: 50%;
    animation: agui-chat-spin 0.8s linear infinite;
  }

  /* Approvals */

  .approval {
    display: grid;
    gap: var(--agui-space-s);
    padding: var(--agui-space-m);
    border: 1px solid var(--agui-color-warning);
    border-inline-start-width: 4px;
    border-radius: var(--agui-radius);
    background: var(--agui-color-surface);
  }

  .approval p {
    margin: 0;
  }

  .approval[data-expired] {
    border-color: var(--agui-color-border);
    border-inline-start-color: var(--agui-color-danger);
  }

  .approval[data-expired] .approval-title {
    color: var(--agui-color-text-muted);
  }

  .approval-title {
    display: flex;
    align-items: center;
    gap: var(--agui-space-s);
    color: var(--agui-color-warning);
    font-weight: 600;
  }

  .approval-message {
    font-weight: 600;
    overflow-wrap: anywhere;
  }

  .approval-detail {
    color: var(--agui-color-text-muted);
    font-size: var(--agui-font-size-small);
  }

  .approval-expired {
    color: var(--agui-color-danger);
    font-weight: 600;
  }

  .approval-label {
    color: var(--agui-color-text-muted);
    font-size: var(--agui-font-size-small);
  }

  .approval textarea {
    inline-size: 100%;
    min-block-size: 2.5rem;
    padding: var(--agui-space-xs) var(--agui-space-s);
    border: 1px solid var(--agui-color-border);
    border-radius: 0.375rem;
    background: var(--agui-color-surface-raised);
    color: var(--agui-color-text);
    font: inherit;
    resize: vertical;
  }

  .approval-actions {
    display: flex;
    flex-wrap: wrap;
    gap: var(--agui-space-s);
  }

  .approval.answered {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--agui-space-s);
    padding: var(--agui-space-xs) var(--agui-space-m);
    border-color: var(--agui-color-border);
    border-inline-start-width: 1px;
    color: var(--agui-color-text-muted);
    font-size: var(--agui-font-size-small);
  }

  .approval.answered[data-answer='approved'] {
    border-inline-start: 4px solid var(--agui-color-success);
  }

  .approval.answered[data-answer='denied'] {
    border-inline-start: 4px solid var(--agui-color-danger);
  }

  .approval-verdict {
    display: inline-flex;
    align-items: center;
    gap: var(--agui-space-xs);
    font-weight: 600;
    color: var(--agui-color-text);
  }

  .approval-comment-text {
    overflow-wrap: anywhere;
  }

  /* Errors */

  .error {
    display: flex;
    gap: var(--agui-space-s);
    padding: var(--agui-space-m);
    border: 1px solid var(--agui-color-danger);
    border-radius: var(--agui-radius);
    color: var(--agui-color-text);
  }

  .error-icon {
    display: inline-flex;
    color: var(--agui-color-danger);
    padding-top: 0.15rem;
  }

  .error-body {
    display: grid;
    gap: var(--agui-space-xs);
    min-width: 0;
  }

  .error-body p {
    margin: 0;
  }

  .error-title {
    font-weight: 600;
    color: var(--agui-color-danger);
  }

  .error-reason {
    overflow-wrap: anywhere;
  }

  .error-hint {
    color: var(--agui-color-text-muted);
  }

  .error-actions:empty {
    display: none;
  }

  .error-actions {
    margin-top: var(--agui-space-xs);
  }

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
    gap: var(--agui-space-xs);
    color: var(--agui-color-text-muted);
  }

  .icon-button {
    display: inline-flex;
    align-items: center;
    gap: var(--agui-space-xs);
    min-block-size: 2rem;
    padding: 0 var(--agui-space-s);
    border: 1px solid transparent;
    border-radius: 0.375rem;
    background: transparent;
    color: var(--agui-color-text-muted);
    font-size: var(--agui-font-size-small);
    cursor: pointer;
  }

  .icon-button:hover {
    border-color: var(--agui-color-border);
    color: var(--agui-color-text);
  }

  .badge {
    display: inline-flex;
    align-items: center;
    gap: var(--agui-space-xs);
    padding: 0.1rem 0.5rem;
    border: 1px solid var(--agui-color-border);
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
    background: var(--agui-color-text-muted);
    animation: agui-chat-pulse 1.2s ease-in-out infinite;
  }

  .typing > span:nth-child(2) {
    animation-delay: 0.2s;
  }

  .typing > span:nth-child(3) {
    animation-delay: 0.4s;
  }

  .pending {
    padding-block: var(--agui-space-s);
  }

  /* Empty state */

  .empty {
    display: grid;
    justify-items: center;
    gap: var(--agui-space-s);
    max-inline-size: 28rem;
    margin: 12vh auto 0;
    text-align: center;
    color: var(--agui-color-text-muted);
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
    background: var(--agui-color-surface-raised);
    color: var(--agui-color-accent);
  }

  .empty-mark .icon {
    inline-size: 1.5rem;
    block-size: 1.5rem;
  }

  .empty-title {
    color: var(--agui-color-text);
    font-size: 1.125rem;
    font-weight: 600;
  }

  /* Jump to latest */

  .jump {
    position: absolute;
    inset-inline-start: 50%;
    inset-block-end: var(--agui-space-m);
    transform: translateX(-50%);
    display: inline-flex;
    align-items: center;
    gap: var(--agui-space-xs);
    padding: var(--agui-space-xs) var(--agui-space-m);
    border: 1px solid var(--agui-color-border);
    border-radius: 999px;
    background: var(--agui-color-surface);
    color: var(--agui-color-text);
    box-shadow: 0 4px 16px rgb(0 0 0 / 0.15);
    cursor: pointer;
  }

  /* Composer */

  .composer {
    display: grid;
    gap: var(--agui-space-s);
    inline-size: 100%;
    max-inline-size: calc(
      var(--agui-chat-column) + 2 * var(--agui-chat-padding, var(--agui-space-l))
    );
    margin: 0 auto;
    padding: var(--agui-space-s) var(--agui-chat-padding, var(--agui-space-l)) var(--agui-space-m);
  }

  .prompts {
    display: flex;
    gap: var(--agui-space-s);
    overflow-x: auto;
    scrollbar-width: thin;
    padding-block-end: 2px;
  }

  .prompt {
    flex: none;
    min-block-size: 2rem;
    padding: var(--agui-space-xs) var(--agui-space-m);
    border: 1px solid var(--agui-color-border);
    border-radius: 999px;
    background: var(--agui-color-surface);
    color: var(--agui-color-text);
    font-size: var(--agui-font-size-small);
    cursor: pointer;
  }

  .prompt:hover:not(:disabled) {
    border-color: var(--agui-color-accent);
    color: var(--agui-color-accent);
  }

  .prompt:disabled {
    cursor: not-allowed;
    opacity: 0.55;
  }

  .notice {
    display: flex;
    align-items: center;
    gap: var(--agui-space-s);
    margin: 0;
    padding: var(--agui-space-xs) var(--agui-space-m);
    border-radius: var(--agui-radius);
    background: var(--agui-color-surface-raised);
    color: var(--agui-color-text);
    font-size: var(--agui-font-size-small);
  }

  .notice[data-notice='approval'] .icon {
    flex: none;
    color: var(--agui-color-warning);
  }

  .input-row {
    display: flex;
    align-items: flex-end;
    gap: var(--agui-space-s);
    padding: var(--agui-space-s) var(--agui-space-s) var(--agui-space-s) var(--agui-space-m);
    border: 1px solid var(--agui-color-border);
    border-radius: 1.5rem;
    background: var(--agui-color-surface-raised);
  }

  .input-row:focus-within {
    border-color: var(--agui-color-accent);
    box-shadow: 0 0 0 1px var(--agui-color-accent);
  }

  textarea[part~='input'] {
    flex: 1 1 auto;
    min-inline-size: 0;
    block-size: 1.6lh;
    max-block-size: 12rem;
    padding: var(--agui-space-xs) 0;
    border: none;
    background: transparent;
    color: var(--agui-color-text);
    font: inherit;
    line-height: 1.5;
    resize: none;
  }

  textarea[part~='input']:focus-visible {
    outline: none;
  }

  textarea[part~='input']::placeholder {
    color: var(--agui-color-text-muted);
  }

  .send {
    display: grid;
    place-items: center;
    flex: none;
    inline-size: 2.25rem;
    block-size: 2.25rem;
    border: none;
    border-radius: 50%;
    background: var(--agui-color-accent);
    color: var(--agui-color-accent-text);
    cursor: pointer;
  }

  .send:disabled {
    background: var(--agui-color-border);
    color: var(--agui-color-surface);
    cursor: not-allowed;
  }

  .send.stop {
    background: var(--agui-color-text);
    color: var(--agui-color-surface);
  }

  .hint {
    margin: 0;
    color: var(--agui-color-text-muted);
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
