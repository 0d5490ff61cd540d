// Styles of <kb-progress>: a progress bar and the steps, each status a word and an icon.
import { css } from 'lit';

export const kbProgressStyles = css`
  .progress {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    align-items: center;
    gap: var(--_agui-space-s);
    font-size: var(--_agui-font-size-small);
  }

  progress {
    width: 100%;
    height: 0.75rem;
    accent-color: var(--agui-kb-progress-color, var(--_agui-color-success));
  }

  ol {
    display: grid;
    gap: var(--_agui-space-xs);
    margin: 0;
    padding: 0;
    list-style: none;
  }

  li {
    display: grid;
    grid-template-columns: 1.5rem minmax(0, 1fr) auto;
    align-items: baseline;
    gap: var(--_agui-space-s);
    padding: var(--_agui-space-xs) 0;
    border-bottom: 1px solid var(--_agui-color-grid);
  }

  li:last-child {
    border-bottom: none;
  }

  .icon {
    text-align: center;
    font-weight: 700;
  }

  .status {
    font-size: var(--_agui-font-size-small);
    color: var(--_agui-color-text-muted);
  }

  .done .icon,
  .done .status {
    color: var(--_agui-color-success);
  }

  .failed .icon,
  .failed .status {
    color: var(--_agui-color-danger);
  }

  .running .icon,
  .running .status {
    color: var(--_agui-color-accent);
  }

  .running .label {
    font-weight: 600;
  }

  .skipped .label {
    text-decoration: line-through;
    color: var(--_agui-color-text-muted);
  }
`;
