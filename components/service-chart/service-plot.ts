// The SVG plot of <service-chart>: axes, one mark per visible service, the selection ring and its baseline marker.
import { html, nothing, svg, type TemplateResult } from 'lit';
import { ref } from 'lit/directives/ref.js';
import { repeat } from 'lit/directives/repeat.js';
import type { ServiceBaseline, ServiceComparison } from '../../src/analysis/baseline.js';
import type { Service, ServiceSeries } from '../../src/analysis/types.js';
import { format } from '../shared/strings.js';
import { linear, niceAxis } from './scale.js';
import type { ServiceChartStrings } from './service-chart.strings.js';
import { numberFormat } from './service-comparison.js';

const MARGIN = { top: 28, right: 20, bottom: 48, left: 52 } as const;
const MARK_RADIUS = 6.5;

/** The series' mark: a circle for Core, a square for Platform, so they differ by shape as well as colour. */
export function seriesMark(series: ServiceSeries, radius = MARK_RADIUS): TemplateResult {
  return series === 'Core'
    ? svg`<circle class="mark" r=${radius}></circle>`
    : svg`<rect class="mark" x=${-radius} y=${-radius} width=${radius * 2} height=${radius * 2}></rect>`;
}

/** The baseline's mark: a hollow diamond with a dashed outline, unlike either series' mark. */
function baselineMark(radius: number): TemplateResult {
  return svg`<path class="baseline-mark" d="M0 ${-radius}L${radius} 0L0 ${radius}L${-radius} 0Z"></path>`;
}

export function legendIcon(kind: ServiceSeries | 'selected' | 'baseline'): TemplateResult {
  const mark =
    kind === 'selected'
      ? svg`<circle class="ring" cx="7" cy="7" r="5.5"></circle>`
      : kind === 'baseline'
        ? svg`<g transform="translate(7 7)">${baselineMark(5.5)}</g>`
        : svg`<g class=${kind === 'Core' ? 'core' : 'platform'} transform="translate(7 7)">${seriesMark(kind, 5)}</g>`;
  return html`<svg viewBox="0 0 14 14" aria-hidden="true" focusable="false">${mark}</svg>`;
}

export interface ServicePlotOptions {
  readonly services: readonly Service[];
  readonly visible: readonly Service[];
  readonly selectedId: string | null;
  readonly baseline: ServiceBaseline | null;
  readonly comparison: ServiceComparison | null;
  /** The measured width of the chart, in CSS pixels. */
  readonly width: number;
  readonly text: ServiceChartStrings;
  /** The element's language, for the axes' numbers and the chart's name. */
  readonly lang: string;
  readonly chartRef: (element: Element | undefined) => void;
}

export function renderServicePlot(options: ServicePlotOptions): TemplateResult {
  const { services, visible, selectedId, comparison, text, lang } = options;
  const numbers = numberFormat(lang);
  const width = Math.max(240, options.width);
  const height = Math.round(Math.min(360, Math.max(220, width * 0.6)));
  const plotRight = width - MARGIN.right;
  const plotBottom = height - MARGIN.bottom;
  // The axes span every service and the run's baseline, so neither a filter nor a selection rescales the chart.
  const spanned = [...services, ...(options.baseline?.services ?? [])];
  const xAxis = niceAxis(
    0,
    Math.max(...spanned.map((service) => service.volume)),
    Math.max(5, width / 90),
  );
  const yAxis = niceAxis(0, Math.max(...spanned.map((service) => service.latency)), 5);
  const x = linear([xAxis.min, xAxis.max], [MARGIN.left, plotRight]);
  const y = linear([yAxis.min, yAxis.max], [plotBottom, MARGIN.top]);
  const selected = visible.find((service) => service.id === selectedId) ?? null;
  // The selected mark is drawn last, on top.
  const ordered = selected
    ? [...visible.filter((service) => service !== selected), selected]
    : visible;
  const before = selected && comparison?.kind === 'compared' ? comparison.baseline : null;
  const label = [
    format(text.chartLabel, { count: visible.length }, lang),
    selected ? format(text.chartSelected, { name: selected.name }) : '',
    selected && before && comparison
      ? format(text.chartBaseline, {
          run: comparison.run,
          latency: numbers.format(before.latency),
          volume: numbers.format(before.volume),
        })
      : '',
  ]
    .filter(Boolean)
    .join(' ');
  const baselineMarker =
    selected && before
      ? svg`<g class="baseline" data-id=${selected.id}>
          <line
            class="baseline-link"
            x1=${x(before.volume)}
            y1=${y(before.latency)}
            x2=${x(selected.volume)}
            y2=${y(selected.latency)}
          ></line>
          <g transform="translate(${x(before.volume)} ${y(before.latency)})">${baselineMark(MARK_RADIUS + 1.5)}</g>
        </g>`
      : nothing;
  return html`<figure part="chart" class="chart" ${ref(options.chartRef)}>
    <!-- Numeric axes read left to right in every language; the legend and caption around follow the page. -->
    <svg viewBox="0 0 ${width} ${height}" role="img" aria-label=${label} dir="ltr">
      <g aria-hidden="true">
        ${yAxis.ticks.map(
          (tick) => svg`
            <line class="grid-line" x1=${MARGIN.left} x2=${plotRight} y1=${y(tick)} y2=${y(tick)}></line>
            <text class="tick-label" x=${MARGIN.left - 8} y=${y(tick)} dy="0.32em" text-anchor="end">
              ${numbers.format(tick)}
            </text>`,
        )}
        ${xAxis.ticks.map(
          (tick) => svg`
            <line class="grid-line" x1=${x(tick)} x2=${x(tick)} y1=${MARGIN.top} y2=${plotBottom}></line>
            <text
              class="tick-label"
              x=${x(tick)}
              y=${plotBottom + 18}
              text-anchor=${
                /* a label at the right edge stays inside the plot */ x(tick) >= plotRight - 1
                  ? 'end'
                  : 'middle'
              }
            >
              ${numbers.format(tick)}
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
        ${baselineMarker}
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
