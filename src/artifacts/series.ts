// Numbers behind the charts: readings to typed columns, min/max-per-pixel reduction, time ticks and Pearson's r.
import { ArtifactDataError } from './resolvers.js';
import type { SignalReading } from './data.js';

/** A series as sorted typed columns, with its extremes. */
export interface SeriesColumns {
  /** Epoch milliseconds, ascending. */
  readonly times: Float64Array;
  readonly values: Float64Array;
  readonly length: number;
  /** Index of the lowest and highest value (-1 when empty). */
  readonly minIndex: number;
  readonly maxIndex: number;
}

export interface ColumnsOptions {
  /** Readings handled between two yields (default 20,000). */
  readonly chunk?: number;
  /** Gives the main thread back between chunks, so a long series never makes a long task. */
  readonly yieldToMain?: () => Promise<void>;
  /** Names the series in error messages. */
  readonly what?: string;
}

/** Yields to the main thread: `scheduler.yield()` where there is one, else a macrotask. */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function readingTime(t: unknown): number {
  if (typeof t === 'number') return t;
  if (typeof t === 'string') return Date.parse(t);
  return Number.NaN;
}

/**
 * Checks readings and turns them into sorted columns. A reading whose value is null is a gap and is left out;
 * any other reading without a finite value or a readable instant fails with an ArtifactDataError.
 */
export async function seriesColumns(
  points: readonly SignalReading[],
  options: ColumnsOptions = {},
): Promise<SeriesColumns> {
  const chunk = options.chunk ?? 20_000;
  const what = options.what ?? 'series';
  let times = new Float64Array(points.length);
  let values = new Float64Array(points.length);
  let length = 0;
  let sorted = true;
  for (let index = 0; index < points.length; index += 1) {
    if (options.yieldToMain && index > 0 && index % chunk === 0) await options.yieldToMain();
    const point = points[index] as SignalReading | null;
    if (typeof point !== 'object' || point === null) {
      throw new ArtifactDataError(
        `The ${what} is malformed: reading ${index + 1} is not an object.`,
      );
    }
    if ((point.value as unknown) === null) continue;
    const time = readingTime(point.t);
    if (
      !Number.isFinite(time) ||
      typeof point.value !== 'number' ||
      !Number.isFinite(point.value)
    ) {
      throw new ArtifactDataError(
        `The ${what} is malformed: reading ${index + 1} needs an instant "t" and a numeric "value".`,
      );
    }
    if (length > 0 && time < (times[length - 1] as number)) sorted = false;
    times[length] = time;
    values[length] = point.value;
    length += 1;
  }
  times = times.subarray(0, length);
  values = values.subarray(0, length);
  if (!sorted) {
    const order = Array.from({ length }, (_, index) => index).sort(
      (a, b) => (times[a] as number) - (times[b] as number),
    );
    times = Float64Array.from(order, (index) => times[index] as number);
    values = Float64Array.from(order, (index) => values[index] as number);
  }
  let minIndex = -1;
  let maxIndex = -1;
  for (let index = 0; index < length; index += 1) {
    const value = values[index] as number;
    if (minIndex === -1 || value < (values[minIndex] as number)) minIndex = index;
    if (maxIndex === -1 || value > (values[maxIndex] as number)) maxIndex = index;
  }
  return { times, values, length, minIndex, maxIndex };
}

/**
 * The readings to draw at `columns` pixels of width: per pixel column the first, lowest, highest and last reading
 * (in time order), so the line looks exactly as if every reading were drawn, with at most 4 per column.
 */
export function reduceToColumns(
  series: SeriesColumns,
  start: number,
  end: number,
  columns: number,
): Uint32Array {
  const { times, values, length } = series;
  const width = Math.max(1, Math.floor(columns));
  const out = new Uint32Array(Math.min(length, width * 4));
  if (length === 0) return out;
  const span = end - start || 1;
  let count = 0;
  let column = -1;
  let first = 0;
  let last = 0;
  let low = 0;
  let high = 0;
  const flush = () => {
    const picks = [first, low, high, last].sort((a, b) => a - b);
    let previous = -1;
    for (const pick of picks) {
      if (pick !== previous) out[count++] = pick;
      previous = pick;
    }
  };
  for (let index = 0; index < length; index += 1) {
    const at = Math.min(
      width - 1,
      Math.max(0, Math.floor((((times[index] as number) - start) / span) * width)),
    );
    if (at !== column) {
      if (column !== -1) flush();
      column = at;
      first = last = low = high = index;
      continue;
    }
    last = index;
    const value = values[index] as number;
    if (value < (values[low] as number)) low = index;
    if (value > (values[high] as number)) high = index;
  }
  flush();
  return out.subarray(0, count);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const TIME_STEPS = [
  MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  7 * DAY,
];

/**
 * At most `maxTicks` instants between start and end on whole steps of the reader's local time (6 h steps fall
 * on 00:00, 06:00…). `offsetMinutes` is `Date#getTimezoneOffset()`.
 */
export function timeTicks(
  start: number,
  end: number,
  maxTicks: number,
  offsetMinutes: number,
): { readonly step: number; readonly ticks: readonly number[] } {
  const span = Math.max(end - start, 1);
  const limit = Math.max(1, Math.floor(maxTicks));
  const step =
    TIME_STEPS.find((candidate) => span / candidate <= limit) ??
    Math.ceil(span / limit / DAY) * DAY;
  const offset = offsetMinutes * MINUTE;
  const ticks: number[] = [];
  for (let wall = Math.ceil((start - offset) / step) * step; wall + offset <= end; wall += step) {
    ticks.push(wall + offset);
  }
  return { step, ticks };
}

/** Pearson's correlation coefficient of two equally long lists; null when fewer than 3 pairs or a list is flat. */
export function pearson(a: ArrayLike<number>, b: ArrayLike<number>): number | null {
  const n = Math.min(a.length, b.length);
  if (n < 3) return null;
  let meanA = 0;
  let meanB = 0;
  for (let index = 0; index < n; index += 1) {
    meanA += a[index] as number;
    meanB += b[index] as number;
  }
  meanA /= n;
  meanB /= n;
  let covariance = 0;
  let varianceA = 0;
  let varianceB = 0;
  for (let index = 0; index < n; index += 1) {
    const da = (a[index] as number) - meanA;
    const db = (b[index] as number) - meanB;
    covariance += da * db;
    varianceA += da * da;
    varianceB += db * db;
  }
  if (varianceA === 0 || varianceB === 0) return null;
  return Math.max(-1, Math.min(1, covariance / Math.sqrt(varianceA * varianceB)));
}

/** The readings every series has at the same instants: one list of values per series, in instant order. */
export function alignOnTimes(series: readonly SeriesColumns[]): {
  readonly times: readonly number[];
  readonly values: readonly Float64Array[];
} {
  if (series.length === 0) return { times: [], values: [] };
  const maps = series.map((columns) => {
    const map = new Map<number, number>();
    for (let index = 0; index < columns.length; index += 1) {
      map.set(columns.times[index] as number, columns.values[index] as number);
    }
    return map;
  });
  const [firstMap, ...rest] = maps as [Map<number, number>, ...Map<number, number>[]];
  const times = [...firstMap.keys()]
    .filter((time) => rest.every((map) => map.has(time)))
    .sort((a, b) => a - b);
  const values = maps.map((map) => Float64Array.from(times, (time) => map.get(time) as number));
  return { times, values };
}
