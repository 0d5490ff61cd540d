// Styles of <run-controls>: a row of scenario + actions, the live status, the disclosure and the activity log.
import { css } from 'lit';

export const runControlsStyles = css`
  .base {
    display: grid;
    gap: var(--agui-controls-gap, var(--_agui-space-m));
    padding: var(--agui-controls-padding, var(--_agui-space-l));
    border: 1px solid var(--agui-controls-border-color, var(--_agui-color-border));
    border-radius: var(--agui-controls-radius, var(--_agui-radius));
    background: var(--agui-controls-background, var(--_agui-color-surface));
  }

  .controls {
    display: flex;
    flex-wrap: wrap;
    align-items: end;
    gap: var(--agui-controls-gap, var(--_agui-space-m));
  }

  .field {
    display: grid;
    gap: var(--_agui-space-xs);
    font-size: var(--_agui-font-size-small);
    color: var(--_agui-color-text-muted);
  }

  select {
    min-height: 2.25rem;
    min-width: 10rem;
    padding: var(--_agui-space-xs) var(--_agui-space-s);
    border: 1px solid var(--_agui-color-border);
    border-radius: var(--_agui-radius);
    background: var(--_agui-color-surface-raised);
    color: var(--_agui-color-text);
  }

  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_agui-space-s);
  }

  .status {
    display: flex;
    align-items: baseline;
    gap: var(--_agui-space-s);
    margin: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }

  .status::before {
    content: '';
    flex: none;
    width: 0.625rem;
    height: 0.625rem;
    border-radius: 50%;
    background: var(--_agui-color-text-muted);
  }

  .status[data-status='Connecting']::before,
  .status[data-status='Streaming']::before {
    background: var(--_agui-color-accent);
  }

  .status[data-status='Completed']::before {
    background: var(--_agui-color-success);
  }

  .status[data-status='Needs approval']::before {
    background: var(--_agui-color-warning);
  }

  .status[data-status='Failed'] {
    color: var(--_agui-color-danger);
  }

  .status[data-status='Failed']::before {
    background: var(--_agui-color-danger);
    border-radius: 0;
  }

  .disclosure {
    margin: 0;
    font-size: var(--_agui-font-size-small);
    color: var(--_agui-color-text-muted);
  }

  details {
    font-size: var(--_agui-font-size-small);
  }

  summary {
    cursor: pointer;
    color: var(--_agui-color-text-muted);
  }

  ol {
    display: grid;
    gap: var(--_agui-space-xs);
    margin: var(--_agui-space-s) 0 0;
    padding: 0;
    list-style: none;
  }

  li {
    display: flex;
    gap: var(--_agui-space-s);
    overflow-wrap: anywhere;
  }

  time {
    flex: none;
    color: var(--_agui-color-text-muted);
    font-variant-numeric: tabular-nums;
  }
`;
