// <service-chart>: latency against volume as an SVG chart and a table, with series filters, a selection and its
// comparison with the run's first snapshot.
import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import {
  compareService,
  selectSelectedComparison,
  selectServiceBaseline,
  type ServiceBaseline,
  type ServiceComparison,
} from '../../src/analysis/baseline.js';
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
import { renderDisclosure, selectDisclosure } from '../shared/disclosure.js';
import { ServiceSelectEvent, type SelectedService } from '../shared/events.js';
import { buttonStyles, hostStyles } from '../shared/host-styles.js';
import { shallowEqual, StoreController } from '../shared/store-controller.js';
import { format } from '../shared/strings.js';
import { SERVICE_CHART_STRINGS, type ServiceChartStrings } from './service-chart.strings.js';
import { serviceChartStyles } from './service-chart.styles.js';
import {
  comparisonAnnouncement,
  numberFormat,
  renderCellChange,
  renderComparison,
  renderRowMark,
} from './service-comparison.js';
import { legendIcon, renderServicePlot } from './service-plot.js';

export { SERVICE_CHART_STRINGS, type ServiceChartStrings } from './service-chart.strings.js';

interface ChartView {
  readonly services: readonly Service[];
  readonly visible: readonly Service[];
  readonly view: AnalysisView;
  readonly current: boolean;
  readonly status: RunStatus;
  readonly run: number;
  readonly disclosure: string | null;
  readonly baseline: ServiceBaseline | null;
  readonly comparison: ServiceComparison | null;
}

const selectChart = (state: RunStoreState): ChartView => ({
  services: selectServices(state),
  visible: selectVisibleServices(state),
  view: selectAnalysisView(state),
  current: selectDataIsCurrent(state),
  status: state.run.status,
  run: state.run.number,
  disclosure: selectDisclosure(state),
  baseline: selectServiceBaseline(state),
  comparison: selectSelectedComparison(state),
});

const FILTERS: readonly ServiceFilter[] = ['All', 'Core', 'Platform'];

/**
 * Latency against volume of the analysis services, as an SVG chart and a table captioned "Synthetic service
 * measurements". Filters All, Core and Platform narrow both; a row's button selects its service (a ring and a label
 * in the chart, "Selected" in the table). The selected service is compared with its run's first valid snapshot (the
 * baseline the analysis plugin keeps): both values and the change as text beside the table (announced once per
 * selection), in its row, and as a dashed diamond on the chart joined to the current mark. When the active run has not
 * sent its own data yet, or after a cancel or failure, it keeps showing the last valid data and says so.
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
 * @csspart comparison - The selected service against its run's first snapshot.
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
 * @cssprop [--agui-chart-baseline-color=var(--agui-color-text-muted)] - The baseline marker and its dashed line.
 * @fires {ServiceSelectEvent} service-select - A person selected or cleared a service; `detail.comparison` compares it
 * with its run's first snapshot; `preventDefault()` vetoes it.
 */
export class ServiceChart extends AguiElement {
  static override styles = [hostStyles, buttonStyles, serviceChartStyles];

  private readonly state = new StoreController(this, selectChart, { equals: shallowEqual });

  /** The chart's width in CSS pixels, measured, so its text keeps its size on a phone. */
  @state() private chartWidth = 560;

  /** Replacements for the default strings (a partial object merged over them). */
  @property({ attribute: false }) strings: Partial<ServiceChartStrings> = {};

  /** The selected service and its comparison with the run's first snapshot, or null without a selection. */
  get selectedService(): SelectedService | null {
    const { comparison, services } = this.state.value;
    const service = services.find((item) => item.id === comparison?.id);
    return comparison && service ? { id: service.id, service, comparison } : null;
  }

  /** What the live region says: set when the selection changes, never by a patch. */
  private announcement = '';
  private announcedId: string | null = null;

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

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    const selected = this.selectedService;
    const id = selected?.id ?? null;
    if (id === this.announcedId) return;
    this.announcedId = id;
    this.announcement = selected
      ? comparisonAnnouncement(
          selected.service,
          selected.comparison,
          this.locale.strings('service-chart', SERVICE_CHART_STRINGS, this.strings),
          this.locale.lang,
        )
      : '';
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
    const { view, baseline, status } = this.state.value;
    const id = view.selectedId === service.id ? null : service.id;
    const runOpen = status === 'Connecting' || status === 'Streaming';
    const event = new ServiceSelectEvent({
      id,
      service: id === null ? null : service,
      comparison: id === null ? null : compareService(service, baseline, runOpen),
    });
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

  private renderToolbar(chart: ChartView, text: ServiceChartStrings) {
    const view = chart.view;
    const baselineShown =
      chart.comparison?.kind === 'compared' &&
      chart.visible.some((service) => service.id === chart.comparison?.id);
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
        ${
          baselineShown
            ? html`<li class="baseline-legend">${legendIcon('baseline')}${text.legendBaseline}</li>`
            : nothing
        }
      </ul>
    </div>`;
  }

  private renderTable(chart: ChartView, text: ServiceChartStrings) {
    const selectedId = chart.view.selectedId;
    const comparison = chart.comparison;
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
                    dir="auto"
                    @click=${() => this.handleSelect(service)}
                  >
                    ${service.name}
                  </button>
                  ${isSelected ? html`<span class="selected-mark">${text.selected}</span>` : nothing}
                  ${isSelected ? renderRowMark(comparison, text) : nothing}
                </td>
                <td>
                  <span class="series ${service.series === 'Core' ? 'core' : 'platform'}">
                    ${legendIcon(service.series)}<span class="series-name"
                      >${this.seriesName(service.series, text)}</span
                    >
                  </span>
                </td>
                <td class="number">
                  ${numberFormat(this.locale.lang).format(service.volume)}
                  ${isSelected ? renderCellChange(comparison, 'volume', text, this.locale.lang) : nothing}
                </td>
                <td class="number">
                  ${numberFormat(this.locale.lang).format(service.latency)}
                  ${isSelected ? renderCellChange(comparison, 'latency', text, this.locale.lang) : nothing}
                </td>
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
    const plot = renderServicePlot({
      services: chart.services,
      visible: chart.visible,
      selectedId: chart.view.selectedId,
      baseline: chart.baseline,
      comparison: chart.comparison,
      width: this.chartWidth,
      text,
      lang: this.locale.lang,
      chartRef: this.handleChartRef,
    });
    const selected = this.selectedService;
    return html`${noneVisible}
      <div class="panels">
        ${plot}
        <div class="side">
          ${this.renderTable(chart, text)}
          ${selected ? renderComparison(selected.service, selected.comparison, text, this.locale.lang) : nothing}
        </div>
      </div>`;
  }

  protected override render() {
    const text = this.locale.strings('service-chart', SERVICE_CHART_STRINGS, this.strings);
    const chart = this.state.value;
    const note = this.keptNote(chart, text);
    return html`<div part="base" class="base">
      ${this.renderToolbar(chart, text)}
      ${note ? html`<p part="note" class="note">${note}</p>` : nothing}
      ${this.renderData(chart, text)} ${renderDisclosure(chart.disclosure)}
      <div class="visually-hidden" aria-live="polite" aria-atomic="true">${this.announcement}</div>
    </div>`;
  }
}
