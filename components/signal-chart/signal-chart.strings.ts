// The default strings of <signal-chart>, every one replaceable through its `strings` property.
import type { PluralStrings } from '../../src/i18n/messages.js';

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
  readonly summary: PluralStrings;
  readonly aboveThreshold: PluralStrings;
  readonly noneAboveThreshold: string;
  readonly anomalyMarked: string;
  readonly anomalyOutside: string;
  readonly empty: string;
  readonly threshold: string;
  readonly anomaly: string;
  readonly tableToggle: string;
  readonly tableCaption: PluralStrings;
  readonly tableGroupedCaption: PluralStrings;
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
  summary: {
    one: '{name}: {count} reading from {start} to {end}. Lowest {min} at {minAt}, highest {max} at {maxAt}, latest {last}.',
    other:
      '{name}: {count} readings from {start} to {end}. Lowest {min} at {minAt}, highest {max} at {maxAt}, latest {last}.',
  },
  // English says "1 of them" and "2 of them" alike; other languages need the forms.
  aboveThreshold: { other: '{count} of them above the threshold of {threshold}.' },
  noneAboveThreshold: 'None above the threshold of {threshold}.',
  anomalyMarked: 'Anomaly marked at {at}: {value}.',
  anomalyOutside: 'The anomaly mark ({at}) is outside the charted window.',
  empty: 'No readings in this window.',
  threshold: 'Threshold {value}',
  anomaly: 'Anomaly {time}',
  tableToggle: 'Data table',
  tableCaption: { one: '{name}: {count} reading', other: '{name}: {count} readings' },
  tableGroupedCaption: {
    one: '{name}: {count} reading in {groups} time ranges',
    other: '{name}: {count} readings in {groups} time ranges',
  },
  time: 'Time',
  value: 'Value',
  from: 'From',
  lowest: 'Lowest',
  highest: 'Highest',
};
