// Message events: text and reasoning streams, MESSAGES_SNAPSHOT (AG-UI messages converted) and activity messages.
import { codedFailure } from '../i18n/failures.js';
import { A2UI_ACTIVITY_TYPE, a2uiBoundsProblem, readA2uiContent } from '../a2ui/content.js';
import type {
  ActivityDeltaEvent,
  ActivitySnapshotEvent,
  EventType,
  Message as AguiMessage,
  MessagesSnapshotEvent,
} from '@ag-ui/core';
import { keepSurfaces } from './keep-surfaces.js';
import { attachmentsOfContent } from './attachment-parts.js';
import {
  fail,
  findMessageIndex,
  isPlainObject,
  replaceAt,
  toolFamily,
  type ReducerContext,
} from './reducer-core.js';
import { findSubagent } from './subagent-events.js';
import { keepLocalParts } from './event-parts.js';
import { serverIdOf } from './ids.js';
import { freshId, type ScopedIds } from './server-ids.js';
import type { ChatMessage, MessagePart, RunStoreState, ToolCallPart } from './types.js';

export function appendText(
  message: ChatMessage,
  kind: 'text' | 'reasoning',
  delta: string,
): ChatMessage {
  const last = message.parts[message.parts.length - 1];
  if (last && last.kind === kind) {
    return {
      ...message,
      parts: replaceAt(message.parts, message.parts.length - 1, { kind, text: last.text + delta }),
    };
  }
  return { ...message, parts: [...message.parts, { kind, text: delta }] };
}

export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part: unknown) =>
        part && typeof part === 'object' && 'text' in part ? String(part.text) : '',
      )
      .join('');
  }
  return JSON.stringify(content ?? null);
}

export function fromAguiMessage(message: AguiMessage, run: number): ChatMessage[] {
  switch (message.role) {
    case 'user':
    case 'system':
    case 'developer':
      return [
        {
          id: message.id,
          role: message.role,
          parts: [
            { kind: 'text', text: contentText(message.content) },
            ...attachmentsOfContent(message.content),
          ],
          streaming: false,
          run,
        },
      ];
    case 'assistant': {
      const parts: MessagePart[] = [];
      if (message.content) parts.push({ kind: 'text', text: message.content });
      for (const call of message.toolCalls ?? []) {
        let args: unknown;
        try {
          args = JSON.parse(call.function.arguments) as unknown;
        } catch {
          args = undefined;
        }
        parts.push({
          kind: 'tool-call',
          id: call.id,
          name: call.function.name,
          family: 'workflow',
          argsText: call.function.arguments,
          args,
          status: 'running',
        });
      }
      return [{ id: message.id, role: 'assistant', parts, streaming: false, run }];
    }
    case 'reasoning':
      return [
        {
          id: message.id,
          role: 'reasoning',
          parts: [{ kind: 'reasoning', text: message.content }],
          streaming: false,
          run,
        },
      ];
    case 'activity':
      return [
        {
          id: message.id,
          role: 'activity',
          parts: [],
          streaming: false,
          run,
          activityType: message.activityType,
          activityContent: message.content,
        },
      ];
    case 'tool':
      return [];
    default:
      return [];
  }
}

/**
 * The store's ids for a snapshot's messages and calls. A server that reuses ids lists the same id once per run, so
 * the k-th message (or call) with a server id is the k-th the store holds with it; one it does not hold gets an id
 * of its own.
 */
class SnapshotIds {
  private readonly held = new Map<string, string[]>();
  private readonly taken: Set<string>;

  constructor(
    items: Iterable<{ readonly id: string; readonly serverId?: string }>,
    private readonly runId: string,
  ) {
    const ids: string[] = [];
    for (const item of items) {
      ids.push(item.id);
      const key = serverIdOf(item);
      this.held.set(key, [...(this.held.get(key) ?? []), item.id]);
    }
    this.taken = new Set(ids);
  }

  /** The store's id for the next item with this server id. */
  next(serverId: string): { readonly id: string; readonly serverId?: string } {
    const id = this.held.get(serverId)?.shift() ?? freshId(serverId, this.runId, this.taken);
    return id === serverId ? { id } : { id, serverId };
  }
}

function* toolCallParts(messages: readonly ChatMessage[]): Generator<ToolCallPart> {
  for (const message of messages) {
    for (const part of message.parts) if (part.kind === 'tool-call') yield part;
  }
}

