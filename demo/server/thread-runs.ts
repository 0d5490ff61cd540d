// Thread-owned runs, the fixture endpoint's retention mode: a run's producer belongs to its thread, not to the request
// that started it; it plays into a bounded per-thread buffer that readers replay and tail, until it ends or expires.

import { EventEncoder } from '@ag-ui/encoder';
import { EventType } from '@ag-ui/core';
import type { BaseEvent } from '@ag-ui/core';
import type { FixtureScript } from '../../src/fixtures/index.js';
import type { DisposeCause, ResponseObserver } from './agent-handler.js';

/** How much retention may keep; every bound drops the oldest first. */
export interface RetentionLimits {
  /** Events kept per run; a run about to exceed it ends with RUN_ERROR code `event_limit`. */
  readonly maxEventsPerRun: number;
  /** Runs kept per thread; a new run drops the oldest finished one. */
  readonly maxRunsPerThread: number;
  /** Threads kept; a new thread drops the one least recently run (its running run is stopped first). */
  readonly maxThreads: number;
}

/** The defaults: the longest fixture script has 147 events, so no script comes near them. */
export const RETENTION_LIMITS: RetentionLimits = {
  maxEventsPerRun: 500,
  maxRunsPerThread: 20,
  maxThreads: 100,
};

export interface ThreadRunsOptions {
  /** How long (ms) a running run with no reader keeps going, and a finished run stays replayable. */
  readonly retainMs: number;
  readonly limits: RetentionLimits;
  readonly timeScale: number;
  readonly endDelayMs: number;
  readonly observe: ResponseObserver | undefined;
}

interface RunIds {
  readonly requestId: number;
  readonly runId: string;
  readonly threadId: string;
}

/** One encoded SSE frame and the type of the event in it. */
interface Frame {
  readonly type: BaseEvent['type'];
  readonly bytes: Uint8Array;
}

/** A reply that reads a run: replayed frames first, then live ones, then the end. */
interface RunReader {
  push(frame: Frame): void;
  end(): void;
}

type Timer = ReturnType<typeof setTimeout>;

/** Timers that must not keep a process alive by themselves (windows, forgetting). */
function background(callback: () => void, ms: number): Timer {
  const timer = setTimeout(callback, ms);
  if (typeof timer === 'object' && timer !== null && 'unref' in timer) timer.unref();
  return timer;
}

const TERMINAL = new Set<string>([EventType.RUN_FINISHED, EventType.RUN_ERROR]);

/**
 * One run's producer and its buffer. It owns the script timer and, while nobody reads, the window timer; the first
 * of its terminal event, a stop and the window's end disposes both, exactly once.
 */
class RetainedRun {
  readonly frames: Frame[] = [];
  /** The producer is still playing. */
  live = true;
  /** Forgets this finished run when the window ends. */
  forgetTimer: Timer | undefined;
  private readonly readers = new Set<RunReader>();
  private readonly utf8 = new TextEncoder();
  private readonly encoder = new EventEncoder();
  private timer: Timer | undefined;
  private windowTimer: Timer | undefined;
  private cursor = 0;
  private readonly openMessages: string[] = [];
  private readonly openToolCalls: string[] = [];
  private readonly openSteps: string[] = [];

  constructor(
    readonly ids: RunIds,
    private readonly script: FixtureScript,
    private readonly options: ThreadRunsOptions,
    private readonly onFinished: (run: RetainedRun) => void,
    private readonly onExpired: (run: RetainedRun) => void,
  ) {}

  start(): void {
    const { requestId, runId, threadId } = this.ids;
    this.options.observe?.({ type: 'Started', requestId, runId, threadId });
    if (this.readers.size === 0) this.openWindow();
    this.scheduleNext();
  }

  /** Adds a reader of the live frames (it has replayed `frames` already, in the same task). */
  attach(reader: RunReader): void {
    if (!this.live) return;
    this.readers.add(reader);
    this.closeWindow();
  }

  detach(reader: RunReader): void {
    if (!this.readers.delete(reader)) return;
    if (this.live && this.readers.size === 0) this.openWindow();
  }

