// The Web-standard AG-UI endpoint: bounded, validated input, then the fixture script streamed as SSE by a producer
// that belongs to this one request and is disposed exactly once — or, with retention on, to the run's thread
// (thread-runs.ts), which `connect` replays and tails and `stop` ends.

import { EventEncoder } from '@ag-ui/encoder';
import type { BaseEvent } from '@ag-ui/core';
import { FixtureInputError, fixtureScript } from '../../src/fixtures/index.js';
import type { FixtureScript } from '../../src/fixtures/index.js';
import { a2uiMiddlewareScript, usesA2uiMiddleware } from './a2ui-agent.js';
import {
  isProxiedMcpRequest,
  mcpAppsMiddlewareScript,
  usesMcpAppsMiddleware,
} from './mcp-apps-agent.js';
import { jsonError, jsonResponse } from './json-response.js';
import { parseJson, readBody, readRunInput } from './request-input.js';
import type { ResponseLog } from './response-log.js';
import { RETENTION_LIMITS, ThreadRuns } from './thread-runs.js';
import type { RetentionLimits } from './thread-runs.js';

/** 64 KiB: a chat history needs more than a single analysis request. */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Why a producer was disposed: it sent its last event, the request was aborted, or the body was cancelled; with
 * retention on also: a stop, a newer run on its thread, the window with no reader, or its thread dropped for room.
 */
export type DisposeCause =
  'Completed' | 'Aborted' | 'Cancelled' | 'Stopped' | 'Superseded' | 'Expired' | 'Evicted';

/** What a test observer sees of each producer (never exposed as a route). */
export type ResponseObservation =
  | {
      readonly type: 'Started';
      readonly requestId: number;
      readonly runId: string;
      readonly threadId?: string;
    }
  | {
      readonly type: 'Emitted';
      readonly requestId: number;
      readonly runId: string;
      readonly eventType: BaseEvent['type'];
    }
  | {
      readonly type: 'Disposed';
      readonly requestId: number;
      readonly runId: string;
      readonly cause: DisposeCause;
    };

export type ResponseObserver = (observation: ResponseObservation) => void;

export interface AgentHandlerOptions {
  /** Multiplies every fixture delay; for tests and load runs only, never a request field. Default 1. */
  readonly timeScale?: number;
  /** The largest body accepted, counted on the bytes actually read. Default 64 KiB. */
  readonly maxBodyBytes?: number;
  /** Test-only observer of producers: Started, Emitted and Disposed. */
  readonly observe?: ResponseObserver;
  /** Test-only: how long (ms) the body stays open after its last event before it ends. Default 0. */
  readonly endDelayMs?: number;
  /** Test-only: records how each response ended (see ResponseLog). */
  readonly responses?: ResponseLog;
  /**
   * Thread-owned runs when > 0 (ms): a run whose request closes keeps playing into its thread's buffer for at most
   * this long without a reader, and a finished run stays replayable this long. Default 0: request-owned runs.
   */
  readonly retainRunsMs?: number;
  /** Bounds of retention (defaults: RETENTION_LIMITS). */
  readonly retentionLimits?: Partial<RetentionLimits>;
}

/** The agent's three routes, sharing one set of retained threads. */
export interface AgentRoutes {
  /** `POST /api/agent-analysis`: a RunAgentInput in, the run's SSE out. */
  readonly run: RequestHandler;
  /** `POST /api/agent-analysis/connect`: the thread's retained runs replayed, a running one tailed. */
  readonly connect: RequestHandler;
  /** `POST /api/agent-analysis/stop/:threadId` (the thread id as given to it): ends the thread's running run. */
  readonly stop: (request: Request, threadId: string) => Promise<Response>;
}

export type RequestHandler = (request: Request) => Promise<Response>;

/**
 * The agent endpoint as a Web-standard handler. POST a RunAgentInput; the reply streams the fixture's events as
 * SSE. Errors are JSON: 405 for other methods, 413 for a body over the limit (before any producer starts), 400 for
 * malformed JSON, a body that is not a RunAgentInput, or an unknown scenario.
 */