export function reduceMessagesSnapshot(
  state: RunStoreState,
  event: MessagesSnapshotEvent,
  context: ReducerContext,
): RunStoreState {
  const previous = new Map(state.messages.map((message) => [message.id, message]));
  const runId = state.run.id ?? `run-${state.run.number}`;
  const messageIds = new SnapshotIds(state.messages, runId);
  const callIds = new SnapshotIds(toolCallParts(state.messages), runId);
  // A subagent's messages stay in its block (kept as a local part), not beside it.
  const own = event.messages.filter(
    (message) => !message.subagentRunId || !findSubagent(state.messages, message.subagentRunId),
  );
  // Each tool message answers the oldest call with its id that has no answer yet.
  const unanswered = new Map<string, string[]>();
  const results = new Map<string, { content: string; id: string; error?: string }>();
  const converted: ChatMessage[] = [];
  for (const message of own) {
    if (message.role === 'tool') {
      const call = unanswered.get(message.toolCallId)?.shift();
      if (call === undefined) continue;
      results.set(call, {
        content: contentText(message.content),
        id: message.id,
        ...(message.error !== undefined ? { error: message.error } : {}),
      });
      continue;
    }
    const ids = messageIds.next(message.id);
    for (const item of fromAguiMessage(message, previous.get(ids.id)?.run ?? state.run.number)) {
      const parts = item.parts.map((part) => {
        if (part.kind !== 'tool-call') return part;
        const call = callIds.next(part.id);
        unanswered.set(part.id, [...(unanswered.get(part.id) ?? []), call.id]);
        return { ...part, ...call };
      });
      converted.push({ ...item, ...ids, parts });
    }
  }
  const messages = converted.map((message) => {
    const parts = message.parts.map((part) => {
      if (part.kind !== 'tool-call') return part;
      const result = results.get(part.id);
      const family = toolFamily(part.name, context.tools);
      return {
        ...part,
        family,
        status: result ? (result.error ? 'failed' : 'done') : part.status,
        ...(result ? { result: result.content, resultMessageId: result.id } : {}),
        ...(result?.error ? { error: result.error } : {}),
      } satisfies ToolCallPart;
    });
    const before = previous.get(message.id);
    // Keep the identity of messages that did not change, so only changed messages re-render.
    if (
      before &&
      before.serverId === message.serverId &&
      JSON.stringify(before.parts) === JSON.stringify(parts)
    ) {
      return before;
    }
    return { ...message, ...(before?.runId ? { runId: before.runId } : {}), parts };
  });
  return {
    ...state,
    messages: keepSurfaces(state.messages, keepLocalParts(state.messages, messages)),
  };
}

/** Why an `a2ui-surface` snapshot is refused (over its bounds), or null. */
function surfaceRefusal(type: string, content: unknown): string | null {
  if (type !== A2UI_ACTIVITY_TYPE) return null;
  const read = readA2uiContent(content);
  return read.kind === 'painted' ? a2uiBoundsProblem(read.operations) : null;
}

export function reduceActivity(
  state: RunStoreState,
  event: ActivitySnapshotEvent | ActivityDeltaEvent,
  context: ReducerContext,
  at: number,
): RunStoreState {
  const index = findMessageIndex(state.messages, event.messageId);
  const existing = index === -1 ? undefined : state.messages[index];
  if (event.type === ('ACTIVITY_SNAPSHOT' as EventType)) {
    const snapshot = event as ActivitySnapshotEvent;
    if (existing && snapshot.replace === false) return state;
    const serverId = existing?.serverId ?? (snapshot as ScopedIds).serverMessageId;
    const refused = surfaceRefusal(snapshot.activityType, snapshot.content);
    const message: ChatMessage = {
      id: snapshot.messageId,
      ...(serverId ? { serverId } : {}),
      role: 'activity',
      parts: [],
      streaming: false,
      run: existing?.run ?? state.run.number,
      activityType: snapshot.activityType,
      // A refused surface keeps the last content accepted for it.
      activityContent: refused ? (existing?.activityContent ?? {}) : snapshot.content,
      ...(existing?.a2uiEdits ? { a2uiEdits: existing.a2uiEdits } : {}),
      ...(refused ? { activityRefused: refused } : {}),
    };
    return index === -1
      ? { ...state, messages: [...state.messages, message] }
      : { ...state, messages: replaceAt(state.messages, index, message) };
  }
  const delta = event as ActivityDeltaEvent;
  if (!existing || !context.applyDelta) {
    return fail(
      state,
      codedFailure('Protocol', 'activityWithoutSnapshot', { id: delta.messageId }),
      at,
    );
  }
  const result = context.applyDelta(existing.activityContent ?? {}, delta.patch);
  if (!result.ok || !isPlainObject(result.value)) {
    return fail(
      state,
      codedFailure('Protocol', 'activityPatchRejected', {
        problem: result.ok ? 'not an object' : result.error,
      }),
      at,
    );
  }
  const refused = surfaceRefusal(existing.activityType ?? '', result.value);
  const { activityRefused: _, ...kept } = existing;
  return {
    ...state,
    messages: replaceAt(
      state.messages,
      index,
      refused
        ? { ...existing, activityRefused: refused }
        : { ...kept, activityContent: result.value },
    ),
  };
}
