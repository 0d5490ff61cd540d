// A2UI surfaces keep their place through a MESSAGES_SNAPSHOT: servers rarely list activity messages (clients strip
// them from the run input), so a snapshot without them would make them vanish.
import { isSurface } from './a2ui-surfaces.js';
import type { ChatMessage } from './types.js';

/**
 * `after` (a snapshot's messages) with every surface of `before` it lacks put back after the message it followed
 * (or first, when none of those is left), and the person's edits kept on those it lists.
 */
export function keepSurfaces(
  before: readonly ChatMessage[],
  after: readonly ChatMessage[],
): readonly ChatMessage[] {
  if (!before.some(isSurface)) return after;
  const listed = new Map(after.map((message) => [message.id, message]));
  const result = after.map((message) => {
    const held = before.find((item) => item.id === message.id);
    return held?.a2uiEdits && isSurface(message) && !message.a2uiEdits
      ? { ...message, a2uiEdits: held.a2uiEdits }
      : message;
  });
  let anchor: string | null = null;
  const missing: { readonly anchor: string | null; readonly message: ChatMessage }[] = [];
  for (const message of before) {
    if (listed.has(message.id)) anchor = message.id;
    else if (isSurface(message)) {
      missing.push({ anchor, message });
      anchor = message.id;
    }
  }
  if (missing.length === 0) return result;
  const out = [...result];
  for (const { anchor: after, message } of missing) {
    const at = after === null ? -1 : out.findIndex((item) => item.id === after);
    out.splice(at + 1, 0, message);
  }
  return out;
}
