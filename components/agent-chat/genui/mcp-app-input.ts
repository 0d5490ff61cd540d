// What the MCP Apps host reads from outside before it relies on it: the app's resource from the server (its HTML and
// `_meta.ui`), the sandbox proxy's URL from the page, and the text and links an app sends. Plain functions.

const APP_MIME = /^text\/html(;|$)/i;

/** The sandbox proxy's URL; null without one; the page's words when it is not an http(s) URL of another origin. */
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

function decodeBase64(blob: string): string {
  const bytes = Uint8Array.from(atob(blob), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The app's HTML and its `_meta.ui` from a `resources/read` result, or why there is none. */
export function readAppResource(
  result: unknown,
  uri: string,
): { readonly html: string; readonly csp: unknown; readonly permissions: unknown } | string {
  const contents = (result as { contents?: unknown } | null)?.contents;
  if (!Array.isArray(contents)) return 'the server sent no contents';
  const item = (contents as Record<string, unknown>[]).find(
    (entry) =>
      entry &&
      (entry.uri === uri || contents.length === 1) &&
      typeof entry.mimeType === 'string' &&
      APP_MIME.test(entry.mimeType),
  );
  if (!item) return `the server sent no HTML for ${uri}`;
  let html: string;
  try {
    if (typeof item.text === 'string') html = item.text;
    else if (typeof item.blob === 'string') html = decodeBase64(item.blob);
    else return 'the resource holds neither text nor blob';
  } catch {
    return 'its blob is not valid base64';
  }
  const meta = (item._meta as { ui?: { csp?: unknown; permissions?: unknown } } | undefined)?.ui;
  return { html, csp: meta?.csp, permissions: meta?.permissions };
}

/** The text blocks of a tool result or message content, joined. */
export function textOf(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return content
    .filter(
      (block): block is { type: 'text'; text: string } =>
        !!block && block.type === 'text' && typeof block.text === 'string',
    )
    .map((block) => block.text)
    .join('\n')
    .trim();
}

/** An http(s) URL as a string, or null for anything else. */
export function safeLink(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
