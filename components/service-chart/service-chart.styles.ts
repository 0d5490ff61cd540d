// Styles of <service-chart>: filters and legend, the SVG chart and the table, side by side when there is room.
import { css } from 'lit';

export const serviceChartStyles = css`
  .base {
    container: agui-service-chart / inline-size;
    display: grid;
    gap: var(--agui-chart-gap, var(--_agui-space-m));
    padding: var(--agui-chart-padding, var(--_agui-space-l));
    border: 1px solid var(--agui-chart-border-color, var(--_agui-color-border));
    border-radius: var(--agui-chart-radius, var(--_agui-radius));
    background: var(--agui-chart-background, var(--_agui-color-surface));
    min-width: 0;
  }

  .toolbar {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: var(--_agui-space-s) var(--_agui-space-l);
  }

  .filters {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_agui-space-s);
  }

  .filters-label {
    font-size: var(--_agui-font-size-small);
    color: var(--_agui-color-text-muted);
  }

  .legend {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_agui-space-xs) var(--_agui-space-m);
    margin: 0;
    padding: 0;
    list-style: none;
    font-size: var(--_agui-font-size-small);
    color: var(--_agui-color-text-muted);
  }

  .legend li {
    display: inline-flex;
    align-items: center;
    gap: var(--_agui-space-xs);
  }

  .legend svg,
  .series svg {
    width: 0.875rem;
    height: 0.875rem;
    flex: none;
    overflow: visible;
  }

  .note {
    margin: 0;
    padding: var(--_agui-space-s) var(--_agui-space-m);
    border-inline-start: 3px solid var(--_agui-color-warning);
    background: var(--_agui-color-surface-raised);
    font-size: var(--_agui-font-size-small);
  }

  .empty {
    margin: 0;
    padding: var(--_agui-space-xl) var(--_agui-space-m);
    text-align: center;
    color: var(--_agui-color-text-muted);
    border: 1px dashed var(--_agui-color-border);
    border-radius: var(--_agui-radius);
  }

  .panels {
    display: grid;
    gap: var(--agui-chart-gap, var(--_agui-space-m));
    min-width: 0;
  }

  @container agui-service-chart (min-width: 46rem) {
    .panels {
      grid-template-columns: minmax(0, 1fr) auto;
      align-items: start;
    }
  }

  /* On a phone the series shows by its mark alone (the legend names the marks; the text stays for readers). */
  @container agui-service-chart (max-width: 30rem) {
    .series-name {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
      white-space: nowrap;
    }

    th,
    td {
      padding-inline: var(--_agui-space-xs);
    }

    td:first-child {
      white-space: normal;
    }

    .selected-mark {
      display: block;
      margin: var(--_agui-space-xs) 0 0;
    }
  }

  .chart {
    margin: 0;
    min-width: 0;
  }

  .chart svg {
    display: block;
    width: 100%;
    height: auto;
    overflow: visible;
  }

  .grid-line {
    stroke: var(--agui-chart-grid-color, var(--_agui-color-grid));
    stroke-width: 1;
  }

  .axis-line {
    stroke: var(--_agui-color-text-muted);
    stroke-width: 1;
  }

  .tick-label,
  /* The plot is drawn left to right in every language (its numeric axes); SVG text does not take direction from
     the dir attribute, so it is set here, and labels anchor as drawn. */
  svg[dir='ltr'] {
    direction: ltr;
  }

  .axis-label {
    fill: var(--_agui-color-text-muted);
    font-size: 12px;
  }

  .axis-label {
    font-weight: 600;
  }

  .core {
    fill: var(--agui-chart-core-color, var(--_agui-color-core));
    color: var(--agui-chart-core-color, var(--_agui-color-core));
  }

  .platform {
    fill: var(--agui-chart-platform-color, var(--_agui-color-platform));
    color: var(--agui-chart-platform-color, var(--_agui-color-platform));
  }

  .mark {
    stroke: var(--_agui-color-surface);
    stroke-width: 1.5;
  }

  .ring {
    fill: none;
    stroke: var(--agui-chart-selected-color, var(--_agui-color-text));
    stroke-width: 2.5;
  }

  .point-label {
    fill: var(--_agui-color-text);
    font-size: 12px;
    paint-order: stroke;
    stroke: var(--_agui-color-surface);
    stroke-width: 3px;
    stroke-linejoin: round;
  }

  .point-label.selected {
    font-weight: 700;
    text-decoration: underline;
  }

  .table-scroll {
    min-width: 0;
    overflow-x: auto;
  }

  table {
    width: 100%;
    border-collapse: collapse;
    font-size: var(--_agui-font-size-small);
    font-variant-numeric: tabular-nums;
  }

  caption {
    padding-bottom: var(--_agui-space-s);
    text-align: start;
    font-weight: 600;
    color: var(--_agui-color-text);
  }

  th,
  td {
    padding: var(--_agui-space-xs) var(--_agui-space-s);
    border-bottom: 1px solid var(--_agui-color-border);
    text-align: start;
    white-space: nowrap;
  }

  th {
    color: var(--_agui-color-text-muted);
    font-weight: 600;
    white-space: normal;
  }

  .number {
    text-align: end;
  }

  tr.selected {
    background: var(--agui-chart-selected-background, var(--_agui-color-surface-raised));
  }

  tr.selected td:first-child {
    box-shadow: inset 3px 0 0 var(--agui-chart-selected-color, var(--_agui-color-text));
  }

  .row-button {
    min-height: 2rem;
    padding: var(--_agui-space-xs) var(--_agui-space-s);
    font-weight: 600;
  }

  .selected-mark {
    margin-inline-start: var(--_agui-space-xs);
    font-weight: 700;
  }

  .series {
    display: inline-flex;
    align-items: center;
    gap: var(--_agui-space-xs);
  }

  .side {
    display: grid;
    gap: var(--agui-chart-gap, var(--_agui-space-m));
    min-width: 0;
  }

  .comparison {
    padding: var(--_agui-space-s) var(--_agui-space-m);
    border-inline-start: 3px dashed var(--agui-chart-baseline-color, var(--_agui-color-text-muted));
    background: var(--_agui-color-surface-raised);
    font-size: var(--_agui-font-size-small);
    font-variant-numeric: tabular-nums;
    overflow-wrap: anywhere;
  }

  .comparison p {
    margin: 0;
  }

  .comparison-heading {
    font-weight: 600;
  }

  .change,
  .comparison-mark {
    display: block;
    font-size: 0.75rem;
    color: var(--_agui-color-text-muted);
    white-space: normal;
  }

  .comparison-mark {
    margin-top: var(--_agui-space-xs);
  }

  .baseline-mark {
    fill: var(--_agui-color-surface);
    stroke: var(--agui-chart-baseline-color, var(--_agui-color-text-muted));
    stroke-width: 2;
    stroke-dasharray: 3 2;
  }

  .baseline-link {
    stroke: var(--agui-chart-baseline-color, var(--_agui-color-text-muted));
    stroke-width: 1.5;
    stroke-dasharray: 5 4;
  }

  .disclosure {
    margin: 0;
    font-size: var(--_agui-font-size-small);
    color: var(--_agui-color-text-muted);
  }
`;
