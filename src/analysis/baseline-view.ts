// The per-run baseline of the analysis services as a derived view: each run's first valid snapshot, kept in view
// state. Part of the shell (the reducer derives it); comparing a service with it is in baseline.ts.
import type { DerivedView, RunStoreState } from '../store/types.js';
import { type Service, SERVICES_KEY } from './types.js';

/** Where the baseline lives in `state.view` (view data: never sent to the agent). */
export const BASELINE_VIEW_ID = 'analysis-baseline';

export interface ServiceBaseline {
  /** The run whose first valid snapshot this is. */
  readonly run: number;
  /** The services of that snapshot, or null while the run has not delivered one. */
  readonly services: readonly Service[] | null;
}

/** The services in an agent state (none when it holds no list). */
export function servicesOf(value: Readonly<Record<string, unknown>>): readonly Service[] {
  const services = value[SERVICES_KEY];
  return Array.isArray(services) ? (services as readonly Service[]) : [];
}

/**
 * A new run starts a new, empty baseline; the first time the run has its own validated state (its first snapshot,
 * or the state its input sent) that state becomes the baseline, and nothing later changes it: not a delta, not a
 * rejected patch, not a failure or a cancel. Predicted state never counts: it does not mark the run's snapshot.
 */
export function deriveServiceBaseline(
  current: ServiceBaseline | undefined,
  state: RunStoreState,
): ServiceBaseline | undefined {
  const run = state.run.number;
  if (run === 0) return current;
  const own = state.agentState.runHasSnapshot ? servicesOf(state.agentState.value) : null;
  if (current?.run === run && (current.services !== null || own === null)) return current;
  return { run, services: own };
}

export const serviceBaselineView: DerivedView<ServiceBaseline> = {
  id: BASELINE_VIEW_ID,
  derive: deriveServiceBaseline,
};
