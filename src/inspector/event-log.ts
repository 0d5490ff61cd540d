// The inspector's log: one row per tap record, with its summary, size, timing, failure and the state after it.
import type { RunAgentInput } from '@ag-ui/core';
import type { TapRecord } from '../store/event-tap.js';
import { familyOf, jsonSize, StreamedText, summarize, type EventFamily } from './summary.js';
import { StateTimeline } from './state-timeline.js';

type State = Readonly<Record<string, unknown>>;

export interface LogRow {
  /** Position in the log (0-based). */
  readonly index: number;
  readonly record: TapRecord;
  /** The event type, `Run input` for a run's start, or the failing raw event's type. */
  readonly type: string;
  /** The raw event's type when the store acted on another (a chunk expanded into start, content and end). */
  readonly origin: string | null;
  readonly family: EventFamily;
  readonly summary: string;
  /** Bytes of the event's JSON (of the input for a run start). */
  readonly size: number;
  /** ms since the row's run began. */
  readonly elapsed: number;
  /** The store's reason when this row failed the run. */
  readonly failure: string | null;
  /** Lower-cased text the text filter searches. */
  readonly haystack: string;
  /** A side run's row (an MCP App's request): outside the conversation, its elapsed time counted from its own start. */
  readonly side: boolean;
}

/** What the filters select: a family (or all, or failures only) and a text. */
export interface LogFilter {
  readonly family: EventFamily | 'all' | 'failures';
  readonly text: string;
}

/** What an MCP App asked for in a side run (`tools/call service_latency`), from its proxied request. */
function sideMethod(input: RunAgentInput): string {
  const request = (input.forwardedProps as { __proxiedMCPRequest?: unknown } | undefined)
    ?.__proxiedMCPRequest as
    { method?: unknown; params?: { name?: unknown; uri?: unknown } } | undefined;
  const method = typeof request?.method === 'string' ? request.method : 'request';
  const target = request?.params?.name ?? request?.params?.uri;
  return typeof target === 'string' ? `${method} ${target}` : method;
}

function typeOf(value: unknown): string {
  const type = (value as { type?: unknown } | null)?.type;
  return typeof type === 'string' ? type : 'unknown';
}

export class EventLog {
  readonly rows: LogRow[] = [];
  readonly timeline: StateTimeline;
  /** The inputs of the runs seen, by run number. */
  readonly inputs = new Map<number, RunAgentInput>();
  private readonly runStarts = new Map<number | string, number>();
  private readonly streamed = new StreamedText();

  constructor(base: State) {
    this.timeline = new StateTimeline(base);
  }

  /** Adds a record; `state` is the store's agent state right after it, `changes` the state changes since the last. */
  add(record: TapRecord, state: State, changes: number): LogRow {
    const index = this.rows.length;
    const side = record.side === true;
    // A side run has its own id and start; the conversation's run of the same number keeps its input.
    const run = side ? `side ${record.runId}` : record.run;
    if (record.kind === 'run-start') {
      if (!side) this.inputs.set(record.run, record.input);
      this.runStarts.set(run, record.at);
    }
    if (!this.runStarts.has(run)) this.runStarts.set(run, record.at);
    const elapsed = record.at - (this.runStarts.get(run) ?? record.at);
    let type: string;
    let summary: string;
    let json: string;
    let failure: string | null = null;
    let origin: string | null = null;
    let patch: unknown;
    if (record.kind === 'run-start') {
      type = 'Run input';
      json = JSON.stringify(record.input);
      const props = Object.keys(record.input.forwardedProps ?? {});
      summary = side
        ? `side run · ${sideMethod(record.input)}`
        : `run ${record.run} · ${record.input.messages.length} messages${props.length ? ` · ${props.join(', ')}` : ''}`;
    } else if (record.kind === 'event') {
      type = record.event.type;
      json = JSON.stringify(record.event);
      summary = summarize(record.event as unknown as Record<string, unknown>, this.streamed);
      failure = record.failure ?? null;
      const rawType = record.raw === undefined ? type : typeOf(record.raw);
      if (rawType !== type) origin = rawType;
      if (type === 'STATE_DELTA' && !failure) patch = (record.event as { delta?: unknown }).delta;
    } else {
      type = record.raw === undefined ? 'Failure' : typeOf(record.raw);
      json = record.raw === undefined ? '' : JSON.stringify(record.raw);
      failure = record.failure;
      summary = record.failure;
    }
    const row: LogRow = {
      index,
      record,
      type,
      origin,
      family: familyOf(type === 'Run input' ? 'RUN_' : type),
      summary,
      size: jsonSize(json),
      elapsed,
      failure,
      haystack:
        `${type} ${origin ?? ''} ${summary} ${failure ?? ''}${side ? ' side run' : ''}`.toLowerCase(),
      side,
    };
    this.rows.push(row);
    this.timeline.push(state, changes, patch);
    return row;
  }

  /** Whether a row passes the filter. */
  static matches(row: LogRow, filter: LogFilter): boolean {
    if (filter.family === 'failures' && row.failure === null) return false;
    if (filter.family !== 'all' && filter.family !== 'failures' && row.family !== filter.family) {
      return false;
    }
    return filter.text === '' || row.haystack.includes(filter.text.toLowerCase());
  }

  clear(base: State): void {
    this.rows.length = 0;
    this.inputs.clear();
    this.runStarts.clear();
    this.streamed.clear();
    this.timeline.clear(base);
  }
}
