// The Node AG-UI fixture server: Web-standard handlers, the Node `http` adapter and the Vite plugin.

export type {
  AgentHandlerOptions,
  AgentRoutes,
  DisposeCause,
  RequestHandler,
  ResponseObservation,
  ResponseObserver,
} from './agent-handler.js';
export { MAX_BODY_BYTES, createAgentHandler, createAgentRoutes } from './agent-handler.js';
export type { RetentionLimits } from './thread-runs.js';
export { RETENTION_LIMITS } from './thread-runs.js';
export { DATA_PATH_PREFIX, createDataHandler } from './data-handler.js';
export {
  AGENT_PATH,
  CONNECT_PATH,
  RESPONSES_PATH,
  STOP_PATH_PREFIX,
  createFixtureApi,
  isFixtureApiPath,
} from './fixture-api.js';
export type { ResponseEnd, ResponseRecord } from './response-log.js';
export { ResponseLog } from './response-log.js';
export type { UploadHandlerOptions } from './upload-handler.js';
export {
  MAX_UPLOAD_BYTES,
  UPLOAD_PATH,
  UPLOAD_TYPES,
  createUploadHandler,
  isUploadPath,
} from './upload-handler.js';
export {
  MAX_TRANSCRIBE_BYTES,
  PREPARED_TRANSCRIPT,
  TRANSCRIBE_PATH,
  createTranscribeHandler,
} from './transcribe-handler.js';
export type { FixtureApiOptions } from './fixture-api.js';
export {
  BANNER_INTERVAL_MS,
  FIRST_BANNER_MS,
  HEARTBEAT_MS,
  Sentinel,
  UI_EVENTS_PATH,
  UI_EVENTS_WS_PATH,
  attachUiEventsWebSocket,
  createUiEventsHandler,
  isSameOrigin,
  sentinelBanner,
} from './ui-events.js';
export type {
  SentinelObservation,
  SentinelObserver,
  SentinelOptions,
  SentinelTransport,
  UiRenderMessage,
} from './ui-events.js';
export type { NodeListener } from './node-adapter.js';
export { timeScaleFromEnv, toNodeListener } from './node-adapter.js';
export { agentAnalysisPlugin } from './vite-plugin.js';
