// The Vite plugin that mounts the fixture endpoint and data routes in `vite` (dev) and `vite preview`.

import type { Connect, Plugin } from 'vite';
import type { AgentHandlerOptions } from './agent-handler.js';
import { createFixtureApi, isFixtureApiPath } from './fixture-api.js';
import { timeScaleFromEnv, toNodeListener } from './node-adapter.js';

/**
 * Mounts `POST /api/agent-analysis` (with `/connect` and `/stop/:threadId`) and the `GET /api/v1/...` data routes.
 * `timeScale` defaults to the `AGUI_FIXTURE_TIME_SCALE` environment variable, then 1; `retainRunsMs` (off unless
 * given; the demo's vite.config.ts gives 60 s) makes runs thread-owned.
 */
export function agentAnalysisPlugin(options: AgentHandlerOptions = {}): Plugin {
  const listener = toNodeListener(
    createFixtureApi({ ...options, timeScale: options.timeScale ?? timeScaleFromEnv() }),
  );
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
    },
    configurePreviewServer(server) {
      server.middlewares.use(middleware);
    },
  };
}
