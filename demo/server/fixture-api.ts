// One handler for everything the fixture server answers: the agent endpoint (run, connect, stop) and the data routes.

import { createAgentRoutes } from './agent-handler.js';
import type { AgentHandlerOptions, RequestHandler } from './agent-handler.js';
import { DATA_PATH_PREFIX, createDataHandler } from './data-handler.js';
import { jsonError, jsonResponse } from './json-response.js';
import { createUploadHandler, isUploadPath } from './upload-handler.js';
import { TRANSCRIBE_PATH, createTranscribeHandler } from './transcribe-handler.js';
import { UI_EVENTS_PATH, createUiEventsHandler, type SentinelOptions } from './ui-events.js';

/** The agent endpoint's options and the sentinel channel's. */
export type FixtureApiOptions = AgentHandlerOptions & SentinelOptions;

/** Where the agent endpoint is mounted. */
export const AGENT_PATH = '/api/agent-analysis';

/** `POST` a RunAgentInput here to replay and tail the thread's retained runs. */
export const CONNECT_PATH = `${AGENT_PATH}/connect`;

/** `POST` to this prefix plus a thread id to stop that thread's running run. */
export const STOP_PATH_PREFIX = `${AGENT_PATH}/stop/`;

/** Test-only: the responses a `ResponseLog` recorded, when the API was given one. */
export const RESPONSES_PATH = `${AGENT_PATH}/_responses`;

/** Whether the fixture API answers this path (the Vite plugin passes everything else on). */
export function isFixtureApiPath(pathname: string): boolean {
  return (
    pathname === AGENT_PATH ||
    pathname === UI_EVENTS_PATH ||
    pathname === CONNECT_PATH ||
    pathname.startsWith(STOP_PATH_PREFIX) ||
    pathname === RESPONSES_PATH ||
    pathname.startsWith(DATA_PATH_PREFIX) ||
    isUploadPath(pathname) ||
    pathname === TRANSCRIBE_PATH
  );
}

/**
 * Routes `POST /api/agent-analysis` (and its `/connect` and `/stop/:threadId`) to the agent, `GET /api/ui-events`
 * to the sentinel channel (SSE; its WebSocket route needs the server's upgrade requests: `attachUiEventsWebSocket`),
 * `/api/v1/...` to the data routes, `/api/uploads` to the upload store and `/api/transcribe` to the demo's
 * speech-to-text; 404 JSON otherwise.
 */
export function createFixtureApi(options: FixtureApiOptions = {}): RequestHandler {
  const agent = createAgentRoutes(options);
  const data = createDataHandler();
  const uploads = createUploadHandler();
  const transcribe = createTranscribeHandler();
  const uiEvents = createUiEventsHandler(options);
  return async (request) => {
    const { pathname } = new URL(request.url);
    if (pathname === AGENT_PATH) return agent.run(request);
    if (pathname === UI_EVENTS_PATH) return uiEvents(request);
    if (pathname === CONNECT_PATH) return agent.connect(request);
    if (pathname.startsWith(STOP_PATH_PREFIX)) {
      const raw = pathname.slice(STOP_PATH_PREFIX.length);
      let threadId: string;
      try {
        threadId = decodeURIComponent(raw);
      } catch {
        return jsonError(400, `The thread id in ${pathname} is not valid percent-encoding.`);
      }
      if (threadId === '' || raw.includes('/')) {
        return jsonError(
          404,
          `Nothing is served at ${pathname}: POST ${STOP_PATH_PREFIX}<threadId>.`,
        );
      }
      return agent.stop(request, threadId);
    }
    if (pathname === RESPONSES_PATH && options.responses && request.method === 'GET') {
      return jsonResponse(200, { responses: options.responses.responses });
    }
    if (pathname.startsWith(DATA_PATH_PREFIX)) return data(request);
    if (isUploadPath(pathname)) return uploads(request);
    if (pathname === TRANSCRIBE_PATH) return transcribe(request);
    return jsonError(404, `Nothing is served at ${pathname}.`);
  };
}
