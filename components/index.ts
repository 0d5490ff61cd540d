// The npm entry of the elements: classes, event classes, the store controller and `define` — importing it registers
// nothing (call `define()` or import `define.js` for that).
export { AgentRun, AGENT_RUN_STRINGS } from './agent-run/agent-run.js';
export type { AgentRunHeaders, AgentRunSource, AgentRunStrings } from './agent-run/agent-run.js';
export { RunControls, RUN_CONTROLS_STRINGS } from './run-controls/run-controls.js';
export type { RunControlsScenario, RunControlsStrings } from './run-controls/run-controls.js';
export { ServiceChart, SERVICE_CHART_STRINGS } from './service-chart/service-chart.js';
export type { ServiceChartStrings } from './service-chart/service-chart.js';
export { DiagnosticCard, DIAGNOSTIC_CARD_STRINGS } from './diagnostic-card/diagnostic-card.js';
export type {
  DiagnosticCardProps,
  DiagnosticCardStrings,
} from './diagnostic-card/diagnostic-card.js';
export { AguiElement } from './shared/agui-element.js';
export type { Theme } from './shared/agui-element.js';
export {
  AgentStateChangeEvent,
  RunEndEvent,
  RunErrorEvent,
  RunStartEvent,
  ServiceSelectEvent,
} from './shared/events.js';
export type {
  AgentStateChangeDetail,
  RunEndCause,
  RunEndDetail,
  RunErrorDetail,
  RunStartDetail,
  ServiceSelectDetail,
} from './shared/events.js';
export { StoreController, shallowEqual } from './shared/store-controller.js';
export type { StoreControllerOptions, StoreHost } from './shared/store-controller.js';
export { selectDisclosure, setDisclosure } from './shared/disclosure.js';
export { hostStyles } from './shared/host-styles.js';
export { runStoreContext } from '../src/context.js';
export { define, defineAll, tagName, ELEMENTS } from './definitions.js';
export type { ElementDefinition } from './definitions.js';
export * from '../src/index.js';
