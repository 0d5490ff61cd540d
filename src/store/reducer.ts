// The pure reducer `(state, action) -> state` over store commands and AG-UI events, with structural sharing.
import type { StoreAction } from './actions.js';
import { selectVersion, startBranch } from './branches.js';
import { deriveViews } from './derived-views.js';
import { recordFeedback, stampRunIds } from './feedback.js';
import {
  IDLE_RUN,
  fail,
  finishStreaming,
  isRunOpen,
  logActivity,
  updateToolCall,
  type ReducerContext,
} from './reducer-core.js';
import { recordAnswer } from './transcript-parts.js';
import type { ChatMessage, RunStoreState } from './types.js';

export {
  ACTIVITY_LIMIT,
  createInitialState,
  isRunOpen,
  toolFamily,
  type DeltaResult,
  type ReducerContext,
} from './reducer-core.js';

function clearAnsweredWork(state: RunStoreState): RunStoreState {
  let changed = false;
  const messages = state.messages.map((message) => {
    if (!message.parts.some((part) => part.kind === 'tool-call' && part.answerPending)) {
      return message;
    }
    changed = true;
    return {
      ...message,
      parts: message.parts.map((part) =>
        part.kind === 'tool-call' && part.answerPending ? { ...part, answerPending: false } : part,
      ),
    };
  });
  const approvals = state.approvals.filter((approval) => approval.answer === null);
  return {
    ...state,
    messages: changed ? messages : state.messages,
    approvals: approvals.length === state.approvals.length ? state.approvals : approvals,
  };
}

/**
 * The pure reducer. The context carries plugins, declared tools, and what loads with the first run: the event
 * reducer and the patch engine.
 */
export function reduce(
  state: RunStoreState,
  action: StoreAction,
  context: ReducerContext,
): RunStoreState {
  switch (action.type) {
    case 'agent-event':
      // Events only arrive once the pipeline (and with it the event reducer) has loaded.
      return context.reduceEvent
        ? deriveViews(
            state,
            stampRunIds(context.reduceEvent(state, action.event, context, action.at)),
            context.plugins,
          )
        : state;
    case 'message-added': {
      const message: ChatMessage = {
        id: action.id,
        role: 'user',
        parts: [{ kind: 'text', text: action.text }],
        streaming: false,
        run: 0,
      };
      return { ...state, messages: [...state.messages, message] };
    }
    case 'run-requested': {
      const cleared = clearAnsweredWork(state);
      const next: RunStoreState = {
        ...cleared,
        run: {
          status: 'Connecting',
          number: action.number,
          id: action.runId,
          kind: action.kind,
          scenario: action.scenario,
          cause: null,
          failure: null,
          followUps: action.byUser ? 0 : state.run.followUps + 1,
        },
        agentState: { ...state.agentState, runHasSnapshot: action.sentState },
        predictState: [],
        step: null,
      };
      const label = action.scenario ? ` (${action.scenario})` : '';
      const logged = logActivity(
        next,
        action.at,
        `Run ${action.number} requested: ${action.kind}${label}`,
      );
      return deriveViews(state, logged, context.plugins);
    }
    case 'run-cancelled': {
      if (!isRunOpen(state.run)) return state;
      const next: RunStoreState = {
        ...state,
        run: { ...state.run, status: 'Cancelled', cause: action.cause },
        messages: finishStreaming(state.messages, true),
        predictState: [],
        step: null,
      };
      return logActivity(next, action.at, `Run ${state.run.number} cancelled (${action.cause})`);
    }
    case 'run-failed':
      if (action.afterCompletion && state.run.status === 'Completed') {
        const reopened: RunStoreState = { ...state, run: { ...state.run, status: 'Streaming' } };
        return fail(reopened, action.failure, action.at);
      }
      return fail(state, action.failure, action.at);
    case 'stream-ended':
      return fail(
        state,
        {
          kind: 'Transport',
          reason: 'The connection closed before the run finished (no RUN_FINISHED or RUN_ERROR).',
        },
        action.at,
      );
    case 'tool-answered': {
      const next = updateToolCall(state, action.toolCallId, (part) => ({
        ...part,
        status: action.status,
        result: action.content,
        answeredByClient: true,
        answerPending: true,
        ...(action.error !== undefined ? { error: action.error } : {}),
      }));
      return next;
    }
    case 'approval-answered': {
      const approval = state.approvals.find((item) => item.id === action.id);
      if (!approval || approval.answer !== null) return state;
      const next = recordAnswer(state, action.id, action.answer);
      const verdict = action.answer.cancelled
        ? 'cancelled'
        : action.answer.approved
          ? 'approved'
          : 'denied';
      return logActivity(
        next,
        action.at,
        `Approval ${verdict}: ${approval.message ?? approval.reason}`,
      );
    }
    case 'view-set':
      return state.view[action.pluginId] === action.view
        ? state
        : { ...state, view: { ...state.view, [action.pluginId]: action.view } };
    case 'plugin-added': {
      const { plugin } = action;
      if (plugin.id in state.view || plugin.initialView === undefined) return state;
      const initial = plugin.reconcileView
        ? plugin.reconcileView(plugin.initialView, state.agentState.value)
        : plugin.initialView;
      return { ...state, view: { ...state.view, [plugin.id]: initial } };
    }
    case 'reset': {
      const next: RunStoreState = {
        ...state,
        threadId: action.threadId,
        // Run numbers keep counting, so run ids never repeat within the store.
        run: { ...IDLE_RUN, number: state.run.number },
        messages: [],
        branches: [],
        feedback: {},
        approvals: [],
        artifacts: [],
        predictState: [],
        step: null,
      };
      return logActivity(next, action.at, 'New thread started');
    }
    case 'answer-discarded': {
      let lastUser = -1;
      for (let index = state.messages.length - 1; index >= 0; index -= 1) {
        if (state.messages[index]?.role === 'user') {
          lastUser = index;
          break;
        }
      }
      if (lastUser === -1 || lastUser === state.messages.length - 1) return state;
      return { ...state, messages: state.messages.slice(0, lastUser + 1) };
    }
    case 'activity-logged':
      return logActivity(state, action.at, action.text);
    case 'branch-started':
      return startBranch(state, action.after);
    case 'version-selected':
      return selectVersion(state, action.after, action.index);
    case 'feedback-set':
      return recordFeedback(state, action.messageId, action.feedback);
    default: {
      const unknownAction: never = action;
      void unknownAction;
      return state;
    }
  }
}
