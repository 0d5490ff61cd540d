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

  .empty {
    margin: 0;
    color: var(--_agui-color-text-muted);
    font-size: var(--_agui-font-size-small);
  }
`;
