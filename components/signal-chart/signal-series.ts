// What <signal-chart> charts: the resolved request, the loaded series and the small helpers every region shares.
import { numberFormatFor } from '../../src/i18n/intl.js';
import type { SignalSeriesData } from '../../src/artifacts/data.js';
import type { SeriesColumns } from '../../src/artifacts/series.js';

/** A loaded series: the record and its readings as sorted columns. */
export interface LoadedSeries {
  readonly series: SignalSeriesData;
  readonly columns: SeriesColumns;
}

/** The chart's inputs once `.props` and the attributes are merged. */
export interface ChartRequest {
  readonly signalDefId: number;
  readonly windowHours: number;
  readonly markAnomalyAt: string | null;
  readonly threshold: number | null;
  readonly cellId: string | null;
}

/** Readings' numbers in the element's language. */
export const numberFormat = (lang: string) => numberFormatFor(lang, { maximumFractionDigits: 2 });

export function wholeNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : null;
}

export function finite(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function withUnit(value: number, unit: string, lang: string): string {
  const text = numberFormat(lang).format(value);
  return unit ? `${text} ${unit}` : text;
}

/** The instants the chart spans: the series' own window when it names one, widened to every reading. */
export function chartedWindow({ series, columns }: LoadedSeries): readonly [number, number] {
  const first = columns.times[0] as number;
  const last = columns.times[columns.length - 1] as number;
  return [Math.min(series.start ?? first, first), Math.max(series.end ?? last, last)];
}

/** The index of the reading nearest to an instant (times ascending). */
export function nearestIndex(times: Float64Array, at: number): number {
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
