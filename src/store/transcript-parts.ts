// Approvals and `ui_render` artifacts as parts of the conversation: placed where they happened, kept with their answer.
import { findToolCall, replaceAt } from './reducer-core.js';
import type { Approval, ApprovalAnswer, ChatMessage, MessagePart, RunStoreState } from './types.js';

/** Parts this client adds to the conversation: they have no AG-UI message of their own. */
export function isLocalPart(part: MessagePart): boolean {
  return part.kind === 'approval' || part.kind === 'artifact' || part.kind === 'subagent';
}

/**
 * Appends a part at the end of the run's reply: to the last message when it is that run's assistant message, else
 * in a message of its own (the run has said nothing yet, or the last message is the person's).
 */
export function appendToReply(
  state: RunStoreState,
  part: MessagePart,
  holderId: string,
  run: number,
): readonly ChatMessage[] {
  const { messages } = state;
  const last = messages[messages.length - 1];
  if (last && last.role === 'assistant' && last.run === run) {
    return replaceAt(messages, messages.length - 1, { ...last, parts: [...last.parts, part] });
  }
  const holder: ChatMessage = {
    id: holderId,
    role: 'assistant',
    parts: [part],
    streaming: false,
    run,
  };
  return [...messages, holder];
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

/** Records an answer in the turn's list and on the conversation's part. */
export function recordAnswer(
  state: RunStoreState,
  id: string,
  answer: ApprovalAnswer,
): RunStoreState {
  const index = state.approvals.findIndex((approval) => approval.id === id);
  const approval = state.approvals[index];
  if (!approval || approval.answer !== null) return state;
  const answered: Approval = { ...approval, answer };
  return {
    ...state,
    approvals: replaceAt(state.approvals, index, answered),
    messages: replaceApprovalPart(state.messages, answered),
  };
}

function replaceApprovalPart(
  messages: readonly ChatMessage[],
  approval: Approval,
): readonly ChatMessage[] {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index] as ChatMessage;
    const at = message.parts.findIndex(
      (part) => part.kind === 'approval' && part.approval.id === approval.id,
    );
    if (at === -1) {
      // One asked inside a subagent's lane (a lane tool that needs consent) is answered there.
      for (const [lane, part] of message.parts.entries()) {
        if (part.kind !== 'subagent') continue;
        const inner = replaceApprovalPart(part.messages, approval);
        if (inner === part.messages) continue;
        const parts = replaceAt(message.parts, lane, { ...part, messages: inner });
        return replaceAt(messages, index, { ...message, parts });
      }
      continue;
    }
    const parts = replaceAt(message.parts, at, { kind: 'approval', approval });
    return replaceAt(messages, index, { ...message, parts });
  }
  return messages;
}

/** A `ui_render` artifact's place in the conversation: the end of the current reply. */
export function addArtifactPart(state: RunStoreState, artifactId: string): RunStoreState {
  const part: MessagePart = { kind: 'artifact', artifactId };
  return {
    ...state,
    messages: appendToReply(state, part, `artifact-${artifactId}`, state.run.number),
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
