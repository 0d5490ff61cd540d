// Restoring a saved state: checked like any other input, and runs that needed a live request come back Cancelled.
import { attachmentPartProblem } from './attachments.js';
import { createInitialState, finishStreaming, isPlainObject, logActivity } from './reducer-core.js';
import type { ChatMessage, RunStatus, RunStoreState } from './types.js';

const STATUSES = new Set<RunStatus>([
  'Idle',
  'Connecting',
  'Streaming',
  'Needs approval',
  'Completed',
  'Cancelled',
  'Failed',
]);
const ROLES = new Set(['user', 'assistant', 'system', 'developer', 'reasoning', 'activity']);
const PART_FIELDS: Readonly<Record<string, readonly string[]>> = {
  text: ['text'],
  reasoning: ['text'],
  'tool-call': ['id', 'name', 'argsText', 'status'],
  artifact: ['artifactId'],
  approval: [],
  error: [],
  attachment: [],
  subagent: ['id', 'name', 'status'],
};

type Check = (value: unknown, where: string) => string | null;

const isCount = (value: unknown) => Number.isInteger(value) && (value as number) >= 0;

const checkPart: Check = (part, where) => {
  if (!isPlainObject(part) || typeof part.kind !== 'string' || !(part.kind in PART_FIELDS)) {
    return `${where} is not a known part`;
  }
  for (const field of PART_FIELDS[part.kind] ?? []) {
    if (typeof part[field] !== 'string') return `${where}.${field} is not text`;
  }
  if (
    part.kind === 'approval' &&
    (!isPlainObject(part.approval) || typeof part.approval.id !== 'string')
  ) {
    return `${where}.approval has no id`;
  }
  if (
    part.kind === 'error' &&
    (!isPlainObject(part.failure) || typeof part.failure.reason !== 'string')
  ) {
    return `${where}.failure has no reason`;
  }
  if (
    part.kind === 'tool-call' &&
    part.serverId !== undefined &&
    typeof part.serverId !== 'string'
  ) {
    return `${where}.serverId is not text`;
  }
  if (part.kind === 'attachment') return attachmentPartProblem(part, where);
  if (part.kind === 'subagent') {
    if (!Array.isArray(part.messages)) return `${where}.messages is not a list`;
    return firstProblem(part.messages, checkMessage, `${where}.messages`);
  }
  return null;
};

function checkMessage(message: unknown, where: string): string | null {
  if (!isPlainObject(message)) return `${where} is not an object`;
  if (typeof message.id !== 'string' || !message.id) return `${where}.id is missing`;
  if (typeof message.role !== 'string' || !ROLES.has(message.role))
    return `${where}.role is unknown`;
  if (message.serverId !== undefined && typeof message.serverId !== 'string') {
    return `${where}.serverId is not text`;
  }
  if (!isCount(message.run)) return `${where}.run is not a run number`;
  if (message.activityContent !== undefined && !isPlainObject(message.activityContent)) {
    return `${where}.activityContent is not an object`;
  }
  if (message.activityRefused !== undefined && typeof message.activityRefused !== 'string') {
    return `${where}.activityRefused is not text`;
  }
  if (
    message.a2uiEdits !== undefined &&
    (!isPlainObject(message.a2uiEdits) ||
      !Object.values(message.a2uiEdits).every((edits) => isPlainObject(edits)))
  ) {
    return `${where}.a2uiEdits is not a set of edits by surface`;
  }
  if (!Array.isArray(message.parts)) return `${where}.parts is not a list`;
  return firstProblem(message.parts, checkPart, `${where}.parts`);
}

/** A branch point: versions that are lists of messages with their own branch points, one empty slot (the current). */
function checkBranch(point: unknown, where: string): string | null {
  if (!isPlainObject(point) || !Array.isArray(point.versions))
    return `${where} is not a branch point`;
  if (point.after !== null && typeof point.after !== 'string') return `${where}.after is not an id`;
  const { versions, current } = point;
  if (
    !isCount(current) ||
    (current as number) >= versions.length ||
    versions[current as number] !== null
  ) {
    return `${where}.current is not its empty slot`;
  }
  for (let index = 0; index < versions.length; index += 1) {
    const version: unknown = versions[index];
    if (index === current) continue;
    const at = `${where}.versions[${index}]`;
    if (
      !isPlainObject(version) ||
      !Array.isArray(version.messages) ||
      !Array.isArray(version.branches)
    ) {
      return `${at} is not a version`;
    }
    const problem =
      firstProblem(version.messages, checkMessage, `${at}.messages`) ??
      firstProblem(version.branches, checkBranch, `${at}.branches`) ??
      // A version's own artifacts and approvals (branch-stash.ts), absent in older records.
      optionalList(version.artifacts, checkArtifact, `${at}.artifacts`) ??
      optionalList(version.approvals, checkApproval, `${at}.approvals`);
    if (problem) return problem;
  }
  return null;
}

