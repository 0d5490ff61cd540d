// Styles of <signal-chart>: the line chart with its threshold and anomaly mark, the summary and the data table.
import { css } from 'lit';

export const signalChartStyles = css`
  /* The plot is drawn left to right in every language (its numeric axes); SVG text does not take direction from
     the dir attribute, so it is set here, and labels anchor as drawn. */
  svg[dir='ltr'] {
    direction: ltr;
  }

  .plot {
    position: relative;
    min-width: 0;
    width: 100%;
  }

  svg {
    display: block;
    width: 100%;
    height: auto;
    overflow: visible;
  }

  .grid line {
    stroke: var(--agui-chart-grid-color, var(--_agui-color-grid));
    stroke-width: 1;
  }

  .axis text {
    fill: var(--_agui-color-text-muted);
    font-size: 11px;
    font-variant-numeric: tabular-nums;
  }

  .line {
    fill: none;
    stroke: var(--agui-chart-line-color, var(--_agui-color-accent));
    stroke-width: 1.75;
    stroke-linejoin: round;
    stroke-linecap: round;
  }

  .threshold line {
    stroke: var(--agui-chart-threshold-color, var(--_agui-color-warning));
    stroke-width: 1.5;
    stroke-dasharray: 6 4;
  }

  .threshold text {
    fill: var(--agui-chart-threshold-color, var(--_agui-color-warning));
    font-size: 11px;
    font-weight: 600;
  }

  .anomaly line {
    stroke: var(--agui-chart-anomaly-color, var(--_agui-color-danger));
    stroke-width: 1.5;
    stroke-dasharray: 2 3;
  }

  .anomaly circle {
    fill: var(--agui-card-background, var(--_agui-color-surface));
    stroke: var(--agui-chart-anomaly-color, var(--_agui-color-danger));
    stroke-width: 2.5;
  }

  .anomaly text {
    fill: var(--agui-chart-anomaly-color, var(--_agui-color-danger));
    font-size: 11px;
    font-weight: 600;
  }

  .label-halo {
    paint-order: stroke;
    stroke: var(--agui-card-background, var(--_agui-color-surface));
    stroke-width: 3px;
    stroke-linejoin: round;
  }

  figure {
    margin: 0;
  }

  .summary {
    margin: 0;
    font-size: var(--_agui-font-size-small);
  }

  td.number,
  th.number {
    text-align: end;
  }
`;