  /**
   * Ends the run at once: whatever is open is closed (a tool call gets the rest of its arguments, so they stay
   * valid JSON), then `RUN_FINISHED` with outcome `cancelled`. False when the run had already ended.
   */
  stop(cause: DisposeCause): boolean {
    if (!this.live) return false;
    for (const toolCallId of [...this.openToolCalls].reverse()) {
      const rest = this.script
        .slice(this.cursor)
        .flatMap(({ event }) =>
          event.type === EventType.TOOL_CALL_ARGS &&
          (event as BaseEvent & { toolCallId?: string }).toolCallId === toolCallId
            ? [(event as BaseEvent & { delta: string }).delta]
            : [],
        )
        .join('');
      if (rest !== '')
        this.emit({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta: rest } as BaseEvent);
      this.emit({ type: EventType.TOOL_CALL_END, toolCallId } as BaseEvent);
    }
    for (const messageId of [...this.openMessages].reverse()) {
      this.emit({ type: EventType.TEXT_MESSAGE_END, messageId } as BaseEvent);
    }
    for (const stepName of [...this.openSteps].reverse()) {
      this.emit({ type: EventType.STEP_FINISHED, stepName } as BaseEvent);
    }
    const { threadId, runId } = this.ids;
    this.emit({
      type: EventType.RUN_FINISHED,
      threadId,
      runId,
      outcome: { type: 'cancelled' },
    } as BaseEvent);
    this.finish(cause);
    return true;
  }

  private scheduleNext(): void {
    if (!this.live) return;
    const next = this.script[this.cursor];
    if (!next) {
      // Every fixture script ends with its terminal event; a script that did not is cut here.
      this.finish('Completed');
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (!this.live) return;
      this.cursor += 1;
      const { maxEventsPerRun } = this.options.limits;
      if (this.frames.length >= maxEventsPerRun - 1 && !TERMINAL.has(next.event.type)) {
        this.emit({
          type: EventType.RUN_ERROR,
          message: `The run produced more than ${maxEventsPerRun} events, the most the fixture server keeps per run.`,
          code: 'event_limit',
        } as BaseEvent);
        this.finish('Completed');
        return;
      }
      this.emit(next.event);
      if (TERMINAL.has(next.event.type)) {
        this.finish('Completed');
        return;
      }
      this.scheduleNext();
    }, next.delayMs * this.options.timeScale);
  }

  private emit(event: BaseEvent): void {
    this.track(event);
    const frame: Frame = {
      type: event.type,
      bytes: this.utf8.encode(this.encoder.encodeSSE(event)),
    };
    this.frames.push(frame);
    const { requestId, runId } = this.ids;
    this.options.observe?.({ type: 'Emitted', requestId, runId, eventType: event.type });
    for (const reader of this.readers) reader.push(frame);
  }

  /** Keeps what is open, so a stop can close it. */
  private track(event: BaseEvent): void {
    const fields = event as BaseEvent & {
      messageId?: string;
      toolCallId?: string;
      stepName?: string;
    };
    const remove = (list: string[], id: string | undefined) => {
      const index = id === undefined ? -1 : list.indexOf(id);
      if (index >= 0) list.splice(index, 1);
    };
    if (event.type === EventType.TEXT_MESSAGE_START && fields.messageId)
      this.openMessages.push(fields.messageId);
    if (event.type === EventType.TEXT_MESSAGE_END) remove(this.openMessages, fields.messageId);
    if (event.type === EventType.TOOL_CALL_START && fields.toolCallId)
      this.openToolCalls.push(fields.toolCallId);
    if (event.type === EventType.TOOL_CALL_END) remove(this.openToolCalls, fields.toolCallId);
    if (event.type === EventType.STEP_STARTED && fields.stepName)
      this.openSteps.push(fields.stepName);
    if (event.type === EventType.STEP_FINISHED) remove(this.openSteps, fields.stepName);
  }

  private openWindow(): void {
    this.closeWindow();
    this.windowTimer = background(() => {
      this.windowTimer = undefined;
      if (!this.live) return;
      this.finish('Expired');
      this.onExpired(this);
    }, this.options.retainMs);
  }

  private closeWindow(): void {
    if (this.windowTimer !== undefined) clearTimeout(this.windowTimer);
    this.windowTimer = undefined;
  }

  private finish(cause: DisposeCause): void {
    if (!this.live) return;
    this.live = false;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.closeWindow();
    const { requestId, runId } = this.ids;
    this.options.observe?.({ type: 'Disposed', requestId, runId, cause });
    const readers = [...this.readers];
    this.readers.clear();
    for (const reader of readers) reader.end();
    if (cause !== 'Expired') this.onFinished(this);
  }
}

/**
 * Every retained thread, least recently run first. Starting a run, connecting and stopping go through here; the
 * replies are streams that replay and tail runs without owning them.
 */
