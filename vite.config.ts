// `npm start`: the demo pages served from demo/, with the fixture AG-UI endpoint and data routes mounted, and
// the built script-tag bundles under /dist/ (for demo/embed.html). The endpoint keeps runs by thread for 60 s, so
// a reload in the middle of a run can connect to it again.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { agentAnalysisPlugin } from './demo/server/vite-plugin.js';
import { mcpSandboxPlugin } from './demo/server/mcp-sandbox-plugin.js';
import { onLog } from './scripts/build-logs.mjs';
import { prismPrivate } from './scripts/prism-private.mjs';
import { diagramFramePlugin } from './scripts/diagram-frame.mjs';

const DIST = resolve('dist');

/** Serves dist/ at /dist/, so embed.html loads the real built bundle even in the dev server. */
function builtBundles(): Plugin {
  return {
    name: 'agui-built-bundles',
    configureServer(server) {
      server.middlewares.use('/dist', (req, res, next) => {
        const path = resolve(DIST, `.${decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/')}`);
        if (!path.startsWith(DIST)) return next();
        if (!existsSync(path) || !statSync(path).isFile()) {
          res.statusCode = 404;
          res.setHeader('content-type', 'text/plain; charset=utf-8');
          res.end(`${req.url} is not built yet: run \`npm run build\` first.`);
          return;
        }
        res.setHeader(
          'content-type',
          path.endsWith('.map') ? 'application/json' : 'text/javascript',
        );
        createReadStream(path).pipe(res);
      });
    },
  };
}

export default defineConfig({
  root: 'demo',
  plugins: [
    agentAnalysisPlugin({ retainRunsMs: 60_000 }),
    mcpSandboxPlugin(),
    diagramFramePlugin({ emit: false }),
    builtBundles(),
    prismPrivate(),
  ],
  // What the elements import lazily (the first run, the first answer, the first A2UI surface): optimized up front,
  // or the dev server would discover each on first use and reload the page in the middle of that run.
  optimizeDeps: {
    include: [
      '@ag-ui/client',
      'untruncate-json',
      'zod/v4',
      'zod/v4/locales/en.js',
      'marked',
      '@a2ui/lit/v0_9',
      '@a2ui/web_core/v0_9',
      '@a2ui/web_core/v0_9/basic_catalog',
    ],
    // The dependency scan resolves the private Prism too; without it the scan failed, found nothing, and the first
    // page load was reloaded when Lit's directives were optimized late.
    rolldownOptions: { plugins: [prismPrivate()] },
  },
  build: {
    outDir: '../dist/demo',
    emptyOutDir: false,
    rollupOptions: { input: { index: resolve('demo/index.html') }, onLog },
  },
});
