// CUSTOM events the store knows: PredictState, LangGraph's legacy on_interrupt and ui_render artifacts.
import type { CustomEvent } from '@ag-ui/core';
import { isPlainObject, logActivity } from './reducer-core.js';
import { readPredictState } from './tool-events.js';
import { addRenderedArtifact } from './render-twins.js';
import { addApproval } from './event-parts.js';
import type { Approval, Artifact, RunStoreState } from './types.js';

export function reduceCustom(state: RunStoreState, event: CustomEvent, at: number): RunStoreState {
  const value: unknown = event.value;
  switch (event.name) {
    case 'PredictState':
      return { ...state, predictState: readPredictState(value) };
    case 'on_interrupt': {
      const count = state.approvals.filter((approval) => approval.run === state.run.number).length;
      const message =
        typeof value === 'string'
          ? value
          : isPlainObject(value) && typeof value.message === 'string'
            ? value.message
            : undefined;
      const approval: Approval = {
        id: `on_interrupt-${state.run.id ?? state.run.number}-${count + 1}`,
        kind: 'legacy',
        reason: 'on_interrupt',
        ...(message !== undefined ? { message } : {}),
        value,
        run: state.run.number,
        answer: null,
      };
      return logActivity(addApproval(state, approval), at, 'approvalAsked');
    }
    case 'ui_render': {
      if (!isPlainObject(value) || typeof value.component !== 'string') {
        return logActivity(state, at, 'uiRenderIgnored');
      }
      const artifact: Artifact = {
        id: `ui_render-${state.run.id ?? state.run.number}-${state.artifacts.length + (state.heldArtifacts?.length ?? 0) + 1}`,
        source: 'ui_render',
        name: value.component,
        props: value.props,
        complete: true,
        ...(typeof value.agent === 'string' ? { agent: value.agent } : {}),
        ...(typeof value.turn_id === 'string' ? { turnId: value.turn_id } : {}),
        run: state.run.number,
      };
      return addRenderedArtifact(state, artifact);
    }
    default:
      return state;
  }
}
