// The person's edits to the data models of A2UI surfaces in the transcript.
import { A2UI_ACTIVITY_TYPE } from '../a2ui/activity-type.js';
import { replaceAt } from './reducer-core.js';
import type { ChatMessage, RunStoreState } from './types.js';

export const isSurface = (message: ChatMessage) =>
  message.role === 'activity' && message.activityType === A2UI_ACTIVITY_TYPE;

/** Records a person's edits to one surface of an activity message (null clears them). */
export function recordA2uiEdits(
  state: RunStoreState,
  messageId: string,
  surfaceId: string,
  edits: Readonly<Record<string, unknown>> | null,
): RunStoreState {
  const index = state.messages.findIndex((message) => message.id === messageId);
  const message = state.messages[index];
  if (!message || !isSurface(message)) return state;
  const { [surfaceId]: _, ...others } = message.a2uiEdits ?? {};
  const next = edits && Object.keys(edits).length > 0 ? { ...others, [surfaceId]: edits } : others;
  const { a2uiEdits: __, ...rest } = message;
  const updated: ChatMessage = Object.keys(next).length > 0 ? { ...rest, a2uiEdits: next } : rest;
  return { ...state, messages: replaceAt(state.messages, index, updated) };
}
