// Settler: runs store operations and calls host callbacks once the outermost operation is done (rule 13a).
export class Settler {
  /** How deep the store is in handling a command or an event. */
  private depth = 0;
  private readonly queue: (() => void)[] = [];

  /** Runs one store operation; callbacks queued by `whenSettled` run once the outermost one is done. */
  settle(work: () => void): void {
    this.depth += 1;
    try {
      work();
    } finally {
      this.depth -= 1;
      if (this.depth === 0) this.flush();
    }
  }

  /** Calls back once the operation under way is done (at once when idle). */
  whenSettled(callback: () => void): void {
    if (this.depth === 0) callback();
    else this.queue.push(callback);
  }

  private flush(): void {
    while (this.queue.length > 0 && this.depth === 0) {
      const callback = this.queue.shift() as () => void;
      try {
        callback();
      } catch (error) {
        // A host callback that throws must not stop the others, nor break the store: report it as uncaught.
        setTimeout(() => {
          throw error;
        });
      }
    }
  }
}
