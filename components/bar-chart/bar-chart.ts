// <bar-chart>: labelled values as horizontal bars in a table (title, axis labels, optional cell).
import { html, nothing, svg, type ComplexAttributeConverter } from 'lit';
import { property } from 'lit/decorators.js';
import type { BarChartBar, BarChartProps } from '../../src/artifacts/props.js';
import { AguiElement } from '../shared/agui-element.js';
import { artifactCardStyles } from '../shared/artifact-styles.js';
import { hostStyles } from '../shared/host-styles.js';
import { numberFormatFor } from '../../src/i18n/intl.js';
import { format, type PluralStrings } from '../shared/strings.js';
import { barChartStyles } from './bar-chart.styles.js';

/** Every visible string of `<bar-chart>`; `{…}` placeholders are filled in. */
export interface BarChartStrings {
  readonly cell: string;
  readonly empty: string;
  readonly summary: PluralStrings;
}

export const BAR_CHART_STRINGS: BarChartStrings = {
  cell: 'Cell {id}',
  empty: 'No bars to show.',
  summary: {
    one: '{count} bar; highest {maxLabel} at {max}, lowest {minLabel} at {min}.',
    other: '{count} bars; highest {maxLabel} at {max}, lowest {minLabel} at {min}.',
  },
};

/** Bars as a JSON array of `{ label, value }`. */
const barsConverter: ComplexAttributeConverter<readonly BarChartBar[]> = {
  fromAttribute(value) {
    if (!value?.trim()) return [];
    try {
      const parsed = JSON.parse(value) as unknown;
      return Array.isArray(parsed) ? (parsed as BarChartBar[]) : [];
    } catch {
      return [];
    }
  },
  toAttribute(value) {
    return JSON.stringify(value);
  },
};

/** Values in the element's language. */
const numberFormat = (lang: string) => numberFormatFor(lang, { maximumFractionDigits: 2 });

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

function usableBars(bars: unknown): BarChartBar[] {
  if (!Array.isArray(bars)) return [];
  return bars.filter(
    (bar): bar is BarChartBar =>
      typeof bar === 'object' &&
      bar !== null &&
      typeof (bar as BarChartBar).label === 'string' &&
      typeof (bar as BarChartBar).value === 'number' &&
      Number.isFinite((bar as BarChartBar).value),
  );
}

/**
 * A few labelled values as horizontal bars, as `render_bar_chart` sends them: one table row per bar (its label, a bar
 * drawn from zero, and the value as text), so the chart is its own accessible table. Negative values draw left of
 * a zero line in another colour. The title attribute is `chart-title`, since `title` is the global tooltip attribute.
 *
 * @tag bar-chart
 * @csspart base - The card.
 * @csspart header - The title and the cell.
 * @csspart title - The title.
 * @csspart meta - The cell.
 * @csspart table - The table of bars.
 * @csspart bar - One bar.
 * @csspart summary - The summary sentence.
 * @csspart empty - The message shown without bars.
 * @cssprop [--agui-card-gap=var(--agui-space-m)] - Space between the regions.
 * @cssprop [--agui-card-padding=var(--agui-space-l)] - Padding inside the border.
 * @cssprop [--agui-card-background=var(--agui-color-surface)] - Background.
 * @cssprop [--agui-card-border-color=var(--agui-color-border)] - Border colour.
 * @cssprop [--agui-card-radius=var(--agui-radius)] - Corner radius.
 * @cssprop [--agui-bar-color=var(--agui-color-accent)] - Bars of positive values.
 * @cssprop [--agui-bar-negative-color=var(--agui-color-platform)] - Bars of negative values.
 */
export class BarChart extends AguiElement {
  static override styles = [hostStyles, artifactCardStyles, barChartStyles];

  /** The `render_bar_chart` props; a field given here wins over the attributes. */
  @property({ attribute: false }) props: Partial<BarChartProps> | null = null;

