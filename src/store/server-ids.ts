// Server ids scoped to the store. Some servers reuse a message or tool-call id in a later run (`@copilotkit/aimock`
// sends a fixture reply's id in every run), so an id is the server's only within one run: the store gives such a
// message or call an id of its own, `<serverId>#<runId>`, keeps the server's beside it (`serverId`) and sends that one
// back on the wire. Loaded with the event pipeline.
import type { BaseEvent } from '@ag-ui/core';
import { Observable, type OperatorFunction } from 'rxjs';
import { serverIdOf } from './ids.js';
import type { BranchPoint, ChatMessage, RunStoreState } from './types.js';

/** What the id stage adds to an event whose ids it replaced: the ids the server sent. */
export interface ScopedIds {
  readonly serverMessageId?: string;
  readonly serverToolCallId?: string;
  readonly serverParentMessageId?: string;
}

/** An id of the store's own for a server id the conversation already holds: `<serverId>#<runId>` (then `.2`, …). */
export function freshId(serverId: string, runId: string, taken: Set<string>): string {
  let id = serverId;
  for (let attempt = 1; taken.has(id); attempt += 1) {
    id = attempt === 1 ? `${serverId}#${runId}` : `${serverId}#${runId}.${attempt}`;
  }
  taken.add(id);
  return id;
}

function collect(messages: readonly ChatMessage[], add: (id: string) => void): void {
  for (const message of messages) {
    add(message.id);
    for (const part of message.parts) {
      if (part.kind === 'tool-call') add(part.id);
      else if (part.kind === 'subagent') collect(part.messages, add);
    }
  }
}

function collectBranches(points: readonly BranchPoint[], add: (id: string) => void): void {
  for (const point of points) {
    for (const version of point.versions) {
      if (!version) continue;
      collect(version.messages, add);
      collectBranches(version.branches, add);
    }
  }
}

/** Every message and tool-call id the store holds, other versions of the conversation included. */
export function takenIds(state: Pick<RunStoreState, 'messages' | 'branches'>): Set<string> {
  const taken = new Set<string>();
  const add = (id: string) => taken.add(id);
  collect(state.messages, add);
  collectBranches(state.branches, add);
  return taken;
}

/** The saved conversation's server ids in order, each with the store's ids of the messages (or calls) that carry it. */
export interface ReplayIndex {
  readonly messages: ReadonlyMap<string, readonly string[]>;
  readonly calls: ReadonlyMap<string, readonly string[]>;
}

/** The conversation a connect stream may resend: all of it but the partial reply of the run in flight. */
function replayable(state: RunStoreState): readonly ChatMessage[] {
  return state.messages.filter(
    (message) => message.run !== state.run.number || message.role === 'user',
  );
}

/** The scope of a connect stream: what the saved conversation holds, by server id in order. */
export function replayScope(state: RunStoreState, runId: string): ScopeOptions {
  const messages = new Map<string, string[]>();
  const calls = new Map<string, string[]>();
  const add = (map: Map<string, string[]>, item: { id: string; serverId?: string }) => {
    const key = serverIdOf(item);
    map.set(key, [...(map.get(key) ?? []), item.id]);
  };
  const conversation = replayable(state);
  for (const message of conversation) {
    add(messages, message);
    for (const part of message.parts) if (part.kind === 'tool-call') add(calls, part);
  }
  return {
    runId,
    taken: takenIds({ ...state, messages: conversation }),
    replay: { messages, calls },
  };
}

export interface ScopeOptions {
  /** The store's id of the run: the suffix of an id of its own. */
  readonly runId: string;
  /** Every id the store holds (see `takenIds`); ids given out are added. */
  readonly taken: Set<string>;
  /**
   * A connect stream replaying the thread's runs: the k-th run that sends a server id is the k-th message (or call)
   * of the saved conversation with that server id, and the events of what the conversation holds are skipped.
   */
  readonly replay?: ReplayIndex;
}

type Fields = Record<string, unknown>;

/** One kind of id (messages or tool calls) through one stream: the server's id to the store's, per run. */
class IdScope {
  private run = new Map<string, { readonly id: string; readonly skip: boolean }>();
  private readonly runsSeen = new Map<string, number>();

  constructor(
    private readonly options: ScopeOptions,
    private readonly known: ReadonlyMap<string, readonly string[]> | undefined,
  ) {}

  /** A new run in the stream: ids are the server's again. */
  nextRun(): void {
    this.run = new Map();
  }

  /** The store's id for a server id, and whether a replayed conversation already holds it (then it is skipped). */
  resolve(serverId: string): { readonly id: string; readonly skip: boolean } {
    let entry = this.run.get(serverId);
    if (!entry) {
      const seen = this.runsSeen.get(serverId) ?? 0;
      this.runsSeen.set(serverId, seen + 1);
      const held = this.known?.get(serverId)?.[seen];
      entry =
        held === undefined
          ? { id: freshId(serverId, this.options.runId, this.options.taken), skip: false }
          : { id: held, skip: true };
      this.run.set(serverId, entry);
    }
    return entry;
  }
}

/**
 * The id stage: replaces reused server ids with the store's own (the server's stay in `serverMessageId`,
 * `serverToolCallId`, `serverParentMessageId`) and, for a replay, skips the events of what the conversation holds.
 * A tool result's own message id is the server's business (it is no message of the store) and stays as sent.
 */
export function scopeServerIds(options: ScopeOptions): OperatorFunction<BaseEvent, BaseEvent> {
  return (source) =>
    new Observable<BaseEvent>((subscriber) => {
      const messages = new IdScope(options, options.replay?.messages);
      const calls = new IdScope(options, options.replay?.calls);
      return source.subscribe({
        next: (event) => {
          if (event.type === 'RUN_STARTED') {
            messages.nextRun();
            calls.nextRun();
            subscriber.next(event);
            return;
          }
          const fields = event as unknown as Fields;
          const next: Fields = { ...fields };
          let changed = false;
          let skip = false;
          if (typeof fields.toolCallId === 'string') {
            const call = calls.resolve(fields.toolCallId);
            skip ||= call.skip;
            if (call.id !== fields.toolCallId) {
              next.toolCallId = call.id;
              next.serverToolCallId = fields.toolCallId;
              changed = true;
            }
          }
          if (typeof fields.messageId === 'string' && event.type !== 'TOOL_CALL_RESULT') {
            const message = messages.resolve(fields.messageId);
            skip ||= message.skip;
            if (message.id !== fields.messageId) {
              next.messageId = message.id;
              next.serverMessageId = fields.messageId;
              changed = true;
            }
          }
          if (typeof fields.parentMessageId === 'string') {
            // A new call may join a message the replayed conversation holds: its parent is never a reason to skip.
            const parent = messages.resolve(fields.parentMessageId).id;
            if (parent !== fields.parentMessageId) {
              next.parentMessageId = parent;
              next.serverParentMessageId = fields.parentMessageId;
              changed = true;
            }
          }
          if (skip) return;
          subscriber.next(changed ? (next as unknown as BaseEvent) : event);
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      });
    });
}
