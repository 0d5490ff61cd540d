// Styles of <agent-threads>: a compact list of saved conversations that fits beside the chat or in a drawer.
import { css } from 'lit';

export const agentThreadsStyles = css`
  .base {
    display: grid;
    gap: var(--agui-threads-gap, var(--_agui-space-s));
    padding: var(--agui-threads-padding, var(--_agui-space-m));
    border: 1px solid var(--agui-threads-border-color, var(--_agui-color-border));
    border-radius: var(--agui-threads-radius, var(--_agui-radius));
    background: var(--agui-threads-background, var(--_agui-color-surface));
    min-width: 0;
  }

  .header {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--_agui-space-s);
  }

  .title {
    margin: 0;
    font-size: var(--_agui-font-size-small);
    font-weight: 600;
    color: var(--_agui-color-text-muted);
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }

  ul {
    display: grid;
    gap: var(--_agui-space-xs);
    margin: 0;
    padding: 0;
    list-style: none;
  }

  li {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    align-items: center;
    gap: var(--_agui-space-xs);
    border-radius: var(--_agui-radius);
  }

  .thread {
    display: grid;
    gap: 0.125rem;
    min-width: 0;
    padding: var(--_agui-space-xs) var(--_agui-space-s);
    border: 1px solid transparent;
    border-radius: var(--_agui-radius);
    background: transparent;
    color: var(--_agui-color-text);
    font: inherit;
    text-align: start;
    cursor: pointer;
  }

  .thread:hover {
    background: var(--_agui-color-surface-raised);
  }

  .thread[aria-current='true'] {
    border-color: var(--_agui-color-accent);
    background: var(--_agui-color-surface-raised);
    font-weight: 600;
  }

  .thread-title {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }

  .thread-time {
    font-size: var(--_agui-font-size-small);
    font-weight: 400;
    color: var(--_agui-color-text-muted);
  }

  .delete {
    min-height: 2rem;
  }

  .confirm {
    grid-column: 1 / -1;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_agui-space-s);
    margin: 0;
    padding: var(--_agui-space-s);
    border: 1px solid var(--_agui-color-danger, var(--_agui-color-border));
    border-radius: var(--_agui-radius);
    font-size: var(--_agui-font-size-small);
  }

  .empty,
  .note {
    margin: 0;
    font-size: var(--_agui-font-size-small);
    color: var(--_agui-color-text-muted);
  }
`;
