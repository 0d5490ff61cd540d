// <signal-chart>: a measured signal over a time window, fetched by id — line, threshold, anomaly mark, summary, table.
import { html, nothing, svg, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { readSignalSeries, type SignalSeriesData } from '../../src/artifacts/data.js';
import type { SignalChartProps } from '../../src/artifacts/props.js';
import type { ArtifactDataResolver } from '../../src/artifacts/resolvers.js';
import {
  reduceToColumns,
  seriesColumns,
  timeTicks,
  yieldToMain,
  type SeriesColumns,
} from '../../src/artifacts/series.js';
import type { ArtifactDataSource } from '../../src/artifacts/view.js';
import { linear, niceAxis } from '../service-chart/scale.js';
import { AguiElement } from '../shared/agui-element.js';
import { ArtifactDataController, type DataRequest } from '../shared/artifact-data.js';
import { joinMeta, renderLoadError, renderSkeleton } from '../shared/artifact-parts.js';
import { artifactCardStyles } from '../shared/artifact-styles.js';
import { buttonStyles, hostStyles } from '../shared/host-styles.js';
import { format, mergeStrings } from '../shared/strings.js';
import { signalChartStyles } from './signal-chart.styles.js';

/** Every visible string of `<signal-chart>`; `{…}` placeholders are filled in. */
export interface SignalChartStrings {
  readonly loading: string;
  readonly loadError: string;
  readonly retry: string;
  readonly incomplete: string;
  readonly untitled: string;
  readonly cell: string;
  readonly window: string;
  readonly synthetic: string;
  readonly cellMismatch: string;
  readonly chartLabel: string;
  readonly summary: string;
  readonly aboveThreshold: string;
  readonly noneAboveThreshold: string;
  readonly anomalyMarked: string;
  readonly anomalyOutside: string;
  readonly empty: string;
  readonly threshold: string;
  readonly anomaly: string;
  readonly tableToggle: string;
  readonly tableCaption: string;
  readonly tableGroupedCaption: string;
  readonly time: string;
  readonly value: string;
  readonly from: string;
  readonly lowest: string;
  readonly highest: string;
}

export const SIGNAL_CHART_STRINGS: SignalChartStrings = {
  loading: 'Loading signal {id}…',
  loadError: 'Could not load signal {id}.',
  retry: 'Retry',
  incomplete: 'Nothing to chart yet: the chart needs a signal id and a window in hours.',
  untitled: 'Signal {id}',
  cell: 'Cell {id}',
  window: 'Last {hours} hours',
  synthetic: 'Synthetic data',
  cellMismatch: 'This signal belongs to cell {actual}, not to cell {expected} as the props say.',
  chartLabel: 'Line chart of {name} over {hours} hours.',
  summary:
    '{name}: {count} readings from {start} to {end}. Lowest {min} at {minAt}, highest {max} at {maxAt}, latest {last}.',
  aboveThreshold: '{count} of them above the threshold of {threshold}.',
  noneAboveThreshold: 'None above the threshold of {threshold}.',
  anomalyMarked: 'Anomaly marked at {at}: {value}.',
  anomalyOutside: 'The anomaly mark ({at}) is outside the charted window.',
  empty: 'No readings in this window.',
  threshold: 'Threshold {value}',
  anomaly: 'Anomaly {time}',
  tableToggle: 'Data table',
  tableCaption: '{name}: {count} readings',
  tableGroupedCaption: '{name}: {count} readings in {groups} time ranges',
  time: 'Time',
  value: 'Value',
  from: 'From',
  lowest: 'Lowest',
  highest: 'Highest',
};

/** A loaded series: the record and its readings as sorted columns. */
export interface LoadedSeries {
  readonly series: SignalSeriesData;
  readonly columns: SeriesColumns;
}

interface ChartRequest {
  readonly signalDefId: number;
  readonly windowHours: number;
  readonly markAnomalyAt: string | null;
  readonly threshold: number | null;
  readonly cellId: string | null;
}

const HEIGHT = 240;
const MARGIN = { top: 20, right: 12, bottom: 26 } as const;
/** The table lists every reading up to this many; longer series are grouped into time ranges. */
const TABLE_ROWS = 240;
const TABLE_GROUPS = 120;
const numberFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });

function wholeNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : null;
}

