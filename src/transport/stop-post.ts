// The stop request itself: the POST that tells a server which keeps running after a disconnect to end a run. Loaded
// with the pipeline (a stop follows a run); stop-request.ts decides when one is sent.
import type { StopEndpointOptions } from './stop-request.js';

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
