// The URLs agent content may use: links to http, https and mailto; images from inline bytes, or from http(s) only
// when the host allowed remote images (markdown in the chat, A2UI's Image, Video and AudioPlayer).

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** An absolute http, https or mailto URL as the browser would read it, or null. */
export function safeHref(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  return LINK_PROTOCOLS.has(url.protocol) ? url.href : null;
}

/** Inline image types an agent's markdown image may show (an `<img>` never runs what it loads). */
const INLINE_IMAGE = /^data:image\/(?:png|jpeg|gif|webp|avif);base64,[a-z0-9+/=\s]*$/i;

/** The `src` an agent's markdown image may load: inline image bytes, or http(s) when the host allowed it. */
export function imageSource(value: string, remote: boolean): string | null {
  if (INLINE_IMAGE.test(value)) return value;
  if (!remote) return null;
  const href = safeHref(value);
  return href && !href.startsWith('mailto:') ? href : null;
}

/** The `src` an agent's audio or video may load: http(s), and only when the host allowed remote media. */
export function mediaSource(value: string, remote: boolean): string | null {
  if (!remote) return null;
  const href = safeHref(value);
  return href && !href.startsWith('mailto:') ? href : null;
}
