// Feedback on answers (kept in the state, never sent to the agent) and the run ids it names: each message the
// active run adds carries that run's id.
import { replaceAt } from './reducer-core.js';
import type { ChatMessage, MessageFeedback, RunStoreState } from './types.js';

/** Records a person's feedback on a message, or clears it (null). */
export function recordFeedback(
  state: RunStoreState,
  messageId: string,
  feedback: MessageFeedback | null,
): RunStoreState {
  const { [messageId]: before, ...others } = state.feedback;
  if (feedback === null) return before ? { ...state, feedback: others } : state;
  if (before?.value === feedback.value && before.comment === feedback.comment) return state;
  const kept: MessageFeedback = {
    value: feedback.value,
    ...(feedback.comment?.trim() ? { comment: feedback.comment.trim() } : {}),
  };
  return { ...state, feedback: { ...state.feedback, [messageId]: kept } };
}

/**
 * Stamps the active run's id on the messages it added (newest first, up to the first message of an older run).
 * `newestOnly`: the event can only have added messages at the end, so the walk stops at the first stamped one
 * (a token into a long conversation then costs nothing here).
 */
export function stampRunIds(state: RunStoreState, newestOnly = false): RunStoreState {
  const { id, number } = state.run;
  if (!id) return state;
  let messages: readonly ChatMessage[] = state.messages;
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index] as ChatMessage;
    if (message.run < number && message.run !== 0) break;
    if (message.run === number && message.runId === undefined) {
      messages = replaceAt(messages, index, { ...message, runId: id });
    } else if (newestOnly && message.runId !== undefined) break;
  }
  return messages === state.messages ? state : { ...state, messages };
}
