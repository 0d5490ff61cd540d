// The pure reducer `(state, action) -> state` over store commands and AG-UI events, with structural sharing.
import { codedFailure } from '../i18n/failures.js';
import { pageArtifacts, reduceChannel } from '../channel/reducer.js';
import { recordA2uiEdits } from './a2ui-surfaces.js';
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
  type ReducerContext,
} from './reducer-core.js';
import { updateAnyToolCall } from './lane-tools.js';
import { releaseHeldAtEnd } from './held-renders.js';
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

/**
 * The frequent events: each changes one existing message (sharing its run id) or adds one at the end, never
 * rebuilds the transcript as MESSAGES_SNAPSHOT does.
 */
const STREAMED_EVENTS = new Set([
  'TEXT_MESSAGE_CONTENT',
  'REASONING_MESSAGE_CONTENT',
  'TOOL_CALL_ARGS',
  'STATE_DELTA',
]);

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
  const next = reduceAction(state, action, context);
  // A run that ended (any way) shows what it still held back.
  return next.heldArtifacts?.length ? releaseHeldAtEnd(next) : next;
}

/** The restored in-flight run asks to continue (its partial reply stays until the connect stream resends it). */
function reattachRun(state: RunStoreState, runId: string, at: number): RunStoreState {
  const number = state.run.number;
  const next: RunStoreState = {
    ...state,
    run: {
      ...state.run,
      status: 'Connecting',
      id: runId,
      kind: 'reattach',
      cause: null,
      failure: null,
    },
    agentState: { ...state.agentState, runHasSnapshot: false },
  };
  return logActivity(next, at, 'runRequested', { run: number, kind: 'reattach', scenario: '' });
}

function reduceAction(
  state: RunStoreState,
  action: StoreAction,
  context: ReducerContext,
): RunStoreState {
  switch (action.type) {
    case 'agent-event': {
      // Events only arrive once the pipeline (and with it the event reducer) has loaded.
      if (!context.reduceEvent) return state;
      const reduced = context.reduceEvent(state, action.event, context, action.at);
      const stamped = stampRunIds(reduced, STREAMED_EVENTS.has(action.event.type));
      return deriveViews(state, stamped, context.plugins);
    }
    case 'message-added': {
      const message: ChatMessage = {
        id: action.id,
        role: 'user',
        parts: [
          ...(action.text ? [{ kind: 'text' as const, text: action.text }] : []),
          ...(action.attachments ?? []),
        ],
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
      const logged = logActivity(next, action.at, 'runRequested', {
        run: action.number,
        kind: action.kind,
        scenario: label,
      });
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
      return logActivity(next, action.at, 'runCancelled', {
        run: state.run.number,
        cause: action.cause,
      });
    }
    case 'run-failed':
      if (action.afterCompletion && state.run.status === 'Completed') {
        const reopened: RunStoreState = { ...state, run: { ...state.run, status: 'Streaming' } };
        return fail(reopened, action.failure, action.at);
      }
      return fail(state, action.failure, action.at);
    case 'stream-ended':
      return fail(state, codedFailure('Transport', 'closedEarly'), action.at);
    case 'tool-answered': {
      const next = updateAnyToolCall(state, action.toolCallId, (part) => ({
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
      return logActivity(next, action.at, 'approvalAnswered', {
        verdict,
        what: approval.message ?? approval.reason,
      });
    }
    case 'a2ui-edited':
      return recordA2uiEdits(state, action.messageId, action.surfaceId, action.edits);
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
        // The channel's page-level artifacts outlive the thread.
        artifacts: pageArtifacts(state.artifacts),
        predictState: [],
        step: null,
      };
      return logActivity(next, action.at, 'newThread');
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
      return logActivity(state, action.at, action.code, action.params);
    case 'state-replaced':
      // Plugin views come with the saved copy; what this page set up (artifact settings…) stays where it lacks them.
      return {
        ...action.state,
        view: { ...state.view, ...action.state.view },
        channel: state.channel,
        // The page's channel artifacts stay; the conversation's come with the saved copy.
        artifacts: [
          ...action.state.artifacts.filter((artifact) => artifact.source !== 'channel'),
          ...state.artifacts.filter((artifact) => artifact.source === 'channel'),
        ],
        ...(state.persistence ? { persistence: state.persistence } : {}),
      };
    case 'persistence-set':
      return { ...state, persistence: action.persistence };
    case 'reattach-requested':
      return reattachRun(state, action.runId, action.at);
    case 'capabilities-set':
      return { ...state, capabilities: action.capabilities };
    case 'channel-changed':
    case 'channel-artifacts':
      return reduceChannel(state, action);
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
