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
export type { UploadHandlerOptions } from './upload-handler.js';
export {
  MAX_UPLOAD_BYTES,
  UPLOAD_PATH,
  UPLOAD_TYPES,
  createUploadHandler,
  isUploadPath,
} from './upload-handler.js';
export type { NodeListener } from './node-adapter.js';
export { timeScaleFromEnv, toNodeListener } from './node-adapter.js';
export { agentAnalysisPlugin } from './vite-plugin.js';
