// The saved-thread commands of a store with `persist`: the persistence module loads lazily, with the store.
import type { Observable } from 'rxjs';
import type { PersistHost, PersistOptions, ThreadPersistence } from '../persist/persistence.js';
import type { StoreAction } from './actions.js';
import { isRunOpen } from './reducer.js';
import type { RunStoreState } from './types.js';

/** The store as saved threads use it: its public commands, and what only the store itself may do. */
interface SavingStore {
  readonly state$: Observable<RunStoreState>;
  getState(): RunStoreState;
  cancel(): void;
  reset(): void;
}

interface StoreInternals {
  dispatch(action: StoreAction): void;
  /** Continues a restored in-flight run, when the store can connect. */
  reattach(): void;
  now(): number;
}

function persistHost(store: SavingStore, internals: StoreInternals): PersistHost {
  return {
    getState: () => store.getState(),
    subscribe: (listener) => store.state$.subscribe(listener),
    replaceState: (state) => internals.dispatch({ type: 'state-replaced', state }),
    setPersistence: (persistence) => internals.dispatch({ type: 'persistence-set', persistence }),
    reattach: () => internals.reattach(),
    cancelForSwitch: () => store.cancel(),
    reset: () => store.reset(),
    isRunOpen: () => isRunOpen(store.getState().run),
    now: () => internals.now(),
  };
}

export type { PersistOptions } from '../persist/persistence.js';

/** Where a store's saved threads are handled (every command waits for the persistence to load). */
export class SavedThreads {
  private readonly persistence: Promise<ThreadPersistence | null>;

  constructor(options: PersistOptions, store: SavingStore, internals: StoreInternals) {
    this.persistence = import('../persist/persistence.js').then(
      (module) => {
        const persistence = new module.ThreadPersistence(persistHost(store, internals), options);
        void persistence.start();
        return persistence;
      },
      () => null,
    );
  }

  /** Resolves once the saved thread (if any) is restored or known to be missing. */
  get ready(): Promise<void> {
    return this.persistence.then(() => undefined);
  }

  switchTo(threadId: string): Promise<void> {
    return this.persistence.then((persistence) => persistence?.switchTo(threadId));
  }

  delete(threadId: string): Promise<void> {
    return this.persistence.then((persistence) => persistence?.delete(threadId));
  }

  clear(): Promise<void> {
    return this.persistence.then((persistence) => persistence?.clear());
  }

  reload(): Promise<void> {
    return this.persistence.then((persistence) => persistence?.reload());
  }

  dispose(): void {
    void this.persistence.then((persistence) => persistence?.dispose());
  }
}
