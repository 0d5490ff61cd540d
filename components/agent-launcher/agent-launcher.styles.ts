// <agent-launcher>'s styles: the corner button, badge and greeting, and the panel in its two modes.
import { css } from 'lit';

export const agentLauncherStyles = css`
  :host {
    --_offset: var(--agui-launcher-offset, 1.25rem);
    --_size: var(--agui-launcher-button-size, 3.5rem);
    --_gap: var(--_agui-space-m);
    --_safe-bottom: env(safe-area-inset-bottom, 0px);
    --_safe-end: env(safe-area-inset-right, 0px);
    --_safe-start: env(safe-area-inset-left, 0px);

    position: fixed;
    inset-block-end: calc(var(--_offset) + var(--_safe-bottom));
    inset-inline-end: calc(var(--_offset) + var(--_safe-end));
    z-index: var(--agui-launcher-z-index, 1000);
    display: block;
    max-width: calc(100vw - 2 * var(--_offset));
    /* Only the button and the greeting take clicks: the box around them never covers the page. */
    pointer-events: none;
  }

  :host(:dir(rtl)) {
    --_safe-end: env(safe-area-inset-left, 0px);
    --_safe-start: env(safe-area-inset-right, 0px);
  }

  :host([position='bottom-start']) {
    inset-inline-end: auto;
    inset-inline-start: calc(var(--_offset) + var(--_safe-start));
  }

  .base {
    display: flex;
    align-items: flex-end;
    justify-content: flex-end;
    gap: var(--_gap);
  }

  :host([position='bottom-start']) .base {
    flex-direction: row-reverse;
  }

  .anchor {
    position: relative;
    flex: none;
  }

  .launcher-button,
  .greeting {
    pointer-events: auto;
  }

  .launcher-button {
    display: grid;
    place-items: center;
    width: var(--_size);
    height: var(--_size);
    padding: 0;
    border: 2px solid transparent;
    border-radius: 50%;
    background: var(--agui-launcher-button-background, var(--_agui-color-accent));
    color: var(--agui-launcher-button-color, var(--_agui-color-accent-text));
    box-shadow: 0 4px 14px rgb(0 0 0 / 0.25);
    cursor: pointer;
    transition: transform 120ms ease;
  }

  .launcher-button:hover {
    transform: scale(1.05);
  }

  /* The ring sits outside the button, in the page's focus colour, and is never clipped. */
  .launcher-button:focus-visible {
    outline: var(--_agui-focus-ring);
    outline-offset: 3px;
  }

  .badge {
    position: absolute;
    inset-block-start: -0.25rem;
    inset-inline-end: -0.25rem;
    min-width: 1.375rem;
    height: 1.375rem;
    padding: 0 0.3rem;
    border: 2px solid var(--_agui-color-surface);
    border-radius: 999px;
    background: var(--agui-launcher-badge-background, var(--_agui-color-danger));
    color: var(--agui-launcher-badge-color, #ffffff);
    font-size: 0.75rem;
    font-weight: 700;
    line-height: 1.1rem;
    text-align: center;
    pointer-events: none;
  }

  .greeting {
    display: flex;
    align-items: flex-start;
    gap: var(--_agui-space-xs);
    max-width: min(18rem, calc(100vw - 2 * var(--_offset) - var(--_size) - var(--_gap)));
    margin-block-end: calc(var(--_size) / 4);
    padding: var(--_agui-space-s) var(--_agui-space-xs) var(--_agui-space-s) var(--_agui-space-m);
    border: 1px solid var(--_agui-color-border);
    border-radius: var(--_agui-radius);
    background: var(--_agui-color-surface);
    color: var(--_agui-color-text);
    box-shadow: 0 4px 14px rgb(0 0 0 / 0.18);
  }

  .greeting p {
    margin: 0;
    padding-block: 0.125rem;
  }

  .dismiss {
    display: grid;
    flex: none;
    place-items: center;
    width: 1.75rem;
    height: 1.75rem;
    padding: 0;
    border: 0;
    border-radius: 50%;
    background: transparent;
    color: var(--_agui-color-text-muted);
    cursor: pointer;
  }

  .dismiss:hover {
    background: var(--_agui-color-surface-raised);
    color: var(--_agui-color-text);
  }

  .dismiss svg {
    width: 1rem;
    height: 1rem;
  }

  .panel {
    --agui-chat-height: 100%;

    position: fixed;
    inset: auto;
    inset-block-end: calc(var(--_offset) + var(--_safe-bottom) + var(--_size) + var(--_gap));
    inset-inline-end: calc(var(--_offset) + var(--_safe-end));
    flex-direction: column;
    width: min(var(--agui-launcher-panel-width, 420px), calc(100vw - 2 * var(--_offset)));
    height: min(
      var(--agui-launcher-panel-height, 680px),
      calc(100dvh - 2 * var(--_offset) - var(--_safe-bottom) - var(--_size) - var(--_gap))
    );
    max-width: none;
    max-height: none;
    margin: 0;
    padding: 0;
    overflow: hidden;
    border: 1px solid var(--_agui-color-border);
    border-radius: calc(var(--_agui-radius) * 2);
    background: var(--agui-launcher-panel-background, var(--_agui-color-surface));
    color: var(--_agui-color-text);
    box-shadow: 0 12px 40px rgb(0 0 0 / 0.28);
    opacity: 0;
    transform: translateY(0.75rem) scale(0.98);
    transform-origin: bottom right;
    transition:
      opacity 160ms ease,
      transform 160ms ease,
      overlay 160ms allow-discrete,
      display 160ms allow-discrete;
  }

  :host([position='bottom-start']) .panel {
    inset-inline-end: auto;
    inset-inline-start: calc(var(--_offset) + var(--_safe-start));
  }

  :host(:dir(rtl)) .panel,
  :host([position='bottom-start']:dir(ltr)) .panel {
    transform-origin: bottom left;
  }

  :host([position='bottom-start']:dir(rtl)) .panel {
    transform-origin: bottom right;
  }

  .panel:popover-open,
  .panel[open] {
    display: flex;
    visibility: visible;
    opacity: 1;
    transform: none;
  }

  @starting-style {
    .panel:popover-open,
    .panel[open] {
      opacity: 0;
      transform: translateY(0.75rem) scale(0.98);
    }
  }

  .panel:focus {
    outline: none;
  }

  .panel.modal {
    inset: 0;
    width: 100%;
    height: 100%;
    border: 0;
    border-radius: 0;
    padding-block-end: var(--_safe-bottom);
    box-shadow: none;
  }

  .panel::backdrop {
    background: rgb(0 0 0 / 0.4);
  }

  .header {
    display: flex;
    flex: none;
    align-items: center;
    justify-content: space-between;
    gap: var(--_agui-space-s);
    padding: var(--_agui-space-xs) var(--_agui-space-s) var(--_agui-space-xs) var(--_agui-space-l);
    border-block-end: 1px solid var(--_agui-color-border);
  }

  .heading {
    margin: 0;
    font-weight: 600;
  }

  .close {
    width: 2.75rem;
    height: 2.75rem;
    padding: 0;
    border-color: transparent;
    background: transparent;
  }

  .body {
    display: flex;
    flex: 1 1 auto;
    flex-direction: column;
    min-height: 0;
  }

  ::slotted(*) {
    flex: 1 1 auto;
    min-height: 0;
  }

  @media (prefers-reduced-motion: reduce) {
    .panel,
    .launcher-button {
      transition: none;
    }
  }

  @media (forced-colors: active) {
    .launcher-button,
    .badge,
    .panel {
      border: 2px solid CanvasText;
    }

    .badge {
      forced-color-adjust: none;
      background: Highlight;
      color: HighlightText;
    }
  }
`;
