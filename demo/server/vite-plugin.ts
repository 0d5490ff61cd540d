// The Vite plugin that mounts the fixture endpoint and data routes in `vite` (dev) and `vite preview`.

import type { Connect, Plugin } from 'vite';
import type { Server } from 'node:http';
import { createFixtureApi, isFixtureApiPath, type FixtureApiOptions } from './fixture-api.js';
import { timeScaleFromEnv, toNodeListener } from './node-adapter.js';
import { attachUiEventsWebSocket } from './ui-events.js';

/**
 * Mounts `POST /api/agent-analysis` (with `/connect` and `/stop/:threadId`), the sentinel channel (`GET
 * /api/ui-events`, WebSocket `/api/ui-events/ws`) and the `GET /api/v1/...` data routes. `timeScale` defaults to
 * the `AGUI_FIXTURE_TIME_SCALE` environment variable, then 1; `retainRunsMs` (off unless given; the demo's
 * vite.config.ts gives 60 s) makes runs thread-owned.
 */
export function agentAnalysisPlugin(options: FixtureApiOptions = {}): Plugin {
  const resolved = { ...options, timeScale: options.timeScale ?? timeScaleFromEnv() };
  const listener = toNodeListener(createFixtureApi(resolved));
  // Vite's own HMR socket shares the server: the channel answers only its own path.
  const attach = (server: Server | null | undefined) => {
    if (!server) return;
    const detach = attachUiEventsWebSocket(server, resolved);
    server.once('close', detach);
  };
  const middleware: Connect.NextHandleFunction = (req, res, next) => {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    if (!isFixtureApiPath(pathname)) {
      next();
      return;
    }
    listener(req, res);
  };
  return {
    name: 'agui-agent-analysis',
    configureServer(server) {
      server.middlewares.use(middleware);
      attach(server.httpServer as Server | null);
    },
    configurePreviewServer(server) {
      server.middlewares.use(middleware);
      attach(server.httpServer as Server);
    },
  };
}
