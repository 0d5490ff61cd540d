// Reattaching to a run that was in flight when the page closed: the connect stream replays the thread's runs and
// tails a running one. Finished runs rebuild what the saved copy lacks (deduplicated by id); the last run becomes
// the active run.
import type { BaseEvent } from '@ag-ui/core';
import { Observable, type OperatorFunction } from 'rxjs';
import type { RunStoreState } from './types.js';

/**
 * Message and tool-call ids the restored conversation already holds (their events are skipped), but for the partial
 * reply of the run in flight, which the stream resends whole.
 */
export function knownIds(state: RunStoreState): Set<string> {
  const ids = new Set<string>();
  for (const message of state.messages) {
    if (message.run === state.run.number && message.role !== 'user') continue;
    ids.add(message.id);
    for (const part of message.parts) if (part.kind === 'tool-call') ids.add(part.id);
  }
  return ids;
}

function idsOf(event: BaseEvent): (string | undefined)[] {
  const fields = event as { messageId?: string; toolCallId?: string };
  return [fields.messageId, fields.toolCallId];
}

/**
 * One run out of a connect stream: the first RUN_STARTED opens it, a terminal event between runs is held and
 * dropped when another run follows, so only the stream's last terminal event ends it. Events of messages and tool
 * calls the conversation already holds are skipped. Completes with a count of events passed through in `passed`.
 */
export function asOneRun(
  known: ReadonlySet<string>,
  passed: { count: number },
): OperatorFunction<BaseEvent, BaseEvent> {
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
          if (idsOf(event).some((id) => id !== undefined && known.has(id))) return;
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
