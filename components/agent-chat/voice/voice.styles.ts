// Styles of dictation and Read aloud in <agent-chat>: the Dictate button, the live microphone's line and meter, the
// greyed interim words.
import { css } from 'lit';

export const voiceStyles = css`
  .dictate {
    display: grid;
    place-items: center;
    flex: none;
    inline-size: 2.25rem;
    block-size: 2.25rem;
    border: none;
    border-radius: 50%;
    background: transparent;
    color: var(--_agui-color-text-muted);
    cursor: pointer;
  }

  .dictate:hover:not(:disabled) {
    color: var(--_agui-color-accent);
    background: var(--_agui-color-surface);
  }

  .dictate:disabled {
    cursor: not-allowed;
    opacity: 0.55;
  }

  /* Recording: the button is filled, not only coloured, so forced colours and colour-blind eyes see it too. */
  .dictate.recording {
    background: var(--_agui-color-danger, #b3261e);
    color: #fff;
  }

  .dictation {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_agui-space-s);
    margin: 0;
    color: var(--_agui-color-text);
    font-size: var(--_agui-font-size-small);
  }

  .dictation-dot {
    inline-size: 0.6rem;
    block-size: 0.6rem;
    border-radius: 50%;
    background: var(--_agui-color-danger, #b3261e);
    animation: agui-chat-pulse 1.2s ease-in-out infinite;
  }

  .dictation-time {
    font-variant-numeric: tabular-nums;
  }

  .dictation-meter {
    position: relative;
    flex: 0 1 8rem;
    block-size: 0.5rem;
    overflow: hidden;
    border: 1px solid var(--_agui-color-border);
    border-radius: 0.25rem;
  }

  .dictation-meter::before {
    content: '';
    position: absolute;
    inset: 0 auto 0 0;
    inline-size: var(--_agui-level, 0%);
    background: var(--_agui-color-accent);
  }

  .interim {
    flex-basis: 100%;
    color: var(--_agui-color-text-muted);
    font-style: italic;
  }

  .dictation-note {
    flex-wrap: wrap;
  }

  @media (prefers-reduced-motion: reduce) {
    .dictation-dot {
      animation: none;
    }
  }
`;
