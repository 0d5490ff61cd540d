// Registration with the `agui-` fallback, and the tag each element actually got (no element imports here).

/** A tag and the class to register under it. */
export interface ElementDefinition {
  readonly tag: string;
  readonly element: CustomElementConstructor;
}

import { FALLBACK_PREFIX } from '../src/tags.js';

export { FALLBACK_PREFIX } from '../src/tags.js';

const registered = new Map<string, string>();

/**
 * Registers each element under its tag, or under `agui-<tag>` when another definition already holds the tag.
 * Idempotent: an element already registered keeps its tag. Returns the tags used, by base tag. Does nothing
 * where there is no custom element registry (a server).
 */
export function defineAll(elements: readonly ElementDefinition[]): ReadonlyMap<string, string> {
  const used = new Map<string, string>();
  if (typeof customElements === 'undefined') return used;
  for (const { tag, element } of elements) {
    const existing = customElements.getName(element);
    if (existing) {
      registered.set(tag, existing);
      used.set(tag, existing);
      continue;
    }
    const name = customElements.get(tag) ? `${FALLBACK_PREFIX}${tag}` : tag;
    if (customElements.get(name)) {
      throw new Error(
        `Cannot register <${tag}>: both <${tag}> and <${name}> are taken by other definitions.`,
      );
    }
    customElements.define(name, element);
    registered.set(tag, name);
    used.set(tag, name);
  }
  return used;
}

/**
 * The tag an element was actually registered under (`agui-run-controls` when `run-controls` was taken); any other
 * tag as given. The one answer to "which tag did we get", for `define`, the lazy groups and the artifact views.
 */
export function tagName(base: string): string {
  return registered.get(base) ?? base;
}

/** Whether this package registered the element of base tag `base` (under either tag). */
export function isRegistered(base: string): boolean {
  return registered.has(base);
}
