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