  /** The title (`props.title`). */
  @property({ attribute: 'chart-title' }) chartTitle: string | null = null;

  /** What the bars are (`props.x_label`), the header of the label column. */
  @property({ attribute: 'x-label' }) xLabel: string | null = null;

  /** What the values measure (`props.y_label`), the header of the value column. */
  @property({ attribute: 'y-label' }) yLabel: string | null = null;

  /** The bars (`props.bars`); the attribute takes a JSON array of `{ label, value }`. */
  @property({ converter: barsConverter }) bars: readonly BarChartBar[] = [];

  /** The cell the chart is about, if any (`props.cell_id`). */
  @property({ attribute: 'cell-id' }) cellId: string | null = null;

  /** Replacements for the default strings (a partial object merged over them). */
  @property({ attribute: false }) strings: Partial<BarChartStrings> = {};

  protected override render() {
    const strings = this.locale.strings('bar-chart', BAR_CHART_STRINGS, this.strings);
    const props = this.props ?? {};
    const title = text(props.title) ?? text(this.chartTitle);
    const xLabel = text(props.x_label) ?? text(this.xLabel) ?? '';
    const yLabel = text(props.y_label) ?? text(this.yLabel) ?? '';
    const bars = usableBars(props.bars ?? this.bars);
    const cell = props.cell_id ?? this.cellId;
    const header = html`<div part="header" class="header">
      ${title ? html`<h3 id="title" part="title" class="title">${title}</h3>` : nothing}
      ${
        cell === null || cell === undefined || cell === ''
          ? nothing
          : html`<p part="meta" class="meta">${format(strings.cell, { id: String(cell) })}</p>`
      }
    </div>`;
    if (bars.length === 0) {
      return html`<div part="base" class="base">
        ${header}
        <p part="empty" class="note">${strings.empty}</p>
      </div>`;
    }
    const values = bars.map((bar) => bar.value);
    const low = Math.min(0, ...values);
    const high = Math.max(0, ...values);
    const span = high - low || 1;
    const zero = ((0 - low) / span) * 100;
    const highest = bars.reduce((best, bar) => (bar.value > best.value ? bar : best));
    const lowest = bars.reduce((best, bar) => (bar.value < best.value ? bar : best));
    return html`<figure part="base" class="base" aria-labelledby=${title ? 'title' : nothing}>
      ${header}
      <table part="table">
        ${
          title
            ? html`<caption class="visually-hidden">
                ${title}
              </caption>`
            : nothing
        }
        <thead>
          <tr>
            <th scope="col">${xLabel}</th>
            <th scope="col">${yLabel}</th>
          </tr>
        </thead>
        <tbody>
          ${bars.map((bar) => {
            const start = ((Math.min(0, bar.value) - low) / span) * 100;
            const width = (Math.abs(bar.value) / span) * 100;
            return html`<tr>
              <th scope="row" dir="auto">${bar.label}</th>
              <td>
                <div class="bar-cell">
                  <svg viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" dir="ltr">
                    ${svg`<rect part="bar" class=${bar.value < 0 ? 'bar negative' : 'bar'} x=${start} y="0" width=${Math.max(width, 0.4)} height="10"></rect>`}
                    ${low < 0 ? svg`<line class="zero" x1=${zero} x2=${zero} y1="0" y2="10"></line>` : nothing}
                  </svg>
                  <span class="value">${numberFormat(this.locale.lang).format(bar.value)}</span>
                </div>
              </td>
            </tr>`;
          })}
        </tbody>
      </table>
      <p part="summary" class="note">
        ${format(
          strings.summary,
          {
            count: bars.length,
            maxLabel: highest.label,
            max: numberFormat(this.locale.lang).format(highest.value),
            minLabel: lowest.label,
            min: numberFormat(this.locale.lang).format(lowest.value),
          },
          this.locale.lang,
        )}
      </p>
    </figure>`;
  }
}