/** Feedback by message id: `good` or `bad`, a comment that is text (absent in records saved before feedback). */
const checkFeedback = (feedback: unknown): string | null =>
  feedback === undefined ||
  (isPlainObject(feedback) &&
    Object.values(feedback).every(
      (entry) =>
        isPlainObject(entry) &&
        (entry.value === 'good' || entry.value === 'bad') &&
        (entry.comment === undefined || typeof entry.comment === 'string'),
    ))
    ? null
    : 'its feedback is not feedback';

const checkArtifact: Check = (artifact, where) =>
  isPlainObject(artifact) && typeof artifact.id === 'string' && typeof artifact.name === 'string'
    ? null
    : `${where} is not an artifact`;

const checkApproval: Check = (approval, where) =>
  isPlainObject(approval) &&
  typeof approval.id === 'string' &&
  typeof approval.kind === 'string' &&
  (approval.answer === null || isPlainObject(approval.answer))
    ? null
    : `${where} is not an approval`;

const checkEntry: Check = (entry, where) =>
  isPlainObject(entry) && typeof entry.at === 'number' && typeof entry.text === 'string'
    ? null
    : `${where} is not an activity entry`;

function firstProblem(items: readonly unknown[], check: Check, where: string): string | null {
  for (let index = 0; index < items.length; index += 1) {
    const problem = check(items[index], `${where}[${index}]`);
    if (problem) return problem;
  }
  return null;
}

function optionalList(items: unknown, check: Check, where: string): string | null {
  if (items === undefined) return null;
  return Array.isArray(items) ? firstProblem(items, check, where) : `${where} is not a list`;
}

/** A message id is unique in the store (a server's reused one was given an id of the store's own). */
function repeatedId(messages: readonly { id: string }[]): string | null {
  const seen = new Map<string, number>();
  for (const [index, message] of messages.entries()) {
    const first = seen.get(message.id);
    if (first !== undefined) return `messages[${index}].id repeats messages[${first}].id`;
    seen.set(message.id, index);
  }
  return null;
}

/** Why a saved state cannot be used, or null when it can. */
export function savedStateProblem(saved: unknown): string | null {
  if (!isPlainObject(saved)) return 'it is not an object';
  if (typeof saved.threadId !== 'string' || !saved.threadId) return 'it has no thread id';
  const run = saved.run;
  if (!isPlainObject(run) || !STATUSES.has(run.status as RunStatus) || !isCount(run.number)) {
    return 'its run is not a run';
  }
  if (!isPlainObject(saved.agentState) || !isPlainObject(saved.agentState.value)) {
    return 'its agent state is not an object';
  }
  if (!isPlainObject(saved.view)) return 'its view state is not an object';
  const lists: [string, Check][] = [
    ['messages', checkMessage],
    ['artifacts', checkArtifact],
    ['approvals', checkApproval],
    ['activity', checkEntry],
  ];
  // Saved before branches existed: no branch points.
  if (saved.branches !== undefined) lists.push(['branches', checkBranch]);
  for (const [key, check] of lists) {
    const items = saved[key];
    if (!Array.isArray(items)) return `its ${key} is not a list`;
    const problem = firstProblem(items, check, key);
    if (problem) return problem;
  }
  return repeatedId(saved.messages as readonly { id: string }[]) ?? checkFeedback(saved.feedback);
}

/**
 * The state a store starts from when given a saved one: the saved state, with a run that needed a live request
 * (Connecting, Streaming) Cancelled with cause `page-closed`; or, when the record does not fit, an empty conversation
 * whose activity log says why.
 */
export function restoreState(saved: unknown, fallbackThreadId: string, at: number): RunStoreState {
  const problem = savedStateProblem(saved);
  if (problem) {
    return logActivity(createInitialState(fallbackThreadId), at, 'restoreFailed', {
      reason: problem,
    });
  }
  const state = saved as RunStoreState;
  const live = state.run.status === 'Connecting' || state.run.status === 'Streaming';
  const restored: RunStoreState = {
    ...state,
    branches: state.branches ?? [],
    feedback: state.feedback ?? {},
    run: live
      ? { ...state.run, status: 'Cancelled', cause: 'page-closed', failure: null }
      : state.run,
    messages: live
      ? finishStreaming(state.messages as readonly ChatMessage[], true)
      : state.messages,
    agentState: { ...state.agentState, runHasSnapshot: false },
    // A channel belongs to the page that opened it: the restored store has none until one is set.
    channel: null,
    artifacts: state.artifacts.filter((artifact) => artifact.source !== 'channel'),
    predictState: [],
    step: null,
    // The agent is asked again on first use: a saved answer may be stale (and is not the page's to trust).
    capabilities: { status: 'unknown', value: null },
    // Everything up to this run came from storage: an app of those runs waits to be asked for.
    restoredThrough: state.run.number,
  };
  return live
    ? logActivity(restored, at, 'runCancelled', { run: state.run.number, cause: 'page-closed' })
    : restored;
}
