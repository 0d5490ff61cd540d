// The IndexedDB database of saved threads: one object store of records keyed by namespace and thread, one of the
// current thread per namespace. Every failure becomes a rejected promise with a readable reason.
import type { SavedThreadSummary } from '../store/types.js';
import type { ThreadRecord } from './records.js';

const DB_NAME = 'agui-elements';
const DB_VERSION = 2;
const THREADS = 'threads';
/** Titles and times only, written with each record, so the thread list never reads whole conversations. */
const SUMMARIES = 'summaries';
const CURRENT = 'current';

/** What the persistence needs of storage (the tests hand in a failing one). */
export interface ThreadDb {
  get(namespace: string, threadId: string): Promise<unknown>;
  /** Writes the record unless another tab wrote a newer revision meanwhile (then `conflict`). */
  put(record: ThreadRecord, expectedRevision: number): Promise<'ok' | 'conflict'>;
  list(namespace: string): Promise<SavedThreadSummary[]>;
  delete(namespace: string, threadId: string): Promise<void>;
  /** Deletes every record whose namespace starts with the prefix (one provider, or every session of a tab). */
  clear(prefix: string): Promise<void>;
  /** Deletes other tabs' session records (namespace `session:`) saved before the time: their tabs are gone. */
  dropStaleSessions(before: number, keepPrefix: string): Promise<void>;
  getCurrent(namespace: string): Promise<string | null>;
  setCurrent(namespace: string, threadId: string | null): Promise<void>;
}

/** Why storage failed, as a person reads it. */
export function storageReason(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'QuotaExceededError') return 'the browser has no room left for this site';
  if (name === 'SecurityError' || name === 'InvalidStateError') {
    return 'this page may not use the browser storage (private mode or a sandboxed frame)';
  }
  return error instanceof Error && error.message ? error.message : 'the browser storage failed';
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('the browser storage failed'));
  });
}

/**
 * Settles with the transaction. A failed write's `error` event reaches the transaction before its `abort` and
 * before `transaction.error` is set, so the write's own error (e.g. `QuotaExceededError`) is the reason then.
 */
export function transactionDone(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = () => reject(transaction.error ?? new Error('the write was aborted'));
    transaction.onerror = (event) => {
      const failed = event.target instanceof IDBRequest ? event.target.error : null;
      reject(failed ?? transaction.error ?? new Error('the write failed'));
    };
  });
}

class IndexedThreadDb implements ThreadDb {
  constructor(private readonly db: IDBDatabase) {}

  get(namespace: string, threadId: string): Promise<unknown> {
    const store = this.db.transaction(THREADS, 'readonly').objectStore(THREADS);
    return request(store.get([namespace, threadId]));
  }

  async put(record: ThreadRecord, expectedRevision: number): Promise<'ok' | 'conflict'> {
    const transaction = this.db.transaction([THREADS, SUMMARIES], 'readwrite');
    const store = transaction.objectStore(THREADS);
    const finished = transactionDone(transaction);
    const existing = (await request(store.get([record.namespace, record.threadId]))) as
      { revision?: unknown } | undefined;
    const stored = typeof existing?.revision === 'number' ? existing.revision : 0;
    if (stored !== expectedRevision) {
      transaction.abort();
      await finished.catch(() => undefined);
      return 'conflict';
    }
    store.put(record);
    transaction.objectStore(SUMMARIES).put({
      namespace: record.namespace,
      threadId: record.threadId,
      title: record.title,
      savedAt: record.savedAt,
    });
    await finished;
    return 'ok';
  }

  async list(namespace: string): Promise<SavedThreadSummary[]> {
    const store = this.db.transaction(SUMMARIES, 'readonly').objectStore(SUMMARIES);
    const range = IDBKeyRange.bound([namespace, ''], [namespace, '\uffff']);
    const records = (await request(store.getAll(range))) as Partial<ThreadRecord>[];
    return records
      .filter((record) => typeof record.threadId === 'string')
      .map((record) => ({
        threadId: record.threadId as string,
        title: typeof record.title === 'string' ? record.title : '',
        savedAt: typeof record.savedAt === 'number' ? record.savedAt : 0,
      }))
      .sort((a, b) => b.savedAt - a.savedAt);
  }

