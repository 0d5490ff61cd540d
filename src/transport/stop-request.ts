// The stop request: tells a server that keeps running after a disconnect (CopilotKit's runtime) to end a run.
import type { EndpointAgentOptions } from './endpoint-agent.js';

/** Where and how to POST a stop: `url` may hold `{threadId}` and `{runId}`. */
export type StopEndpointOptions = EndpointAgentOptions;

/** How long a new run on the same thread waits for a stop request to settle. */
export const STOP_WAIT_MS = 2000;

/** The stop URL with `{threadId}` and `{runId}` filled in (URL-encoded). */
export function stopUrl(template: string, threadId: string, runId: string): string {
  return template
    .replaceAll('{threadId}', encodeURIComponent(threadId))
    .replaceAll('{runId}', encodeURIComponent(runId));
}

/** POSTs `{"runId": …}` to the stop endpoint; rejects with a readable reason when it cannot. */
export async function postStop(
  options: StopEndpointOptions,
  threadId: string,
  runId: string,
): Promise<void> {
  const headers = typeof options.headers === 'function' ? await options.headers() : options.headers;
  const fetchImpl = options.fetch ?? fetch;
  const response = await fetchImpl(stopUrl(options.url, threadId, runId), {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ runId }),
    credentials: options.credentials ?? 'same-origin',
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok)
    throw new Error(
      `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`,
    );
}

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
    private readonly onFailure: (runId: string, reason: string) => void,
  ) {}

  /** POSTs a stop for the run, when there is an endpoint; a failure is reported, never thrown. */
  request(threadId: string, runId: string): void {
    const endpoint = this.endpoint;
    if (!endpoint) return;
    const work = postStop(endpoint, threadId, runId).catch((error: unknown) =>
      this.onFailure(runId, error instanceof Error ? error.message : String(error)),
    );
    this.last = { threadId, settled: settledWithin(work, STOP_WAIT_MS) };
  }

  /** Settles when the last stop on this thread has (2 s at most); null when there was none. */
  settledFor(threadId: string): Promise<void> | null {
    return this.last?.threadId === threadId ? this.last.settled : null;
  }
}
