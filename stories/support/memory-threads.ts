// An in-memory ThreadDb for stories: saved threads without touching the browser's storage.
import type { ThreadDb } from '../../src/persist/thread-db.js';
import type { ThreadRecord } from '../../src/persist/records.js';
import type { SavedThreadSummary } from '../../src/store/types.js';

/** A database holding the given records; writes go to memory only. */
export function memoryThreadDb(records: readonly ThreadRecord[], current: string | null): ThreadDb {
  const threads = new Map(records.map((record) => [record.threadId, record]));
  let currentId = current;
  const summaries = (): SavedThreadSummary[] =>
    [...threads.values()]
      .map(({ threadId, title, savedAt }) => ({ threadId, title, savedAt }))
      .sort((a, b) => b.savedAt - a.savedAt);
  return {
    get: (_namespace, threadId) => Promise.resolve(threads.get(threadId)),
    put: (record, expected) => {
      if ((threads.get(record.threadId)?.revision ?? 0) !== expected)
        return Promise.resolve('conflict');
      threads.set(record.threadId, record);
      return Promise.resolve('ok');
    },
    list: () => Promise.resolve(summaries()),
    delete: (_namespace, threadId) => {
      threads.delete(threadId);
      return Promise.resolve();
    },
    clear: () => {
      threads.clear();
      return Promise.resolve();
    },
    dropStaleSessions: () => Promise.resolve(),
    getCurrent: () => Promise.resolve(currentId),
    setCurrent: (_namespace, threadId) => {
      currentId = threadId;
      return Promise.resolve();
    },
  };
}
