// Styles of <agent-artifacts>: a plain vertical list of artifacts.
import { css } from 'lit';

export const agentArtifactsStyles = css`
  .list {
    display: grid;
    gap: var(--agui-artifacts-gap, var(--_agui-space-m));
    margin: 0;
    padding: 0;
    list-style: none;
  }

  .list > li {
    min-width: 0;
  }

  .a2ui-link {
    display: grid;
    gap: 0.125rem;
    inline-size: 100%;
    padding: var(--_agui-space-s) var(--_agui-space-m);
    border: 1px solid var(--_agui-color-border);
    border-radius: var(--_agui-radius);
    background: var(--_agui-color-surface);
    color: var(--_agui-color-text);
    font: inherit;
    font-weight: 600;
    text-align: start;
    cursor: pointer;
  }

  .a2ui-link:focus-visible {
    outline: var(--_agui-focus-ring);
    outline-offset: 2px;
  }

  .a2ui-where {
    color: var(--_agui-color-text-muted);
    font-size: var(--_agui-font-size-small);
    font-weight: 400;
  }

  .empty {
    margin: 0;
    color: var(--_agui-color-text-muted);
    font-size: var(--_agui-font-size-small);
  }
`;
