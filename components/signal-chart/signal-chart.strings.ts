// The default strings of <signal-chart>, every one replaceable through its `strings` property.

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
