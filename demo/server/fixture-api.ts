// One handler for everything the fixture server answers: the agent endpoint and the data routes.

import { createAgentHandler } from './agent-handler.js';
import type { AgentHandlerOptions, RequestHandler } from './agent-handler.js';
import { DATA_PATH_PREFIX, createDataHandler } from './data-handler.js';
import { jsonError, jsonResponse } from './json-response.js';

/** Where the agent endpoint is mounted. */
export const AGENT_PATH = '/api/agent-analysis';

/** Test-only: the responses a `ResponseLog` recorded, when the API was given one. */
export const RESPONSES_PATH = `${AGENT_PATH}/_responses`;

/** Whether the fixture API answers this path (the Vite plugin passes everything else on). */
export function isFixtureApiPath(pathname: string): boolean {
  return (
    pathname === AGENT_PATH || pathname === RESPONSES_PATH || pathname.startsWith(DATA_PATH_PREFIX)
  );
}

/** Routes `POST /api/agent-analysis` to the agent and `/api/v1/...` to the data routes; 404 JSON otherwise. */
export function createFixtureApi(options: AgentHandlerOptions = {}): RequestHandler {
  const agent = createAgentHandler(options);
  const data = createDataHandler();
  return async (request) => {
    const { pathname } = new URL(request.url);
    if (pathname === AGENT_PATH) return agent(request);
    if (pathname === RESPONSES_PATH && options.responses && request.method === 'GET') {
      return jsonResponse(200, { responses: options.responses.responses });
    }
    if (pathname.startsWith(DATA_PATH_PREFIX)) return data(request);
    return jsonError(404, `Nothing is served at ${pathname}.`);
  };
}
