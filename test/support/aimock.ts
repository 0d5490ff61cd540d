// `@copilotkit/aimock` (CopilotKit's own mock server, which reuses a fixture reply's ids in every run) behind a
// same-origin proxy for browser tests: `POST /__test/aimock/agui` runs it, `POST /__test/aimock/connect` replays a
// thread's recorded runs as CopilotKit's runtime does, `GET /__test/aimock/inputs?key=K` lists the inputs
// sent to either (with `?key=K`).
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AGUIMock, type AGUIEvent } from '@copilotkit/aimock';

interface MiddlewareContext {
  path: string;
  method: string;
  url: string;
  req: IncomingMessage;
  res: ServerResponse;
  respond: boolean;
}

interface FixtureEntry {
  readonly match: { readonly message: string };
  readonly text?: string;
  readonly events?: AGUIEvent[];
  readonly delayMs?: number;
}

/** The fixture file in aimock's own config shape (`{ agui: { fixtures } }`). */
const FIXTURES = new URL('../fixtures/aimock.json', import.meta.url);

let started: Promise<string> | null = null;

function startMock(): Promise<string> {
  started ??= (async () => {
    const config = JSON.parse(readFileSync(FIXTURES, 'utf8')) as {
      agui: { fixtures: FixtureEntry[] };
    };
    const mock = new AGUIMock({ port: 0, host: '127.0.0.1' });
    for (const fixture of config.agui.fixtures) {
      if (fixture.text !== undefined) {
        mock.onMessage(fixture.match.message, fixture.text, { delayMs: fixture.delayMs });
      } else if (fixture.events) {
        mock.addFixture({ match: fixture.match, events: fixture.events, delayMs: fixture.delayMs });
      }
    }
    return mock.start();
  })();
  return started;
}

/** Every run's SSE body by thread, whole (read to the end even when the page went away), in order. */
const runs = new Map<string, Promise<string>[]>();
const inputs = new Map<string, unknown[]>();

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

async function handleRun(ctx: MiddlewareContext): Promise<void> {
  const key = new URL(ctx.url, 'http://localhost').searchParams.get('key') ?? '';
  const body = await readBody(ctx.req);
  const input = JSON.parse(body) as { threadId: string };
  inputs.set(key, [...(inputs.get(key) ?? []), input]);
  const url = await startMock();
  ctx.respond = false;
  const upstream = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body,
  });
  ctx.res.writeHead(upstream.status, {
    'content-type': upstream.headers.get('content-type') ?? 'text/event-stream',
    'cache-control': 'no-store',
  });
  const reader = (upstream.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const whole = (async () => {
    let text = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (!ctx.res.destroyed) ctx.res.write(value);
    }
    if (!ctx.res.destroyed) ctx.res.end();
    return text;
  })();
  runs.set(input.threadId, [...(runs.get(input.threadId) ?? []), whole]);
  await whole;
}

async function handleConnect(ctx: MiddlewareContext): Promise<void> {
  const key = new URL(ctx.url, 'http://localhost').searchParams.get('key') ?? '';
  const input = JSON.parse(await readBody(ctx.req)) as { threadId: string };
  inputs.set(key, [...(inputs.get(key) ?? []), input]);
  const bodies = await Promise.all(runs.get(input.threadId) ?? []);
  ctx.respond = false;
  ctx.res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
  ctx.res.end(bodies.join(''));
}

export function aimockMiddleware() {
  return async (ctx: MiddlewareContext, next: () => Promise<void>): Promise<void> => {
    if (ctx.path === '/__test/aimock/agui' && ctx.method === 'POST') return handleRun(ctx);
    if (ctx.path === '/__test/aimock/connect' && ctx.method === 'POST') return handleConnect(ctx);
    if (ctx.path === '/__test/aimock/inputs') {
      const key = new URL(ctx.url, 'http://localhost').searchParams.get('key') ?? '';
      ctx.respond = false;
      ctx.res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      ctx.res.end(JSON.stringify(inputs.get(key) ?? []));
      return;
    }
    return next();
  };
}
