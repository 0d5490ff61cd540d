// requestElement: how an element that draws another of this package's elements in its shadow root (the chat's
// `<agent-artifact>`, an artifact's own element) asks for it. The script-tag ES module installs a loader that fetches
// each element's chunk on first request; the bundles that register every element at once have nothing to load.
import { isRegistered } from './tag-registry.js';

/** Loads and registers this package's element of a base tag; null for a tag it has nothing to load for. */
export type ElementLoader = (tag: string) => Promise<void> | null;

let loader: ElementLoader | null = null;

/** Installs the loader (the script-tag ES module does, once). */
export function setElementLoader(next: ElementLoader): void {
  loader = next;
}

/**
 * Asks for this package's element of base tag `tag`. Null when it is registered already, or nothing here can load it
 * (a host's own tag, or a bundle that registered everything): use the tag as it is. Otherwise a promise that
 * resolves once the element is registered, or rejects (naming the file) when its chunk cannot load.
 */
export function requestElement(tag: string): Promise<void> | null {
  if (isRegistered(tag) || !loader) return null;
  return loader(tag);
}
