// <agent-launcher>'s styles: the corner button, badge and greeting, and the panel in its two modes.
import { css } from 'lit';

export const agentLauncherStyles = css`
  :host {
    --_offset: var(--agui-launcher-offset, 1.25rem);
    --_size: var(--agui-launcher-button-size, 3.5rem);
    --_bottom: calc(var(--_offset) + env(safe-area-inset-bottom, 0px));
    --_end: calc(var(--_offset) + env(safe-area-inset-right, 0px));
    --_start: calc(var(--_offset) + env(safe-area-inset-left, 0px));

    position: fixed;
    inset-block-end: var(--_bottom);
    inset-inline-end: var(--_end);
    z-index: var(--agui-launcher-z-index, 1000);
    /* Only the button and the greeting take clicks: the box around them never covers the page. */
    pointer-events: none;
  }

  /* Safe-area insets are physical: in right-to-left text the end is the left. */
  :host(:dir(rtl)) {
    --_end: calc(var(--_offset) + env(safe-area-inset-left, 0px));
    --_start: calc(var(--_offset) + env(safe-area-inset-right, 0px));
  }

  :host([position='bottom-start']) {
    inset-inline: var(--_start) auto;
  }

  .base {
    display: flex;
    align-items: flex-end;
    gap: var(--_agui-space-m);
  }

  :host([position='bottom-start']) .base {
    flex-direction: row-reverse;
  }

  .anchor {
    position: relative;
  }

  .launcher-button,
  .greeting {
    pointer-events: auto;
  }

  /* The bubble's tail points at the corner the button sits in: mirrored in right-to-left text. */
  :host(:dir(rtl)) .launcher-button svg {
    transform: scaleX(-1);
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
    box-shadow: 0 4px 14px #0004;
    cursor: pointer;
  }

  .badge {
    position: absolute;
    inset-block-start: -4px;
    inset-inline-end: -4px;
    min-width: 1.375rem;
    padding: 0 0.3rem;
    border-radius: 1rem;
    background: var(--agui-launcher-badge-background, var(--_agui-color-danger));
    color: var(--agui-launcher-badge-color, #fff);
    font: 700 0.75rem/1.375rem var(--_agui-font-family);
    text-align: center;
  }

  .greeting {
    display: flex;
    align-items: center;
    max-width: min(18rem, 100vw - 3 * var(--_offset) - var(--_size));
    margin-block-end: var(--_agui-space-s);
    padding: var(--_agui-space-s) var(--_agui-space-xs) var(--_agui-space-s) var(--_agui-space-m);
  }

  .greeting,
  .panel {
    border: 1px solid var(--_agui-color-border);
    border-radius: var(--_agui-radius);
    background: var(--agui-launcher-panel-background, var(--_agui-color-surface));
    color: var(--_agui-color-text);
    box-shadow: 0 6px 24px #0004;
  }

  .icon {
    display: inline-grid;
    flex: none;
    place-items: center;
    width: 2.5rem;
    height: 2.5rem;
    margin-block: -0.5rem;
    padding: 0;
    border: 0;
    border-radius: 50%;
    background: none;
    color: inherit;
    cursor: pointer;
  }

  /*
   * The panel is the chat's frame: the chat fills it without a frame of its own. Through the chat's private frame
   * tokens, so the page's own --agui-chat-* settings still win.
   */
  .panel {
    --_agui-chat-frame-height: 100%;
    --_agui-chat-frame-radius: 0;
    --_agui-chat-frame-border-color: transparent;

    position: fixed;
    inset: auto;
    inset-block-end: calc(var(--_bottom) + var(--_size) + var(--_agui-space-m));
    inset-inline-end: var(--_end);
    flex-direction: column;
    width: min(var(--agui-launcher-panel-width, 420px), 100vw - 2 * var(--_offset));
    height: min(
      var(--agui-launcher-panel-height, 680px),
      100dvh - var(--_offset) - var(--_bottom) - var(--_size) - var(--_agui-space-m)
    );
    max-width: none;
    max-height: none;
    margin: 0;
    padding: 0;
    overflow: hidden;
    opacity: 0;
    translate: 0 0.75rem;
    transition: 0.16s allow-discrete;
    transition-property: opacity, translate, overlay, display;
  }

  :host([position='bottom-start']) .panel {
    inset-inline: var(--_start) auto;
  }

  .panel:popover-open,
  .panel[open] {
    display: flex;
    opacity: 1;
    translate: none;

    @starting-style {
      opacity: 0;
      translate: 0 0.75rem;
    }
  }

  .panel:focus {
    outline: none;
  }

  .panel.modal {
    inset: 0;
    width: 100%;
    height: 100%;
    padding-block-end: env(safe-area-inset-bottom, 0px);
    border: 0;
    border-radius: 0;
  }

  .panel.modal::backdrop {
    background: #0006;
  }

  .header {
    padding: var(--_agui-space-m);
    border-block-end: 1px solid var(--_agui-color-border);
    text-align: end;
  }

  .body {
    flex: 1;
    min-height: 0;
  }

  @media (prefers-reduced-motion: reduce) {
    .panel {
      transition: none;
    }
  }

  @media (forced-colors: active) {
    .launcher-button,
    .badge,
    .panel {
      border: 2px solid;
    }
  }
`;