export function createAgentHandler(options: AgentHandlerOptions = {}): RequestHandler {
  return createAgentRoutes(options).run;
}

/** The run, connect and stop handlers of one endpoint (see createAgentHandler for the run's errors). */
export function createAgentRoutes(options: AgentHandlerOptions = {}): AgentRoutes {
  const timeScale = options.timeScale ?? 1;
  if (!Number.isFinite(timeScale) || timeScale < 0) {
    throw new RangeError(
      `timeScale must be a finite number >= 0 (got ${String(options.timeScale)}).`,
    );
  }
  const maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES;
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes < 0) {
    throw new RangeError(
      `maxBodyBytes must be a whole number >= 0 (got ${String(options.maxBodyBytes)}).`,
    );
  }
  const endDelayMs = options.endDelayMs ?? 0;
  if (!Number.isFinite(endDelayMs) || endDelayMs < 0) {
    throw new RangeError(`endDelayMs must be a number >= 0 (got ${String(options.endDelayMs)}).`);
  }
  const observers = [options.observe, options.responses?.observe].filter(
    (observer): observer is ResponseObserver => observer !== undefined,
  );
  const observe: ResponseObserver | undefined =
    observers.length === 0
      ? undefined
      : (observation) => observers.forEach((observer) => observer(observation));
  const retainMs = options.retainRunsMs ?? 0;
  if (!Number.isFinite(retainMs) || retainMs < 0) {
    throw new RangeError(
      `retainRunsMs must be a number >= 0 (got ${String(options.retainRunsMs)}).`,
    );
  }
  const limits: RetentionLimits = { ...RETENTION_LIMITS, ...options.retentionLimits };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new RangeError(`${name} must be a whole number >= 1 (got ${String(value)}).`);
    }
  }
  const threads =
    retainMs > 0 ? new ThreadRuns({ retainMs, limits, timeScale, endDelayMs, observe }) : undefined;
  let requestCount = 0;

  const run: RequestHandler = async (request) => {
    if (request.method !== 'POST') return notAllowed(request, 'POST a RunAgentInput.');
    const parsed = await readRunInput(request, maxBodyBytes);
    if (!parsed.ok) return parsed.response;
    let script: FixtureScript;
    try {
      script = usesA2uiMiddleware(parsed.input)
        ? await a2uiMiddlewareScript(parsed.input)
        : usesMcpAppsMiddleware(parsed.input)
          ? await mcpAppsMiddlewareScript(parsed.input)
          : fixtureScript(parsed.input);
    } catch (error) {
      if (error instanceof FixtureInputError) return jsonError(error.status, error.message);
      throw error;
    }
    requestCount += 1;
    // An app's request (a side run) is its own thread of one request: never retained beside the conversations.
    if (threads && !isProxiedMcpRequest(parsed.input)) {
      const { threadId, runId } = parsed.input;
      return sseResponse(
        threads.start(script, { requestId: requestCount, runId, threadId }, request.signal),
      );
    }
    return streamScript(script, {
      requestId: requestCount,
      runId: parsed.input.runId,
      threadId: parsed.input.threadId,
      timeScale,
      endDelayMs,
      signal: request.signal,
      observe,
    });
  };

  const connect: RequestHandler = async (request) => {
    if (request.method !== 'POST') return notAllowed(request, 'POST a RunAgentInput.');
    const parsed = await readRunInput(request, maxBodyBytes);
    if (!parsed.ok) return parsed.response;
    const body = threads
      ? threads.connect(parsed.input.threadId, request.signal)
      : new ReadableStream<Uint8Array>({ start: (controller) => controller.close() });
    return sseResponse(body);
  };

  const stop = async (request: Request, threadId: string): Promise<Response> => {
    if (request.method !== 'POST') return notAllowed(request, 'POST {"runId": "…"} or nothing.');
    const body = await readBody(request, maxBodyBytes);
    if (!body.ok) return body.response;
    let runId: string | undefined;
    if (new TextDecoder().decode(body.bytes).trim() !== '') {
      const parsed = parseJson(body.bytes);
      if (!parsed.ok) return parsed.response;
      const { json } = parsed;
      if (typeof json !== 'object' || json === null || Array.isArray(json)) {
        return jsonError(400, 'The stop body must be a JSON object such as {"runId": "…"}.');
      }
      const value: unknown = (json as { runId?: unknown }).runId;
      if (value !== undefined && typeof value !== 'string') {
        return jsonError(400, 'runId must be a string when it is given.');
      }
      runId = value;
    }
    return jsonResponse(200, { stopped: threads?.stop(threadId, runId) ?? false });
  };

  return { run, connect, stop };
}

