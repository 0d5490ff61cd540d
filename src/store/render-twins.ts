// `ui_render` artifacts that twin a render_* call: shown once. One that arrives while a call of the same component
// still streams is held until the call's arguments are complete, then dropped when they are equal, else shown.
// Loaded with the pipeline (only events add artifacts); held-renders.ts shows what a run that ended still held.
import { showArtifact, type HeldArtifact } from './held-renders.js';
import { findToolCall } from './reducer-core.js';
import type { Artifact, RunStoreState } from './types.js';

/** `render_signal_chart` (a tool call) and `signal_chart` or `SignalChart` (ui_render) name one component. */
function componentKey(name: string): string {
  return name
    .replace(/^(?:render[-_]|Render(?=[A-Z]))/, '')
    .replace(/[-_]/g, '')
    .toLowerCase();
}

/** One artifact, however it arrived: its component and its props. */
export function renderKey(name: string, props: unknown): string {
  return `${componentKey(name)}|${JSON.stringify(props)}`;
}

/** Shows a `ui_render` artifact, unless it twins a render call of its run: then it is dropped or held. */
export function addRenderedArtifact(state: RunStoreState, artifact: Artifact): RunStoreState {
  const key = renderKey(artifact.name, artifact.props);
  const duplicate = state.artifacts.some(
    (item) =>
      item.run === artifact.run && item.complete && renderKey(item.name, item.props) === key,
  );
  if (duplicate) return state;
  const streaming = state.artifacts.find(
    (item) =>
      item.run === artifact.run &&
      item.source === 'tool-call' &&
      !item.complete &&
      item.toolCallId !== undefined &&
      componentKey(item.name) === componentKey(artifact.name),
  );
  if (streaming?.toolCallId) {
    const held: HeldArtifact = { toolCallId: streaming.toolCallId, artifact };
    return { ...state, heldArtifacts: [...(state.heldArtifacts ?? []), held] };
  }
  return showArtifact(state, artifact);
}

/** A render call's arguments are complete: its held twins are dropped when equal, else shown. */
export function releaseHeldFor(state: RunStoreState, toolCallId: string): RunStoreState {
  const held = state.heldArtifacts ?? [];
  if (!held.some((item) => item.toolCallId === toolCallId)) return state;
  const call = findToolCall(state.messages, toolCallId)?.part;
  const callKey = call ? renderKey(call.name, call.args) : null;
  let next: RunStoreState = {
    ...state,
    heldArtifacts: held.filter((item) => item.toolCallId !== toolCallId),
  };
  for (const item of held) {
    if (item.toolCallId !== toolCallId) continue;
    if (renderKey(item.artifact.name, item.artifact.props) !== callKey)
      next = showArtifact(next, item.artifact);
  }
  return next;
}
