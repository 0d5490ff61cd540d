// Subagent runs (AG-UI 1.0 SUBAGENT_STARTED/FINISHED/ERROR): each invocation is a block in the parent's reply with
// its own lane of messages; events attributed to it (by `subagentRunId`, or by the message or tool call they name)
// are reduced inside that lane by the ordinary reducers, so lanes that stream at once stay apart.
import type {
  BaseEvent,
  SubagentErrorEvent,
  SubagentFinishedEvent,
  SubagentStartedEvent,
} from '@ag-ui/core';
import {
  fail,
  finishStreaming,
  findMessageIndex,
  findToolCall,
  replaceAt,
} from './reducer-core.js';
import { appendToReply } from './transcript-parts.js';
import type { ChatMessage, MessagePart, RunStoreState, SubagentPart } from './types.js';

/** Event types that belong to whoever produced them (the others are run-scoped). */
const LANE_EVENT = /^(TEXT_MESSAGE|TOOL_CALL|REASONING_MESSAGE|ACTIVITY)_/;

type Fields = Readonly<Record<string, unknown>>;

/** Every subagent block in these messages, nested ones included, depth first. */
export function* subagentParts(messages: readonly ChatMessage[]): Generator<SubagentPart> {
  for (const message of messages) {
    for (const part of message.parts) {
      if (part.kind !== 'subagent') continue;
      yield part;
      yield* subagentParts(part.messages);
    }
  }
}

export function findSubagent(messages: readonly ChatMessage[], id: string): SubagentPart | null {
  for (const part of subagentParts(messages)) if (part.id === id) return part;
  return null;
}

/** Replaces one subagent block wherever it is nested, sharing everything else. */
export function updateSubagent(
  messages: readonly ChatMessage[],
  id: string,
  update: (part: SubagentPart) => SubagentPart,
): readonly ChatMessage[] {
  for (let index = 0; index < messages.length; index += 1) {
    const message = messages[index] as ChatMessage;
    for (let at = 0; at < message.parts.length; at += 1) {
      const part = message.parts[at] as MessagePart;
      if (part.kind !== 'subagent') continue;
      let next: SubagentPart = part;
      if (part.id === id) next = update(part);
      else {
        const inner = updateSubagent(part.messages, id, update);
        if (inner !== part.messages) next = { ...part, messages: inner };
      }
      if (next !== part) {
        const parts = replaceAt(message.parts, at, next);
        return replaceAt(messages, index, { ...message, parts });
      }
    }
  }
  return messages;
}

function holdsId(messages: readonly ChatMessage[], fields: Fields): boolean {
  const messageId = typeof fields.messageId === 'string' ? fields.messageId : null;
  const toolCallId = typeof fields.toolCallId === 'string' ? fields.toolCallId : null;
  if (toolCallId !== null && findToolCall(messages, toolCallId)) return true;
  if (toolCallId !== null && fields.type !== 'TOOL_CALL_START') return false;
  return messageId !== null && findMessageIndex(messages, messageId) !== -1;
}

/** The lane an event belongs to: its `subagentRunId`, else the block that holds what it names; null: the parent. */
function laneOf(state: RunStoreState, fields: Fields): string | null {
  if (!LANE_EVENT.test(String(fields.type))) return null;
  const attributed = fields.subagentRunId;
  if (typeof attributed === 'string') {
    return findSubagent(state.messages, attributed) ? attributed : null;
  }
  const named =
    fields.type === 'TOOL_CALL_START' && typeof fields.parentMessageId === 'string'
      ? { ...fields, messageId: fields.parentMessageId }
      : fields;
  if (holdsId(state.messages, named)) return null;
  for (const part of subagentParts(state.messages)) {
    if (holdsId(part.messages, named)) return part.id;
  }
  return null;
}

