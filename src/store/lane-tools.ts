// Tool calls wherever they are: in the conversation's own messages or in a subagent's lane (nested lanes too), so a
// frontend tool the agent calls inside a subagent runs and is answered like any other.
import { findToolCall, updateToolCall } from './reducer-core.js';
import { subagentParts, updateSubagent } from './subagent-events.js';
import type { ChatMessage, RunStoreState, ToolCallPart } from './types.js';

/** The block whose lane holds the call, or null when the conversation's own messages do (or nobody does). */
function laneOf(messages: readonly ChatMessage[], toolCallId: string) {
  if (findToolCall(messages, toolCallId)) return null;
  for (const block of subagentParts(messages)) {
    if (findToolCall(block.messages, toolCallId)) return block;
  }
  return null;
}

/** The call with this id: in the conversation, else in the subagent block that holds it. */
export function findAnyToolCall(
  messages: readonly ChatMessage[],
  toolCallId: string,
): ToolCallPart | null {
  const lane = laneOf(messages, toolCallId)?.messages ?? messages;
  return findToolCall(lane, toolCallId)?.part ?? null;
}

/** Every tool call in these messages of run `run`, the subagents' lanes included. */
export function toolCallsOfRun(messages: readonly ChatMessage[], run: number): ToolCallPart[] {
  const parts: ToolCallPart[] = [];
  for (const message of messages) {
    if (message.run !== run) continue;
    for (const part of message.parts) {
      if (part.kind === 'tool-call') parts.push(part);
      else if (part.kind === 'subagent') parts.push(...toolCallsOfRun(part.messages, run));
    }
  }
  return parts;
}

/** `updateToolCall`, reaching into the lane that holds the call when the conversation does not. */
export function updateAnyToolCall(
  state: RunStoreState,
  toolCallId: string,
  update: (part: ToolCallPart) => ToolCallPart,
): RunStoreState {
  const block = laneOf(state.messages, toolCallId);
  if (!block) return updateToolCall(state, toolCallId, update);
  const { messages } = updateToolCall({ ...state, messages: block.messages }, toolCallId, update);
  return {
    ...state,
    messages: updateSubagent(state.messages, block.id, (part) => ({ ...part, messages })),
  };
}
