// Saved-thread records: what a saved conversation holds, its schema version, and how a stored record is read back.
import { SAVED_ATTACHMENT_BUDGET, withinAttachmentBudget } from '../store/attachments.js';
import { savedStateProblem } from '../store/restore.js';
import type { RunStoreState } from '../store/types.js';

/** The schema version of the records this code writes. */
export const RECORD_VERSION = 1;

/** The longest thread title (the first user message, whitespace collapsed). */
const TITLE_LENGTH = 60;

/** One saved conversation. Never HTML, headers, tokens or agent objects: the store's plain state only. */
export interface ThreadRecord {
  readonly version: typeof RECORD_VERSION;
  /** Which provider's threads this is (mode, tab and `persist-key`). */
  readonly namespace: string;
  readonly threadId: string;
  readonly title: string;
  /** Milliseconds since the epoch. */
  readonly savedAt: number;
  /** Counts the writes of this thread: a tab writes only over the revision it last read, so nothing is overwritten. */
  readonly revision: number;
  /** A run was in flight when it was saved (a reload may reattach to it). */
  readonly runInFlight: boolean;
  readonly state: RunStoreState;
}

export type { SavedThreadSummary } from '../store/types.js';

/** The title of a conversation: its first user message, whitespace collapsed, at most 60 characters. */
export function threadTitle(state: Pick<RunStoreState, 'messages'>): string {
  const first = state.messages.find((message) => message.role === 'user');
  const text = (first?.parts ?? [])
    .map((part) => (part.kind === 'text' ? part.text : ''))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > TITLE_LENGTH ? `${text.slice(0, TITLE_LENGTH - 1).trimEnd()}…` : text;
}

/**
 * The state as saved: no runtime-only slices (the persistence view, held renders, predictions, the agent's
 * capabilities, which are asked again), and attachments within the thread's budget.
 */
export function savedState(state: RunStoreState): RunStoreState {
  const {
    persistence: _persistence,
    heldArtifacts: _held,
    capabilities: _capabilities,
    restoredThrough: _restoredThrough,
    ...kept
  } = state;
  void _persistence;
  void _held;
  void _capabilities;
  void _restoredThrough;
  // The channel's page-level artifacts belong to the page, not the conversation: never saved.
  const artifacts = kept.artifacts.filter((artifact) => artifact.source !== 'channel');
  return withinAttachmentBudget(
    { ...kept, artifacts, channel: null, predictState: [], step: null },
    SAVED_ATTACHMENT_BUDGET,
  );
}

export function toRecord(
  state: RunStoreState,
  namespace: string,
  revision: number,
  savedAt: number,
): ThreadRecord {
  return {
    version: RECORD_VERSION,
    namespace,
    threadId: state.threadId,
    title: threadTitle(state),
    savedAt,
    revision,
    runInFlight: state.run.status === 'Connecting' || state.run.status === 'Streaming',
    state: savedState(state),
  };
}

/** What reading a stored value gave: a record, or why it cannot be used (never half-read). */
export type ReadResult =
  | { readonly ok: true; readonly record: ThreadRecord }
  | { readonly ok: false; readonly reason: string };

/** Checks a stored value like any untrusted input: version first, then the state it holds. */
export function readRecord(value: unknown): ReadResult {
  if (typeof value !== 'object' || value === null) {
    return { ok: false, reason: 'the saved record is not an object' };
  }
  const record = value as Partial<ThreadRecord>;
  if (typeof record.version !== 'number')
    return { ok: false, reason: 'the saved record has no version' };
  if (record.version > RECORD_VERSION) {
    return {
      ok: false,
      reason: `it was saved by a newer version (record version ${record.version})`,
    };
  }
  if (record.version < RECORD_VERSION) {
    // No older version has been written yet; one that appears is dropped, not half-read.
    return {
      ok: false,
      reason: `it was saved by an older version (record version ${record.version})`,
    };
  }
  if (typeof record.threadId !== 'string' || typeof record.revision !== 'number') {
    return { ok: false, reason: 'the saved record has no thread id or revision' };
  }
  const problem = savedStateProblem(record.state);
  if (problem) return { ok: false, reason: `the saved conversation is damaged: ${problem}` };
  if ((record.state as RunStoreState).threadId !== record.threadId) {
    return { ok: false, reason: 'the saved conversation belongs to another thread' };
  }
  return { ok: true, record: record as ThreadRecord };
}