export class ThreadRuns {
  private readonly threads = new Map<string, RetainedRun[]>();

  constructor(private readonly options: ThreadRunsOptions) {}

  /** Starts a thread-owned run (ending the thread's running one first) and returns its starter's reply body. */
  start(script: FixtureScript, ids: RunIds, signal: AbortSignal): ReadableStream<Uint8Array> {
    const { threadId } = ids;
    const { maxRunsPerThread, maxThreads } = this.options.limits;
    const runs = this.threads.get(threadId) ?? [];
    runs.at(-1)?.stop('Superseded');
    this.threads.delete(threadId);
    for (const [oldest] of this.threads) {
      if (this.threads.size < maxThreads) break;
      this.evict(oldest);
    }
    while (runs.length >= maxRunsPerThread) forget(runs.shift());
    const run = new RetainedRun(
      ids,
      script,
      this.options,
      (finished) => this.scheduleForget(finished),
      (expired) => this.remove(expired),
    );
    runs.push(run);
    this.threads.set(threadId, runs);
    const body = readRuns([run], signal, this.options.endDelayMs);
    run.start();
    return body;
  }

  /** Replays the thread's retained runs and tails a running one; an empty stream when nothing is kept. */
  connect(threadId: string, signal: AbortSignal): ReadableStream<Uint8Array> {
    return readRuns([...(this.threads.get(threadId) ?? [])], signal, this.options.endDelayMs);
  }

  /** Ends the thread's running run (only if it is `runId`, when given). True when a run was stopped. */
  stop(threadId: string, runId?: string): boolean {
    const run = this.threads.get(threadId)?.at(-1);
    if (!run?.live || (runId !== undefined && run.ids.runId !== runId)) return false;
    return run.stop('Stopped');
  }

  private evict(threadId: string): void {
    const runs = this.threads.get(threadId) ?? [];
    this.threads.delete(threadId);
    for (const run of runs) {
      run.stop('Evicted');
      forget(run);
    }
  }

  private scheduleForget(run: RetainedRun): void {
    if (this.threads.get(run.ids.threadId)?.includes(run) !== true) return;
    run.forgetTimer = background(() => this.remove(run), this.options.retainMs);
  }

  private remove(run: RetainedRun): void {
    forget(run);
    const runs = this.threads.get(run.ids.threadId);
    const index = runs?.indexOf(run) ?? -1;
    if (!runs || index < 0) return;
    runs.splice(index, 1);
    if (runs.length === 0) this.threads.delete(run.ids.threadId);
  }
}

function forget(run: RetainedRun | undefined): void {
  if (run?.forgetTimer !== undefined) clearTimeout(run.forgetTimer);
  if (run) run.forgetTimer = undefined;
}

/**
 * A reply body that replays `runs` in order and then tails the last one while it plays. It owns nothing but its
 * place among the run's readers: a client that leaves (abort or cancel) only detaches.
 */
function readRuns(
  runs: readonly RetainedRun[],
  signal: AbortSignal,
  endDelayMs: number,
): ReadableStream<Uint8Array> {
  let tailed: RetainedRun | undefined;
  let settled = false;
  let endTimer: Timer | undefined;
  let reader: RunReader | undefined;
  const release = (): void => {
    settled = true;
    signal.removeEventListener('abort', onAbort);
    if (endTimer !== undefined) clearTimeout(endTimer);
    endTimer = undefined;
    if (tailed && reader) tailed.detach(reader);
    tailed = undefined;
  };
  let onAbort = (): void => undefined;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      onAbort = () => {
        if (settled) return;
        release();
        controller.error(new Error('The request was aborted.'));
      };
      const end = (): void => {
        tailed = undefined;
        if (endDelayMs <= 0) {
          release();
          controller.close();
          return;
        }
        // Test-only: the body stays open a while after its last event, as a server still flushing would.
        endTimer = setTimeout(() => {
          endTimer = undefined;
          if (settled) return;
          release();
          controller.close();
        }, endDelayMs);
      };
      if (signal.aborted) {
        onAbort();
        return;
      }
      signal.addEventListener('abort', onAbort, { once: true });
      for (const run of runs) for (const frame of run.frames) controller.enqueue(frame.bytes);
      const last = runs.at(-1);
      if (!last?.live) {
        end();
        return;
      }
      reader = { push: (frame) => controller.enqueue(frame.bytes), end };
      tailed = last;
      last.attach(reader);
    },
    cancel() {
      if (!settled) release();
    },
  });
}