function notAllowed(request: Request, what: string): Response {
  return jsonError(405, `Method ${request.method} is not allowed here: ${what}`, { allow: 'POST' });
}

interface StreamContext {
  readonly requestId: number;
  readonly runId: string;
  readonly threadId: string;
  readonly timeScale: number;
  readonly endDelayMs: number;
  readonly signal: AbortSignal;
  readonly observe: ResponseObserver | undefined;
}

/** The SSE response; its producer belongs to this request alone. */
function streamScript(script: FixtureScript, context: StreamContext): Response {
  return sseResponse(
    new ReadableStream<Uint8Array>(new ScriptProducer(script, context, new EventEncoder())),
  );
}

/** A 200 `text/event-stream` reply with no-cache headers. */
function sseResponse(body: ReadableStream<Uint8Array>): Response {
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': new EventEncoder().getContentType(),
      'cache-control': 'no-cache',
      'x-accel-buffering': 'no',
    },
  });
}

/**
 * Plays a script into a stream. It owns one timer and one abort listener; the first of completion, request abort
 * and body cancellation disposes both, exactly once, and nothing is enqueued after that.
 */
class ScriptProducer implements UnderlyingDefaultSource<Uint8Array> {
  private readonly script: FixtureScript;
  private readonly context: StreamContext;
  private readonly encoder: EventEncoder;
  private readonly utf8 = new TextEncoder();
  private controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private cursor = 0;
  private disposed = false;
  /** The last event was sent and the end delay is running. */
  private ending = false;

  constructor(script: FixtureScript, context: StreamContext, encoder: EventEncoder) {
    this.script = script;
    this.context = context;
    this.encoder = encoder;
  }

  start(controller: ReadableStreamDefaultController<Uint8Array>): void {
    this.controller = controller;
    const { observe, requestId, runId, threadId, signal } = this.context;
    observe?.({ type: 'Started', requestId, runId, threadId });
    if (signal.aborted) {
      this.handleAbort();
      return;
    }
    signal.addEventListener('abort', this.handleAbort, { once: true });
    this.scheduleNext();
  }

  /** The consumer cancelled the body (a client disconnect, or a reader that gave up). */
  cancel(): void {
    this.dispose('Cancelled');
  }

  private readonly handleAbort = (): void => {
    if (this.disposed) return;
    this.dispose('Aborted');
    try {
      this.controller?.error(new Error('The request was aborted.'));
    } catch {
      // The stream had already ended; there is nothing left to stop.
    }
  };

  private scheduleNext(): void {
    if (this.disposed) return;
    const next = this.script[this.cursor];
    if (!next) {
      if (this.context.endDelayMs > 0 && !this.ending) {
        // Test-only: the body stays open a while after its last event, as a server still flushing would.
        this.ending = true;
        this.timer = setTimeout(() => {
          this.timer = undefined;
          this.scheduleNext();
        }, this.context.endDelayMs);
        return;
      }
      this.dispose('Completed');
      this.controller?.close();
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.disposed) return;
      this.cursor += 1;
      this.controller?.enqueue(this.utf8.encode(this.encoder.encodeSSE(next.event)));
      const { observe, requestId, runId } = this.context;
      observe?.({ type: 'Emitted', requestId, runId, eventType: next.event.type });
      this.scheduleNext();
    }, next.delayMs * this.context.timeScale);
  }

  private dispose(cause: DisposeCause): void {
    if (this.disposed) return;
    this.disposed = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.context.signal.removeEventListener('abort', this.handleAbort);
    const { observe, requestId, runId } = this.context;
    observe?.({ type: 'Disposed', requestId, runId, cause });
  }
}