  async delete(namespace: string, threadId: string): Promise<void> {
    const transaction = this.db.transaction([THREADS, SUMMARIES], 'readwrite');
    transaction.objectStore(THREADS).delete([namespace, threadId]);
    transaction.objectStore(SUMMARIES).delete([namespace, threadId]);
    await transactionDone(transaction);
  }

  async clear(prefix: string): Promise<void> {
    const transaction = this.db.transaction([THREADS, SUMMARIES, CURRENT], 'readwrite');
    const range = IDBKeyRange.bound([prefix, ''], [`${prefix}\uffff`, '\uffff']);
    transaction.objectStore(THREADS).delete(range);
    transaction.objectStore(SUMMARIES).delete(range);
    transaction.objectStore(CURRENT).delete(IDBKeyRange.bound(prefix, `${prefix}\uffff`));
    await transactionDone(transaction);
  }

  async dropStaleSessions(before: number, keepPrefix: string): Promise<void> {
    const transaction = this.db.transaction([THREADS, SUMMARIES], 'readwrite');
    const cursorRequest = transaction.objectStore(SUMMARIES).openCursor();
    cursorRequest.onsuccess = () => {
      const cursor = cursorRequest.result;
      if (!cursor) return;
      const record = cursor.value as Partial<ThreadRecord>;
      const stale = typeof record.savedAt !== 'number' || record.savedAt < before;
      const namespace = String(record.namespace);
      if (namespace.startsWith('session:') && !namespace.startsWith(keepPrefix) && stale) {
        transaction.objectStore(THREADS).delete(cursor.primaryKey);
        cursor.delete();
      }
      cursor.continue();
    };
    await transactionDone(transaction);
  }

  async getCurrent(namespace: string): Promise<string | null> {
    const store = this.db.transaction(CURRENT, 'readonly').objectStore(CURRENT);
    const entry = (await request(store.get(namespace))) as { threadId?: unknown } | undefined;
    return typeof entry?.threadId === 'string' ? entry.threadId : null;
  }

  async setCurrent(namespace: string, threadId: string | null): Promise<void> {
    const transaction = this.db.transaction(CURRENT, 'readwrite');
    const store = transaction.objectStore(CURRENT);
    if (threadId === null) store.delete(namespace);
    else store.put({ namespace, threadId });
    await transactionDone(transaction);
  }
}

/** Opens (and on first use creates) the database; rejects where IndexedDB is missing or refused. */
export function openThreadDb(
  factory: IDBFactory | undefined = globalThis.indexedDB,
): Promise<ThreadDb> {
  if (!factory) return Promise.reject(new Error('this browser has no IndexedDB here'));
  return new Promise((resolve, reject) => {
    let open: IDBOpenDBRequest;
    try {
      open = factory.open(DB_NAME, DB_VERSION);
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    open.onupgradeneeded = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains(THREADS)) {
        db.createObjectStore(THREADS, { keyPath: ['namespace', 'threadId'] });
      }
      if (!db.objectStoreNames.contains(SUMMARIES)) {
        db.createObjectStore(SUMMARIES, { keyPath: ['namespace', 'threadId'] });
      }
      if (!db.objectStoreNames.contains(CURRENT)) {
        db.createObjectStore(CURRENT, { keyPath: 'namespace' });
      }
    };
    open.onsuccess = () => resolve(new IndexedThreadDb(open.result));
    open.onerror = () => reject(open.error ?? new Error('the browser storage could not be opened'));
    open.onblocked = () => reject(new Error('the browser storage is blocked by another tab'));
  });
}