/** Reduces in a block's lane: the lane's messages stand in for the conversation, everything else is shared. */
function inLane(
  state: RunStoreState,
  id: string,
  at: number,
  reduce: (lane: RunStoreState) => RunStoreState,
): RunStoreState {
  const block = findSubagent(state.messages, id);
  if (!block) return reduce(state);
  const lane: RunStoreState = { ...state, messages: block.messages };
  const next = reduce(lane);
  if (next === lane) return state;
  if (next.run.status === 'Failed' && state.run.status !== 'Failed' && next.run.failure) {
    // A protocol failure fails the whole run, shown in the parent's reply.
    return fail(state, next.run.failure, at);
  }
  const messages = updateSubagent(state.messages, id, (part) =>
    part.messages === next.messages ? part : { ...part, messages: next.messages },
  );
  return { ...next, messages };
}

/** Puts a new block in the message of the tool call or message that spawned it, else at the end of the reply. */
function placeBlock(state: RunStoreState, part: SubagentPart, event: SubagentStartedEvent) {
  const { messages } = state;
  const call = event.parentToolCallId ? findToolCall(messages, event.parentToolCallId) : null;
  const index = call
    ? call.messageIndex
    : event.parentMessageId
      ? findMessageIndex(messages, event.parentMessageId)
      : -1;
  const message = messages[index];
  if (!message) {
    return {
      ...state,
      messages: appendToReply(state, part, `subagent-${part.id}`, state.run.number),
    };
  }
  const next = { ...message, parts: [...message.parts, part] };
  return { ...state, messages: replaceAt(messages, index, next) };
}

function started(state: RunStoreState, event: SubagentStartedEvent, at: number): RunStoreState {
  if (findSubagent(state.messages, event.subagentRunId)) return state;
  const part: SubagentPart = {
    kind: 'subagent',
    id: event.subagentRunId,
    name: event.name || event.subagentRunId,
    ...(event.description ? { description: event.description } : {}),
    status: 'running',
    startedAt: at,
    messages: [],
  };
  const parent = event.parentSubagentRunId;
  if (parent && findSubagent(state.messages, parent)) {
    return inLane(state, parent, at, (lane) => placeBlock(lane, part, event));
  }
  return placeBlock(state, part, event);
}

function ended(
  state: RunStoreState,
  event: SubagentFinishedEvent | SubagentErrorEvent,
  at: number,
): RunStoreState {
  const messages = updateSubagent(state.messages, event.subagentRunId, (part) => {
    if (part.endedAt !== undefined) return part;
    const closed = { ...part, messages: finishStreaming(part.messages, false), endedAt: at };
    if (event.type === ('SUBAGENT_ERROR' as SubagentErrorEvent['type'])) {
      const error = event as SubagentErrorEvent;
      return {
        ...closed,
        status: 'failed',
        error: error.code ? `${error.message} (${error.code})` : error.message,
      };
    }
    const outcome = (event as SubagentFinishedEvent).outcome;
    return { ...closed, status: outcome?.type === 'suspended' ? 'waiting' : 'done' };
  });
  return messages === state.messages ? state : { ...state, messages };
}

/**
 * Handles the SUBAGENT_* events and routes events of a subagent's lane; null when the event is the parent's own.
 * `reduce` is the ordinary event reducer, applied inside the lane to the event without its attribution.
 */
export function reduceSubagentEvent(
  state: RunStoreState,
  event: BaseEvent,
  at: number,
  reduce: (lane: RunStoreState, event: BaseEvent) => RunStoreState,
): RunStoreState | null {
  switch (event.type as string) {
    case 'SUBAGENT_STARTED':
      return started(state, event as unknown as SubagentStartedEvent, at);
    case 'SUBAGENT_FINISHED':
    case 'SUBAGENT_ERROR':
      return ended(state, event as unknown as SubagentFinishedEvent, at);
    default: {
      const fields = event as unknown as Fields;
      const lane = laneOf(state, fields);
      if (lane === null) return null;
      const own = { ...event } as BaseEvent & { subagentRunId?: string };
      delete own.subagentRunId;
      return inLane(state, lane, at, (inner) => reduce(inner, own));
    }
  }
}
