// The end-to-end server: the built demo, demo/embed.html, dist/ and the fixture endpoint, with a request log.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, resolve } from 'node:path';
import {
  UI_EVENTS_PATH,
  createFixtureApi,
  isFixtureApiPath,
  ResponseLog,
  toNodeListener,
} from '../../demo/server/index.js';
import { mcpPageResponse } from './mcp-pages.js';
import { STRICT_CSP } from './strict-policy.js';
import { xssResponse } from './xss-pages.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.json': 'application/json',
};

export { STRICT_CSP } from './strict-policy.js';

export interface E2eServer {
  readonly origin: string;
  /** Every request to the fixture API but the channel: method and path, in order. */
  readonly apiRequests: { method: string; path: string }[];
  /** How each agent response ended (also at GET /api/agent-analysis/_responses). */
  readonly responses: ResponseLog;
  /** How many times a page connected to the sentinel channel (`GET /api/ui-events`). */
  readonly channelConnections: () => number;
  close(): Promise<void>;
}

function fileFor(pathname: string): string | null {
  const root = resolve('.');
  let path: string;
  if (pathname === '/' || pathname === '/index.html') path = resolve('dist/demo/index.html');
  else if (pathname.startsWith('/assets/')) path = resolve('dist/demo', `.${pathname}`);
  else if (pathname === '/embed.html' || pathname === '/module.html') {
    path = resolve(`demo${pathname}`);
  } else if (pathname.startsWith('/site/')) path = resolve(`demo${pathname}`);
  else if (pathname.startsWith('/dist/')) path = resolve(`.${pathname}`);
  else return null;
  if (!path.startsWith(root) || !existsSync(path) || !statSync(path).isFile()) return null;
  return path;
}

export interface E2eServerOptions {
  /** Thread-owned runs (ms, as `createFixtureApi({ retainRunsMs })`); default: request-owned, as before. */
  readonly retainRunsMs?: number;
}

export async function startE2eServer(
  timeScale: number,
  options: E2eServerOptions = {},
): Promise<E2eServer> {
  for (const built of [
    'dist/demo/index.html',
    'dist/agui-elements.iife.js',
    'dist/agui-elements.js',
  ]) {
    if (!existsSync(built)) throw new Error(`${built} is missing: run \`npm run build\` first.`);
  }
  const responses = new ResponseLog();
  const api = toNodeListener(
    createFixtureApi({
      timeScale,
      responses,
      ...(options.retainRunsMs !== undefined ? { retainRunsMs: options.retainRunsMs } : {}),
    }),
  );
  const apiRequests: { method: string; path: string }[] = [];
  let channelConnections = 0;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let pathname = url.pathname;
    const headers: Record<string, string> = {};
    // /strict/… serves the same pages under a strict Content-Security-Policy with Trusted Types.
    if (pathname.startsWith('/strict/')) {
      pathname = pathname.slice('/strict'.length);
      headers['content-security-policy'] = STRICT_CSP;
    }
    if (pathname === UI_EVENTS_PATH) {
      // The demo's channel: asked for by the page's `channel` attribute, so not an idle request.
      channelConnections += 1;
      api(req, res);
      return;
    }
    if (isFixtureApiPath(pathname)) {
      apiRequests.push({ method: req.method ?? 'GET', path: pathname });
      api(req, res);
      return;
    }
    const mcpPage = mcpPageResponse(url);
    if (mcpPage) {
      res.writeHead(200, mcpPage.headers);
      res.end(mcpPage.body);
      return;
    }
    if (pathname.startsWith('/xss/')) {
      // The XSS corpus pages (test/e2e/xss-pages.ts) carry their own policies.
      void xssResponse(pathname).then(
        (reply) => {
          res.writeHead(reply ? 200 : 404, reply?.headers ?? { 'content-type': 'text/plain' });
          res.end(reply?.body ?? 'not found');
        },
        (error: unknown) => {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(String(error));
        },
      );
      return;
    }
    const file = fileFor(pathname);
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    res.writeHead(200, {
      ...headers,
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    apiRequests,
    responses,
    channelConnections: () => channelConnections,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
