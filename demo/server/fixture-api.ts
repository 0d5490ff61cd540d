// One handler for everything the fixture server answers: the agent endpoint and the data routes.

import { createAgentHandler } from './agent-handler.js';
import type { AgentHandlerOptions, RequestHandler } from './agent-handler.js';
import { DATA_PATH_PREFIX, createDataHandler } from './data-handler.js';
import { jsonError } from './json-response.js';
import { createUploadHandler, isUploadPath } from './upload-handler.js';

/** Where the agent endpoint is mounted. */
export const AGENT_PATH = '/api/agent-analysis';

/** Whether the fixture API answers this path (the Vite plugin passes everything else on). */
export function isFixtureApiPath(pathname: string): boolean {
  return pathname === AGENT_PATH || pathname.startsWith(DATA_PATH_PREFIX) || isUploadPath(pathname);
}

/**
 * Routes `POST /api/agent-analysis` to the agent, `/api/v1/...` to the data routes and `/api/uploads` to the upload
 * store; 404 JSON otherwise.
 */
export function createFixtureApi(options: AgentHandlerOptions = {}): RequestHandler {
  const agent = createAgentHandler(options);
  const data = createDataHandler();
  const uploads = createUploadHandler();
  return async (request) => {
    const { pathname } = new URL(request.url);
    if (pathname === AGENT_PATH) return agent(request);
    if (pathname.startsWith(DATA_PATH_PREFIX)) return data(request);
    if (isUploadPath(pathname)) return uploads(request);
    return jsonError(404, `Nothing is served at ${pathname}.`);
  };
}
