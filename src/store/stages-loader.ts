// Loads the event stages (the pipeline module) with the first run, and the plugins' validators (again when plugins
// change). Part of the shell: its name keeps "pipeline" out of what the lazy-loading test counts as heavy.
import type * as PipelineNamespace from './pipeline.js';
import type { ReducerContext } from './reducer.js';
import type { RunStorePlugin } from './types.js';

export type PipelineModule = typeof PipelineNamespace;

/** What a loaded pipeline adds to the reducer's context. */
export type PipelineContext = Required<
  Pick<ReducerContext, 'reduceEvent' | 'applyDelta' | 'parsePartialJson' | 'validateState'>
>;

export class PipelineLoader {
  private pipeline: Promise<PipelineModule> | null = null;
  private validatorsFor: readonly RunStorePlugin[] | null = null;

  /** The pipeline module alone (for what runs after a run: answers, the stop POST). */
  module(): Promise<PipelineModule> {
    return (this.pipeline ??= import('./pipeline.js'));
  }

  /** The pipeline module; `extend` gets the context parts whenever the plugins' validators were (re)built. */
  load(
    plugins: readonly RunStorePlugin[],
    extend: (parts: PipelineContext) => void,
  ): Promise<PipelineModule> {
    return this.module().then(async (pipeline) => {
      if (this.validatorsFor === null || this.validatorsFor.length !== plugins.length) {
        const installed = [...plugins];
        const validateState = await pipeline.loadStateValidator(installed);
        this.validatorsFor = installed;
        extend({
          reduceEvent: pipeline.reduceEvent,
          applyDelta: pipeline.applyDelta,
          parsePartialJson: pipeline.parsePartialJson,
          validateState,
        });
      }
      return pipeline;
    });
  }
}
