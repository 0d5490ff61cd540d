// What events add to the conversation: new messages, approvals where they were asked (after the tool call they
// answer), and the parts this client added that a MESSAGES_SNAPSHOT keeps. Loaded with the pipeline.
import { findMessageIndex, findToolCall, replaceAt } from './reducer-core.js';
import { appendToReply } from './transcript-parts.js';
import type { Approval, ChatMessage, MessagePart, MessageRole, RunStoreState } from './types.js';

export function updateMessage(
  state: RunStoreState,
  id: string,
  update: (message: ChatMessage) => ChatMessage,
  create?: () => ChatMessage,
): RunStoreState {
  const index = findMessageIndex(state.messages, id);
  if (index === -1) {
    if (!create) return state;
    return { ...state, messages: [...state.messages, update(create())] };
  }
  const current = state.messages[index] as ChatMessage;
  const next = update(current);
  return next === current ? state : { ...state, messages: replaceAt(state.messages, index, next) };
}

/** A message an event starts; `serverId` when the id stage gave it an id of the store's own. */
export function newMessage(
  id: string,
  role: MessageRole,
  run: number,
  serverId?: string,
): ChatMessage {
  return { id, role, parts: [], streaming: true, run, ...(serverId ? { serverId } : {}) };
}

/** Parts this client adds to the conversation: they have no AG-UI message of their own. */
export function isLocalPart(part: MessagePart): boolean {
  return part.kind === 'approval' || part.kind === 'artifact' || part.kind === 'subagent';
}

/** Puts an approval part after the tool call it answers (and its earlier approvals), else at the end of the reply. */
function placeApproval(state: RunStoreState, approval: Approval): readonly ChatMessage[] {
  const part: MessagePart = { kind: 'approval', approval };
  const location = approval.toolCallId ? findToolCall(state.messages, approval.toolCallId) : null;
  if (location) {
    const message = state.messages[location.messageIndex] as ChatMessage;
    let at = location.partIndex + 1;
    while (message.parts[at]?.kind === 'approval') at += 1;
    const parts = [...message.parts.slice(0, at), part, ...message.parts.slice(at)];
    return replaceAt(state.messages, location.messageIndex, { ...message, parts });
  }
  return appendToReply(
    state,
    part,
    `approval-${state.run.id ?? 'none'}-${approval.id}`,
    approval.run,
  );
}

/** A new open approval: in the turn's list, and in the conversation where it was asked. */
export function addApproval(state: RunStoreState, approval: Approval): RunStoreState {
  return {
    ...state,
    approvals: [...state.approvals, approval],
    messages: placeApproval(state, approval),
  };
}

/**
 * A MESSAGES_SNAPSHOT replaces the messages with the agent's; the parts this client added stay where they were:
 * in the same message (an approval after its tool call), and messages holding only such parts after the message
 * they followed.
 */
export function keepLocalParts(
  previous: readonly ChatMessage[],
  next: readonly ChatMessage[],
): readonly ChatMessage[] {
  if (!previous.some((message) => message.parts.some(isLocalPart))) return next;
  const byId = new Map(previous.map((message) => [message.id, message]));
  const nextIds = new Set(next.map((message) => message.id));
  const merged = next.map((message) => {
    const local = byId.get(message.id)?.parts.filter(isLocalPart) ?? [];
    if (local.length === 0 || message.parts.some(isLocalPart)) return message;
    let parts = [...message.parts];
    for (const part of local) {
      const call =
        part.kind === 'approval' && part.approval.toolCallId
          ? parts.findIndex(
              (item) => item.kind === 'tool-call' && item.id === part.approval.toolCallId,
            )
          : -1;
      parts =
        call === -1
          ? [...parts, part]
          : [...parts.slice(0, call + 1), part, ...parts.slice(call + 1)];
    }
    return { ...message, parts };
  });
  // Holders (messages with only local parts) go back after the message they followed.
  previous.forEach((message, index) => {
    if (
      nextIds.has(message.id) ||
      message.parts.length === 0 ||
      !message.parts.every(isLocalPart)
    ) {
      return;
    }
    const before = previous[index - 1];
    const at = before ? merged.findIndex((item) => item.id === before.id) : -1;
    if (at === -1) merged.push(message);
    else merged.splice(at + 1, 0, message);
  });
  return merged;
}
