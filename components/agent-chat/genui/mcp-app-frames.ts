// Small pieces of the chat's MCP Apps side: the app's frame as it is made, the sandbox proxy's URL as the page names
// it, and a list of words in the chat's language.

/** The sandbox proxy's URL; null without one; in words why not when it is not an http(s) URL of another origin. */
export function sandboxUrl(value: string | null): URL | null | string {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value, document.baseURI);
  } catch {
    return value;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return value;
  // On this page's own origin the proxy would share it with the page: never.
  return url.origin === location.origin ? url.href : url;
}

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
