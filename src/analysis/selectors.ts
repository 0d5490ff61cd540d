// Selectors of the service-analysis domain over the run store's state.
import type { RunStoreState } from '../store/types.js';
import { ANALYSIS_PLUGIN_ID, type AnalysisView, type Service, SERVICES_KEY } from './types.js';

const NO_SERVICES: readonly Service[] = [];
const DEFAULT_VIEW: AnalysisView = { filter: 'All', selectedId: null };

/** The last valid services (validated when they arrived), or none. */
export function selectServices(state: RunStoreState): readonly Service[] {
  const services = state.agentState.value[SERVICES_KEY];
  return Array.isArray(services) ? (services as readonly Service[]) : NO_SERVICES;
}

export function selectAnalysisView(state: RunStoreState): AnalysisView {
  return (state.view[ANALYSIS_PLUGIN_ID] as AnalysisView | undefined) ?? DEFAULT_VIEW;
}

/** Services the filter lets through, in the agent's order. */
export function visibleServices(
  services: readonly Service[],
  view: AnalysisView,
): readonly Service[] {
  return view.filter === 'All'
    ? services
    : services.filter((service) => service.series === view.filter);
}

/** Memoised per services list and view, so equal inputs give the same array. */
export function selectVisibleServices(state: RunStoreState): readonly Service[] {
  const services = selectServices(state);
  const view = selectAnalysisView(state);
  if (lastVisible && lastVisible.services === services && lastVisible.view === view) {
    return lastVisible.result;
  }
  const result = visibleServices(services, view);
  lastVisible = { services, view, result };
  return result;
}

let lastVisible: {
  services: readonly Service[];
  view: AnalysisView;
  result: readonly Service[];
} | null = null;

/** Whether the data on screen belongs to the active run, or is kept from before. */
export function selectDataIsCurrent(state: RunStoreState): boolean {
  const { status } = state.run;
  if (status === 'Failed' || status === 'Cancelled') return false;
  if (status === 'Connecting' || status === 'Streaming') return state.agentState.runHasSnapshot;
  return true;
}
