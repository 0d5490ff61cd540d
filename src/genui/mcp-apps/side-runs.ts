// A store's side runs under way (MCP Apps' requests): each with its own abort, all aborted on another thread and on
// dispose. The run itself (side-run.ts) loads with the event pipeline.
import type { PipelineModule } from '../../store/stages-loader.js';
import type { AgentLike } from '../../store/types.js';
import { NO_AGENT } from '../../transport/start-failures.js';
import type { SideRecord } from './side-run.js';

export interface SideRunsHost {
  pipeline(): Promise<PipelineModule>;
  agent(pipeline: PipelineModule): AgentLike | null;
  record(record: SideRecord): void;
}

export class SideRuns {
  private readonly open = new Set<AbortController>();

  constructor(private readonly host: SideRunsHost) {}

  run(
    forwardedProps: Readonly<Record<string, unknown>>,
    signal: AbortSignal | undefined,
    closed: boolean,
  ) {
    const controller = new AbortController();
    const abort = () => controller.abort();
    if (closed || signal?.aborted) abort();
    signal?.addEventListener('abort', abort, { once: true });
    this.open.add(controller);
    return this.host
      .pipeline()
      .then((pipeline) => {
        const agent = this.host.agent(pipeline);
        if (!agent) throw new Error(NO_AGENT.reason);
        return pipeline.sideRun(
          (input) => pipeline.runThroughPipeline(agent, input),
          forwardedProps,
          controller.signal,
          (record) => this.host.record(record),
        );
      })
      .finally(() => {
        this.open.delete(controller);
        signal?.removeEventListener('abort', abort);
      });
  }

  abortAll(): void {
    for (const side of this.open) side.abort();
    this.open.clear();
  }
}
