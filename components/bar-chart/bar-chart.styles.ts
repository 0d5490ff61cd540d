// Styles of <bar-chart>: a table whose value cells hold the bars, so the chart and its table are one.
import { css } from 'lit';

export const barChartStyles = css`
  table {
    width: 100%;
    table-layout: fixed;
  }

  th[scope='row'] {
    width: 38%;
    font-weight: 500;
    overflow-wrap: anywhere;
  }

  thead th {
    font-size: var(--_agui-font-size-small);
    color: var(--_agui-color-text-muted);
    font-weight: 600;
  }

  .bar-cell {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    align-items: center;
    gap: var(--_agui-space-s);
  }

  .bar-cell svg {
    display: block;
    width: 100%;
    height: 0.875rem;
  }

  .bar {
    fill: var(--agui-bar-color, var(--_agui-color-accent));
  }

  .bar.negative {
    fill: var(--agui-bar-negative-color, var(--_agui-color-platform));
  }

  .zero {
    stroke: var(--_agui-color-text-muted);
    stroke-width: 1;
    vector-effect: non-scaling-stroke;
  }

  .value {
    min-width: 3.5ch;
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
`;
