// The agent state right after any logged event: references kept at checkpoints, patches replayed between them.
import { applyStateDelta } from '../state/json-patch.js';

/** Keep the store's own state every this many accepted deltas (bounds the replay on selection). */
export const CHECKPOINT_EVERY = 128;

type State = Readonly<Record<string, unknown>>;

/**
 * What the timeline keeps per row: the state itself where it cannot be recomputed (a snapshot, a predictive update,
 * a change between events, a checkpoint), else the accepted patch, else nothing (the state did not change).
 */
type Step = { readonly state: State } | { readonly patch: unknown } | null;

export class StateTimeline {
  private base: State;
  private readonly steps: Step[] = [];
  private sinceCheckpoint = 0;

  constructor(base: State) {
    this.base = base;
  }

  get length(): number {
    return this.steps.length;
  }

  /**
   * Adds a row. `after` is the store's agent state once it acted; `changes` counts state changes since the
   * previous row; `patch` is the row's accepted STATE_DELTA operations, when it is one.
   */
  push(after: State, changes: number, patch?: unknown): void {
    if (changes === 0) {
      this.steps.push(null);
      return;
    }
    const replayable = changes === 1 && patch !== undefined;
    this.sinceCheckpoint += 1;
    if (replayable && this.sinceCheckpoint < CHECKPOINT_EVERY) {
      this.steps.push({ patch });
      return;
    }
    this.sinceCheckpoint = 0;
    this.steps.push({ state: after });
  }

  /** The agent state right after row `index` (-1: before the first row). */
  stateAt(index: number): State {
    let start = Math.min(index, this.steps.length - 1);
    while (start >= 0) {
      const step = this.steps[start];
      if (step && 'state' in step) break;
      start -= 1;
    }
    let state = start >= 0 ? (this.steps[start] as { state: State }).state : this.base;
    for (let row = start + 1; row <= index && row < this.steps.length; row += 1) {
      const step = this.steps[row];
      if (!step || !('patch' in step)) continue;
      const result = applyStateDelta(state, step.patch);
      if (result.ok) state = result.value;
    }
    return state;
  }

  clear(base: State): void {
    this.base = base;
    this.steps.length = 0;
    this.sinceCheckpoint = 0;
  }
}

/** Paths (JSON Pointer) where `after` differs from `before`, at most `limit` of them. */
export function changedPaths(before: unknown, after: unknown, limit = 200): string[] {
  const paths: string[] = [];
  const escape = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');
  const walk = (a: unknown, b: unknown, path: string) => {
    if (a === b || paths.length >= limit) return;
    const bothObjects =
      typeof a === 'object' &&
      a !== null &&
      typeof b === 'object' &&
      b !== null &&
      Array.isArray(a) === Array.isArray(b);
    if (!bothObjects) {
      paths.push(path);
      return;
    }
    const left = a as Record<string, unknown>;
    const right = b as Record<string, unknown>;
    const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
    for (const key of keys) walk(left[key], right[key], `${path}/${escape(key)}`);
  };
  walk(before, after, '');
  return paths;
}
