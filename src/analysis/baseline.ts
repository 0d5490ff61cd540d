// The per-run baseline of the analysis services (each run's first valid snapshot) and the selected service's comparison.
import type { DerivedView, RunStoreState } from '../store/types.js';
import { selectAnalysisView, selectServices } from './selectors.js';
import { type Service, SERVICES_KEY } from './types.js';

/** Where the baseline lives in `state.view` (view data: never sent to the agent). */
export const BASELINE_VIEW_ID = 'analysis-baseline';

export interface ServiceBaseline {
  /** The run whose first valid snapshot this is. */
  readonly run: number;
  /** The services of that snapshot, or null while the run has not delivered one. */
  readonly services: readonly Service[] | null;
}

function servicesOf(value: Readonly<Record<string, unknown>>): readonly Service[] {
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

/** The active (or last) run's baseline, or null before any run. */
export function selectServiceBaseline(state: RunStoreState): ServiceBaseline | null {
  return (state.view[BASELINE_VIEW_ID] as ServiceBaseline | undefined) ?? null;
}

/** One measurement now against the baseline. */
export interface MeasureChange {
  readonly now: number;
  readonly baseline: number;
  /** `now - baseline`. */
  readonly change: number;
  /** `change / baseline` (0.5 is +50%), or null when the baseline is 0. */
  readonly relative: number | null;
}

/**
 * A service now against its run's first snapshot: `compared` (latency and volume then and now), `new` (not in the
 * baseline: it arrived later in the run) or `no-baseline` (the run has not delivered its first snapshot; `ended`
 * when it finished, failed or was cancelled without one).
 */
export type ServiceComparison =
  | {
      readonly kind: 'compared';
      readonly id: string;
      readonly run: number;
      readonly baseline: Service;
      readonly latency: MeasureChange;
      readonly volume: MeasureChange;
    }
  | { readonly kind: 'new'; readonly id: string; readonly run: number }
  | {
      readonly kind: 'no-baseline';
      readonly id: string;
      readonly run: number;
      readonly ended: boolean;
    };

function change(now: number, baseline: number): MeasureChange {
  const difference = now - baseline;
  return {
    now,
    baseline,
    change: difference,
    relative: baseline === 0 ? (difference === 0 ? 0 : null) : difference / baseline,
  };
}

/** Compares a service with the baseline (by id, so a reorder changes nothing). */
export function compareService(
  service: Service,
  baseline: ServiceBaseline | null,
  runOpen: boolean,
): ServiceComparison {
  const run = baseline?.run ?? 0;
  if (baseline === null || baseline.services === null) {
    return { kind: 'no-baseline', id: service.id, run, ended: baseline !== null && !runOpen };
  }
  const before = baseline.services.find((item) => item.id === service.id);
  if (!before) return { kind: 'new', id: service.id, run };
  return {
    kind: 'compared',
    id: service.id,
    run,
    baseline: before,
    latency: change(service.latency, before.latency),
    volume: change(service.volume, before.volume),
  };
}

let lastComparison: {
  service: Service;
  baseline: ServiceBaseline | null;
  runOpen: boolean;
  result: ServiceComparison;
} | null = null;

/** The selected service's comparison, or null without a selection; the same object while its inputs are. */
export function selectSelectedComparison(state: RunStoreState): ServiceComparison | null {
  const { selectedId } = selectAnalysisView(state);
  if (selectedId === null) return null;
  const service = selectServices(state).find((item) => item.id === selectedId);
  if (!service) return null;
  const baseline = selectServiceBaseline(state);
  const runOpen = state.run.status === 'Connecting' || state.run.status === 'Streaming';
  if (
    lastComparison &&
    lastComparison.service === service &&
    lastComparison.baseline === baseline &&
    lastComparison.runOpen === runOpen
  ) {
    return lastComparison.result;
  }
  const result = compareService(service, baseline, runOpen);
  lastComparison = { service, baseline, runOpen, result };
  return result;
}
