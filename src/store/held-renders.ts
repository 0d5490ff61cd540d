// `ui_render` artifacts held back while a render_* call they may twin streams (render-twins.ts decides, with the
// pipeline): when the run is over, whatever is still held is shown.
import { isRunOpen } from './reducer-core.js';
import { addArtifactPart } from './transcript-parts.js';
import type { Artifact, RunStoreState } from './types.js';

/** A `ui_render` artifact waiting for the render call it may twin. */
export interface HeldArtifact {
  readonly toolCallId: string;
  readonly artifact: Artifact;
}

/** Shows an artifact: in the list, and at the end of the current reply. */
export function showArtifact(state: RunStoreState, artifact: Artifact): RunStoreState {
  return addArtifactPart({ ...state, artifacts: [...state.artifacts, artifact] }, artifact.id);
}

/** When the run is over, whatever is still held is shown (its call never completed). */
export function releaseHeldAtEnd(state: RunStoreState): RunStoreState {
  const held = state.heldArtifacts ?? [];
  if (held.length === 0 || isRunOpen(state.run)) return state;
  const start: RunStoreState = { ...state, heldArtifacts: [] };
  return held.reduce<RunStoreState>((next, item) => showArtifact(next, item.artifact), start);
}
