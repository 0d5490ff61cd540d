// The @lit/context key under which <agent-run> provides its RunStore to the elements inside it.
import { createContext } from '@lit/context';
import type { RunStore } from './store/run-store.js';

/** The run store of the nearest `<agent-run>`: a service object, never a state snapshot. */
export const runStoreContext = createContext<RunStore>(Symbol.for('agui-elements.run-store'));

export type RunStoreContext = typeof runStoreContext;
