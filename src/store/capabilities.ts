// Asking the agent what it can do (AG-UI 1.0 `getCapabilities()`): once, on first use, never at idle; a failure is
// noted in the activity log and otherwise ignored.
import type { StoreAction } from './actions.js';
import type { AgentLike, RunStoreState } from './types.js';

/** Asks `agent.getCapabilities()` when it has one and nobody asked yet; the answer lands in `state.capabilities`. */
export function askCapabilities(
  agent: AgentLike | null,
  state: RunStoreState,
  dispatch: (action: StoreAction) => void,
  now: () => number,
): void {
  if (!agent || typeof agent.getCapabilities !== 'function') return;
  if (state.capabilities && state.capabilities.status !== 'unknown') return;
  dispatch({ type: 'capabilities-set', capabilities: { status: 'loading', value: null } });
  let answer: Promise<unknown>;
  try {
    answer = Promise.resolve(agent.getCapabilities());
  } catch (error) {
    answer = Promise.reject(error);
  }
  answer.then(
    (value) => {
      const valid = typeof value === 'object' && value !== null && !Array.isArray(value);
      dispatch({
        type: 'capabilities-set',
        capabilities: valid
          ? { status: 'known', value: value as NonNullable<RunStoreState['capabilities']>['value'] }
          : { status: 'failed', value: null },
      });
      if (!valid) {
        dispatch({
          type: 'activity-logged',
          code: 'capabilitiesInvalid',
          at: now(),
        });
      }
    },
    (error: unknown) => {
      dispatch({ type: 'capabilities-set', capabilities: { status: 'failed', value: null } });
      dispatch({
        type: 'activity-logged',
        code: 'capabilitiesFailed',
        params: { reason: error instanceof Error ? error.message : String(error) },
        at: now(),
      });
    },
  );
}
