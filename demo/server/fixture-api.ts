// One handler for everything the fixture server answers: the agent endpoint and the data routes.

import { createAgentHandler } from './agent-handler.js';
import type { AgentHandlerOptions, RequestHandler } from './agent-handler.js';
import { DATA_PATH_PREFIX, createDataHandler } from './data-handler.js';
import { jsonError } from './json-response.js';
import { UI_EVENTS_PATH, createUiEventsHandler, type SentinelOptions } from './ui-events.js';

/** The agent endpoint's options and the sentinel channel's. */
export type FixtureApiOptions = AgentHandlerOptions & SentinelOptions;

/** Where the agent endpoint is mounted. */
export const AGENT_PATH = '/api/agent-analysis';

/** Whether the fixture API answers this path (the Vite plugin passes everything else on). */
export function isFixtureApiPath(pathname: string): boolean {
  return (
    pathname === AGENT_PATH || pathname === UI_EVENTS_PATH || pathname.startsWith(DATA_PATH_PREFIX)
  );
}

/**
 * Routes `POST /api/agent-analysis` to the agent, `GET /api/ui-events` to the sentinel channel (SSE) and
 * `/api/v1/...` to the data routes; 404 JSON otherwise. The channel's WebSocket route needs the server's upgrade
 * requests: see `attachUiEventsWebSocket`.
 */
export function createFixtureApi(options: FixtureApiOptions = {}): RequestHandler {
  const agent = createAgentHandler(options);
  const data = createDataHandler();
  const uiEvents = createUiEventsHandler(options);
  return async (request) => {
    const { pathname } = new URL(request.url);
    if (pathname === AGENT_PATH) return agent(request);
    if (pathname === UI_EVENTS_PATH) return uiEvents(request);
    if (pathname.startsWith(DATA_PATH_PREFIX)) return data(request);
    return jsonError(404, `Nothing is served at ${pathname}.`);
  };
}
