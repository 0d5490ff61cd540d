// Linear scales with "nice" ticks (steps of 1, 2, 2.5 or 5 times a power of ten) for the service chart's axes.

export interface NiceAxis {
  /** The domain, widened to whole steps. */
  readonly min: number;
  readonly max: number;
  readonly step: number;
  readonly ticks: readonly number[];
}

/** The nice step that divides `span` into about `count` parts. */
export function niceStep(span: number, count: number): number {
  const raw = span / Math.max(1, count);
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const normalised = raw / magnitude;
  const factor =
    normalised <= 1 ? 1 : normalised <= 2 ? 2 : normalised <= 2.5 ? 2.5 : normalised <= 5 ? 5 : 10;
  return factor * magnitude;
}

/** An axis from `min` to `max` (widened to whole steps) with about `count` ticks. An empty span becomes 0..1. */
export function niceAxis(min: number, max: number, count: number): NiceAxis {
  let low = Number.isFinite(min) ? min : 0;
  let high = Number.isFinite(max) ? max : 1;
  if (high <= low) high = low + 1;
  const step = niceStep(high - low, count);
  low = Math.floor(low / step) * step;
  high = Math.ceil(high / step) * step;
  const ticks: number[] = [];
  // Rounded to the step's precision, so 0.1 + 0.2 shows as 0.3.
  const digits = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  for (let value = low; value <= high + step / 2; value += step)
    ticks.push(Number(value.toFixed(digits)));
  return { min: low, max: high, step, ticks };
}

/** Maps a value of the domain onto the range, linearly. */
export function linear(
  domain: readonly [number, number],
  range: readonly [number, number],
): (value: number) => number {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const span = d1 - d0 || 1;
  return (value) => r0 + ((value - d0) / span) * (r1 - r0);
}
