// <signal-chart>: a measured signal over a time window, fetched by id — line, threshold, anomaly mark, summary, table.
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { readSignalSeries } from '../../src/artifacts/data.js';
import type { SignalChartProps } from '../../src/artifacts/props.js';
import type { ArtifactDataResolver } from '../../src/artifacts/resolvers.js';
import { seriesColumns, yieldToMain } from '../../src/artifacts/series.js';
import type { ArtifactDataSource } from '../../src/artifacts/view.js';
import { AguiElement } from '../shared/agui-element.js';
import { ArtifactDataController, type DataRequest } from '../shared/artifact-data.js';
import { joinMeta, renderLoadError, renderSkeleton } from '../shared/artifact-parts.js';
import { artifactCardStyles } from '../shared/artifact-styles.js';
import { buttonStyles, hostStyles } from '../shared/host-styles.js';
import { format } from '../shared/strings.js';
import { SIGNAL_CHART_STRINGS, type SignalChartStrings } from './signal-chart.strings.js';
import { signalChartStyles } from './signal-chart.styles.js';
import { LinePathCache, renderSignalPlot } from './signal-plot.js';
import {
  chartedWindow,
  finite,
  wholeNumber,
  type ChartRequest,
  type LoadedSeries,
} from './signal-series.js';
import { signalSummary } from './signal-summary.js';
import { renderSignalTable } from './signal-table.js';

export { SIGNAL_CHART_STRINGS, type SignalChartStrings } from './signal-chart.strings.js';
export type { LoadedSeries } from './signal-series.js';

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
  private readonly paths = new LinePathCache();

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

  private handleTableToggle = (event: Event) => {
    this.tableOpen = (event.currentTarget as HTMLDetailsElement).open;
  };

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

  protected override render() {
    const strings = this.locale.strings('signal-chart', SIGNAL_CHART_STRINGS, this.strings);
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
      const plot = renderSignalPlot({
        loaded,
        request,
        strings,
        lang: this.locale.lang,
        name,
        width: this.width,
        paths: this.paths,
      });
      body = html`${plot}
        <p id="summary" part="summary" class="summary">
          ${signalSummary(loaded, request, strings, name, this.locale.lang)}
        </p>
        ${
          outside
            ? html`<p part="note" class="note warning">
                ${format(strings.anomalyOutside, { at: request.markAnomalyAt ?? '' })}
              </p>`
            : nothing
        }
        ${renderSignalTable(
          loaded,
          strings,
          name,
          this.locale.lang,
          this.tableOpen,
          this.handleTableToggle,
        )}`;
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
