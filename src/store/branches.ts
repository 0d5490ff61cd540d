// Branches of the conversation: Edit and Regenerate start a new version from a message on, and the versions can be
// switched. `state.messages` is the current version; the others live in `state.branches`, each with the branch
// points inside it, so nothing is kept twice. Pure functions of the state.
import { stashVersion, unstashVersion } from './branch-stash.js';
import { findMessageIndex, replaceAt } from './reducer-core.js';
import type { BranchPoint, BranchVersion, ChatMessage, RunStoreState } from './types.js';

/** How far the current version reaches from a branch point: the messages after it, and the branch points in them. */
function splitAt(state: RunStoreState, after: string | null) {
  const anchor = after === null ? -1 : findMessageIndex(state.messages, after);
  if (after !== null && anchor === -1) return null;
  const tail = state.messages.slice(anchor + 1);
  const ids = new Set(tail.map((message) => message.id));
  const inner = state.branches.filter((point) => point.after !== null && ids.has(point.after));
  const outer = state.branches.filter((point) => !inner.includes(point));
  const version: BranchVersion = { messages: tail, branches: inner };
  return { prefix: state.messages.slice(0, anchor + 1), version, outer };
}

/**
 * Starts a new, empty version after `after` (null: the conversation's start): what followed is kept as the previous
 * version. Nothing changes when nothing followed.
 */
export function startBranch(state: RunStoreState, after: string | null): RunStoreState {
  const split = splitAt(state, after);
  if (!split || split.version.messages.length === 0) return state;
  const { prefix, outer } = split;
  const stashed = stashVersion(state, split.version);
  const version = stashed.version;
  const index = outer.findIndex((point) => point.after === after);
  const existing = outer[index];
  const point: BranchPoint = existing
    ? {
        after,
        current: existing.versions.length,
        versions: [...replaceAt(existing.versions, existing.current, version), null],
      }
    : { after, current: 1, versions: [version, null] };
  const branches = existing ? replaceAt(outer, index, point) : [...outer, point];
  return { ...stashed.state, messages: prefix, branches };
}

/** Shows version `index` of the branch point after `after`; the current one is put beside it. */
export function selectVersion(
  state: RunStoreState,
  after: string | null,
  index: number,
): RunStoreState {
  const point = state.branches.find((candidate) => candidate.after === after);
  const target = point?.versions[index];
  const split = splitAt(state, after);
  if (!point || !target || index === point.current || !split) return state;
  const stashed = stashVersion(state, split.version);
  const versions = replaceAt(
    replaceAt(point.versions, point.current, stashed.version),
    index,
    null,
  );
  const others = split.outer.filter((candidate) => candidate !== point);
  const shown: RunStoreState = {
    ...stashed.state,
    messages: [...split.prefix, ...target.messages],
    branches: [...others, { after, current: index, versions }, ...target.branches],
  };
  return unstashVersion(shown, target);
}

/** Where a message shows version navigation: the branch point, and which version of how many is shown. */
export interface VersionNavigation {
  readonly after: string | null;
  readonly current: number;
  readonly count: number;
}

/**
 * The message of the current version that carries each branch point's navigation: an edited user message itself,
 * a regenerated reply at its last message (where its actions are).
 */
export function versionNavigation(
  messages: readonly ChatMessage[],
  branches: readonly BranchPoint[],
): ReadonlyMap<string, VersionNavigation> {
  const found = new Map<string, VersionNavigation>();
  for (const point of branches) {
    const anchor = point.after === null ? -1 : findMessageIndex(messages, point.after);
    if (point.after !== null && anchor === -1) continue;
    let at = anchor + 1;
    const first = messages[at];
    if (!first) continue;
    if (first.role !== 'user') {
      while (messages[at + 1] && messages[at + 1]?.role !== 'user') at += 1;
    }
    const holder = messages[at] as ChatMessage;
    found.set(holder.id, {
      after: point.after,
      current: point.current,
      count: point.versions.length,
    });
  }
  return found;
}
