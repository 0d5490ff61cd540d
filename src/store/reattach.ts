// Reattaching to a run that was in flight when the page closed: the connect stream replays the thread's runs and
// tails a running one. Finished runs rebuild what the saved copy lacks (the id stage skips what it holds, see
// server-ids.ts); the last run becomes the active run.
import type { BaseEvent } from '@ag-ui/core';
import { Observable, type OperatorFunction } from 'rxjs';

/**
 * One run out of a connect stream: the first RUN_STARTED opens it, a terminal event between runs is held and
 * dropped when another run follows, so only the stream's last terminal event ends it. Completes with a count of
 * events passed through in `passed`.
 */
export function asOneRun(passed: { count: number }): OperatorFunction<BaseEvent, BaseEvent> {
  return (source) =>
    new Observable<BaseEvent>((subscriber) => {
      let started = false;
      let held: BaseEvent | null = null;
      const emit = (event: BaseEvent) => {
        passed.count += 1;
        subscriber.next(event);
      };
      return source.subscribe({
        next: (event) => {
          if (event.type === 'RUN_FINISHED' || event.type === 'RUN_ERROR') {
            held = event;
            return;
          }
          held = null;
          if (event.type === 'RUN_STARTED') {
            if (!started) emit(event);
            started = true;
            return;
          }
          emit(event);
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => {
          if (held) emit(held);
          subscriber.complete();
        },
      });
    });
}
