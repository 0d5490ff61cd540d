// What each surface takes from the chat that shows it: its text as the chat's markdown (tokens to templates, never
// an HTML string) and whether remote media may load (`allow-remote-images`). Set by the renderer for each surface,
// read by our components through the surface they belong to.
export type TextRenderer = (text: string) => unknown;

/** The chat's URL rules (components/shared/safe-urls.ts), lent by the chat so this part carries no copy. */
export interface SafeUrls {
  imageSource(value: string, remote: boolean): string | null;
  mediaSource(value: string, remote: boolean): string | null;
  safeHref(value: string): string | null;
}

export interface SurfaceOptions {
  readonly renderText: TextRenderer;
  /** Whether Image, Video and AudioPlayer may load http(s) URLs. */
  readonly remoteMedia: () => boolean;
  /** Null until the chat's markdown module (which holds them) has loaded: then no media loads. */
  readonly urls: () => SafeUrls | null;
}

export const surfaceOptions = new WeakMap<object, SurfaceOptions>();
