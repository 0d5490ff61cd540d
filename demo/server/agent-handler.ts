// The Web-standard AG-UI endpoint: bounded, validated input, then the fixture script streamed as SSE by a producer
// that belongs to this one request and is disposed exactly once.

import { EventEncoder } from '@ag-ui/encoder';
import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import { FixtureInputError, fixtureScript } from '../../src/fixtures/index.js';
import type { FixtureScript } from '../../src/fixtures/index.js';
import { jsonError } from './json-response.js';
import type { ResponseLog } from './response-log.js';

/** 64 KiB: a chat history needs more than a single analysis request. */
export const MAX_BODY_BYTES = 64 * 1024;

/** Why a producer was disposed: it sent its last event, the request was aborted, or the body was cancelled. */
export type DisposeCause = 'Completed' | 'Aborted' | 'Cancelled';

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
}

export type RequestHandler = (request: Request) => Promise<Response>;

/**
 * The agent endpoint as a Web-standard handler. POST a RunAgentInput; the reply streams the fixture's events as
 * SSE. Errors are JSON: 405 for other methods, 413 for a body over the limit (before any producer starts), 400 for
 * malformed JSON, a body that is not a RunAgentInput, or an unknown scenario.
 */
export function createAgentHandler(options: AgentHandlerOptions = {}): RequestHandler {
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
  let requestCount = 0;

  return async (request) => {
    if (request.method !== 'POST') {
      return jsonError(405, `Method ${request.method} is not allowed here: POST a RunAgentInput.`, {
        allow: 'POST',
      });
    }
    const body = await readBoundedBody(request, maxBodyBytes);
    if (body.kind === 'too-large') {
      return jsonError(
        413,
        `The request body is larger than ${maxBodyBytes} bytes (${formatKiB(maxBodyBytes)}); start a new thread or send less history.`,
      );
    }
    if (body.kind === 'unreadable') return jsonError(400, body.message);
    const parsed = parseInput(body.bytes);
    if (!parsed.ok) return jsonError(400, parsed.message);
    let script: FixtureScript;
    try {
      script = fixtureScript(parsed.input);
    } catch (error) {
      if (error instanceof FixtureInputError) return jsonError(error.status, error.message);
      throw error;
    }
    requestCount += 1;
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
}

type BodyRead =
  | { readonly kind: 'ok'; readonly bytes: Uint8Array }
  | { readonly kind: 'too-large' }
  | { readonly kind: 'unreadable'; readonly message: string };

/** Reads at most `limit` bytes, whatever Content-Length says; one byte more cancels the body. */
async function readBoundedBody(request: Request, limit: number): Promise<BodyRead> {
  if (!request.body) return { kind: 'ok', bytes: new Uint8Array(0) };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limit) {
        await reader.cancel('Request body too large').catch(() => undefined);
        return { kind: 'too-large' };
      }
      chunks.push(value);
    }
  } catch (error) {
    return {
      kind: 'unreadable',
      message: `The request body could not be read: ${messageOf(error)}`,
    };
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { kind: 'ok', bytes };
}

type ParsedInput =
  | { readonly ok: true; readonly input: RunAgentInput }
  | { readonly ok: false; readonly message: string };

function parseInput(bytes: Uint8Array): ParsedInput {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch (error) {
    return { ok: false, message: `Malformed JSON in the request body: ${messageOf(error)}` };
  }
  const result = RunAgentInputSchema.safeParse(json);
  if (!result.success) {
    const issues = result.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'body'}: ${issue.message}`)
      .join('; ');
    return { ok: false, message: `The body is not a RunAgentInput: ${issues}` };
  }
  return { ok: true, input: result.data };
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
  const encoder = new EventEncoder();
  return new Response(
    new ReadableStream<Uint8Array>(new ScriptProducer(script, context, encoder)),
    {
      status: 200,
      headers: {
        'content-type': encoder.getContentType(),
        'cache-control': 'no-cache',
        'x-accel-buffering': 'no',
      },
    },
  );
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

function formatKiB(bytes: number): string {
  return bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${(bytes / 1024).toFixed(1)} KiB`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
