// ThreadPersistence: saves a store's conversation to IndexedDB off the hot path, restores it on load, keeps the
// thread list, and follows other tabs on the same thread. Loaded only by stores with `persist`.
import type { Subscription } from 'rxjs';
import { restoreState } from '../store/restore.js';
import type { PersistenceView, RunStoreState, SavedThreadSummary } from '../store/types.js';
import { readRecord, threadTitle, toRecord } from './records.js';
import { openThreadDb, storageReason, type ThreadDb } from './thread-db.js';

/** How saving is set up: the mode, the namespace, and (for tests) the database. */
export interface PersistOptions {
  readonly mode: 'session' | 'local';
  /** Namespaces the records (default: the provider's id and endpoint), so two providers never share a thread. */
  readonly key: string;
  readonly db?: () => Promise<ThreadDb>;
}

/** What the persistence needs of its store. */
export interface PersistHost {
  getState(): RunStoreState;
  subscribe(listener: (state: RunStoreState) => void): Subscription;
  replaceState(state: RunStoreState): void;
  setPersistence(view: PersistenceView): void;
  /** A restored thread had a run in flight. */
  reattach(): void;
  /** Ends an active run before another thread is shown (as New thread does). */
  cancelForSwitch(): void;
  /** Starts an empty thread. */
  reset(): void;
  isRunOpen(): boolean;
  now(): number;
}

const SAVE_DELAY_MS = 500;
const SESSION_TAB_KEY = 'agui-elements.tab';
const CHANNEL = 'agui-elements.threads';
const STALE_SESSION_MS = 24 * 60 * 60 * 1000;

interface SavedNotice {
  readonly namespace: string;
  readonly threadId: string;
  readonly revision: number;
}

/** This tab's id for session mode, kept in sessionStorage (so it lasts as long as the tab). */
function tabId(): string {
  try {
    let id = sessionStorage.getItem(SESSION_TAB_KEY);
    if (!id) {
      id = `tab-${crypto.getRandomValues(new Uint32Array(2)).join('')}`;
      sessionStorage.setItem(SESSION_TAB_KEY, id);
    }
    return id;
  } catch {
    return 'tab-unknown';
  }
}

export class ThreadPersistence {
  private readonly namespace: string;
  private view: PersistenceView;
  private db: ThreadDb | null = null;
  private subscription: Subscription | null = null;
  private channel: BroadcastChannel | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private saving: Promise<void> = Promise.resolve();
  private lastSaved: RunStoreState | null = null;
  /** The revision of the current thread this tab last read or wrote. */
  private revision = 0;
  private revisionOf: string | null = null;
  private disposed = false;
  private readonly flushOnHide = () => {
    if (document.visibilityState === 'hidden') this.flush();
  };
  private readonly flushNow = () => this.flush();

  constructor(
    private readonly host: PersistHost,
    private readonly options: PersistOptions,
  ) {
    this.namespace =
      options.mode === 'session' ? `session:${tabId()}:${options.key}` : `local:${options.key}`;
    this.view = {
      mode: options.mode,
      status: 'loading',
      note: null,
      threads: [],
      continuedElsewhere: false,
    };
    host.setPersistence(this.view);
  }

  /** Opens storage, restores the current thread and starts saving. Never throws: failures become a note. */
  async start(): Promise<void> {
    try {
      this.db = await (this.options.db ?? (() => openThreadDb()))();
    } catch (error) {
      this.update({ status: 'unavailable', note: this.note('restore', error) });
      return;
    }
    if (this.disposed) return;
    if (this.options.mode === 'session') {
      const own = this.namespace.slice(0, this.namespace.indexOf(':', 'session:'.length) + 1);
      void this.db
        .dropStaleSessions(this.host.now() - STALE_SESSION_MS, own)
        .catch(() => undefined);
    }
    try {
      const current = await this.db.getCurrent(this.namespace);
      if (current) await this.load(current, true);
      this.update({ status: 'ready', threads: await this.db.list(this.namespace) });
    } catch (error) {
      this.update({ status: 'ready', note: this.note('restore', error) });
    }
    if (this.disposed) return;
    this.subscription = this.host.subscribe((state) => this.schedule(state));
    this.listen();
  }

  /** Shows another saved thread (the active run is cancelled first). */
  async switchTo(threadId: string): Promise<void> {
    if (!this.db || threadId === this.host.getState().threadId) return;
    this.host.cancelForSwitch();
    this.flush();
    await this.saving;
    await this.load(threadId, false).catch((error: unknown) =>
      this.update({ note: this.note('restore', error) }),
    );
    await this.db.setCurrent(this.namespace, threadId).catch(() => undefined);
  }

  /** Deletes one saved thread; deleting the current one starts an empty thread. */
  async delete(threadId: string): Promise<void> {
    if (!this.db) return;
    if (threadId === this.host.getState().threadId) {
      this.cancelSave();
      this.host.reset();
      await this.db.setCurrent(this.namespace, null).catch(() => undefined);
    }
    await this.db
      .delete(this.namespace, threadId)
      .catch((error: unknown) => this.update({ note: this.note('save', error) }));
    this.update({ threads: this.view.threads.filter((thread) => thread.threadId !== threadId) });
  }

  /** Deletes everything saved for this provider, and starts an empty thread. */
  async clear(): Promise<void> {
    this.cancelSave();
    this.host.reset();
    this.lastSaved = this.host.getState();
    if (!this.db) return;
    await this.db
      .clear(this.namespace)
      .catch((error: unknown) => this.update({ note: this.note('save', error) }));
    this.update({ threads: [], continuedElsewhere: false });
  }

