// Tool calls wherever they are: in the conversation's own messages or in a subagent's lane (nested lanes too), so a
// frontend tool the agent calls inside a subagent runs and is answered like any other. Walks the blocks itself, so
// the page's first load does not pull in the subagent reducer; finding a call (for the tool runner) is in
// tool-runner.ts.
import { findToolCall, replaceAt, updateToolCall } from './reducer-core.js';
import type { ChatMessage, RunStoreState, ToolCallPart } from './types.js';

type Messages = readonly ChatMessage[];

/** Offers every lane (depth first) to `visit`; the first lane it replaces is put back in place, sharing the rest. */
export function mapLanes(messages: Messages, visit: (lane: Messages) => Messages): Messages {
  for (const [index, message] of messages.entries()) {
    for (const [at, part] of message.parts.entries()) {
      if (part.kind !== 'subagent') continue;
      let inner = visit(part.messages);
      if (inner === part.messages) inner = mapLanes(part.messages, visit);
      if (inner === part.messages) continue;
      const parts = replaceAt(message.parts, at, { ...part, messages: inner });
      return replaceAt(messages, index, { ...message, parts });
    }
  }
  return messages;
}

/** `updateToolCall`, reaching into the lane that holds the call when the conversation does not. */
export function updateAnyToolCall(
  state: RunStoreState,
  toolCallId: string,
  update: (part: ToolCallPart) => ToolCallPart,
): RunStoreState {
  if (findToolCall(state.messages, toolCallId)) return updateToolCall(state, toolCallId, update);
  const messages = mapLanes(
    state.messages,
    (lane) => updateToolCall({ ...state, messages: lane }, toolCallId, update).messages,
  );
  return messages === state.messages ? state : { ...state, messages };
}
