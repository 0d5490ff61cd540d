// Small pieces of the chat's MCP Apps side: the app's frame as it is made, and a list of words in the chat's
// language.

/** "the camera and your location", in the chat's language. */
export function listOf(items: readonly string[], locale: string): string {
  try {
    return new Intl.ListFormat(locale, { type: 'conjunction' }).format(items);
  } catch {
    return items.join(', ');
  }
}

export function newFrame(title = ''): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  // Scripts only: no allow-same-origin (an opaque origin), no top navigation, no popups, no `allow` permissions.
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.setAttribute('referrerpolicy', 'no-referrer');
  frame.className = 'mcp-app-frame';
  frame.title = title;
  return frame;
}
