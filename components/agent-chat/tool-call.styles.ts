// Reasoning, tool calls and activity cards in <agent-chat>: the disclosures, their titles, status and bodies.
import { css } from 'lit';

export const chatToolCallStyles = css`
  /* Reasoning, tool calls, cards */

  details > summary {
    display: flex;
    align-items: center;
    gap: var(--_agui-space-s);
    list-style: none;
    cursor: pointer;
  }

  details > summary::-webkit-details-marker {
    display: none;
  }

  .chevron {
    display: inline-flex;
    margin-inline-start: auto;
    color: var(--_agui-color-text-muted);
    transition: transform 120ms ease;
  }

  details[open] > summary .chevron {
    transform: rotate(90deg);
  }

  /* A closed disclosure points toward the end of the line: left in right-to-left text (open, it points down). */
  :host(:dir(rtl)) details:not([open]) > summary .chevron {
    transform: scaleX(-1);
  }

  .thinking {
    color: var(--_agui-color-text-muted);
    font-size: var(--_agui-font-size-small);
  }

  .thinking > summary {
    display: inline-flex;
    padding: var(--_agui-space-xs) var(--_agui-space-s);
    border-radius: 999px;
  }

  .thinking > summary:hover {
    background: var(--_agui-color-surface-raised);
  }

  .thinking > summary .chevron {
    margin-inline-start: 0;
  }

  .thinking[data-live] > summary span:first-of-type {
    animation: agui-chat-pulse 1.4s ease-in-out infinite;
  }

  .thinking-text {
    margin: var(--_agui-space-xs) 0 0 var(--_agui-space-s);
    padding-inline-start: var(--_agui-space-m);
    border-inline-start: 2px solid var(--_agui-color-border);
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }

  .tool,
  .card {
    border: 1px solid var(--_agui-color-border);
    border-radius: var(--_agui-radius);
    background: var(--_agui-chat-code-bg);
    font-size: var(--_agui-font-size-small);
  }

  .card > summary {
    flex-wrap: wrap;
  }

  .tool > summary,
  .card > summary {
    padding: var(--_agui-space-s) var(--_agui-space-m);
    border-radius: var(--_agui-radius);
  }

  .tool-icon {
    display: inline-flex;
    color: var(--_agui-color-accent);
  }

  .tool[data-family='presentation'] .tool-icon {
    color: var(--_agui-color-platform);
  }

  .tool-title {
    display: flex;
    flex: 1 1 auto;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_agui-space-xs) var(--_agui-space-s);
    min-width: 0;
  }

  .tool-family {
    padding: 0.05rem 0.45rem;
    border: 1px solid currentColor;
    border-radius: 999px;
    color: var(--_agui-color-text-muted);
    font-size: 0.75rem;
    font-weight: 600;
    letter-spacing: 0.02em;
  }

  .tool[data-family='presentation'] .tool-family {
    border-style: dashed;
    color: var(--_agui-color-platform);
  }

  .tool-name {
    min-width: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }

  .tool-status {
    display: inline-flex;
    align-items: center;
    gap: var(--_agui-space-xs);
    color: var(--_agui-color-text-muted);
  }

  .tool-status[data-status='done'] {
    color: var(--_agui-color-success);
  }

  .tool-status[data-status='failed'],
  .tool-status[data-status='denied'] {
    color: var(--_agui-color-danger);
  }

  .tool-status[data-status='awaiting-approval'] {
    color: var(--_agui-color-warning);
    font-weight: 600;
  }

  .tool-body {
    display: grid;
    gap: var(--_agui-space-xs);
    padding: 0 var(--_agui-space-m) var(--_agui-space-m);
  }

  .tool-note {
    margin: 0 0 var(--_agui-space-xs);
    color: var(--_agui-color-text-muted);
  }

  .label {
    margin: var(--_agui-space-xs) 0 0;
    color: var(--_agui-color-text-muted);
    font-size: 0.75rem;
    font-weight: 600;
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }

  .json {
    margin: 0;
    padding: var(--_agui-space-s);
    max-block-size: 16rem;
    overflow: auto;
    border-radius: 0.375rem;
    background: var(--agui-chat-background, var(--_agui-color-surface));
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }

  .card > .json,
  .card > .label {
    margin-inline: var(--_agui-space-m);
  }

  .card > .json {
    margin-block-end: var(--_agui-space-m);
  }

  .tool-error {
    margin: var(--_agui-space-xs) 0 0;
    color: var(--_agui-color-danger);
    overflow-wrap: anywhere;
  }

  .muted {
    margin: 0;
    color: var(--_agui-color-text-muted);
  }

  .spinner {
    inline-size: 0.75rem;
    block-size: 0.75rem;
    border: 2px solid currentColor;
    border-right-color: transparent;
    border-radius: 50%;
    animation: agui-chat-spin 0.8s linear infinite;
  }
`;
