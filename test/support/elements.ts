// Helpers for element tests: shadow queries by role and name, frames, and counting a store's subscribers.
import { Observable } from 'rxjs';
import type { RunStore } from '../../src/store/run-store.js';
import type { RunStoreState } from '../../src/store/types.js';

/** One element in the shadow root, or a failed test. */
export function inShadow<T extends Element = HTMLElement>(host: Element, selector: string): T {
  const found = host.shadowRoot?.querySelector<T>(selector);
  if (!found) throw new Error(`No ${selector} in <${host.localName}>`);
  return found;
}

export function allInShadow<T extends Element = HTMLElement>(host: Element, selector: string): T[] {
  return [...(host.shadowRoot?.querySelectorAll<T>(selector) ?? [])];
}

/** The button whose text is exactly this name, as a person reads it. */
export function buttonNamed(host: Element, name: string): HTMLButtonElement {
  const button = allInShadow<HTMLButtonElement>(host, 'button').find(
    (candidate) => candidate.textContent?.trim() === name,
  );
  if (!button) throw new Error(`No button named ${name} in <${host.localName}>`);
  return button;
}

export function statusText(host: Element): string {
  return inShadow(host, '[role="status"]').textContent?.trim() ?? '';
}

export const nextFrame = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/** Replaces the store's `state$` with one that counts its open subscriptions. */
export function countSubscriptions(store: RunStore): () => number {
  const original = store.state$;
  let open = 0;
  const counted = new Observable<RunStoreState>((subscriber) => {
    open += 1;
    const subscription = original.subscribe(subscriber);
    return () => {
      open -= 1;
      subscription.unsubscribe();
    };
  });
  Object.defineProperty(store, 'state$', { value: counted });
  return () => open;
}

/** Collects the events of these types that reach `target`, in order. */
export function recordEvents(target: EventTarget, types: readonly string[]): CustomEvent[] {
  const seen: CustomEvent[] = [];
  for (const type of types)
    target.addEventListener(type, (event) => seen.push(event as CustomEvent));
  return seen;
}

/**
 * Resolves once the predicate holds (checked every few ms), or fails after `ms`. The default leaves room for a file's
 * first test, which loads the store's pipeline module by module while other files run beside it on two CPUs (3 s
 * timed out there).
 */
export async function until(predicate: () => boolean, ms = 10_000): Promise<void> {
  const end = performance.now() + ms;
  while (!predicate()) {
    if (performance.now() > end)
      throw new Error(`Timed out after ${ms} ms waiting for ${predicate.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** An element's markup without comments (Lit's part markers), as a reader of the DOM sees its elements and text. */
export function markupOf(element: Element | undefined): string | undefined {
  return element?.innerHTML.replace(/<!--[\s\S]*?-->/g, '');
}
