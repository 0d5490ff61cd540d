// Styles of <correlation-matrix>: the heatmap table (colour buckets by |r|, the value always printed) and its legend.
import { css, unsafeCSS } from 'lit';

/** Colour buckets 0..10 by |r|: mixed into the surface at most 45%, so the printed value keeps its contrast. */
const buckets = Array.from({ length: 11 }, (_, step) => {
  const share = `${(step * 4.5).toFixed(1)}%`;
  return `
  .pos-${step} { background: color-mix(in srgb, var(--agui-matrix-positive-color, var(--_agui-color-platform)) ${share}, var(--agui-card-background, var(--_agui-color-surface))); }
  .neg-${step} { background: color-mix(in srgb, var(--agui-matrix-negative-color, var(--_agui-color-core)) ${share}, var(--agui-card-background, var(--_agui-color-surface))); }`;
}).join('\n');

export const correlationMatrixStyles = css`
  .matrix {
    border-collapse: separate;
    border-spacing: 2px;
  }

  .matrix th,
  .matrix td {
    border: none;
    padding: var(--_agui-space-xs) 0.375rem;
  }

  .matrix thead th {
    text-align: center;
    font-weight: 600;
  }

  .matrix th[scope='row'] {
    font-weight: 500;
    min-width: 5.5rem;
    max-width: 14rem;
  }

  .matrix td {
    min-width: 2.75rem;
    white-space: nowrap;
    overflow-wrap: normal;
    text-align: center;
    border-radius: 3px;
    font-weight: 600;
  }

  .matrix td.self {
    font-weight: 400;
    background: var(--_agui-color-surface-raised);
  }

  .index {
    display: inline-block;
    min-width: 1.25rem;
    margin-inline-end: var(--_agui-space-xs);
    font-variant-numeric: tabular-nums;
    color: var(--_agui-color-text-muted);
  }

  .legend {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_agui-space-xs) var(--_agui-space-m);
    margin: 0;
    font-size: var(--_agui-font-size-small);
    color: var(--_agui-color-text-muted);
  }

  .swatch {
    display: inline-block;
    width: 1rem;
    height: 1rem;
    margin-inline-end: var(--_agui-space-xs);
    vertical-align: middle;
    border: 1px solid var(--_agui-color-grid);
    border-radius: 3px;
  }

  ${unsafeCSS(buckets)}
`;
