// A side run: one request beside the conversation (an MCP App's HTML or its own MCP request), sent through the same
// agent as `forwardedProps.__proxiedMCPRequest`. It has its own thread (its run id), no messages, tools or state,
// its own abort, and a 30 s bound; it never touches the run state machine. Loaded with the event pipeline.
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import { Subscription, type Observable } from 'rxjs';
import { toRunFailure } from '../../transport/errors.js';
import { randomId } from '../../store/ids.js';

/** How long one side run may take. */
export const SIDE_RUN_TIMEOUT_MS = 30_000;

/** What a side run tells the store's event tap: its input, then each event it acted on. */
export type SideRecord =
  | { readonly kind: 'run-start'; readonly runId: string; readonly input: RunAgentInput }
  | { readonly kind: 'event'; readonly runId: string; readonly event: BaseEvent };

/** A side run that did not answer: aborted, timed out, refused by the server, or broken. */
export class SideRunError extends Error {
  override readonly name = 'SideRunError';
}

/**
 * Runs `forwardedProps` as a request of its own and resolves with its RUN_FINISHED `result`. A `result.error`, a
 * RUN_ERROR, a stream without RUN_FINISHED, the timeout and `signal` reject with a SideRunError.
 */
export function sideRun(
  run: (input: RunAgentInput) => Observable<BaseEvent>,
  forwardedProps: Readonly<Record<string, unknown>>,
  signal: AbortSignal,
  record: (record: SideRecord) => void,
  timeoutMs = SIDE_RUN_TIMEOUT_MS,
): Promise<unknown> {
  const runId = randomId('side');
  const input: RunAgentInput = {
    threadId: runId,
    runId,
    messages: [],
    tools: [],
    context: [],
    state: {},
    forwardedProps: { ...forwardedProps },
  };
  return new Promise<unknown>((resolve, reject) => {
    let done = false;
    const subscription = new Subscription();
    const end = (error: string | null, result?: unknown) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      subscription.unsubscribe();
      if (error === null) resolve(result);
      else reject(new SideRunError(error));
    };
    const onAbort = () => end('The request was cancelled.');
    const timer = setTimeout(
      () => end(`No answer within ${Math.round(timeoutMs / 1000)} s.`),
      timeoutMs,
    );
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    record({ kind: 'run-start', runId, input });
    subscription.add(
      run(input).subscribe({
        next: (event) => {
          if (done) return;
          record({ kind: 'event', runId, event });
          if (event.type === 'RUN_ERROR') {
            end((event as { message?: string }).message || 'The agent refused the request.');
          } else if (event.type === 'RUN_FINISHED') {
            const result = (event as { result?: unknown }).result;
            const error = (result as { error?: unknown } | null | undefined)?.error;
            if (error !== undefined && error !== null) end(String(error));
            else end(null, result);
          }
        },
        error: (error: unknown) => end(toRunFailure(error).reason),
        complete: () => end('The reply ended without RUN_FINISHED.'),
      }),
    );
  });
}
