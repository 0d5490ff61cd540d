// The npm entry of the elements: classes, event classes, the store controller and `define` — importing it registers
// nothing (call `define()` or import `define.js` for that).
export { AgentRun, AGENT_RUN_STRINGS } from './agent-run/agent-run.js';
export type {
  AgentRunHeaders,
  AgentRunPersist,
  AgentRunSource,
  AgentRunStrings,
} from './agent-run/agent-run.js';
export { RunControls, RUN_CONTROLS_STRINGS } from './run-controls/run-controls.js';
export type { RunControlsScenario, RunControlsStrings } from './run-controls/run-controls.js';
export { ServiceChart, SERVICE_CHART_STRINGS } from './service-chart/service-chart.js';
export type { ServiceChartStrings } from './service-chart/service-chart.js';
export { DiagnosticCard, DIAGNOSTIC_CARD_STRINGS } from './diagnostic-card/diagnostic-card.js';
export type {
  DiagnosticCardProps,
  DiagnosticCardStrings,
} from './diagnostic-card/diagnostic-card.js';
export { AgentChat, AGENT_CHAT_STRINGS } from './agent-chat/agent-chat.js';
export { AgentThreads, AGENT_THREADS_STRINGS } from './agent-threads/agent-threads.js';
export type { AgentThreadsStrings } from './agent-threads/agent-threads.js';
export { AgentLauncher, AGENT_LAUNCHER_STRINGS } from './agent-launcher/agent-launcher.js';
export type {
  AgentLauncherPosition,
  AgentLauncherStrings,
  PluralStrings,
} from './agent-launcher/agent-launcher.js';
export { LauncherCloseEvent, LauncherOpenEvent } from './agent-launcher/events.js';
export type { LauncherToggleDetail } from './agent-launcher/events.js';
export type { AgentChatStrings, ArtifactRenderer } from './agent-chat/agent-chat.js';
export { A2uiActionEvent, MessageSendEvent } from './agent-chat/events.js';
export type { A2uiActionDetail, MessageSendDetail } from './agent-chat/events.js';
export { registerA2uiCatalog } from '../src/a2ui/catalogs.js';
export { registerLocale } from '../src/i18n/registry.js';
export type { LocaleRegistration } from '../src/i18n/registry.js';
export type { LocaleTable, Message, MessageTable } from '../src/i18n/messages.js';
export type { A2uiCatalogLike } from '../src/a2ui/catalogs.js';
export { MessageFeedbackEvent } from './agent-chat/feedback-event.js';
export type { MessageFeedbackDetail } from './agent-chat/feedback-event.js';
export { ConversationExportEvent } from './agent-chat/rich/conversation-export.js';
export type { ConversationExportDetail } from './agent-chat/rich/conversation-export.js';
export { AgentArtifact, AGENT_ARTIFACT_STRINGS } from './agent-artifact/agent-artifact.js';
export type { AgentArtifactStrings } from './agent-artifact/agent-artifact.js';
export { AgentArtifacts, AGENT_ARTIFACTS_STRINGS } from './agent-artifacts/agent-artifacts.js';
export type { AgentArtifactsStrings } from './agent-artifacts/agent-artifacts.js';
export { SignalChart, SIGNAL_CHART_STRINGS } from './signal-chart/signal-chart.js';
export type { SignalChartStrings } from './signal-chart/signal-chart.js';
export {
  EquipmentKbCard,
  EQUIPMENT_KB_CARD_STRINGS,
} from './equipment-kb-card/equipment-kb-card.js';
export type { EquipmentKbCardStrings } from './equipment-kb-card/equipment-kb-card.js';
export { WorkOrderCard, WORK_ORDER_CARD_STRINGS } from './work-order-card/work-order-card.js';
export type { WorkOrderCardStrings } from './work-order-card/work-order-card.js';
export {
  CorrelationMatrix,
  CORRELATION_MATRIX_STRINGS,
} from './correlation-matrix/correlation-matrix.js';
export type {
  CorrelationMatrixStrings,
  CorrelationResult,
} from './correlation-matrix/correlation-matrix.js';
export { PatternMatch, PATTERN_MATCH_STRINGS } from './pattern-match/pattern-match.js';
export type { PatternMatchStrings } from './pattern-match/pattern-match.js';
export { BarChart, BAR_CHART_STRINGS } from './bar-chart/bar-chart.js';
export type { BarChartStrings } from './bar-chart/bar-chart.js';
export { AlertBanner, ALERT_BANNER_STRINGS } from './alert-banner/alert-banner.js';
export type { AlertBannerStrings } from './alert-banner/alert-banner.js';
export { KbProgress, KB_PROGRESS_STRINGS } from './kb-progress/kb-progress.js';
export type { KbProgressStrings } from './kb-progress/kb-progress.js';
export {
  artifactComponent,
  artifactElementTag,
  createArtifactRenderer,
  isRenderToolCall,
  registeredTag,
  renderArtifact,
} from './shared/artifact-view.js';
export type {
  ArtifactInput,
  ChatArtifactRenderer,
  RenderArtifactOptions,
} from './shared/artifact-view.js';
export {
  AlertDismissEvent,
  ArtifactErrorEvent,
  ArtifactLoadEvent,
  WorkOrderPrintEvent,
} from './shared/artifact-events.js';
export type {
  AlertDismissDetail,
  ArtifactErrorDetail,
  ArtifactLoadDetail,
  WorkOrderPrintDetail,
} from './shared/artifact-events.js';
export * from '../src/artifacts/index.js';
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
  SelectedService,
  ServiceSelectDetail,
} from './shared/events.js';
export { StoreController, shallowEqual } from './shared/store-controller.js';
export { StoreResolver } from './shared/store-resolver.js';
export type { StoreControllerOptions, StoreHost } from './shared/store-controller.js';
export { selectDisclosure, setDisclosure } from './shared/disclosure.js';
export { hostStyles } from './shared/host-styles.js';
export { runStoreContext } from '../src/context.js';
export { define, defineAll, tagName, ELEMENTS } from './definitions.js';
export type { ElementDefinition } from './definitions.js';
export * from '../src/index.js';
