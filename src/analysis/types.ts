// The service-analysis domain's data: services in agent state, filter and selection in view state.

export type ServiceSeries = 'Core' | 'Platform';
export type ServiceFilter = 'All' | ServiceSeries;

export interface Service {
  readonly id: string;
  readonly name: string;
  readonly series: ServiceSeries;
  readonly volume: number;
  readonly latency: number;
}

export interface AnalysisView {
  readonly filter: ServiceFilter;
  readonly selectedId: string | null;
}

export const ANALYSIS_PLUGIN_ID = 'analysis';
export const SERVICES_KEY = 'services';
export const SERVICE_FILTERS: readonly ServiceFilter[] = ['All', 'Core', 'Platform'];
