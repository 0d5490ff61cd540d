// The failures of a run before it has a stream: no agent to run, or the pipeline chunk missing. Part of the shell;
// failures of a running stream are read in errors.ts, which loads with the pipeline.
import { codedFailure } from '../i18n/failures.js';
import type { RunFailure } from '../store/types.js';

/** A store without an agent or endpoint was asked to run. */
export const NO_AGENT: RunFailure = {
  ...codedFailure('Transport', 'noAgent'),
};

/** The event pipeline chunk could not be loaded (offline, moved files). */
export function pipelineFailure(error: unknown): RunFailure {
  const message = error instanceof Error ? error.message : String(error);
  return codedFailure('Transport', 'pipelineFailed', { message });
}
