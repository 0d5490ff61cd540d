// The Node AG-UI fixture server: Web-standard handlers, the Node `http` adapter and the Vite plugin.

export type {
  AgentHandlerOptions,
  DisposeCause,
  RequestHandler,
  ResponseObservation,
  ResponseObserver,
} from './agent-handler.js';
export { MAX_BODY_BYTES, createAgentHandler } from './agent-handler.js';
export { DATA_PATH_PREFIX, createDataHandler } from './data-handler.js';
export { AGENT_PATH, createFixtureApi, isFixtureApiPath } from './fixture-api.js';
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
