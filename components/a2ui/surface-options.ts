// What each surface takes from the chat that shows it: its text as the chat's markdown (tokens to templates, never
// an HTML string) and whether remote media may load (`allow-remote-images`). Set by the renderer for each surface,
// read by our components through the surface they belong to.
export type TextRenderer = (text: string) => unknown;

export interface SurfaceOptions {
  readonly renderText: TextRenderer;
  /** Whether Image, Video and AudioPlayer may load http(s) URLs. */
  readonly remoteMedia: () => boolean;
}

export const surfaceOptions = new WeakMap<object, SurfaceOptions>();
