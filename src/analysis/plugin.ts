// The service-analysis domain as a run-store plugin: owns `services`, the filter/selection view, the per-run
// baseline and two presentation tools.
import type { RunStorePlugin, RunStoreLike, ToolDefinition } from '../store/types.js';
import { serviceBaselineView, servicesOf } from './baseline-view.js';
import {
  ANALYSIS_PLUGIN_ID,
  type AnalysisView,
  SERVICE_FILTERS,
  type ServiceFilter,
  SERVICES_KEY,
} from './types.js';

export const INITIAL_ANALYSIS_VIEW: AnalysisView = { filter: 'All', selectedId: null };

/** Drops a selection whose service disappeared or that the filter hides. */
export function reconcileAnalysisView(
  view: AnalysisView,
  agentState: Readonly<Record<string, unknown>>,
): AnalysisView {
  if (view.selectedId === null) return view;
  const selected = servicesOf(agentState).find((service) => service.id === view.selectedId);
  if (selected && (view.filter === 'All' || selected.series === view.filter)) return view;
  return { ...view, selectedId: null };
}

function readArgument(args: unknown, key: string): unknown {
  return args && typeof args === 'object' ? (args as Record<string, unknown>)[key] : undefined;
}

/** Selects a service (a person's click, or the agent's `select_service`). Throws for an unknown id. */
export function selectService(store: RunStoreLike, id: string | null): void {
  if (id !== null) {
    const service = servicesOf(store.getState().agentState.value).find((item) => item.id === id);
    if (!service) throw new Error(`Unknown service "${id}": nothing was selected.`);
    store.setView(ANALYSIS_PLUGIN_ID, (view) => {
      const current = (view as AnalysisView | undefined) ?? INITIAL_ANALYSIS_VIEW;
      // Selecting a service the filter hides shows all services, so the selection is visible.
      const filter =
        current.filter === 'All' || current.filter === service.series ? current.filter : 'All';
      return { filter, selectedId: id };
    });
    return;
  }
  store.setView(ANALYSIS_PLUGIN_ID, (view) => ({
    ...((view as AnalysisView | undefined) ?? INITIAL_ANALYSIS_VIEW),
    selectedId: null,
  }));
}

/** Sets the series filter. Throws for an unknown filter. */
export function setServiceFilter(store: RunStoreLike, filter: string): void {
  if (!SERVICE_FILTERS.includes(filter as ServiceFilter)) {
    throw new Error(`Unknown filter "${filter}": use All, Core or Platform.`);
  }
  store.setView(ANALYSIS_PLUGIN_ID, (view) => ({
    ...((view as AnalysisView | undefined) ?? INITIAL_ANALYSIS_VIEW),
    filter: filter as ServiceFilter,
  }));
}

const selectServiceTool: ToolDefinition = {
  name: 'select_service',
  description: 'Focus one service in the chart and table. Presentation only: it changes no data.',
  parameters: {
    type: 'object',
    properties: { id: { type: 'string', description: 'The service id, e.g. "api".' } },
    required: ['id'],
  },
  presentation: true,
  handler: (args, { store }) => {
    const id = readArgument(args, 'id');
    if (typeof id !== 'string') throw new Error('select_service needs a string "id".');
    selectService(store, id);
    return 'applied';
  },
};

const setFilterTool: ToolDefinition = {
  name: 'set_filter',
  description: 'Show all services or one series (All, Core, Platform). Presentation only.',
  parameters: {
    type: 'object',
    properties: { filter: { type: 'string', enum: [...SERVICE_FILTERS] } },
    required: ['filter'],
  },
  presentation: true,
  handler: (args, { store }) => {
    const filter = readArgument(args, 'filter');
    if (typeof filter !== 'string') throw new Error('set_filter needs a string "filter".');
    setServiceFilter(store, filter);
    return 'applied';
  },
};

/** The analysis plugin: install it with `store.use(createAnalysisPlugin())`. */
export function createAnalysisPlugin(): RunStorePlugin<AnalysisView> {
  return {
    id: ANALYSIS_PLUGIN_ID,
    stateKey: SERVICES_KEY,
    loadValidator: () => import('./schema.js').then((module) => module.createServicesValidator()),
    initialView: INITIAL_ANALYSIS_VIEW,
    reconcileView: reconcileAnalysisView,
    tools: [selectServiceTool, setFilterTool],
    derivedViews: [serviceBaselineView],
  };
}
