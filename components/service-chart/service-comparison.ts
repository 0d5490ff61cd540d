// The selected service against its run's first snapshot, in words: the text beside the table and in its cells.
import { html, nothing, type TemplateResult } from 'lit';
import type { MeasureChange, ServiceComparison } from '../../src/analysis/baseline.js';
import type { Service } from '../../src/analysis/types.js';
import { numberFormatFor } from '../../src/i18n/intl.js';
import { format } from '../shared/strings.js';
import type { ServiceChartStrings } from './service-chart.strings.js';

/** Measurements in the element's language. */
export const numberFormat = (lang: string) => numberFormatFor(lang, { maximumFractionDigits: 1 });
const signedFormat = (lang: string) =>
  numberFormatFor(lang, { maximumFractionDigits: 1, signDisplay: 'exceptZero' });
const percentFormat = (lang: string) =>
  numberFormatFor(lang, { style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' });

/** `+85 ms (+142%)`, `no change`, or `+10 (from zero)` against a zero baseline. */
export function changeText(
  measure: MeasureChange,
  template: string,
  text: ServiceChartStrings,
  lang: string,
): string {
  if (measure.change === 0) return text.noChange;
  const percent =
    measure.relative === null ? text.fromZero : percentFormat(lang).format(measure.relative);
  return format(template, { change: signedFormat(lang).format(measure.change), percent });
}

/** The heading and the lines of the comparison. */
export function comparisonLines(
  service: Service,
  comparison: ServiceComparison,
  text: ServiceChartStrings,
  lang: string,
): { readonly heading: string; readonly lines: readonly string[] } {
  const run = comparison.run;
  const heading = format(text.comparisonHeading, { name: service.name, run });
  switch (comparison.kind) {
    case 'compared': {
      const { latency, volume } = comparison;
      return {
        heading,
        lines: [
          format(text.comparisonLatency, {
            now: numberFormat(lang).format(latency.now),
            baseline: numberFormat(lang).format(latency.baseline),
            change: changeText(latency, text.latencyChange, text, lang),
          }),
          format(text.comparisonVolume, {
            now: numberFormat(lang).format(volume.now),
            baseline: numberFormat(lang).format(volume.baseline),
            change: changeText(volume, text.volumeChange, text, lang),
          }),
        ],
      };
    }
    case 'new':
      return {
        heading,
        lines: [
          format(text.comparisonNew, { run }),
          format(text.comparisonNewValues, {
            latency: numberFormat(lang).format(service.latency),
            volume: numberFormat(lang).format(service.volume),
          }),
        ],
      };
    case 'no-baseline':
      return {
        heading,
        lines: [format(comparison.ended ? text.comparisonEnded : text.comparisonPending, { run })],
      };
    default: {
      const unknown: never = comparison;
      void unknown;
      return { heading, lines: [] };
    }
  }
}

const sentence = (line: string) => (/[.!?…]$/.test(line) ? line : `${line}.`);

/** The whole comparison as one announcement. */
export function comparisonAnnouncement(
  service: Service,
  comparison: ServiceComparison,
  text: ServiceChartStrings,
  lang: string,
): string {
  const { heading, lines } = comparisonLines(service, comparison, text, lang);
  return [heading, ...lines].map(sentence).join(' ');
}

/** The text beside the table. It is not a live region: a patch must not re-announce it. */
export function renderComparison(
  service: Service,
  comparison: ServiceComparison,
  text: ServiceChartStrings,
  lang: string,
): TemplateResult {
  const { heading, lines } = comparisonLines(service, comparison, text, lang);
  return html`<div part="comparison" class="comparison ${comparison.kind}">
    <p class="comparison-heading">${heading}</p>
    ${lines.map((line) => html`<p>${line}</p>`)}
  </div>`;
}

/** A selected row's change under a number, read as "Since run 2 began: +85 ms (+142%)". */
export function renderCellChange(
  comparison: ServiceComparison | null,
  measure: 'latency' | 'volume',
  text: ServiceChartStrings,
  lang: string,
): TemplateResult | typeof nothing {
  if (comparison?.kind !== 'compared') return nothing;
  const template = measure === 'latency' ? text.latencyChange : text.volumeChange;
  return html`<span class="change"
    ><span class="visually-hidden">${format(text.changeSince, { run: comparison.run })} </span
    >${changeText(comparison[measure], template, text, lang)}</span
  >`;
}

/** A selected row's mark when it cannot be compared: new since the run began, or no baseline yet. */
export function renderRowMark(
  comparison: ServiceComparison | null,
  text: ServiceChartStrings,
): TemplateResult | typeof nothing {
  if (comparison === null || comparison.kind === 'compared') return nothing;
  const mark = comparison.kind === 'new' ? text.newMark : text.noBaselineMark;
  return html`<span class="comparison-mark">${mark}</span>`;
}
