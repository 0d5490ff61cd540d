// How each surface shows text: the chat's markdown (tokens to templates, never an HTML string), set by the chat for
// the surfaces it renders and read by our Text component through the surface it belongs to.
export type TextRenderer = (text: string) => unknown;

export const textRenderers = new WeakMap<object, TextRenderer>();
