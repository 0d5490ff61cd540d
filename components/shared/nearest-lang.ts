// The language of an element as CSS `:lang()` reads it: its own `lang`, its ancestors' across shadow roots, then
// `<html lang>`. Its own module so the inspector's bundle can read a language without the packs' loader.

/** The next node up: the parent, or a shadow root's host (as `:lang()` and `:dir()` inherit). */
export function parentOf(node: Node): Node | null {
  const parent = node.parentNode;
  return parent instanceof ShadowRoot ? parent.host : parent;
}

/** The language of the nearest `lang` (own, ancestors' across shadow roots, then `<html lang>`); '' when none. */
export function nearestLang(element: Element): string {
  for (let node: Node | null = element; node; node = parentOf(node)) {
    if (node instanceof Element && node.hasAttribute('lang'))
      return node.getAttribute('lang') ?? '';
  }
  return '';
}
