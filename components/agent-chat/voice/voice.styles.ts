// Styles of dictation in <agent-chat>: the Dictate button while recording, the live microphone's line and meter, the
// greyed interim words.
import { css } from 'lit';

export const voiceStyles = css`
  /* Dictate looks like Attach files (class attach): only recording differs. */
  /* Recording: filled red, hovered or not; its name and its square icon say it too (forced colours drop the fill). */
  .dictate.recording,
  .dictate.recording:hover:not(:disabled) {
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

  .read-aloud-note {
    color: var(--_agui-color-text-muted);
    font-size: var(--_agui-font-size-small);
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
