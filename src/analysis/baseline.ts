// The per-run baseline of the analysis services (each run's first valid snapshot) and the selected service's comparison.
// How the baseline is kept is in baseline-view.ts (part of the shell); comparing loads with the service chart.
import type { RunStoreState } from '../store/types.js';
import { BASELINE_VIEW_ID, type ServiceBaseline } from './baseline-view.js';
import { selectAnalysisView, selectServices } from './selectors.js';
import type { Service } from './types.js';

export {
  BASELINE_VIEW_ID,
  deriveServiceBaseline,
  serviceBaselineView,
  type ServiceBaseline,
} from './baseline-view.js';

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