function finite(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The instants the chart spans: the series' own window when it names one, widened to every reading. */
function chartedWindow({ series, columns }: LoadedSeries): readonly [number, number] {
  const first = columns.times[0] as number;
  const last = columns.times[columns.length - 1] as number;
  return [Math.min(series.start ?? first, first), Math.max(series.end ?? last, last)];
}

/** The index of the reading nearest to an instant (times ascending). */
function nearestIndex(times: Float64Array, at: number): number {
  let low = 0;
  let high = times.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((times[mid] as number) < at) low = mid + 1;
    else high = mid;
  }
  if (
    low > 0 &&
    Math.abs((times[low - 1] as number) - at) <= Math.abs((times[low] as number) - at)
  ) {
    return low - 1;
  }
  return low;
}

/**
 * A measured signal over the last `window_hours`, as `render_signal_chart` asks for it: the chart fetches the series
 * (`GET <data-base>/api/v1/signals/data/:id?window_hours=N`, the in-page replay data, or a host resolver) and
 * draws it as one line reduced to the pixel width (lowest and highest reading per pixel column), with the threshold
 * as a dashed line and the anomaly as a marked instant. A summary sentence and a data table say the same in words.
 * While loading it shows a skeleton; a failed load shows why and a Retry button.
 *
 * @tag signal-chart
 * @csspart base - The card.
 * @csspart header - The title and the cell/window line.
 * @csspart title - The signal's name.
 * @csspart meta - Cell, window and unit.
 * @csspart chart - The SVG chart.
 * @csspart summary - The summary sentence.
 * @csspart table - The data table disclosure.
 * @csspart note - A note (cell mismatch, anomaly outside the window, empty series).
 * @csspart loading - The loading skeleton.
 * @csspart error - The load error.
 * @csspart retry - The Retry button.
 * @csspart incomplete - The message shown without a signal id.
 * @cssprop [--agui-card-gap=var(--agui-space-m)] - Space between the regions.
 * @cssprop [--agui-card-padding=var(--agui-space-l)] - Padding inside the border.
 * @cssprop [--agui-card-background=var(--agui-color-surface)] - Background.
 * @cssprop [--agui-card-border-color=var(--agui-color-border)] - Border colour.
 * @cssprop [--agui-card-radius=var(--agui-radius)] - Corner radius.
 * @cssprop [--agui-chart-line-color=var(--agui-color-accent)] - The series line.
 * @cssprop [--agui-chart-threshold-color=var(--agui-color-warning)] - The threshold line and its label.
 * @cssprop [--agui-chart-anomaly-color=var(--agui-color-danger)] - The anomaly mark and its label.
 * @cssprop [--agui-chart-grid-color=var(--agui-color-grid)] - Grid lines.
 * @fires {ArtifactLoadEvent} artifact-load - The series loaded.
 * @fires {ArtifactErrorEvent} artifact-error - The series could not be loaded; `detail.reason` says why.
 */
export class SignalChart extends AguiElement {
  static override styles = [hostStyles, buttonStyles, artifactCardStyles, signalChartStyles];

  private readonly data = new ArtifactDataController<LoadedSeries>(this, () => this.dataRequest());
  private resizeObserver: ResizeObserver | null = null;
  private resizeFrame = 0;
  private pathCache: { key: string; columns: SeriesColumns; d: string } | null = null;

  @state() private width = 640;
  @state() private tableOpen = false;

  /** The `render_signal_chart` props; a field given here wins over the attributes. */
  @property({ attribute: false }) props: Partial<SignalChartProps> | null = null;

  /** The signal definition to chart (`props.signal_def_id`). */
  @property({ type: Number, attribute: 'signal-def-id' }) signalDefId: number | null = null;

  /** How many hours back to chart (`props.window_hours`), 24 by default. */
  @property({ type: Number, attribute: 'window-hours' }) windowHours = 24;

  /** An instant to mark as the anomaly, ISO 8601 (`props.mark_anomaly_at`). */
  @property({ attribute: 'mark-anomaly-at' }) markAnomalyAt: string | null = null;

  /** A threshold line (`props.threshold`); without one the series' own threshold is drawn. */
  @property({ type: Number }) threshold: number | null = null;

  /** The cell the chart is about (`props.cell_id`); a series of another cell gets a note. */
  @property({ attribute: 'cell-id' }) cellId: string | null = null;

  /** Data lookups of the host; win over `source`, `data-base` and the run's. */
  @property({ attribute: false }) resolver: ArtifactDataResolver | null = null;

