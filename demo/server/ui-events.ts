// The sentinel's channel: `GET /api/ui-events` (SSE) and `/api/ui-events/ws` (WebSocket, same-origin only) send a
// deterministic alert banner for a cell every few seconds, plus heartbeats; each connection owns its timers, and
// closing it disposes them exactly once.

import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { RequestHandler } from './agent-handler.js';
import { jsonError } from './json-response.js';

/** The SSE route of the channel. */
export const UI_EVENTS_PATH = '/api/ui-events';
/** The WebSocket route of the channel. */
export const UI_EVENTS_WS_PATH = '/api/ui-events/ws';
/** The first banner comes this long after the connection opens (times the time scale). */
export const FIRST_BANNER_MS = 500;
/** Then one banner every so often, for cells 1, 2, 3, 1, … */
export const BANNER_INTERVAL_MS = 3000;
/** A heartbeat keeps proxies from closing a quiet connection. */
export const HEARTBEAT_MS = 15_000;
/** No timer of the sentinel fires sooner than this, whatever the time scale. */
const MIN_DELAY_MS = 5;

export type SentinelTransport = 'sse' | 'websocket';

/** What a test observer (and the load run) sees of each channel connection. */
export type SentinelObservation =
  | { readonly type: 'Opened'; readonly connection: number; readonly transport: SentinelTransport }
  | {
      readonly type: 'Sent';
      readonly connection: number;
      readonly kind: 'banner' | 'heartbeat';
      readonly n: number;
    }
  | { readonly type: 'Closed'; readonly connection: number; readonly transport: SentinelTransport }
  | { readonly type: 'Refused'; readonly origin: string };

export type SentinelObserver = (observation: SentinelObservation) => void;

export interface SentinelOptions {
  /** Multiplies every sentinel delay (tests and load runs only). Default 1. */
  readonly timeScale?: number;
  /** Test-only observer of connections. */
  readonly observeChannel?: SentinelObserver;
}

/** Seed 002's envelope: what the backend's `ws_manager.broadcast("ui_render", …)` sends. */
export interface UiRenderMessage {
  readonly type: 'ui_render';
  readonly data: {
    readonly agent: 'sentinel';
    readonly component: 'alert_banner';
    readonly props: {
      readonly severity: 'info' | 'warning' | 'critical';
      readonly cell_id: 1 | 2 | 3;
      readonly message: string;
      readonly anomaly_id: string;
    };
    readonly turn_id: null;
    readonly cell_id: 1 | 2 | 3;
  };
}

const SEVERITIES = ['warning', 'critical', 'info'] as const;
const READINGS = ['API latency', 'queue depth', 'search error rate', 'event lag'] as const;

/** The n-th banner (from 1) of a connection: cells take turns, severities and readings follow their own cycles. */
export function sentinelBanner(n: number): UiRenderMessage {
  const cell = (((n - 1) % 3) + 1) as 1 | 2 | 3;
  const severity = SEVERITIES[Math.floor((n - 1) / 3) % SEVERITIES.length] ?? 'warning';
  const reading = READINGS[(n - 1) % READINGS.length] ?? READINGS[0];
  return {
    type: 'ui_render',
    data: {
      agent: 'sentinel',
      component: 'alert_banner',
      props: {
        severity,
        cell_id: cell,
        message: `Sentinel: ${reading} on cell ${cell} is outside its usual range (reading ${n}).`,
        anomaly_id: `sentinel-${n}`,
      },
      turn_id: null,
      cell_id: cell,
    },
  };
}

let connections = 0;

/** One connection's sentinel: a banner chain and a heartbeat timer, both cleared by `dispose()` exactly once. */
export class Sentinel {
  private banner: ReturnType<typeof setTimeout> | undefined;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private sent = 0;
  private disposed = false;
  readonly connection = (connections += 1);

