// Channel endpoints for browser tests, same-origin with the test page: the real sentinel (SSE through the
// middleware, WebSocket through the dev server's upgrade requests) on a fast clock, and scripted channels whose
// connections are logged per key.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { toNodeListener } from '../../demo/server/node-adapter.js';
import {
  attachUiEventsWebSocket,
  createUiEventsHandler,
  type SentinelOptions,
} from '../../demo/server/ui-events.js';

/** One step of a scripted connection; after the last step the connection stays open until the client leaves. */
export type ChannelStep =
  | { readonly send: string; readonly times?: number }
  | { readonly oversize: number }
  | { readonly status: number }
  | { readonly close: number; readonly reason?: string }
  | { readonly end: true };

interface ConnectionRecord {
  transport: 'sse' | 'websocket';
  authorization: string | null;
  protocol: string | null;
  closed: boolean;
}

/** How to drop each open scripted connection, per key. */
const droppers = new Map<string, Set<() => void>>();

function onDrop(url: URL, drop: () => void): () => void {
  const key = url.searchParams.get('key') ?? '';
  const set = droppers.get(key) ?? new Set();
  set.add(drop);
  droppers.set(key, set);
  return () => set.delete(drop);
}

const connections = new Map<string, ConnectionRecord[]>();
/** The real sentinel on a fast clock: the first banner after 25 ms, then one every 150 ms. */
const sentinel: SentinelOptions = { timeScale: 0.05 };

/** A ui_render message of exactly `bytes` UTF-8 bytes (valid JSON and a valid banner but for its size). */
function oversizeMessage(bytes: number): string {
  const head =
    '{"type":"ui_render","data":{"component":"alert_banner","props":{"severity":"info","cell_id":1,"anomaly_id":"big","message":"';
  const tail = '"}}}';
  return head + 'x'.repeat(Math.max(0, bytes - head.length - tail.length)) + tail;
}

/** The attempt's steps: attempt n of a key plays script[n], the last one again once the script runs out. */
function stepsFor(url: URL, attempt: number): ChannelStep[] {
  const encoded = url.searchParams.get('script');
  if (!encoded) return [];
  const script = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as ChannelStep[][];
  return script[Math.min(attempt, script.length - 1)] ?? [];
}

function record(url: URL, entry: ConnectionRecord): { record: ConnectionRecord; attempt: number } {
  const key = url.searchParams.get('key') ?? '';
  const list = connections.get(key) ?? [];
  list.push(entry);
  connections.set(key, list);
  return { record: entry, attempt: list.length - 1 };
}

function texts(step: ChannelStep): string[] {
  if ('oversize' in step) return [oversizeMessage(step.oversize)];
  if ('send' in step) return Array.from({ length: step.times ?? 1 }, () => step.send);
  return [];
}

function serveScriptedSse(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const { record: entry, attempt } = record(url, {
    transport: 'sse',
    authorization: req.headers.authorization ?? null,
    protocol: null,
    closed: false,
  });
  const forget = onDrop(url, () => res.destroy());
  const done = new Promise<void>((resolve) =>
    res.on('close', () => {
      entry.closed = true;
      forget();
      resolve();
    }),
  );
  const steps = stepsFor(url, attempt);
  const first = steps[0];
  if (first && 'status' in first) {
    res.writeHead(first.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: `Scripted status ${first.status}` }));
    return done;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.write(': scripted\n\n');
  for (const step of steps) {
    if ('close' in step || 'end' in step) {
      res.end();
      return done;
    }
    for (const text of texts(step)) {
      res.write(
        `${text
          .split('\n')
          .map((line) => `data: ${line}`)
          .join('\n')}\n\n`,
      );
    }
  }
  return done;
}

function serveScriptedSocket(
  wss: WebSocketServer,
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
) {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const { record: entry, attempt } = record(url, {
    transport: 'websocket',
    authorization: null,
    protocol: req.headers['sec-websocket-protocol'] ?? null,
    closed: false,
  });
  const steps = stepsFor(url, attempt);
  const first = steps[0];
  if (first && 'status' in first) {
    entry.closed = true;
    socket.end(
      `HTTP/1.1 ${first.status} Refused\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`,
    );
    return;
  }
  wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
    const forget = onDrop(url, () => ws.terminate());
    ws.on('close', () => {
      entry.closed = true;
      forget();
    });
    for (const step of steps) {
      if ('close' in step) {
        ws.close(step.close, step.reason);
        return;
      }
      if ('end' in step) {
        ws.terminate();
        return;
      }
      for (const text of texts(step)) ws.send(text);
    }
  });
}

/** Koa middleware for the SSE routes and the logs. */
export function channelMiddleware() {
  const uiEvents = toNodeListener(createUiEventsHandler(sentinel));
  return async (
    ctx: { path: string; url: string; req: IncomingMessage; res: ServerResponse; respond: boolean },
    next: () => Promise<void>,
  ) => {
    const json = (body: unknown) => {
      ctx.respond = false;
      ctx.res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      ctx.res.end(JSON.stringify(body));
    };
    if (ctx.path === '/api/ui-events') {
      ctx.respond = false;
      await new Promise<void>((resolve) => {
        ctx.res.on('close', () => resolve());
        uiEvents(ctx.req, ctx.res);
      });
      return;
    }
    if (ctx.path === '/__test/channel/sse') {
      ctx.respond = false;
      await serveScriptedSse(ctx.req, ctx.res);
      return;
    }
    if (ctx.path === '/__test/channel/log') {
      const key = new URL(ctx.url, 'http://localhost').searchParams.get('key') ?? '';
      json(connections.get(key) ?? []);
      return;
    }
    if (ctx.path === '/__test/channel/drop') {
      const key = new URL(ctx.url, 'http://localhost').searchParams.get('key') ?? '';
      const drops = [...(droppers.get(key) ?? [])];
      for (const drop of drops) drop();
      json({ dropped: drops.length });
      return;
    }
    await next();
  };
}

/** A @web/dev-server plugin: the WebSocket routes on the test server's own upgrade requests. */
export function channelPlugin() {
  return {
    name: 'agui-test-channel',
    serverStart({ server }: { server?: Server }) {
      if (!server) return;
      attachUiEventsWebSocket(server, sentinel);
      const wss = new WebSocketServer({
        noServer: true,
        handleProtocols: (protocols: Set<string>) => [...protocols][0] ?? false,
      });
      server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        if (new URL(req.url ?? '/', 'http://localhost').pathname === '/__test/channel/ws') {
          serveScriptedSocket(wss, req, socket, head);
        }
      });
    },
  };
}
