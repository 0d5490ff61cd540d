// The summary sentence of <signal-chart>: what the line shows, in words (count, range, extremes, threshold, anomaly).
import type { SignalChartStrings } from './signal-chart.strings.js';
import { format } from '../shared/strings.js';
import { dateFormatFor } from '../../src/i18n/intl.js';
import {
  chartedWindow,
  nearestIndex,
  withUnit,
  type ChartRequest,
  type LoadedSeries,
} from './signal-series.js';

export function signalSummary(
  loaded: LoadedSeries,
  request: ChartRequest,
  strings: SignalChartStrings,
  name: string,
  lang: string,
): string {
  const { columns, series } = loaded;
  const full = dateFormatFor(lang);
  const unit = series.unit;
  const at = (index: number) => full.format(columns.times[index] as number);
  const sentences = [
    format(
      strings.summary,
      {
        name,
        count: columns.length,
        start: at(0),
        end: at(columns.length - 1),
        min: withUnit(columns.values[columns.minIndex] as number, unit, lang),
        minAt: at(columns.minIndex),
        max: withUnit(columns.values[columns.maxIndex] as number, unit, lang),
        maxAt: at(columns.maxIndex),
        last: withUnit(columns.values[columns.length - 1] as number, unit, lang),
      },
      lang,
    ),
  ];
  const threshold = request.threshold ?? series.threshold;
  if (threshold !== null) {
    let above = 0;
    for (let index = 0; index < columns.length; index += 1) {
      if ((columns.values[index] as number) > threshold) above += 1;
    }
    const value = withUnit(threshold, unit, lang);
    sentences.push(
      above > 0
        ? format(strings.aboveThreshold, { count: above, threshold: value }, lang)
        : format(strings.noneAboveThreshold, { threshold: value }, lang),
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
          value: withUnit(columns.values[index] as number, unit, lang),
        }),
      );
    }
  }
  return sentences.join(' ');
}