  /** Loads the newest saved copy of the current thread (after "Continued in another tab"). */
  async reload(): Promise<void> {
    const { threadId } = this.host.getState();
    this.host.cancelForSwitch();
    // This tab follows the thread again: what it loads now is what it saves next.
    this.update({ continuedElsewhere: false });
    await this.load(threadId, false).catch((error: unknown) =>
      this.update({ note: this.note('restore', error) }),
    );
  }

  /** Writes what is pending now (the page is being hidden or left). */
  flush(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const state = this.host.getState();
    if (this.unchanged(state) || !this.db || this.view.continuedElsewhere) return;
    if (state.messages.length === 0) return;
    this.lastSaved = state;
    const db = this.db;
    this.saving = this.saving.then(() => this.write(db, state));
  }

  dispose(): void {
    this.flush();
    this.disposed = true;
    this.subscription?.unsubscribe();
    this.channel?.close();
    this.channel = null;
    if (typeof document !== 'undefined') {
      document.removeEventListener('visibilitychange', this.flushOnHide);
      removeEventListener('pagehide', this.flushNow);
    }
  }

  private async load(threadId: string, initial: boolean): Promise<void> {
    const db = this.db;
    if (!db) return;
    const read = readRecord(await db.get(this.namespace, threadId));
    if (!read.ok) {
      // Dropped with a visible note, never half-read; the page goes on with an empty thread.
      await db.delete(this.namespace, threadId).catch(() => undefined);
      this.update({ note: `The saved conversation could not be restored: ${read.reason}.` });
      return;
    }
    const { record } = read;
    const restored = restoreState(record.state, threadId, this.host.now());
    this.revision = record.revision;
    this.revisionOf = threadId;
    this.lastSaved = null;
    this.host.replaceState(restored);
    this.lastSaved = this.host.getState();
    if (initial && record.runInFlight) this.host.reattach();
  }

  private schedule(state: RunStoreState): void {
    if (this.unchanged(state)) return;
    // A turn that just settled is written at once (a link may be followed next); a streaming one in batches.
    const settled = state.run.status !== 'Connecting' && state.run.status !== 'Streaming';
    if (settled) {
      this.flush();
      return;
    }
    if (this.timer === null) this.timer = setTimeout(() => this.flush(), SAVE_DELAY_MS);
  }

  /** Whether nothing that is saved changed since the last write (the persistence view itself is never saved). */
  private unchanged(state: RunStoreState): boolean {
    const last = this.lastSaved;
    if (!last) return false;
    return (
      state.threadId === last.threadId &&
      state.messages === last.messages &&
      state.run === last.run &&
      state.agentState === last.agentState &&
      state.view === last.view &&
      state.artifacts === last.artifacts &&
      state.approvals === last.approvals
    );
  }

  private cancelSave(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private async write(db: ThreadDb, state: RunStoreState): Promise<void> {
    if (this.revisionOf !== state.threadId) {
      this.revisionOf = state.threadId;
      this.revision = 0;
    }
    const record = toRecord(state, this.namespace, this.revision + 1, this.host.now());
    let outcome: 'ok' | 'conflict';
    try {
      outcome = await db.put(record, this.revision);
    } catch (error) {
      this.update({ note: this.note('save', error) });
      return;
    }
    if (outcome === 'conflict') {
      this.handleNewer();
      return;
    }
    this.revision = record.revision;
    if (this.view.note?.startsWith('This conversation could not be saved'))
      this.update({ note: null });
    await db.setCurrent(this.namespace, state.threadId).catch(() => undefined);
    this.remember({ threadId: state.threadId, title: threadTitle(state), savedAt: record.savedAt });
    this.channel?.postMessage({
      namespace: this.namespace,
      threadId: state.threadId,
      revision: record.revision,
    } satisfies SavedNotice);
  }

  /** Another tab wrote this thread: an idle tab takes it in, a streaming one says so and offers to load it. */
  private handleNewer(): void {
    if (this.host.isRunOpen()) {
      this.update({ continuedElsewhere: true });
      return;
    }
    void this.load(this.host.getState().threadId, false).catch(() => undefined);
  }

  private listen(): void {
    if (typeof document !== 'undefined') {
      document.addEventListener('visibilitychange', this.flushOnHide);
      addEventListener('pagehide', this.flushNow);
    }
    if (typeof BroadcastChannel === 'undefined') return;
    this.channel = new BroadcastChannel(CHANNEL);
    this.channel.onmessage = (event: MessageEvent<SavedNotice>) => {
      const notice = event.data;
      if (!notice || notice.namespace !== this.namespace) return;
      void this.db
        ?.list(this.namespace)
        .then((threads) => this.update({ threads }))
        .catch(() => undefined);
      if (notice.threadId === this.host.getState().threadId && notice.revision > this.revision) {
        this.handleNewer();
      }
    };
  }

  private remember(summary: SavedThreadSummary): void {
    const others = this.view.threads.filter((thread) => thread.threadId !== summary.threadId);
    this.update({ threads: [summary, ...others] });
  }

  private note(what: 'restore' | 'save', error: unknown): string {
    return what === 'restore'
      ? `The saved conversation could not be restored: ${storageReason(error)}.`
      : `This conversation could not be saved: ${storageReason(error)}.`;
  }

  private update(change: Partial<PersistenceView>): void {
    this.view = { ...this.view, ...change };
    this.host.setPersistence(this.view);
  }
}
