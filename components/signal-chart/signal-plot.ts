// The SVG plot of <signal-chart>: axes, the line reduced to the pixel width, the threshold and the anomaly mark.
import { html, nothing, svg, type TemplateResult } from 'lit';
import { reduceToColumns, timeTicks, type SeriesColumns } from '../../src/artifacts/series.js';
import { linear, niceAxis } from '../service-chart/scale.js';
import { dateFormatFor } from '../../src/i18n/intl.js';
import { format } from '../shared/strings.js';
import type { SignalChartStrings } from './signal-chart.strings.js';
import {
  chartedWindow,
  nearestIndex,
  numberFormat,
  withUnit,
  type ChartRequest,
  type LoadedSeries,
} from './signal-series.js';

const HEIGHT = 240;
const MARGIN = { top: 20, right: 12, bottom: 26 } as const;

/** Keeps the last line path, so a re-render at the same size and data does not walk the series again. */
export class LinePathCache {
  private last: { key: string; columns: SeriesColumns; d: string } | null = null;

  path(
    columns: SeriesColumns,
    start: number,
    end: number,
    plotWidth: number,
    x: (t: number) => number,
    y: (v: number) => number,
  ): string {
    const key = `${start}|${end}|${plotWidth}|${x(start)}|${y(0)}|${y(1)}`;
    if (this.last?.key === key && this.last.columns === columns) return this.last.d;
    const picks = reduceToColumns(columns, start, end, plotWidth);
    const parts: string[] = new Array<string>(picks.length);
    for (let index = 0; index < picks.length; index += 1) {
      const at = picks[index] as number;
      const px = x(columns.times[at] as number).toFixed(1);
      const py = y(columns.values[at] as number).toFixed(1);
      parts[index] = `${index === 0 ? 'M' : 'L'}${px} ${py}`;
    }
    const d = parts.join('');
    this.last = { key, columns, d };
    return d;
  }
}

export interface SignalPlotOptions {
  readonly loaded: LoadedSeries;
  readonly request: ChartRequest;
  readonly strings: SignalChartStrings;
  /** The element's language, for the axes' numbers and times. */
  readonly lang: string;
  readonly name: string;
  /** The measured width of the plot, in CSS pixels. */
  readonly width: number;
  readonly paths: LinePathCache;
}

export function renderSignalPlot({
  loaded,
  request,
  strings,
  lang,
  name,
  width: measured,
  paths,
}: SignalPlotOptions) {
  const { columns, series } = loaded;
  const times = columns.times;
  const [start, end] = chartedWindow(loaded);
  const threshold = request.threshold ?? series.threshold;
  const low = Math.min(columns.values[columns.minIndex] as number, threshold ?? Infinity);
  const high = Math.max(columns.values[columns.maxIndex] as number, threshold ?? -Infinity);
  const width = Math.max(200, measured);
  const height = width < 480 ? 200 : HEIGHT;
  const yAxis = niceAxis(low, high, height < HEIGHT ? 4 : 5);
  const yLabels = yAxis.ticks.map((tick) => numberFormat(lang).format(tick));
  const left = Math.min(
    72,
    Math.max(30, 10 + 6.5 * Math.max(...yLabels.map((label) => label.length))),
  );
  const plotWidth = Math.max(40, width - left - MARGIN.right);
  const plotHeight = height - MARGIN.top - MARGIN.bottom;
  const x = linear([start, end === start ? start + 1 : end], [left, left + plotWidth]);
  const y = linear([yAxis.min, yAxis.max], [MARGIN.top + plotHeight, MARGIN.top]);
  const span = end - start;
  const daily = span > 36 * 3_600_000;
  const axisFormat = dateFormatFor(
    lang,
    daily ? { month: 'short', day: 'numeric' } : { hour: '2-digit', minute: '2-digit' },
  );
  const labelWidth = daily ? 56 : 44;
  const xTicks = timeTicks(
    start,
    end,
    Math.max(2, Math.floor(plotWidth / (labelWidth + 18))),
    new Date(start).getTimezoneOffset(),
  );
  const tickFormat =
    xTicks.step >= 86_400_000 || !daily
      ? axisFormat
      : dateFormatFor(lang, { weekday: 'short', hour: '2-digit' });
  const d = paths.path(columns, start, end, plotWidth, x, y);
  const anomalyAt = request.markAnomalyAt ? Date.parse(request.markAnomalyAt) : Number.NaN;
  const anomalyInside = Number.isFinite(anomalyAt) && anomalyAt >= start && anomalyAt <= end;
  const timeFormat = dateFormatFor(lang, { hour: '2-digit', minute: '2-digit' });
  let anomaly: TemplateResult | typeof nothing = nothing;
  if (anomalyInside) {
    const index = nearestIndex(times, anomalyAt);
    const ax = x(anomalyAt);
    const ay = y(columns.values[index] as number);
    const label = format(strings.anomaly, { time: timeFormat.format(anomalyAt) });
    const anchorEnd = ax > left + plotWidth * 0.6;
    anomaly = svg`<g class="anomaly">
      <line x1=${ax} x2=${ax} y1=${MARGIN.top} y2=${MARGIN.top + plotHeight}></line>
      <circle cx=${ax} cy=${ay} r="5"></circle>
      <text class="label-halo" x=${anchorEnd ? ax - 6 : ax + 6} y=${MARGIN.top - 6} text-anchor=${anchorEnd ? 'end' : 'start'}>${label}</text>
    </g>`;
  }
  const thresholdMark =
    threshold === null
      ? nothing
      : svg`<g class="threshold">
          <line x1=${left} x2=${left + plotWidth} y1=${y(threshold)} y2=${y(threshold)}></line>
          <text class="label-halo" x=${left + 4} y=${y(threshold) - 5}>${format(strings.threshold, {
            value: withUnit(threshold, series.unit, lang),
          })}</text>
        </g>`;
  return html`<div class="plot">
    <!-- Numeric axes read left to right in every language; the legend and caption around follow the page. -->
    <svg
      dir="ltr"
      part="chart"
      role="img"
      aria-label=${format(strings.chartLabel, { name, hours: request.windowHours })}
      aria-describedby="summary"
      viewBox="0 0 ${width} ${height}"
      width=${width}
      height=${height}
    >
      <g class="grid">
        ${yAxis.ticks.map((tick) => svg`<line x1=${left} x2=${left + plotWidth} y1=${y(tick)} y2=${y(tick)}></line>`)}
      </g>
      <g class="axis">
        ${yAxis.ticks.map(
          (tick, index) =>
            svg`<text class="y-label" x=${left - 6} y=${y(tick) + 4} text-anchor="end">${yLabels[index]}</text>`,
        )}
        ${xTicks.ticks.map((tick) => {
          const label = tickFormat.format(tick);
          // A label that would stick out of the chart is left out rather than crowd its neighbour.
          const half = label.length * 3.2;
          if (x(tick) + half > width || x(tick) - half < 0) return nothing;
          return svg`<text class="x-label" x=${x(tick)} y=${height - 8} text-anchor="middle">${label}</text>`;
        })}
      </g>
      ${thresholdMark}
      <path class="line" d=${d}></path>
      ${anomaly}
    </svg>
  </div>`;
}
