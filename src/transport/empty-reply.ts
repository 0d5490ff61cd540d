// Tells an agent that sent nothing at all apart from one that stopped mid-run: a stream that completes before its
// first event fails with a reason naming the likely cause (a server still busy with the thread), not a generic one.
import { FAILURE_TEXT } from '../i18n/failures.js';
import { Observable, type MonoTypeOperatorFunction } from 'rxjs';
import { RunFailureError } from './errors.js';

/** The reason a run fails with when the agent's stream ended before its first event. */
export const NO_EVENTS_REASON = FAILURE_TEXT.noEvents;

/** Passes every event through; a stream that completes without one errors with `NO_EVENTS_REASON` instead. */
export function failWhenEmpty<T>(): MonoTypeOperatorFunction<T> {
  return (source) =>
    new Observable<T>((subscriber) => {
      let received = false;
      return source.subscribe({
        next: (value) => {
          received = true;
          subscriber.next(value);
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => {
          if (received) subscriber.complete();
          else subscriber.error(RunFailureError.coded('Transport', 'noEvents'));
        },
      });
    });
}
