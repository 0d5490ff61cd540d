// Agent state events: STATE_SNAPSHOT and STATE_DELTA, validated by the plugins and applied whole or not at all.
import { codedFailure } from '../i18n/failures.js';
import type { StateDeltaEvent, StateSnapshotEvent } from '@ag-ui/core';
import { appendActivity, fail, isPlainObject, type ReducerContext } from './reducer-core.js';
import type { RunStorePlugin, RunStoreState } from './types.js';

export function reconcileViews(
  view: Readonly<Record<string, unknown>>,
  agentState: Readonly<Record<string, unknown>>,
  plugins: readonly RunStorePlugin[],
): Readonly<Record<string, unknown>> {
  let next = view;
  for (const plugin of plugins) {
    if (!plugin.reconcileView) continue;
    const current = view[plugin.id] ?? plugin.initialView;
    const reconciled = plugin.reconcileView(current, agentState);
    if (reconciled !== current) next = { ...next, [plugin.id]: reconciled };
  }
  return next;
}

function acceptState(
  state: RunStoreState,
  value: Record<string, unknown>,
  context: ReducerContext,
  at: number,
  what: 'snapshotAccepted' | 'patchAccepted',
): RunStoreState {
  return {
    ...state,
    agentState: { value, runHasSnapshot: true, accepted: state.agentState.accepted + 1 },
    view: reconcileViews(state.view, value, context.plugins),
    activity: appendActivity(state.activity, at, what, { run: state.run.number }),
  };
}

export function reduceSnapshot(
  state: RunStoreState,
  event: StateSnapshotEvent,
  context: ReducerContext,
  at: number,
): RunStoreState {
  const snapshot: unknown = event.snapshot;
  if (!isPlainObject(snapshot)) {
    return fail(state, codedFailure('Protocol', 'snapshotNotObject'), at);
  }
  const problem = context.validateState?.(snapshot, state.agentState.value) ?? null;
  if (problem) {
    return fail(state, codedFailure('Protocol', 'snapshotRejected', { problem }), at);
  }
  return acceptState(state, snapshot, context, at, 'snapshotAccepted');
}

export function reduceDelta(
  state: RunStoreState,
  event: StateDeltaEvent,
  context: ReducerContext,
  at: number,
): RunStoreState {
  if (!state.agentState.runHasSnapshot) {
    return fail(state, codedFailure('Protocol', 'deltaBeforeSnapshot'), at);
  }
  if (!context.applyDelta) {
    return fail(state, codedFailure('Protocol', 'patchEngineMissing'), at);
  }
  const result = context.applyDelta(state.agentState.value, event.delta);
  if (!result.ok) {
    return fail(state, codedFailure('Protocol', 'patchRejected', { problem: result.error }), at);
  }
  if (!isPlainObject(result.value)) {
    return fail(state, codedFailure('Protocol', 'patchNotObject'), at);
  }
  const problem = context.validateState?.(result.value, state.agentState.value) ?? null;
  if (problem) {
    return fail(state, codedFailure('Protocol', 'patchRejected', { problem }), at);
  }
  return acceptState(state, result.value, context, at, 'patchAccepted');
}