  constructor(
    private readonly transport: SentinelTransport,
    private readonly send: (message: UiRenderMessage | null) => void,
    private readonly options: SentinelOptions = {},
  ) {
    const scale = options.timeScale ?? 1;
    if (!Number.isFinite(scale) || scale < 0) {
      throw new RangeError(`timeScale must be a finite number >= 0 (got ${String(scale)}).`);
    }
    options.observeChannel?.({ type: 'Opened', connection: this.connection, transport });
    this.banner = setTimeout(() => this.sendBanner(), this.scaled(FIRST_BANNER_MS));
    this.heartbeat = setInterval(() => {
      options.observeChannel?.({
        type: 'Sent',
        connection: this.connection,
        kind: 'heartbeat',
        n: this.sent,
      });
      this.send(null);
    }, this.scaled(HEARTBEAT_MS));
  }

  /** Stops both timers; nothing is sent after this. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    clearTimeout(this.banner);
    clearInterval(this.heartbeat);
    this.options.observeChannel?.({
      type: 'Closed',
      connection: this.connection,
      transport: this.transport,
    });
  }

  private scaled(ms: number): number {
    return Math.max(MIN_DELAY_MS, ms * (this.options.timeScale ?? 1));
  }

  private sendBanner(): void {
    if (this.disposed) return;
    this.sent += 1;
    this.options.observeChannel?.({
      type: 'Sent',
      connection: this.connection,
      kind: 'banner',
      n: this.sent,
    });
    this.send(sentinelBanner(this.sent));
    this.banner = setTimeout(() => this.sendBanner(), this.scaled(BANNER_INTERVAL_MS));
  }
}

/**
 * `GET /api/ui-events`: an SSE stream of `data: <ui_render message>` events and `: heartbeat` comments, until the
 * client goes away. 405 for other methods.
 */
export function createUiEventsHandler(options: SentinelOptions = {}): RequestHandler {
  return async (request) => {
    if (request.method !== 'GET') {
      return jsonError(405, `Method ${request.method} is not allowed here: GET the event stream.`, {
        allow: 'GET',
      });
    }
    const utf8 = new TextEncoder();
    let sentinel: Sentinel | undefined;
    const stop = () => sentinel?.dispose();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        if (request.signal.aborted) {
          controller.close();
          return;
        }
        request.signal.addEventListener('abort', stop, { once: true });
        controller.enqueue(utf8.encode(': sentinel channel\n\n'));
        sentinel = new Sentinel(
          'sse',
          (message) => {
            const frame = message ? `data: ${JSON.stringify(message)}\n\n` : ': heartbeat\n\n';
            try {
              controller.enqueue(utf8.encode(frame));
            } catch {
              stop();
            }
          },
          options,
        );
      },
      cancel() {
        request.signal.removeEventListener('abort', stop);
        stop();
      },
    });
    return new Response(body, {
      status: 200,
      headers: {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        'x-accel-buffering': 'no',
      },
    });
  };
}

/** Whether an upgrade request comes from a page of this server's own origin (a request without Origin is no page). */
export function isSameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  const host = req.headers.host;
  const secure = 'encrypted' in req.socket && req.socket.encrypted === true;
  return host !== undefined && origin === `${secure ? 'https' : 'http'}://${host}`;
}

function refuse(socket: Duplex, status: string, text: string): void {
  socket.end(
    `HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-type: text/plain; charset=utf-8\r\n` +
      `content-length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
  );
}

/** Serves `/api/ui-events/ws` on a server's upgrade requests; other paths are left to other listeners. */
export function attachUiEventsWebSocket(server: Server, options: SentinelOptions = {}): () => void {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (pathname !== UI_EVENTS_WS_PATH) return;
    if (!isSameOrigin(req)) {
      options.observeChannel?.({ type: 'Refused', origin: req.headers.origin ?? '' });
      refuse(socket, '403 Forbidden', 'The channel accepts pages of its own origin only.');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const sentinel = new Sentinel(
        'websocket',
        (message) => ws.send(JSON.stringify(message ?? { type: 'heartbeat' })),
        options,
      );
      ws.on('close', () => sentinel.dispose());
      ws.on('error', () => sentinel.dispose());
      // The sentinel only talks: whatever a client sends is ignored.
    });
  };
  server.on('upgrade', onUpgrade);
  return () => {
    server.off('upgrade', onUpgrade);
    for (const client of wss.clients) client.terminate();
    wss.close();
  };
}