  /** `replay` reads the in-page synthetic data (no server). */
  @property() source: ArtifactDataSource | null = null;

  /** Where the `/api/v1/...` data routes live (default: the run's, else the page's origin). */
  @property({ attribute: 'data-base' }) dataBase: string | null = null;

  /** Replacements for the default strings (a partial object merged over them). */
  @property({ attribute: false }) strings: Partial<SignalChartStrings> = {};

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    cancelAnimationFrame(this.resizeFrame);
    this.resizeObserver?.disconnect();
    this.resizeObserver = null;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const plot = this.renderRoot.querySelector('.plot');
    if (plot && !this.resizeObserver) {
      this.resizeObserver = new ResizeObserver((entries) => {
        const measured = Math.floor(entries[0]?.contentRect.width ?? 0);
        // Next frame: a re-render inside the observer's callback would change the size it just reported.
        cancelAnimationFrame(this.resizeFrame);
        this.resizeFrame = requestAnimationFrame(() => {
          if (measured > 0 && measured !== this.width) this.width = measured;
        });
      });
      this.resizeObserver.observe(plot);
    } else if (!plot && this.resizeObserver) {
      this.resizeObserver.disconnect();
      this.resizeObserver = null;
    }
  }

  /** Loads the series again (what the Retry button does). */
  reload(): void {
    this.data.retry();
  }

  private handleRetry = () => this.reload();

  private handleTableToggle(event: Event) {
    this.tableOpen = (event.currentTarget as HTMLDetailsElement).open;
  }

  /** What the chart shows: each field from `.props` if it has it, else from the attributes. */
  private resolve(): ChartRequest | null {
    const props = this.props ?? {};
    const signalDefId = wholeNumber(props.signal_def_id) ?? wholeNumber(this.signalDefId);
    const windowHours = wholeNumber(props.window_hours) ?? wholeNumber(this.windowHours);
    if (signalDefId === null || windowHours === null) return null;
    const cell = props.cell_id ?? this.cellId;
    return {
      signalDefId,
      windowHours,
      markAnomalyAt:
        typeof props.mark_anomaly_at === 'string' ? props.mark_anomaly_at : this.markAnomalyAt,
      threshold: finite(props.threshold) ?? finite(this.threshold),
      cellId: cell === null || cell === undefined || cell === '' ? null : String(cell),
    };
  }

  private dataRequest(): DataRequest<LoadedSeries> | null {
    const request = this.resolve();
    if (!request) return null;
    const { signalDefId, windowHours } = request;
    return {
      key: `${signalDefId}|${windowHours}`,
      what: `signal ${signalDefId} over ${windowHours} hours`,
      load: async (resolver, signal) => {
        const answer = await resolver.signalData(signalDefId, windowHours, { signal });
        const series = readSignalSeries(answer, signalDefId);
        const columns = await seriesColumns(series.points, {
          yieldToMain,
          what: `series of signal ${signalDefId}`,
        });
        return { series, columns };
      },
    };
  }

  private withUnit(value: number, unit: string): string {
    const text = numberFormat.format(value);
    return unit ? `${text} ${unit}` : text;
  }

  private linePath(
    columns: SeriesColumns,
    start: number,
    end: number,
    plotWidth: number,
    x: (t: number) => number,
    y: (v: number) => number,
  ): string {
    const key = `${start}|${end}|${plotWidth}|${x(start)}|${y(0)}|${y(1)}`;
    if (this.pathCache?.key === key && this.pathCache.columns === columns) return this.pathCache.d;
    const picks = reduceToColumns(columns, start, end, plotWidth);
    const parts: string[] = new Array<string>(picks.length);
    for (let index = 0; index < picks.length; index += 1) {
      const at = picks[index] as number;
      const px = x(columns.times[at] as number).toFixed(1);
      const py = y(columns.values[at] as number).toFixed(1);
      parts[index] = `${index === 0 ? 'M' : 'L'}${px} ${py}`;
    }
    const d = parts.join('');
    this.pathCache = { key, columns, d };
    return d;
  }

  private renderChart(
    loaded: LoadedSeries,
    request: ChartRequest,
    strings: SignalChartStrings,
    name: string,
  ) {
    const { columns, series } = loaded;
    const times = columns.times;
    const [start, end] = chartedWindow(loaded);
    const threshold = request.threshold ?? series.threshold;
    const low = Math.min(columns.values[columns.minIndex] as number, threshold ?? Infinity);
    const high = Math.max(columns.values[columns.maxIndex] as number, threshold ?? -Infinity);
    const width = Math.max(200, this.width);
    const height = width < 480 ? 200 : HEIGHT;
    const yAxis = niceAxis(low, high, height < HEIGHT ? 4 : 5);
    const yLabels = yAxis.ticks.map((tick) => numberFormat.format(tick));
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
    const axisFormat = new Intl.DateTimeFormat(
      undefined,
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
        : new Intl.DateTimeFormat(undefined, { weekday: 'short', hour: '2-digit' });
    const d = this.linePath(columns, start, end, plotWidth, x, y);
    const anomalyAt = request.markAnomalyAt ? Date.parse(request.markAnomalyAt) : Number.NaN;
    const anomalyInside = Number.isFinite(anomalyAt) && anomalyAt >= start && anomalyAt <= end;
    const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
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
            <text class="label-halo" x=${left + 4} y=${y(threshold) - 5}>${format(
              strings.threshold,
              {
                value: this.withUnit(threshold, series.unit),
              },
            )}</text>
          </g>`;
    return html`<div class="plot">
      <svg
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

  private summaryText(
    loaded: LoadedSeries,
    request: ChartRequest,
    strings: SignalChartStrings,
    name: string,
  ): string {
    const { columns, series } = loaded;
    const full = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
    const unit = series.unit;
    const at = (index: number) => full.format(columns.times[index] as number);
    const sentences = [
      format(strings.summary, {
        name,
        count: columns.length.toLocaleString(),
        start: at(0),
        end: at(columns.length - 1),
        min: this.withUnit(columns.values[columns.minIndex] as number, unit),
        minAt: at(columns.minIndex),
        max: this.withUnit(columns.values[columns.maxIndex] as number, unit),
        maxAt: at(columns.maxIndex),
        last: this.withUnit(columns.values[columns.length - 1] as number, unit),
      }),
    ];
    const threshold = request.threshold ?? series.threshold;
    if (threshold !== null) {
      let above = 0;
      for (let index = 0; index < columns.length; index += 1) {
        if ((columns.values[index] as number) > threshold) above += 1;
      }
      const value = this.withUnit(threshold, unit);
      sentences.push(
        above > 0
          ? format(strings.aboveThreshold, { count: above.toLocaleString(), threshold: value })
          : format(strings.noneAboveThreshold, { threshold: value }),
      );
    }
    const anomalyAt = request.markAnomalyAt ? Date.parse(request.markAnomalyAt) : Number.NaN;
    if (Number.isFinite(anomalyAt)) {
      const [start, end] = chartedWindow(loaded);
      if (anomalyAt >= start && anomalyAt <= end) {
        const index = nearestIndex(columns.times, anomalyAt);
        sentences.push(
          format(strings.anomalyMarked, {
            at: full.format(anomalyAt),
            value: this.withUnit(columns.values[index] as number, unit),
          }),
        );
      }
    }
    return sentences.join(' ');
  }

  private renderTable(loaded: LoadedSeries, strings: SignalChartStrings, name: string) {
    const { columns, series } = loaded;
    const full = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
    const valueHeader = series.unit ? `${strings.value} (${series.unit})` : strings.value;
    let table: TemplateResult | typeof nothing = nothing;
    if (this.tableOpen && columns.length <= TABLE_ROWS) {
      const rows = Array.from({ length: columns.length }, (_, index) => index);
      table = html`<table>
        <caption>
          ${format(strings.tableCaption, { name, count: columns.length })}
        </caption>
        <thead>
          <tr>
            <th scope="col">${strings.time}</th>
            <th scope="col" class="number">${valueHeader}</th>
          </tr>
        </thead>
        <tbody>
          ${rows.map(
            (index) =>
              html`<tr>
                <td>${full.format(columns.times[index] as number)}</td>
                <td class="number">${numberFormat.format(columns.values[index] as number)}</td>
              </tr>`,
          )}
        </tbody>
      </table>`;
    } else if (this.tableOpen) {
      const size = Math.ceil(columns.length / TABLE_GROUPS);
      const groups = Array.from({ length: Math.ceil(columns.length / size) }, (_, group) => {
        const from = group * size;
        const to = Math.min(columns.length, from + size);
        let lowest = Infinity;
        let highest = -Infinity;
        for (let index = from; index < to; index += 1) {
          const value = columns.values[index] as number;
          if (value < lowest) lowest = value;
          if (value > highest) highest = value;
        }
        return { from: columns.times[from] as number, lowest, highest };
      });
      table = html`<table>
        <caption>
          ${format(strings.tableGroupedCaption, {
            name,
            count: columns.length.toLocaleString(),
            groups: groups.length,
          })}
        </caption>
        <thead>
          <tr>
            <th scope="col">${strings.from}</th>
            <th scope="col" class="number">
              ${strings.lowest}${series.unit ? ` (${series.unit})` : ''}
            </th>
            <th scope="col" class="number">
              ${strings.highest}${series.unit ? ` (${series.unit})` : ''}
            </th>
          </tr>
        </thead>
        <tbody>
          ${groups.map(
            (group) =>
              html`<tr>
                <td>${full.format(group.from)}</td>
                <td class="number">${numberFormat.format(group.lowest)}</td>
                <td class="number">${numberFormat.format(group.highest)}</td>
              </tr>`,
          )}
        </tbody>
      </table>`;
    }
    return html`<details part="table" @toggle=${this.handleTableToggle}>
      <summary>${strings.tableToggle}</summary>
      <div class="table-scroll" role="region" aria-label=${strings.tableToggle} tabindex="0">
        ${table}
      </div>
    </details>`;
  }

  protected override render() {
    const strings = mergeStrings(SIGNAL_CHART_STRINGS, this.strings);
    const request = this.resolve();
    if (!request) {
      return html`<div part="base" class="base">
        <p part="incomplete" class="note">${strings.incomplete}</p>
      </div>`;
    }
    const loadState = this.data.state;
    const loaded = loadState.status === 'ready' ? loadState.value : null;
    const name = loaded?.series.name ?? format(strings.untitled, { id: request.signalDefId });
    const unit = loaded?.series.unit;
    const meta = [
      request.cellId === null ? null : format(strings.cell, { id: request.cellId }),
      format(strings.window, { hours: request.windowHours }),
      unit || null,
    ].filter((item): item is string => item !== null);
    const actualCell = loaded?.series.cell_id;
    const mismatch =
      loaded &&
      request.cellId !== null &&
      actualCell !== null &&
      actualCell !== undefined &&
      String(actualCell) !== request.cellId
        ? html`<p part="note" class="note warning">
            ${format(strings.cellMismatch, { actual: String(actualCell), expected: request.cellId })}
          </p>`
        : nothing;
    let body: TemplateResult;
    if (loadState.status === 'error') {
      body = renderLoadError(
        format(strings.loadError, { id: request.signalDefId }),
        loadState.reason,
        strings.retry,
        this.handleRetry,
      );
    } else if (!loaded) {
      body = renderSkeleton(format(strings.loading, { id: request.signalDefId }));
    } else if (loaded.columns.length === 0) {
      body = html`<p part="note" class="note">${strings.empty}</p>`;
    } else {
      const anomalyAt = request.markAnomalyAt ? Date.parse(request.markAnomalyAt) : Number.NaN;
      const [start, end] = chartedWindow(loaded);
      const outside =
        request.markAnomalyAt !== null &&
        (!Number.isFinite(anomalyAt) || anomalyAt < start || anomalyAt > end);
      body = html`${this.renderChart(loaded, request, strings, name)}
        <p id="summary" part="summary" class="summary">
          ${this.summaryText(loaded, request, strings, name)}
        </p>
        ${
          outside
            ? html`<p part="note" class="note warning">
                ${format(strings.anomalyOutside, { at: request.markAnomalyAt ?? '' })}
              </p>`
            : nothing
        }
        ${this.renderTable(loaded, strings, name)}`;
    }
    return html`<figure part="base" class="base" aria-labelledby="title">
      <div part="header" class="header">
        <h3 id="title" part="title" class="title">${name}</h3>
        <p part="meta" class="meta">
          ${joinMeta([
            ...meta.map((item) => html`<span>${item}</span>`),
            ...(loaded?.series.synthetic
              ? [html`<span class="badge">${strings.synthetic}</span>`]
              : []),
          ])}
        </p>
      </div>
      ${mismatch} ${body}
    </figure>`;
  }
}
