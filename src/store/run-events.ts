// RUN_FINISHED: the run completes, pauses for approval (an interrupt outcome) or was cancelled by the agent.
import type { RunFinishedEvent } from '@ag-ui/core';
import { finishStreaming, logActivity } from './reducer-core.js';
import { addApproval } from './event-parts.js';
import type { Approval, RunStoreState } from './types.js';

export function reduceRunFinished(
  state: RunStoreState,
  event: RunFinishedEvent,
  at: number,
): RunStoreState {
  const outcome = event.outcome;
  const messages = finishStreaming(state.messages, false);
  const base: RunStoreState = { ...state, messages, predictState: [], step: null };
  if (outcome?.type === 'interrupt') {
    const approvals: Approval[] = outcome.interrupts.map((interrupt) => ({
      id: interrupt.id,
      kind: 'interrupt',
      reason: interrupt.reason,
      ...(interrupt.message !== undefined ? { message: interrupt.message } : {}),
      ...(interrupt.toolCallId !== undefined ? { toolCallId: interrupt.toolCallId } : {}),
      ...(interrupt.expiresAt !== undefined ? { expiresAt: interrupt.expiresAt } : {}),
      ...(interrupt.responseSchema !== undefined
        ? { responseSchema: interrupt.responseSchema as Record<string, unknown> }
        : {}),
      run: state.run.number,
      answer: null,
    }));
    const asked = approvals.reduce(addApproval, base);
    const next: RunStoreState = { ...asked, run: { ...asked.run, status: 'Needs approval' } };
    return logActivity(next, at, 'runNeedsApproval', { run: state.run.number });
  }
  if (outcome?.type === 'cancelled') {
    const next: RunStoreState = {
      ...base,
      run: { ...base.run, status: 'Cancelled', cause: 'agent' },
    };
    return logActivity(next, at, 'runCancelledByAgent', { run: state.run.number });
  }
  const open = base.approvals.some((approval) => approval.answer === null);
  const status = open ? 'Needs approval' : 'Completed';
  return logActivity(
    { ...base, run: { ...base.run, status } },
    at,
    open ? 'runNeedsApproval' : 'runCompleted',
    { run: state.run.number },
  );
}
