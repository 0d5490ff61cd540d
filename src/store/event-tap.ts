// The store's event tap: a plain record of every event the store acted on, for inspectors and recorders.
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import { Observable, Subject } from 'rxjs';
import type { SideRecord } from '../genui/mcp-apps/side-run.js';
import type { RunStoreState } from './types.js';

/** Set by the inspector bundle when it loads: from then on stores keep their thread's records for a late inspector. */
const INSPECTOR_LOADED = Symbol.for('agui-elements.inspector');
/** How many records of the current thread are kept (the newest). */
export const HISTORY_LIMIT = 10_000;

interface TapRecordBase {
  /** The store's clock when it acted (ms). */
  readonly at: number;
  /** The store's run number (1 for the first run). */
  readonly run: number;
  readonly runId: string;
  /** The agent state right after the store acted (what an inspector added later shows at this record). */
  readonly state?: Readonly<Record<string, unknown>>;
  /** A side run's record (an MCP App's request, outside the conversation): never part of a recording. */
  readonly side?: true;
}

/** A run started with this input. */
export interface TapRunStart extends TapRecordBase {
  readonly kind: 'run-start';
  readonly input: RunAgentInput;
}

/** The store acted on `event`; `raw` is what the agent sent when it differs, `failure` the reason it failed the run. */
export interface TapEvent extends TapRecordBase {
  readonly kind: 'event';
  readonly event: BaseEvent;
  readonly raw?: unknown;
  readonly failure?: string;
}

/** The run failed without an event the store acted on (an order violation, an HTTP error, a stream cut short). */
export interface TapFailure extends TapRecordBase {
  readonly kind: 'failure';
  readonly failure: string;
  /** The agent's event that caused it, when one did. */
  readonly raw?: unknown;
}

export type TapRecord = TapRunStart | TapEvent | TapFailure;

type WithoutBase<T> = T extends unknown ? Omit<T, keyof TapRecordBase> : never;

/** What a record says of the moment the store acted, and the thread it belongs to. */
export interface TapStamp extends Required<Omit<TapRecordBase, 'side'>> {
  readonly threadId: string;
  readonly side?: true;
}

/**
 * Emits tap records; does no work while nobody listens. Once anyone subscribed or the inspector bundle loaded, it
 * keeps the current thread's records (bounded), and every subscriber gets those first.
 */
export class EventTap {
  private readonly subject = new Subject<TapRecord>();
  private history: TapRecord[] | null = null;
  private thread = '';
  /** The current thread's kept records, then every new one. */
  readonly records$ = new Observable<TapRecord>((subscriber) => {
    this.history ??= [];
    for (const record of this.history) subscriber.next(record);
    return this.subject.subscribe(subscriber);
  });
  private raw: unknown;
  private rawUsed = false;

  constructor(
    private readonly store: () => Pick<RunStoreState, 'run' | 'threadId' | 'agentState'>,
    private readonly now: () => number,
  ) {}

  private runInfo() {
    return this.store().run;
  }

  private keeping(): boolean {
    if ((globalThis as Record<symbol, unknown>)[INSPECTOR_LOADED]) this.history ??= [];
    return this.history !== null;
  }

  /** A run was requested: the moment its run-start record tells of (its input is built once the pipeline loaded). */
  runRequested(): TapStamp {
    this.raw = undefined;
    return this.stamp();
  }

  /** The run requested at `stamp` has this input: its run-start record. */
  runStarted(input: RunAgentInput, stamp: TapStamp): void {
    this.emit({ kind: 'run-start', input }, stamp);
  }

  /** The agent sent an event (before the client's pipeline). */
  rawEvent(raw: unknown): void {
    this.raw = raw;
    this.rawUsed = false;
  }

  /** Runs `dispatch` (the store acting on `event`, or failing the run when null) and records what happened. */
  act(event: BaseEvent | null, dispatch: () => void): void {
    if (!this.subject.observed && !this.keeping()) return dispatch();
    const before = this.runInfo();
    const at = this.now();
    dispatch();
    const after = this.runInfo();
    const failure =
      after.number === before.number && after.status === 'Failed' && before.status !== 'Failed'
        ? after.failure?.reason
        : undefined;
    const { raw, rawUsed } = this;
    // A raw event that fed an earlier record goes with every later one too, so recorders write it once.
    if (event) {
      this.rawUsed = true;
      const differs =
        raw !== undefined && (rawUsed || JSON.stringify(raw) !== JSON.stringify(event));
      this.emit(
        { kind: 'event', event, ...(differs && { raw }), ...(failure && { failure }) },
        this.stamp(at, before),
      );
    } else if (failure) {
      this.emit(
        { kind: 'failure', failure, ...(!rawUsed && raw !== undefined && { raw }) },
        this.stamp(at, before),
      );
    }
  }

  /** A side run's input or event, marked `side` and stamped with its own run id. */
  side(record: SideRecord): void {
    if (!this.subject.observed && !this.keeping()) return;
    const { runId, ...rest } = record;
    this.emit(rest, { ...this.stamp(), runId, side: true });
  }

  private stamp(at = this.now(), run = this.runInfo()): TapStamp {
    const { threadId, agentState } = this.store();
    return {
      at,
      run: run.number,
      runId: run.id ?? `run-${run.number}`,
      state: agentState.value,
      threadId,
    };
  }

  private emit(record: WithoutBase<TapRecord>, stamp: TapStamp): void {
    if (!this.subject.observed && !this.keeping()) return;
    const { threadId, ...base } = stamp;
    const full = { ...record, ...base } as TapRecord;
    if (this.history) {
      // Another thread (New thread, a saved thread): its records start afresh.
      if (threadId !== this.thread) this.history = [];
      this.thread = threadId;
      if (this.history.push(full) > HISTORY_LIMIT) this.history.shift();
    }
    this.subject.next(full);
  }
}
