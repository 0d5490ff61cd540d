// Styles of <agent-artifact>: the streaming placeholder and the fallback cards (invalid props, unsupported artifact).
import { css } from 'lit';

export const agentArtifactStyles = css`
  .placeholder {
    display: grid;
    gap: var(--agui-space-s);
    padding: var(--agui-card-padding, var(--agui-space-l));
    border: 1px dashed var(--agui-card-border-color, var(--agui-color-border));
    border-radius: var(--agui-card-radius, var(--agui-radius));
    background: var(--agui-card-background, var(--agui-color-surface));
    color: var(--agui-color-text-muted);
    font-size: var(--agui-font-size-small);
  }

  .placeholder p {
    margin: 0;
  }

  .fallback {
    border-style: dashed;
    border-color: var(--agui-color-warning);
  }

  .fallback.unsupported {
    border-color: var(--agui-color-text-muted);
  }

  .fallback .title {
    font-size: 1rem;
  }

  .problems {
    margin: 0;
    padding-inline-start: 1.25rem;
  }

  .problems li + li {
    margin-block-start: var(--agui-space-xs);
  }

  code {
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 0.9em;
  }

  pre {
    max-width: 100%;
    max-height: 16rem;
    margin: 0;
    padding: var(--agui-space-s);
    overflow: auto;
    border-radius: calc(var(--agui-radius) / 2);
    background: var(--agui-color-surface-raised);
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: var(--agui-font-size-small);
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;
