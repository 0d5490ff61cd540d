// The stop requests of a store: when one is sent (the store cancels a run for the person) and how long the next run on
// the thread waits for it. The POST itself (stop-post.ts) loads with the pipeline.
import type { EndpointAgentOptions } from './endpoint-agent.js';

/** Where and how to POST a stop: `url` may hold `{threadId}` and `{runId}`. */
export type StopEndpointOptions = EndpointAgentOptions;

/** Sends one stop request (`postStop` of stop-post.ts, once loaded). */
export type PostStop = (
  options: StopEndpointOptions,
  threadId: string,
  runId: string,
) => Promise<void>;

/** How long a new run on the same thread waits for a stop request to settle. */
export const STOP_WAIT_MS = 2000;

/** A promise that settles when `work` does, or after `ms` at the latest (never rejects). */
export function settledWithin(work: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    work.then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      () => {
        clearTimeout(timer);
        resolve();
      },
    );
  });
}

/** The stop requests of one store: sent when it cancels a run for the person; the next run on a thread waits. */
export class StopRequests {
  private last: { readonly threadId: string; readonly settled: Promise<void> } | null = null;

  constructor(
    /** Where stops go (null: none are sent). */
    public endpoint: StopEndpointOptions | null,
    private readonly post: PostStop,
    private readonly onFailure: (failed: { runId: string; reason: string }) => void,
  ) {}

  /** POSTs a stop for the run, when there is an endpoint; a failure is reported, never thrown. */
  request(threadId: string, runId: string): void {
    const endpoint = this.endpoint;
    if (!endpoint) return;
    const work = this.post(endpoint, threadId, runId).catch((error: unknown) =>
      this.onFailure({ runId, reason: error instanceof Error ? error.message : String(error) }),
    );
    this.last = { threadId, settled: settledWithin(work, STOP_WAIT_MS) };
  }

  /** Settles when the last stop on this thread has (2 s at most); null when there was none. */
  settledFor(threadId: string): Promise<void> | null {
    return this.last?.threadId === threadId ? this.last.settled : null;
  }
}
