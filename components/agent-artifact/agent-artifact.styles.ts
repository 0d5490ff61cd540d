// Styles of <agent-artifact>: the streaming placeholder and the fallback cards (invalid props, unsupported artifact).
import { css } from 'lit';

export const agentArtifactStyles = css`
  .placeholder {
    display: grid;
    gap: var(--_agui-space-s);
    padding: var(--agui-card-padding, var(--_agui-space-l));
    border: 1px dashed var(--agui-card-border-color, var(--_agui-color-border));
    border-radius: var(--agui-card-radius, var(--_agui-radius));
    background: var(--agui-card-background, var(--_agui-color-surface));
    color: var(--_agui-color-text-muted);
    font-size: var(--_agui-font-size-small);
  }

  .placeholder p {
    margin: 0;
  }

  .fallback {
    border-style: dashed;
    border-color: var(--_agui-color-warning);
  }

  .fallback.unsupported {
    border-color: var(--_agui-color-text-muted);
  }

  .fallback .title {
    font-size: 1rem;
  }

  .problems {
    margin: 0;
    padding-inline-start: 1.25rem;
  }

  .problems li + li {
    margin-block-start: var(--_agui-space-xs);
  }

  code {
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 0.9em;
  }

  pre {
    max-width: 100%;
    max-height: 16rem;
    margin: 0;
    padding: var(--_agui-space-s);
    overflow: auto;
    border-radius: calc(var(--_agui-radius) / 2);
    background: var(--_agui-color-surface-raised);
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: var(--_agui-font-size-small);
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;
