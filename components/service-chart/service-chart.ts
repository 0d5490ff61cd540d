// <service-chart>: latency against volume as an SVG chart and a table, with series filters and a selection.
import { html, nothing, svg, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { ref } from 'lit/directives/ref.js';
import { repeat } from 'lit/directives/repeat.js';
import { selectService, setServiceFilter } from '../../src/analysis/plugin.js';
import {
  selectAnalysisView,
  selectDataIsCurrent,
  selectServices,
  selectVisibleServices,
} from '../../src/analysis/selectors.js';
import type {
  AnalysisView,
  Service,
  ServiceFilter,
  ServiceSeries,
} from '../../src/analysis/types.js';
import type { RunStatus, RunStoreState } from '../../src/store/types.js';
import { AguiElement } from '../shared/agui-element.js';
import { selectDisclosure } from '../shared/disclosure.js';
import { ServiceSelectEvent } from '../shared/events.js';
import { buttonStyles, hostStyles } from '../shared/host-styles.js';
import { shallowEqual, StoreController } from '../shared/store-controller.js';
import { format, mergeStrings } from '../shared/strings.js';
import { linear, niceAxis } from './scale.js';
import { serviceChartStyles } from './service-chart.styles.js';

/** Every visible string of `<service-chart>`; `{…}` placeholders are filled in. */
export interface ServiceChartStrings {
  readonly filters: string;
  readonly all: string;
  readonly core: string;
  readonly platform: string;
  readonly legendSelected: string;
  readonly caption: string;
  readonly service: string;
  readonly series: string;
  readonly volume: string;
  readonly latency: string;
  readonly selected: string;
  readonly xAxis: string;
  readonly yAxis: string;
  readonly chartLabel: string;
  readonly chartSelected: string;
  readonly empty: string;
  readonly waiting: string;
  readonly noneInSeries: string;
  readonly keptWhilePending: string;
  readonly keptAfterFailure: string;
  readonly keptAfterCancel: string;
  /** The empty state after a run that failed before sending data; `{run}` is its number. */
  readonly failedWithoutData: string;
}

export const SERVICE_CHART_STRINGS: ServiceChartStrings = {
  filters: 'Show',
  all: 'All',
  core: 'Core',
  platform: 'Platform',
  legendSelected: 'Selected',
  caption: 'Synthetic service measurements',
  service: 'Service',
  series: 'Series',
  volume: 'Volume',
  latency: 'Latency (ms)',
  selected: 'Selected',
  xAxis: 'Volume (requests)',
  yAxis: 'Latency (ms)',
  chartLabel: 'Latency against volume of {count} services.',
  chartSelected: '{name} is selected.',
  empty: 'No measurements yet. Run a scenario to load synthetic data.',
  waiting: 'Waiting for the first measurements…',
  noneInSeries: 'No {series} services in the current data.',
  keptWhilePending: 'Run {run} has not sent its own data yet: showing the last valid data.',
  keptAfterFailure: 'Run {run} failed: showing the last valid data.',
  keptAfterCancel: 'Run {run} was cancelled: showing the last valid data.',
  failedWithoutData: 'Run {run} failed before any measurements arrived.',
};

interface ChartView {
  readonly services: readonly Service[];
  readonly visible: readonly Service[];
  readonly view: AnalysisView;
  readonly current: boolean;
  readonly status: RunStatus;
  readonly run: number;
  readonly disclosure: string | null;
}

const selectChart = (state: RunStoreState): ChartView => ({
  services: selectServices(state),
  visible: selectVisibleServices(state),
  view: selectAnalysisView(state),
  current: selectDataIsCurrent(state),
  status: state.run.status,
  run: state.run.number,
  disclosure: selectDisclosure(state),
});

const FILTERS: readonly ServiceFilter[] = ['All', 'Core', 'Platform'];
const MARGIN = { top: 28, right: 20, bottom: 48, left: 52 } as const;
const MARK_RADIUS = 6.5;
const numberFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

/** The series' mark: a circle for Core, a square for Platform, so they differ by shape as well as colour. */
function seriesMark(series: ServiceSeries, radius = MARK_RADIUS): TemplateResult {
  return series === 'Core'
    ? svg`<circle class="mark" r=${radius}></circle>`
    : svg`<rect class="mark" x=${-radius} y=${-radius} width=${radius * 2} height=${radius * 2}></rect>`;
}

function legendIcon(series: ServiceSeries | 'selected'): TemplateResult {
  const mark =
    series === 'selected'
      ? svg`<circle class="ring" cx="7" cy="7" r="5.5"></circle>`
      : svg`<g class=${series === 'Core' ? 'core' : 'platform'} transform="translate(7 7)">${seriesMark(series, 5)}</g>`;
  return html`<svg viewBox="0 0 14 14" aria-hidden="true" focusable="false">${mark}</svg>`;
}

/**
 * Latency against volume of the analysis services, as an SVG chart and a table captioned "Synthetic service
 * measurements". Filters All, Core and Platform narrow both; a row's button selects its service (a ring and a label
 * in the chart, "Selected" in the table). When the active run has not sent its own data yet, or after a cancel or
 * failure, it keeps showing the last valid data and says so.
 *
 * @tag service-chart
 * @csspart base - The wrapper of everything.
 * @csspart toolbar - The filters and the legend.
 * @csspart filters - The group of the All, Core and Platform buttons.
 * @csspart legend - The legend of marks.
 * @csspart note - The note that the data shown is kept from before.
 * @csspart empty - The message shown before any data.
 * @csspart chart - The figure holding the SVG chart.
 * @csspart table - The scroll container of the table.
 * @csspart disclosure - The run's disclosure sentence.
 * @cssprop [--agui-chart-gap=var(--agui-space-m)] - Space between the regions.
 * @cssprop [--agui-chart-padding=var(--agui-space-l)] - Padding inside the border.
 * @cssprop [--agui-chart-background=var(--agui-color-surface)] - Background.
 * @cssprop [--agui-chart-border-color=var(--agui-color-border)] - Border colour.
 * @cssprop [--agui-chart-radius=var(--agui-radius)] - Corner radius.
 * @cssprop [--agui-chart-grid-color=var(--agui-color-grid)] - Grid lines.
 * @cssprop [--agui-chart-core-color=var(--agui-color-core)] - Core marks.
 * @cssprop [--agui-chart-platform-color=var(--agui-color-platform)] - Platform marks.
 * @cssprop [--agui-chart-selected-color=var(--agui-color-text)] - The selection ring and row marker.
 * @cssprop [--agui-chart-selected-background=var(--agui-color-surface-raised)] - The selected row.
 * @fires {ServiceSelectEvent} service-select - A person selected or cleared a service; `preventDefault()` vetoes it.
 */
export class ServiceChart extends AguiElement {
  static override styles = [hostStyles, buttonStyles, serviceChartStyles];

  private readonly state = new StoreController(this, selectChart, { equals: shallowEqual });

  /** The chart's width in CSS pixels, measured, so its text keeps its size on a phone. */
  @state() private chartWidth = 560;

  /** Replacements for the default strings (a partial object merged over them). */
  @property({ attribute: false }) strings: Partial<ServiceChartStrings> = {};

  private readonly resizeObserver =
    typeof ResizeObserver === 'undefined'
      ? null
      : new ResizeObserver((entries) => this.handleResize(entries));
  private observedChart: Element | null = null;
  private resizeFrame = 0;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    cancelAnimationFrame(this.resizeFrame);
  }

  private handleResize(entries: readonly ResizeObserverEntry[]): void {
    const width = Math.round(entries[entries.length - 1]?.contentRect.width ?? 0);
    if (width <= 0 || Math.abs(width - this.chartWidth) < 2) return;
    // Next frame, so a height change cannot feed back into this same observation.
    cancelAnimationFrame(this.resizeFrame);
    this.resizeFrame = requestAnimationFrame(() => {
      this.chartWidth = width;
    });
  }

  private handleChartRef = (element: Element | undefined): void => {
    if (element === this.observedChart) return;
    if (this.observedChart) this.resizeObserver?.unobserve(this.observedChart);
    this.observedChart = element ?? null;
    if (element) this.resizeObserver?.observe(element);
  };

  private handleFilter(filter: ServiceFilter): void {
    const store = this.state.store;
    if (store) setServiceFilter(store, filter);
  }

  private handleSelect(service: Service): void {
    const store = this.state.store;
    if (!store) return;
    const id = this.state.value.view.selectedId === service.id ? null : service.id;
    const event = new ServiceSelectEvent({ id, service: id === null ? null : service });
    if (!this.dispatchEvent(event)) return;
    selectService(store, id);
  }

  private seriesName(series: ServiceSeries, text: ServiceChartStrings): string {
    return series === 'Core' ? text.core : text.platform;
  }

  private filterName(filter: ServiceFilter, text: ServiceChartStrings): string {
    return filter === 'All' ? text.all : this.seriesName(filter, text);
  }

  private keptNote(chart: ChartView, text: ServiceChartStrings): string | null {
    if (chart.current || chart.services.length === 0) return null;
    const values = { run: chart.run };
    if (chart.status === 'Failed') return format(text.keptAfterFailure, values);
    if (chart.status === 'Cancelled') return format(text.keptAfterCancel, values);
    return format(text.keptWhilePending, values);
  }

  private renderToolbar(view: AnalysisView, text: ServiceChartStrings) {
    const disabled = this.state.store === null;
    return html`<div part="toolbar" class="toolbar">
      <div part="filters" class="filters" role="group" aria-labelledby="filters-label">
        <span id="filters-label" class="filters-label">${text.filters}</span>
        ${FILTERS.map(
          (filter) =>
            html`<button
              class="button"
              type="button"
              aria-pressed=${view.filter === filter ? 'true' : 'false'}
              ?disabled=${disabled}
              @click=${() => this.handleFilter(filter)}
            >
              ${this.filterName(filter, text)}
            </button>`,
        )}
      </div>
      <ul part="legend" class="legend">
        <li>${legendIcon('Core')}${text.core}</li>
        <li>${legendIcon('Platform')}${text.platform}</li>
        <li>${legendIcon('selected')}${text.legendSelected}</li>
      </ul>
    </div>`;
  }

  private renderChart(chart: ChartView, text: ServiceChartStrings) {
    const width = Math.max(240, this.chartWidth);
    const height = Math.round(Math.min(360, Math.max(220, width * 0.6)));
    const plotRight = width - MARGIN.right;
    const plotBottom = height - MARGIN.bottom;
    // The axes span every service, not only the visible ones, so a filter never rescales the chart.
    const xAxis = niceAxis(
      0,
      Math.max(...chart.services.map((service) => service.volume)),
      Math.max(5, width / 90),
    );
    const yAxis = niceAxis(0, Math.max(...chart.services.map((service) => service.latency)), 5);
    const x = linear([xAxis.min, xAxis.max], [MARGIN.left, plotRight]);
    const y = linear([yAxis.min, yAxis.max], [plotBottom, MARGIN.top]);
    const selectedId = chart.view.selectedId;
    const selected = chart.visible.find((service) => service.id === selectedId) ?? null;
    // The selected mark is drawn last, on top.
    const ordered = selected
      ? [...chart.visible.filter((service) => service !== selected), selected]
      : chart.visible;
    const label = [
      format(text.chartLabel, { count: chart.visible.length }),
      selected ? format(text.chartSelected, { name: selected.name }) : '',
    ]
      .join(' ')
      .trim();
    return html`<figure part="chart" class="chart" ${ref(this.handleChartRef)}>
      <svg viewBox="0 0 ${width} ${height}" role="img" aria-label=${label}>
        <g aria-hidden="true">
          ${yAxis.ticks.map(
            (tick) => svg`
              <line class="grid-line" x1=${MARGIN.left} x2=${plotRight} y1=${y(tick)} y2=${y(tick)}></line>
              <text class="tick-label" x=${MARGIN.left - 8} y=${y(tick)} dy="0.32em" text-anchor="end">
                ${numberFormat.format(tick)}
              </text>`,
          )}
          ${xAxis.ticks.map(
            (tick) => svg`
              <line class="grid-line" x1=${x(tick)} x2=${x(tick)} y1=${MARGIN.top} y2=${plotBottom}></line>
              <text class="tick-label" x=${x(tick)} y=${plotBottom + 18} text-anchor="middle">
                ${numberFormat.format(tick)}
              </text>`,
          )}
          <line
            class="axis-line"
            x1=${MARGIN.left}
            x2=${plotRight}
            y1=${plotBottom}
            y2=${plotBottom}
          ></line>
          <line
            class="axis-line"
            x1=${MARGIN.left}
            x2=${MARGIN.left}
            y1=${MARGIN.top}
            y2=${plotBottom}
          ></line>
          <text
            class="axis-label"
            x=${(MARGIN.left + plotRight) / 2}
            y=${height - 6}
            text-anchor="middle"
          >
            ${text.xAxis}
          </text>
          <text class="axis-label" x=${MARGIN.left - 8} y=${MARGIN.top - 12}>${text.yAxis}</text>
          ${repeat(
            ordered,
            (service) => service.id,
            (service) => {
              const px = x(service.volume);
              const py = y(service.latency);
              const isSelected = service === selected;
              // A label goes left of its mark only where it would leave the chart (about 8 px a character).
              const labelLeft = px + MARK_RADIUS + 9 + service.name.length * 8 > width - 2;
              return svg`<g
                class="point ${service.series === 'Core' ? 'core' : 'platform'}"
                data-id=${service.id}
                transform="translate(${px} ${py})"
              >
                ${isSelected ? svg`<circle class="ring" r=${MARK_RADIUS + 6}></circle>` : nothing}
                ${seriesMark(service.series)}
                <text
                  class="point-label ${isSelected ? 'selected' : ''}"
                  x=${labelLeft ? -(MARK_RADIUS + 9) : MARK_RADIUS + 9}
                  dy="0.32em"
                  text-anchor=${labelLeft ? 'end' : 'start'}
                >${service.name}</text>
              </g>`;
            },
          )}
        </g>
      </svg>
    </figure>`;
  }

  private renderTable(chart: ChartView, text: ServiceChartStrings) {
    const selectedId = chart.view.selectedId;
    return html`<div part="table" class="table-scroll">
      <table>
        <caption>
          ${text.caption}
        </caption>
        <thead>
          <tr>
            <th scope="col">${text.service}</th>
            <th scope="col">${text.series}</th>
            <th scope="col" class="number">${text.volume}</th>
            <th scope="col" class="number">${text.latency}</th>
          </tr>
        </thead>
        <tbody>
          ${repeat(
            chart.visible,
            (service) => service.id,
            (service) => {
              const isSelected = service.id === selectedId;
              return html`<tr class=${isSelected ? 'selected' : ''} data-id=${service.id}>
                <td>
                  <button
                    class="button row-button"
                    type="button"
                    aria-pressed=${isSelected ? 'true' : 'false'}
                    @click=${() => this.handleSelect(service)}
                  >
                    ${service.name}
                  </button>
                  ${isSelected ? html`<span class="selected-mark">${text.selected}</span>` : nothing}
                </td>
                <td>
                  <span class="series ${service.series === 'Core' ? 'core' : 'platform'}">
                    ${legendIcon(service.series)}<span class="series-name"
                      >${this.seriesName(service.series, text)}</span
                    >
                  </span>
                </td>
                <td class="number">${numberFormat.format(service.volume)}</td>
                <td class="number">${numberFormat.format(service.latency)}</td>
              </tr>`;
            },
          )}
        </tbody>
      </table>
    </div>`;
  }

  private renderData(chart: ChartView, text: ServiceChartStrings) {
    if (chart.services.length === 0) {
      const waiting = chart.status === 'Connecting' || chart.status === 'Streaming';
      const message = waiting
        ? text.waiting
        : chart.status === 'Failed'
          ? `${format(text.failedWithoutData, { run: chart.run })} ${text.empty}`
          : text.empty;
      return html`<p part="empty" class="empty">${message}</p>`;
    }
    const noneVisible =
      chart.visible.length === 0 && chart.view.filter !== 'All'
        ? html`<p part="empty" class="empty">
            ${format(text.noneInSeries, { series: this.filterName(chart.view.filter, text) })}
          </p>`
        : nothing;
    return html`${noneVisible}
      <div class="panels">${this.renderChart(chart, text)} ${this.renderTable(chart, text)}</div>`;
  }

  protected override render() {
    const text = mergeStrings(SERVICE_CHART_STRINGS, this.strings);
    const chart = this.state.value;
    const note = this.keptNote(chart, text);
    return html`<div part="base" class="base">
      ${this.renderToolbar(chart.view, text)}
      ${note ? html`<p part="note" class="note">${note}</p>` : nothing}
      ${this.renderData(chart, text)}
      ${chart.disclosure ? html`<p part="disclosure" class="disclosure">${chart.disclosure}</p>` : nothing}
    </div>`;
  }
}
