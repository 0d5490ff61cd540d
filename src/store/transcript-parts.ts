// Approvals and `ui_render` artifacts as parts of the conversation: an answer recorded where the approval was asked,
// an artifact at the end of the reply. Where events put new approvals is in event-parts.ts (loaded with the pipeline).
import { replaceAt } from './reducer-core.js';
import type { Approval, ApprovalAnswer, ChatMessage, MessagePart, RunStoreState } from './types.js';

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
