// Plugins' derived view data (see `DerivedView`), recomputed after a run starts or an agent event was reduced.
import type { RunStorePlugin, RunStoreState } from './types.js';

/** `next` with every plugin's derived views brought up to date; `next` itself when none changed. */
export function deriveViews(
  previous: RunStoreState,
  next: RunStoreState,
  plugins: readonly RunStorePlugin[],
): RunStoreState {
  // Derived views read the run and the validated state only: most events (tokens) change neither.
  if (next.run.number === previous.run.number && next.agentState === previous.agentState) {
    return next;
  }
  let view = next.view;
  for (const plugin of plugins) {
    for (const derived of plugin.derivedViews ?? []) {
      const current = view[derived.id];
      const value = derived.derive(current, next);
      if (value !== current) view = { ...view, [derived.id]: value };
    }
  }
  return view === next.view ? next : { ...next, view };
}
