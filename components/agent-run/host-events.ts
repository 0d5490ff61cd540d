// The host events of <agent-run>, derived from transitions of its store's run and agent state.
import { isRunOpen } from '../../src/store/reducer.js';
import type { RunInfo, RunStoreState } from '../../src/store/types.js';
import {
  AgentStateChangeEvent,
  type RunEndCause,
  RunEndEvent,
  RunErrorEvent,
  RunStartEvent,
} from '../shared/events.js';

/** What host events are derived from. */
export interface RunTransitions {
  readonly run: RunInfo;
  readonly agentState: Readonly<Record<string, unknown>>;
}

export const selectTransitions = (state: RunStoreState): RunTransitions => ({
  run: state.run,
  agentState: state.agentState.value,
});

function isEnded(status: RunInfo['status']): status is RunEndEvent['detail']['status'] {
  return (
    status === 'Completed' ||
    status === 'Cancelled' ||
    status === 'Failed' ||
    status === 'Needs approval'
  );
}

/** `run-error` (for a failure) and `run-end` of a run that ended. */
function endEvents(run: RunInfo, cause: RunEndCause | null): Event[] {
  const status = isEnded(run.status) ? run.status : 'Cancelled';
  const events: Event[] = [];
  if (status === 'Failed' && run.failure) {
    events.push(new RunErrorEvent({ run: run.number, failure: run.failure }));
  }
  events.push(
    new RunEndEvent({
      run: run.number,
      status,
      cause: status === 'Cancelled' ? cause : null,
      failure: status === 'Failed' ? run.failure : null,
    }),
  );
  return events;
}

/** The host events one transition of the store's run causes, in the order they fire. */
export function transitionEvents(next: RunTransitions, previous: RunTransitions): Event[] {
  const events: Event[] = [];
  const before = previous.run;
  const after = next.run;
  const sameRun = before.number === after.number;
  if (!sameRun) {
    if (isRunOpen(before) && before.number > 0) events.push(...endEvents(before, 'replaced'));
    if (after.number > 0) {
      events.push(
        new RunStartEvent({ run: after.number, kind: after.kind, scenario: after.scenario }),
      );
    }
  }
  if (next.agentState !== previous.agentState) {
    events.push(new AgentStateChangeEvent({ state: next.agentState, run: after.number }));
  }
  const unchanged = sameRun && before.status === after.status && before.failure === after.failure;
  if (!unchanged && isEnded(after.status)) events.push(...endEvents(after, after.cause));
  return events;
}
