// Small scripted agents for stories: each run plays its events in the page, no server.
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import { Observable } from 'rxjs';
import type { AgentLike } from '../../src/store/types.js';

export const ev = (event: Record<string, unknown>) => event as unknown as BaseEvent;

/** A story agent: each run plays its events in the page; `'hold'` keeps the run open (it streams on). */
export function storyAgent(
  script: (input: RunAgentInput, index: number) => (BaseEvent | 'hold')[],
) {
  let runs = 0;
  const agent: AgentLike = {
    run(input) {
      const events = script(input, runs);
      runs += 1;
      return new Observable<BaseEvent>((subscriber) => {
        let cancelled = false;
        void (async () => {
          for (const event of events) {
            await Promise.resolve();
            if (cancelled || event === 'hold') return;
            subscriber.next(event);
          }
          if (!cancelled) subscriber.complete();
        })();
        return () => {
          cancelled = true;
        };
      });
    },
  };
  return agent;
}

export const started = (input: RunAgentInput) =>
  ev({ type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId });
export const finished = (input: RunAgentInput, outcome?: unknown) =>
  ev({
    type: 'RUN_FINISHED',
    threadId: input.threadId,
    runId: input.runId,
    ...(outcome ? { outcome } : {}),
  });
