// The store a story binds its elements to: one per story canvas, so a control change keeps it.
import type { RunStore } from '../../src/store/run-store.js';
import { type StoreRecipe, storeIn } from './store-states.js';

interface CanvasContext {
  readonly id: string;
  readonly canvasElement: HTMLElement;
}

const stores = new WeakMap<HTMLElement, Map<string, RunStore>>();

/**
 * The story's store for this recipe: made once per story canvas, so changing a control re-renders the same
 * store instead of starting over. `key` tells several stores of one story apart.
 */
export function storyStore(context: CanvasContext, recipe: StoreRecipe, key = 'main'): RunStore {
  const byKey = stores.get(context.canvasElement) ?? new Map<string, RunStore>();
  stores.set(context.canvasElement, byKey);
  const name = `${context.id}:${recipe}:${key}`;
  const cached = byKey.get(name);
  if (cached && !cached.isDisposed) return cached;
  const store = storeIn(recipe, context.id);
  byKey.set(name, store);
  return store;
}
