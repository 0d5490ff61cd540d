// `npm start`'s strict-page setup for MCP Apps: the sandbox proxy (dist/mcp-apps-sandbox.html, built from source here)
// on the dev server's next port, another origin, with the README's headers; and /site/mcp-strict.html served under a
// policy without inline script whose `frame-src` names that origin, its %MCP_APPS_SANDBOX% filled in.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Connect, Plugin } from 'vite';
import { sandboxHeaders, sandboxHtml } from '../../scripts/mcp-sandbox.mjs';

const PAGE = '/site/mcp-strict.html';
const PROXY = '/mcp-apps-sandbox.html';

/** The strict page's policy: the README's, plus the sandbox's origin as the one frame source. */
function strictPolicy(sandboxOrigin: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' blob: data:",
    "connect-src 'self'",
    `frame-src ${sandboxOrigin}`,
    "object-src 'none'",
    "base-uri 'none'",
    "require-trusted-types-for 'script'",
    "trusted-types lit-html 'allow-duplicates'",
  ].join('; ');
}

/** Starts the sandbox's server on `port` (the next free one above it if taken). */
async function listen(server: Server, port: number): Promise<number> {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const ok = await new Promise<boolean>((done) => {
      server.once('error', () => done(false));
      server.listen(port + attempt, 'localhost', () => done(true));
    });
    if (ok) return (server.address() as AddressInfo).port;
  }
  throw new Error(`No free port for the MCP Apps sandbox from ${port}.`);
}

export function mcpSandboxPlugin(): Plugin {
  let sandboxOrigin = '';
  let html: Promise<string> | null = null;
  const page: Connect.NextHandleFunction = (req, res, next) => {
    if ((req.url ?? '').split('?')[0] !== PAGE || !sandboxOrigin) return next();
    const origin = `http://${req.headers.host ?? 'localhost'}`;
    const proxy = `${sandboxOrigin}${PROXY}?parent=${origin}`;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('content-security-policy', strictPolicy(sandboxOrigin));
    res.end(readFileSync(`demo${PAGE}`, 'utf8').replaceAll('%MCP_APPS_SANDBOX%', proxy));
  };
  return {
    name: 'agui-mcp-apps-sandbox',
    configureServer(server) {
      server.middlewares.use(page);
      const httpServer = server.httpServer as Server | null;
      if (!httpServer) return;
      httpServer.once('listening', () => {
        const pagePort = (httpServer.address() as AddressInfo).port;
        // The dev server answers on localhost and 127.0.0.1 alike: both may frame the proxy.
        const ancestors = [`http://localhost:${pagePort}`, `http://127.0.0.1:${pagePort}`];
        const sandbox = createServer((req, res) => {
          if ((req.url ?? '').split('?')[0] !== PROXY) {
            res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
            return;
          }
          html ??= sandboxHtml();
          void html.then(
            (body) => res.writeHead(200, sandboxHeaders(ancestors)).end(body),
            (error: unknown) =>
              res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error)),
          );
        });
        listen(sandbox, pagePort + 1).then(
          (port) => {
            sandboxOrigin = `http://localhost:${port}`;
            server.config.logger.info(
              `  MCP Apps sandbox: ${sandboxOrigin}${PROXY} (strict page: ${PAGE})`,
            );
          },
          (error: unknown) => server.config.logger.warn(String(error)),
        );
        httpServer.once('close', () => sandbox.close());
      });
    },
  };
}
