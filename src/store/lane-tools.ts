// Tool calls wherever they are: in the conversation's own messages or in a subagent's lane (nested lanes too), so a
// frontend tool the agent calls inside a subagent runs and is answered like any other.
import { findToolCall, updateToolCall } from './reducer-core.js';
import { subagentParts, updateSubagent } from './subagent-events.js';
import type { ChatMessage, RunStoreState, ToolCallPart } from './types.js';

/** The call with this id: in the conversation, else in the subagent block that holds it. */
export function findAnyToolCall(
  messages: readonly ChatMessage[],
  toolCallId: string,
): ToolCallPart | null {
  const own = findToolCall(messages, toolCallId);
  if (own) return own.part;
  for (const block of subagentParts(messages)) {
    const found = findToolCall(block.messages, toolCallId);
    if (found) return found.part;
  }
  return null;
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
  if (findToolCall(state.messages, toolCallId)) return updateToolCall(state, toolCallId, update);
  for (const block of subagentParts(state.messages)) {
    if (!findToolCall(block.messages, toolCallId)) continue;
    const lane = updateToolCall({ ...state, messages: block.messages }, toolCallId, update);
    const messages = updateSubagent(state.messages, block.id, (part) =>
      lane.messages === part.messages ? part : { ...part, messages: lane.messages },
    );
    return messages === state.messages ? state : { ...state, messages };
  }
  return state;
}
