// The parts end-to-end pages: the classic script served from a nested path with `chunks/` beside it, from a folder
// without `chunks/`, from another origin with and without `Access-Control-Allow-Origin`, and under the README's
// strict policy (the classic script and the ES module from 'self'). Two servers: the page's origin and another.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { harnessScript } from './harness-build.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { readmePolicy } from './xss-pages.js';
import { frameHeaders } from '../../scripts/diagram-frame.mjs';

export interface PartsServers {
  readonly origin: string;
  /** The other origin: `/cors/…` answers with `Access-Control-Allow-Origin: *`, `/plain/…` without it. */
  readonly other: string;
  close(): Promise<void>;
}

/** Each page: where it loads the bundle from, and whether the README's policy applies. */
export const PARTS_PAGES = {
  nested: { script: '/cdn/v1/agui-elements.iife.js', strict: false },
  missing: { script: '/bare/agui-elements.iife.js', strict: false },
  'other-cors': { script: 'OTHER/cors/agui-elements.iife.js', strict: false },
  'other-plain': { script: 'OTHER/plain/agui-elements.iife.js', strict: false },
  strict: { script: '/cdn/v1/agui-elements.iife.js', strict: true },
  'strict-module': { script: '/cdn/v1/agui-elements.js', strict: true },
} as const;

export type PartsPage = keyof typeof PARTS_PAGES;

function pageHtml(script: string): string {
  const tag = script.endsWith('.iife.js')
    ? `<script src="${script}" defer></script>`
    : `<script type="module" src="${script}"></script>`;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Parts beside the classic script</title>
    <link rel="icon" href="data:," />
    <script src="/parts/harness.js" defer></script>
    ${tag}
  </head>
  <body>
    <agent-run id="parts" thread-id="parts-e2e"><agent-chat></agent-chat></agent-run>
  </body>
</html>
`;
}

/** A file of dist/ (and `chunks/` only where `withChunks`), or null. */
function distFile(path: string, withChunks: boolean): string | null {
  if (!withChunks && path.startsWith('chunks/')) return null;
  const file = resolve('dist', path);
  if (!file.startsWith(resolve('dist')) || !existsSync(file) || !statSync(file).isFile())
    return null;
  return file;
}

function listen(handler: Parameters<typeof createServer>[1]): Promise<Server> {
  const server = createServer(handler);
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

const originOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

export async function startPartsServers(): Promise<PartsServers> {
  for (const built of ['dist/agui-elements.iife.js', 'dist/chunks/iife-highlighter.js']) {
    if (!existsSync(built)) throw new Error(`${built} is missing: run \`npm run build\` first.`);
  }
  const other = await listen((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    const match = /^\/(cors|plain)\/(.+)$/.exec(pathname);
    const file = match ? distFile(match[2] ?? '', true) : null;
    if (!match || !file) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/javascript; charset=utf-8',
      ...(match[1] === 'cors' ? { 'access-control-allow-origin': '*' } : {}),
    });
    res.end(readFileSync(file));
  });
  const otherOrigin = originOf(other);
  const main = await listen((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname === '/parts/harness.js') {
      void harnessScript('test/e2e/parts-harness.ts').then((body) => {
        res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(body);
      });
      return;
    }
    const page = /^\/parts\/([\w-]+)\.html$/.exec(pathname)?.[1] as PartsPage | undefined;
    const spec = page ? PARTS_PAGES[page] : undefined;
    if (spec) {
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        ...(spec.strict ? { 'content-security-policy': readmePolicy() } : {}),
      });
      res.end(pageHtml(spec.script.replace('OTHER', otherOrigin)));
      return;
    }
    const bundle = /^\/(cdn\/v1|bare)\/(.+)$/.exec(pathname);
    const file = bundle ? distFile(bundle[2] ?? '', bundle[1] === 'cdn/v1') : null;
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    // The diagram frame with the headers the README gives it; everything else is script (or its map).
    res.writeHead(
      200,
      file.endsWith('diagram-frame.html')
        ? frameHeaders()
        : {
            'content-type': file.endsWith('.map')
              ? 'application/json'
              : 'text/javascript; charset=utf-8',
          },
    );
    res.end(readFileSync(file));
  });
  return {
    origin: originOf(main),
    other: otherOrigin,
    close: async () => {
      for (const server of [main, other]) {
        server.closeAllConnections();
        await new Promise<void>((done) => server.close(() => done()));
      }
    },
  };
}
