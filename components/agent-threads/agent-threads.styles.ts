// Styles of <agent-threads>: a compact list of saved conversations that fits beside the chat or in a drawer.
import { css } from 'lit';

export const agentThreadsStyles = css`
  .base {
    display: grid;
    gap: var(--agui-threads-gap, var(--agui-space-s));
    padding: var(--agui-threads-padding, var(--agui-space-m));
    border: 1px solid var(--agui-threads-border-color, var(--agui-color-border));
    border-radius: var(--agui-threads-radius, var(--agui-radius));
    background: var(--agui-threads-background, var(--agui-color-surface));
    min-width: 0;
  }

  .header {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--agui-space-s);
  }

  .title {
    margin: 0;
    font-size: var(--agui-font-size-small);
    font-weight: 600;
    color: var(--agui-color-text-muted);
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }

  ul {
    display: grid;
    gap: var(--agui-space-xs);
    margin: 0;
    padding: 0;
    list-style: none;
  }

  li {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    align-items: center;
    gap: var(--agui-space-xs);
    border-radius: var(--agui-radius);
  }

  .thread {
    display: grid;
    gap: 0.125rem;
    min-width: 0;
    padding: var(--agui-space-xs) var(--agui-space-s);
    border: 1px solid transparent;
    border-radius: var(--agui-radius);
    background: transparent;
    color: var(--agui-color-text);
    font: inherit;
    text-align: start;
    cursor: pointer;
  }

  .thread:hover {
    background: var(--agui-color-surface-raised);
  }

  .thread[aria-current='true'] {
    border-color: var(--agui-color-accent);
    background: var(--agui-color-surface-raised);
    font-weight: 600;
  }

  .thread-title {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }

  .thread-time {
    font-size: var(--agui-font-size-small);
    font-weight: 400;
    color: var(--agui-color-text-muted);
  }

  .delete {
    min-height: 2rem;
  }

  .confirm {
    grid-column: 1 / -1;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--agui-space-s);
    margin: 0;
    padding: var(--agui-space-s);
    border: 1px solid var(--agui-color-danger, var(--agui-color-border));
    border-radius: var(--agui-radius);
    font-size: var(--agui-font-size-small);
  }

  .empty,
  .note {
    margin: 0;
    font-size: var(--agui-font-size-small);
    color: var(--agui-color-text-muted);
  }
`;
