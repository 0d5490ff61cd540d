// The saved-thread commands of a store with `persist`: the persistence module loads lazily, with the store.
import type { PersistHost, PersistOptions, ThreadPersistence } from '../persist/persistence.js';

export type { PersistOptions } from '../persist/persistence.js';

/** Where a store's saved threads are handled (every command waits for the persistence to load). */
export class SavedThreads {
  private readonly persistence: Promise<ThreadPersistence | null>;

  constructor(options: PersistOptions, host: PersistHost) {
    this.persistence = import('../persist/persistence.js').then(
      (module) => {
        const persistence = new module.ThreadPersistence(host, options);
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
