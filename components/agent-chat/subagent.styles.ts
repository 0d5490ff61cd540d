// Styles of a subagent's block in <agent-chat>: a bordered disclosure with a lane of its own messages inside.
import { css } from 'lit';

export const subagentStyles = css`
  .subagent {
    border: 1px solid var(--agui-color-border);
    border-inline-start: 3px solid var(--agui-color-accent);
    border-radius: var(--agui-radius);
    font-size: var(--agui-font-size-small);
    min-width: 0;
  }

  .subagent[data-status='failed'] {
    border-inline-start-color: var(--agui-color-danger);
  }

  .subagent[data-status='waiting'] {
    border-inline-start-color: var(--agui-color-warning);
  }

  .subagent > summary {
    padding: var(--agui-space-s) var(--agui-space-m);
    border-radius: var(--agui-radius);
  }

  .subagent-icon {
    display: inline-flex;
    color: var(--agui-color-accent);
  }

  .subagent-title {
    display: flex;
    flex: 1 1 auto;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--agui-space-xs) var(--agui-space-s);
    min-width: 0;
  }

  .subagent-kind {
    color: var(--agui-color-text-muted);
    font-size: 0.75rem;
    font-weight: 600;
    letter-spacing: 0.02em;
    text-transform: uppercase;
  }

  .subagent-name {
    font-weight: 600;
    overflow-wrap: anywhere;
  }

  .subagent-status {
    display: inline-flex;
    align-items: center;
    gap: var(--agui-space-xs);
    color: var(--agui-color-text-muted);
  }

  .subagent-status[data-status='done'] {
    color: var(--agui-color-success);
  }

  .subagent-status[data-status='failed'] {
    color: var(--agui-color-danger);
  }

  .subagent-status[data-status='waiting'] {
    color: var(--agui-color-warning);
    font-weight: 600;
  }

  .subagent-time {
    font-variant-numeric: tabular-nums;
  }

  .subagent-body {
    display: grid;
    gap: var(--agui-space-s);
    padding: 0 var(--agui-space-m) var(--agui-space-m);
    font-size: var(--agui-font-size, 1rem);
    min-width: 0;
  }

  .subagent-description {
    margin: 0;
    color: var(--agui-color-text-muted);
    font-size: var(--agui-font-size-small);
  }

  .subagent-error {
    display: flex;
    align-items: flex-start;
    gap: var(--agui-space-xs);
    margin: 0;
    color: var(--agui-color-danger);
    font-size: var(--agui-font-size-small);
    overflow-wrap: anywhere;
  }
`;
