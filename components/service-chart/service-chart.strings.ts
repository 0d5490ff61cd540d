// The default strings of <service-chart>, every one replaceable through its `strings` property.
import type { PluralStrings } from '../../src/i18n/messages.js';

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
  readonly chartLabel: PluralStrings;
  readonly chartSelected: string;
  readonly empty: string;
  readonly waiting: string;
  readonly noneInSeries: string;
  readonly keptWhilePending: string;
  readonly keptAfterFailure: string;
  readonly keptAfterCancel: string;
  /** The empty state after a run that failed before sending data; `{run}` is its number. */
  readonly failedWithoutData: string;
  /** The legend entry of the selected service's baseline marker. */
  readonly legendBaseline: string;
  /** Added to the chart's label when the baseline marker shows. */
  readonly chartBaseline: string;
  /** The heading of the comparison next to the table. */
  readonly comparisonHeading: string;
  readonly comparisonLatency: string;
  readonly comparisonVolume: string;
  /** A change in milliseconds: `{change}` is signed, `{percent}` the relative change (or `fromZero`). */
  readonly latencyChange: string;
  readonly volumeChange: string;
  readonly noChange: string;
  readonly fromZero: string;
  /** The selected service was not in its run's first snapshot. */
  readonly comparisonNew: string;
  readonly comparisonNewValues: string;
  /** The run has not sent its first snapshot yet. */
  readonly comparisonPending: string;
  /** The run ended (failed, cancelled) before its first snapshot. */
  readonly comparisonEnded: string;
  /** Read before a change in the table, e.g. "since run 2 began: +85 ms (+142%)". */
  readonly changeSince: string;
  /** The table's mark for a selected service that is new since the run began. */
  readonly newMark: string;
  /** The table's mark for a selected service while the run has no baseline. */
  readonly noBaselineMark: string;
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
  chartLabel: {
    one: 'Latency against volume of {count} service.',
    other: 'Latency against volume of {count} services.',
  },
  chartSelected: '{name} is selected.',
  empty: 'No measurements yet. Run a scenario to load synthetic data.',
  waiting: 'Waiting for the first measurements…',
  noneInSeries: 'No {series} services in the current data.',
  keptWhilePending: 'Run {run} has not sent its own data yet: showing the last valid data.',
  keptAfterFailure: 'Run {run} failed: showing the last valid data.',
  keptAfterCancel: 'Run {run} was cancelled: showing the last valid data.',
  failedWithoutData: 'Run {run} failed before any measurements arrived.',
  legendBaseline: 'Baseline',
  chartBaseline:
    'A dashed line joins it to its baseline, the first snapshot of run {run}: {latency} ms at {volume} requests.',
  comparisonHeading: '{name} since run {run} began',
  comparisonLatency: 'Latency {now} ms, was {baseline} ms: {change}',
  comparisonVolume: 'Volume {now} requests, was {baseline}: {change}',
  latencyChange: '{change} ms ({percent})',
  volumeChange: '{change} ({percent})',
  noChange: 'no change',
  fromZero: 'from zero',
  comparisonNew: 'New since this run began: not in the first snapshot of run {run}',
  comparisonNewValues: 'Latency {latency} ms, volume {volume} requests',
  comparisonPending: 'No baseline yet: run {run} has not sent its first snapshot',
  comparisonEnded: 'No baseline: run {run} ended before its first snapshot',
  changeSince: 'Since run {run} began:',
  newMark: 'New since this run began',
  noBaselineMark: 'No baseline yet',
};
