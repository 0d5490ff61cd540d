// Same-origin HTTP endpoints for browser tests: canned SSE streams with chosen framing, failures and a request log.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createDataHandler } from '../../demo/server/data-handler.js';
import { createFixtureApi } from '../../demo/server/fixture-api.js';
import { toNodeListener, type NodeListener } from '../../demo/server/node-adapter.js';
import { ResponseLog } from '../../demo/server/response-log.js';
import { createUploadHandler, isUploadPath } from '../../demo/server/upload-handler.js';
import { TRANSCRIBE_PATH, createTranscribeHandler } from '../../demo/server/transcribe-handler.js';

interface RecordedRequest {
  key: string;
  input: unknown;
  closedByClient: boolean;
  finished: boolean;
}

interface TestContext {
  path: string;
  method: string;
  url: string;
  req: IncomingMessage;
  res: ServerResponse;
  respond: boolean;
}

const requests: RecordedRequest[] = [];

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function decodeEvents(param: string | null): unknown[] | null {
  if (!param) return null;
  return JSON.parse(Buffer.from(param, 'base64url').toString('utf8')) as unknown[];
}

function defaultEvents(threadId: string, runId: string): unknown[] {
  return [
    { type: 'RUN_STARTED', threadId, runId },
    { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Hello ' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'wörld' },
    { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
    { type: 'STATE_SNAPSHOT', snapshot: { count: 1 } },
    { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/count', value: 2 }] },
    { type: 'RUN_FINISHED', threadId, runId },
  ];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function handleSse(ctx: TestContext): Promise<void> {
  const url = new URL(ctx.url, 'http://localhost');
  const params = url.searchParams;
  const body = await readBody(ctx.req);
  let input: { threadId?: string; runId?: string } = {};
  try {
    input = JSON.parse(body) as typeof input;
  } catch {
    input = {};
  }
  const record: RecordedRequest = {
    key: params.get('key') ?? '',
    input,
    closedByClient: false,
    finished: false,
  };
  requests.push(record);
  const { res, req } = ctx;
  ctx.respond = false;
  res.on('close', () => {
    if (!record.finished) record.closedByClient = true;
  });
  req.on('aborted', () => {
    record.closedByClient = true;
  });

  const status = Number(params.get('status') ?? '200');
  if (status !== 200) {
    const json = params.get('json');
    res.writeHead(status, { 'content-type': json ? 'application/json' : 'text/plain' });
    record.finished = true;
    res.end(json ?? params.get('text') ?? 'failure');
    return;
  }
  const contentType = params.get('type') ?? 'text/event-stream';
  res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-cache' });
  res.flushHeaders();
  const threadId = input.threadId ?? 't';
  const runId = params.get('echo') === 'no' ? 'server-made-id' : (input.runId ?? 'r');
  const events = decodeEvents(params.get('events')) ?? defaultEvents(threadId, runId);
  const newline = { lf: '\n', crlf: '\r\n', cr: '\r' }[params.get('framing') ?? 'lf'] ?? '\n';
  const chunkSize = Number(params.get('chunk') ?? '0');
  const delay = Number(params.get('delay') ?? '0');
  const cutAfter = params.get('cutAfter');
  const raw = params.get('raw');

  const frames = raw
    ? [raw]
    : events.map((event) => `data: ${JSON.stringify(event)}${newline}${newline}`);
  for (let index = 0; index < frames.length; index += 1) {
    if (record.closedByClient) return;
    if (cutAfter !== null && index === Number(cutAfter)) {
      // A mid-stream disconnect: the server dies without a terminal event.
      record.finished = true;
      res.destroy();
      return;
    }
    const bytes = Buffer.from(frames[index] ?? '', 'utf8');
    if (chunkSize > 0) {
      for (let offset = 0; offset < bytes.length; offset += chunkSize) {
        res.write(bytes.subarray(offset, offset + chunkSize));
        await sleep(1);
      }
    } else {
      res.write(bytes);
    }
    if (delay > 0) await sleep(delay);
  }
  if (params.get('end') === 'linger') {
    // The body stays open a little after the terminal event, as a real server's may.
    await sleep(Number(params.get('linger') ?? '300'));
  }
  if (params.get('end') === 'hang') {
    // Keep the stream open until the client goes away.
    while (!record.closedByClient) await sleep(10);
    return;
  }
  record.finished = true;
  res.end();
}

// Data routes for artifact tests: `/api/v1/...` is the demo's data handler; `/__test/data/<mode>/api/v1/...` the
// same behind a mode: `fail` always answers 503, `flaky-<key>` fails the first request of its key and then passes,
// `slow-<ms>` waits first, `ok` passes. `/__test/data-requests?mode=<mode>` lists the paths each mode received.
const serveData = toNodeListener(createDataHandler());
const serveUploads = toNodeListener(createUploadHandler());
// The demo's speech-to-text, for the voice tests of the demo's `.transcribe`.
const serveTranscribe = toNodeListener(createTranscribeHandler());
const dataRequests = new Map<string, string[]>();
const flakyFailed = new Set<string>();

function passData(ctx: TestContext, path: string): Promise<void> {
  ctx.respond = false;
  ctx.req.url = path;
  return new Promise((resolve) => {
    ctx.res.on('close', () => resolve());
    serveData(ctx.req, ctx.res);
  });
}

async function handleData(ctx: TestContext, mode: string, path: string): Promise<void> {
  dataRequests.set(mode, [...(dataRequests.get(mode) ?? []), path]);
  const fail = mode === 'fail' || (mode.startsWith('flaky-') && !flakyFailed.has(mode));
  if (mode.startsWith('flaky-')) flakyFailed.add(mode);
  if (fail) {
    ctx.respond = false;
    ctx.res.writeHead(503, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    ctx.res.end(JSON.stringify({ error: 'Synthetic outage of the data service' }));
    return;
  }
  const slow = /^slow-(\d+)$/.exec(mode);
  if (slow) await sleep(Number(slow[1]));
  await passData(ctx, path);
}

interface StopRequest {
  key: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

const stops: StopRequest[] = [];

/** `POST /__test/stop/...?key=K[&status=N]`: a stop endpoint that records what it got. */
async function handleStop(ctx: TestContext): Promise<void> {
  const url = new URL(ctx.url, 'http://localhost');
  const text = await readBody(ctx.req);
  let body: unknown = text;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    // Recorded as sent.
  }
  stops.push({
    key: url.searchParams.get('key') ?? '',
    path: url.pathname,
    body,
    authorization: (ctx.req.headers.authorization as string | undefined) ?? null,
  });
  ctx.respond = false;
  const status = Number(url.searchParams.get('status') ?? '200');
  ctx.res.writeHead(status, { 'content-type': 'application/json' });
  ctx.res.end(status === 200 ? '{"stopped":true}' : '{"error":"cannot stop"}');
}

// The fixture API itself at `/__test/fixture/end-<ms>/api/agent-analysis` (scripts at full speed, the body kept
// open <ms> after its last event, request-owned runs), and with thread-owned runs at
// `/__test/fixture/retain[-<percent>]/api/agent-analysis` (retainRunsMs 60 s, every delay scaled to <percent> % of
// the fixture's, default 20: a Slow run lasts about 8 s). Each mount also answers `/connect` and `/stop/:threadId`;
// each mount records into its own ResponseLog (request ids count per mount), read at `…/_responses` below it.
const fixtureApis = new Map<string, NodeListener>();
const FIXTURE_ROUTE =
  /^\/__test\/fixture\/(end-\d+|retain(?:-\d+)?)(\/api\/agent-analysis(?:\/_responses|\/connect|\/stop\/[^/]+)?)$/;
/** The time scale of `/__test/fixture/retain/…`. */
const RETAIN_PERCENT = 20;

function fixtureApi(mount: string): NodeListener {
  let api = fixtureApis.get(mount);
  if (api) return api;
  const end = /^end-(\d+)$/.exec(mount);
  const retain = /^retain(?:-(\d+))?$/.exec(mount);
  const responses = new ResponseLog();
  api = toNodeListener(
    createFixtureApi(
      end
        ? { timeScale: 0, endDelayMs: Number(end[1]), responses }
        : {
            timeScale: Number(retain?.[1] ?? RETAIN_PERCENT) / 100,
            retainRunsMs: 60_000,
            responses,
          },
    ),
  );
  fixtureApis.set(mount, api);
  return api;
}

function passFixture(ctx: TestContext, mount: string, path: string): Promise<void> {
  const listener = fixtureApi(mount);
  // Keep the query (none is read today) and the percent-encoding of a stop's thread id as sent.
  const query = ctx.url.includes('?') ? ctx.url.slice(ctx.url.indexOf('?')) : '';
  ctx.respond = false;
  ctx.req.url = path + query;
  return new Promise((resolve) => {
    ctx.res.on('close', () => resolve());
    listener(ctx.req, ctx.res);
  });
}

/** Koa-style middleware for @web/test-runner, mounted at /__test/. */
export function testMiddleware() {
  return async (ctx: TestContext, next: () => Promise<void>) => {
    if (ctx.path === '/__test/sse' && ctx.method === 'POST') {
      await handleSse(ctx);
      return;
    }
    const fixture = FIXTURE_ROUTE.exec(ctx.path);
    if (fixture) {
      await passFixture(ctx, fixture[1] ?? 'end-0', fixture[2] ?? '/');
      return;
    }
    if (isUploadPath(ctx.path) || ctx.path === TRANSCRIBE_PATH) {
      const serve = ctx.path === TRANSCRIBE_PATH ? serveTranscribe : serveUploads;
      ctx.respond = false;
      await new Promise<void>((resolve) => {
        ctx.res.on('close', () => resolve());
        serve(ctx.req, ctx.res);
      });
      return;
    }
    if (ctx.method === 'GET' && ctx.path.startsWith('/api/v1/')) {
      await passData(ctx, ctx.url);
      return;
    }
    const data = /^\/__test\/data\/([\w-]+)(\/api\/v1\/.*)$/.exec(ctx.url);
    if (data && ctx.method === 'GET') {
      await handleData(ctx, data[1] ?? 'ok', data[2] ?? '/');
      return;
    }
    if (ctx.path === '/__test/data-requests') {
      const mode = new URL(ctx.url, 'http://localhost').searchParams.get('mode') ?? '';
      ctx.respond = false;
      ctx.res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      ctx.res.end(JSON.stringify(dataRequests.get(mode) ?? []));
      return;
    }
    if (ctx.path.startsWith('/__test/stop/') && ctx.method === 'POST') {
      await handleStop(ctx);
      return;
    }
    if (ctx.path === '/__test/stops') {
      const key = new URL(ctx.url, 'http://localhost').searchParams.get('key') ?? '';
      ctx.respond = false;
      ctx.res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      ctx.res.end(JSON.stringify(stops.filter((stop) => stop.key === key)));
      return;
    }
    if (ctx.path === '/__test/requests') {
      const key = new URL(ctx.url, 'http://localhost').searchParams.get('key') ?? '';
      ctx.respond = false;
      ctx.res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      ctx.res.end(JSON.stringify(requests.filter((request) => request.key === key)));
      return;
    }
    await next();
  };
}
