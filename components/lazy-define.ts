// Registers groups of elements the first time one of their tags appears in the document, so the script-tag ES
// module loads the chat and the artifact elements only on pages that use them.
import { defineAll, FALLBACK_PREFIX, type ElementDefinition } from './tag-registry.js';

/** Elements that load together, and the tags that call for them. */
export interface LazyElementGroup {
  readonly tags: readonly string[];
  readonly load: () => Promise<readonly ElementDefinition[]>;
}

function selectorOf(group: LazyElementGroup): string {
  return group.tags.flatMap((tag) => [tag, `${FALLBACK_PREFIX}${tag}`]).join(',');
}

/** A closed `<agent-launcher>` asks for what it wraps when it opens: until then its chat costs nothing. */
const CLOSED_LAUNCHER = `agent-launcher:not([open]),${FALLBACK_PREFIX}agent-launcher:not([open])`;

function calledFor(element: Element): boolean {
  return !element.parentElement?.closest(CLOSED_LAUNCHER);
}

/**
 * Watches the document for the groups' tags (also as `agui-<tag>`); the first one found loads its group and
 * registers it. Returns a function that stops watching. Does nothing without a DOM (a server).
 */
export function defineWhenUsed(groups: readonly LazyElementGroup[]): () => void {
  if (typeof document === 'undefined' || typeof MutationObserver === 'undefined') return () => {};
  const pending = new Set(groups);
  const load = (group: LazyElementGroup) => {
    pending.delete(group);
    group.load().then(
      (definitions) => defineAll(definitions),
      (error: unknown) => {
        // A chunk that cannot load (offline, moved files) must not fail silently: the elements would stay blank.
        console.error(`agui-elements: could not load <${group.tags[0]}>`, error);
      },
    );
  };
  const scan = (root: ParentNode) => {
    for (const group of [...pending]) {
      const selector = selectorOf(group);
      const found =
        (root instanceof Element && root.matches(selector) && calledFor(root)) ||
        [...root.querySelectorAll(selector)].some(calledFor);
      if (found) {
        load(group);
      }
    }
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) if (node instanceof Element) scan(node);
    }
    if (pending.size === 0) observer.disconnect();
  });
  observer.observe(document.documentElement, { childList: true, subtree: true });
  scan(document);
  if (pending.size === 0) observer.disconnect();
  return () => observer.disconnect();
}
