// What a version of the conversation owns beside its messages: the artifacts its runs rendered and the approvals
// they asked for. They leave `state.artifacts` / `state.approvals` with the version and come back with it; an open
// approval comes back answerable only when no run happened meanwhile, else it is recorded as cancelled.
import { updateAnyToolCall } from './lane-tools.js';
import { recordAnswer } from './transcript-parts.js';
import type { BranchVersion, RunStoreState } from './types.js';

const CANCELLED = { approved: false, cancelled: true } as const;

/** Moves the artifacts and approvals of the version's runs from the state into the version. */
export function stashVersion(state: RunStoreState, version: BranchVersion) {
  const runs = new Set(version.messages.map((message) => message.run));
  runs.delete(0);
  const artifacts = state.artifacts.filter((a) => a.source !== 'channel' && runs.has(a.run));
  const approvals = state.approvals.filter((approval) => runs.has(approval.run));
  if (artifacts.length === 0 && approvals.length === 0) return { state, version };
  const paused =
    state.run.status === 'Needs approval' &&
    runs.has(state.run.number) &&
    approvals.some((approval) => approval.answer === null);
  return {
    state: {
      ...state,
      artifacts: state.artifacts.filter((artifact) => !artifacts.includes(artifact)),
      approvals: state.approvals.filter((approval) => !approvals.includes(approval)),
      // The paused run waits in its version; the one shown has nothing open.
      run: paused ? { ...state.run, status: 'Completed' as const } : state.run,
    },
    version: { ...version, artifacts, approvals, ...(paused ? { paused: state.run.number } : {}) },
  };
}

/** Brings a version's artifacts and approvals back (its messages are already `state.messages`). */
export function unstashVersion(state: RunStoreState, version: BranchVersion): RunStoreState {
  const artifacts = version.artifacts ?? [];
  const approvals = version.approvals ?? [];
  if (artifacts.length === 0 && approvals.length === 0) return state;
  const withArtifacts = { ...state, artifacts: [...state.artifacts, ...artifacts] };
  if (version.paused === state.run.number && state.run.status === 'Completed') {
    return {
      ...withArtifacts,
      approvals: [...state.approvals, ...approvals],
      run: { ...state.run, status: 'Needs approval' },
    };
  }
  // Another run moved the conversation on: what was open is recorded as cancelled, and nothing is answerable.
  let next: RunStoreState = { ...withArtifacts, approvals: [...state.approvals, ...approvals] };
  for (const approval of approvals) {
    if (approval.answer !== null) continue;
    next = recordAnswer(next, approval.id, CANCELLED);
    if (approval.kind === 'tool') {
      next = updateAnyToolCall(next, approval.toolCallId ?? approval.id, (part) =>
        part.status === 'awaiting-approval' ? { ...part, status: 'cancelled' } : part,
      );
    }
  }
  return { ...next, approvals: state.approvals };
}
