// The frame of <agent-chat>: its private properties, header, and the scrolling transcript of message rows.
import { css } from 'lit';

export const chatTranscriptStyles = css`
  :host {
    --_agui-chat-column: var(--agui-chat-max-width, 48rem);
    --_agui-chat-mono: var(
      --agui-chat-mono-font,
      ui-monospace,
      SFMono-Regular,
      Menlo,
      Consolas,
      monospace
    );
    --_agui-chat-code-bg: var(--agui-chat-code-background, var(--_agui-color-surface-raised));
    block-size: var(--agui-chat-height, var(--_agui-chat-frame-height, 40rem));
    min-block-size: 18rem;
  }

  .base {
    position: relative;
    display: flex;
    flex-direction: column;
    block-size: 100%;
    overflow: hidden;
    border: 1px solid
      var(--agui-chat-border-color, var(--_agui-chat-frame-border-color, var(--_agui-color-border)));
    border-radius: var(--agui-chat-radius, var(--_agui-chat-frame-radius, var(--_agui-radius)));
    background: var(--agui-chat-background, var(--_agui-color-surface));
  }

  /* Header */

  .header {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--_agui-space-s);
    padding: var(--_agui-space-s) var(--agui-chat-padding, var(--_agui-space-l));
    border-bottom: 1px solid
      var(--agui-chat-border-color, var(--_agui-chat-frame-border-color, var(--_agui-color-border)));
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
    color: var(--_agui-color-text-muted);
    min-height: 2rem;
    padding-inline: var(--_agui-space-s);
    font-size: var(--_agui-font-size-small);
  }

  .header .button.icon-only {
    margin-inline-start: auto;
    padding-inline: var(--_agui-space-xs);
  }

  .button.ghost:hover:not(:disabled) {
    border-color: var(--_agui-color-border);
    color: var(--_agui-color-text);
  }

  .disclosure {
    margin: 0;
    padding: var(--_agui-space-xs) var(--agui-chat-padding, var(--_agui-space-l));
    border-bottom: 1px solid
      var(--agui-chat-border-color, var(--_agui-chat-frame-border-color, var(--_agui-color-border)));
    background: var(--_agui-color-surface-raised);
    color: var(--_agui-color-text-muted);
    font-size: var(--_agui-font-size-small);
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
    padding: var(--agui-chat-padding, var(--_agui-space-l));
    scroll-padding-block-end: var(--_agui-space-l);
  }

  .transcript:focus-visible {
    outline-offset: -2px;
  }

  /* Block flow, not flex: a growing last message then lays out alone, however long the conversation. */
  .messages {
    display: flow-root;
    max-inline-size: var(--_agui-chat-column);
    margin-inline: auto;
  }

  /*
   * Rows contain their paint (content-visibility): a little padding keeps focus rings at their edges visible.
   * The gap is every row's and the first row takes it back: an adjacent-sibling rule (* + *) would restyle every
   * later row whenever rows are inserted before them, as a restored thread's earlier messages are.
   */
  .messages > * {
    padding: 0.25rem;
    margin: calc(var(--agui-chat-gap, var(--_agui-space-l)) - 0.5rem) -0.25rem 0;
  }

  .messages > :first-child {
    margin-block-start: -0.25rem;
  }

  .row {
    display: flex;
    flex-direction: column;
    gap: var(--_agui-space-s);
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
    gap: var(--_agui-space-xs);
    inline-size: 100%;
  }

  .bubble {
    max-inline-size: min(85%, 36rem);
    padding: var(--_agui-space-s) var(--_agui-space-m);
    border-radius: 1.125rem 1.125rem 0.375rem 1.125rem;
    background: var(--agui-chat-user-background, var(--_agui-color-surface-raised));
    color: var(--agui-chat-user-color, var(--_agui-color-text));
    overflow-wrap: anywhere;
  }

  .plain {
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }

  .row.note {
    flex-direction: row;
    align-items: baseline;
    gap: var(--_agui-space-s);
    color: var(--_agui-color-text-muted);
    font-size: var(--_agui-font-size-small);
  }

  .note-label {
    flex: none;
    font-weight: 600;
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }

  .run-note {
    margin: 0;
    color: var(--_agui-color-text-muted);
    font-size: var(--_agui-font-size-small);
    text-align: center;
  }
`;
