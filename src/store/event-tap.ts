// The store's event tap: a plain record of every event the store acted on, for inspectors and recorders.
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import { Subject, type Observable } from 'rxjs';
import type { RunInfo } from './types.js';

interface TapRecordBase {
  /** The store's clock when it acted (ms). */
  readonly at: number;
  /** The store's run number (1 for the first run). */
  readonly run: number;
  readonly runId: string;
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

/** Emits tap records; does no work while nobody listens. */
export class EventTap {
  private readonly subject = new Subject<TapRecord>();
  /** Every record, from the moment of subscription (nothing is buffered). */
  readonly records$: Observable<TapRecord> = this.subject.asObservable();
  private raw: unknown = undefined;
  private rawUsed = false;

  constructor(
    private readonly runInfo: () => RunInfo,
    private readonly now: () => number,
  ) {}

  /** A run was requested with this input. */
  runStarted(input: RunAgentInput): void {
    this.raw = undefined;
    if (!this.subject.observed) return;
    this.subject.next({ kind: 'run-start', ...this.base(), input });
  }

  /** The agent sent an event (before the client's pipeline). */
  rawEvent(raw: unknown): void {
    if (!this.subject.observed) return;
    this.raw = raw;
    this.rawUsed = false;
  }

  /** Runs `dispatch` (the store acting on `event`, or failing the run when null) and records what happened. */
  act(event: BaseEvent | null, dispatch: () => void): void {
    if (!this.subject.observed) return dispatch();
    const before = this.runInfo();
    const base = this.base();
    dispatch();
    const after = this.runInfo();
    const failed = after.number === before.number && after.status === 'Failed';
    const failure = failed && before.status !== 'Failed' ? after.failure?.reason : undefined;
    const raw = this.raw;
    // A raw event that fed an earlier record goes with every later one too, so recorders can tell them apart.
    const withRaw =
      raw !== undefined && (this.rawUsed || JSON.stringify(raw) !== JSON.stringify(event));
    if (event) {
      this.subject.next({
        kind: 'event',
        ...base,
        event,
        ...(withRaw ? { raw } : {}),
        ...(failure ? { failure } : {}),
      });
      this.rawUsed = true;
    } else if (failure) {
      this.subject.next({
        kind: 'failure',
        ...base,
        failure,
        ...(raw !== undefined && !this.rawUsed ? { raw } : {}),
      });
    }
  }

  private base(): TapRecordBase {
    const run = this.runInfo();
    return { at: this.now(), run: run.number, runId: run.id ?? `run-${run.number}` };
  }
}
