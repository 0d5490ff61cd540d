// Which elements provide a run store, so an element outside them can name one with `run="ID"` (like `<label for>`).
import type { RunStore } from '../../src/store/run-store.js';

type StoreOf = () => RunStore | null;

const providers = new WeakMap<Element, StoreOf>();
const listeners = new Set<() => void>();

/** Registers (or re-registers) a provider and tells every waiting element to look again. */
export function announceRunProvider(element: Element, storeOf: StoreOf): void {
  providers.set(element, storeOf);
  for (const listener of [...listeners]) listener();
}

/** The store of the provider with this id, looked up in the element's own root first, then in the document. */
export function findRunStore(from: Element, id: string): RunStore | null {
  const root = from.getRootNode();
  const local =
    root instanceof ShadowRoot || root instanceof Document ? root.getElementById(id) : null;
  const element = local ?? from.ownerDocument.getElementById(id);
  return element ? (providers.get(element)?.() ?? null) : null;
}

/** Calls the listener whenever a provider connects, changes its id or replaces its store. */
export function onRunProviderChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
