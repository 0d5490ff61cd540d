// The pure reducer of AG-UI 1.0 events (all 31 types; unknown ones ignored), loaded with the event pipeline. Each
// family of events has its own module; this one routes them and guards the run's order.
import { codedFailure } from '../i18n/failures.js';
import type {
  ActivityDeltaEvent,
  ActivitySnapshotEvent,
  BaseEvent,
  CustomEvent,
  Event as AguiEvent,
  EventType,
  MessagesSnapshotEvent,
  ReasoningMessageContentEvent,
  ReasoningMessageEndEvent,
  ReasoningMessageStartEvent,
  RunErrorEvent,
  RunFinishedEvent,
  StateDeltaEvent,
  StateSnapshotEvent,
  StepStartedEvent,
  TextMessageChunkEvent,
  TextMessageContentEvent,
  TextMessageEndEvent,
  TextMessageStartEvent,
  ToolCallArgsEvent,
  ToolCallChunkEvent,
  ToolCallEndEvent,
  ToolCallResultEvent,
  ToolCallStartEvent,
} from '@ag-ui/core';
import { reduceCustom } from './custom-events.js';
import { newMessage, updateMessage } from './event-parts.js';
import { appendText, reduceActivity, reduceMessagesSnapshot } from './message-events.js';
import { fail, isRunOpen, logActivity, type ReducerContext } from './reducer-core.js';
import { reduceRunFinished } from './run-events.js';
import { reduceDelta, reduceSnapshot } from './state-events.js';
import { reduceSubagentEvent } from './subagent-events.js';
import type { ScopedIds } from './server-ids.js';
import { toolArgs, toolEnd, toolResult, toolStart } from './tool-events.js';
import type { MessageRole, RunStoreState } from './types.js';

export function reduceEvent(
  state: RunStoreState,
  incoming: BaseEvent,
  context: ReducerContext,
  at: number,
): RunStoreState {
  if (!isRunOpen(state.run)) return state;
  const event = incoming as AguiEvent;
  const type = event.type as `${EventType}`;
  if (state.run.status === 'Connecting' && type !== 'RUN_STARTED' && type !== 'RUN_ERROR') {
    return fail(state, codedFailure('Protocol', 'firstEvent', { type }), at);
  }
  const lane = reduceSubagentEvent(state, event, at, (inner, own) =>
    reduceEvent(inner, own, context, at),
  );
  if (lane) return lane;
  const run = state.run.number;
  // The server's ids, where the id stage replaced a reused one.
  const scoped = event as ScopedIds;
  switch (type) {
    case 'RUN_STARTED':
      if (state.run.status === 'Streaming') return state;
      if (state.run.kind === 'reattach') {
        // The connect stream resends the in-flight run whole: its partial reply makes way.
        const messages = state.messages.filter((item) => item.run !== run || item.role === 'user');
        return logActivity(
          { ...state, messages, run: { ...state.run, status: 'Streaming' } },
          at,
          'runStarted',
          { run },
        );
      }
      return logActivity(
        { ...state, run: { ...state.run, status: 'Streaming' } },
        at,
        'runStarted',
        { run },
      );
    case 'RUN_FINISHED':
      return reduceRunFinished(state, event as RunFinishedEvent, at);
    case 'RUN_ERROR': {
      const error = event as RunErrorEvent;
      const reason = error.code ? `${error.message} (${error.code})` : error.message;
      return fail(state, { kind: 'Agent', reason }, at);
    }
    case 'TEXT_MESSAGE_START': {
      const start = event as TextMessageStartEvent;
      const role: MessageRole = start.role ?? 'assistant';
      return updateMessage(
        state,
        start.messageId,
        (message) => (message.streaming ? message : { ...message, streaming: true }),
        () => newMessage(start.messageId, role, run, scoped.serverMessageId),
      );
    }
    case 'TEXT_MESSAGE_CONTENT': {
      const content = event as TextMessageContentEvent;
      return updateMessage(
        state,
        content.messageId,
        (message) => appendText(message, 'text', content.delta),
        () => newMessage(content.messageId, 'assistant', run, scoped.serverMessageId),
      );
    }
    case 'TEXT_MESSAGE_END':
      return updateMessage(state, (event as TextMessageEndEvent).messageId, (message) =>
        message.streaming ? { ...message, streaming: false } : message,
      );
    case 'TEXT_MESSAGE_CHUNK': {
      const chunk = event as TextMessageChunkEvent;
      if (!chunk.messageId) return state;
      return updateMessage(
        state,
        chunk.messageId,
        (message) => (chunk.delta ? appendText(message, 'text', chunk.delta) : message),
        () => newMessage(chunk.messageId as string, 'assistant', run, scoped.serverMessageId),
      );
    }
    case 'TOOL_CALL_START': {
      const start = event as ToolCallStartEvent;
      return toolStart(state, start, context);
    }
    case 'TOOL_CALL_ARGS': {
      const args = event as ToolCallArgsEvent;
      return toolArgs(state, args.toolCallId, args.delta, context);
    }
    case 'TOOL_CALL_END':
      return toolEnd(state, event as ToolCallEndEvent, context, at);
    case 'TOOL_CALL_CHUNK': {
      const chunk = event as ToolCallChunkEvent;
      if (!chunk.toolCallId) return state;
      let next = state;
      if (chunk.toolCallName) {
        next = toolStart(
          next,
          { ...chunk, toolCallId: chunk.toolCallId, toolCallName: chunk.toolCallName },
          context,
        );
      }
      return chunk.delta ? toolArgs(next, chunk.toolCallId, chunk.delta, context) : next;
    }
    case 'TOOL_CALL_RESULT':
      return toolResult(state, event as ToolCallResultEvent);
    case 'STATE_SNAPSHOT':
      return reduceSnapshot(state, event as StateSnapshotEvent, context, at);
    case 'STATE_DELTA':
      return reduceDelta(state, event as StateDeltaEvent, context, at);
    case 'MESSAGES_SNAPSHOT':
      return reduceMessagesSnapshot(state, event as MessagesSnapshotEvent, context);
    case 'ACTIVITY_SNAPSHOT':
    case 'ACTIVITY_DELTA':
      return reduceActivity(
        state,
        event as ActivitySnapshotEvent | ActivityDeltaEvent,
        context,
        at,
      );
    case 'CUSTOM':
      return reduceCustom(state, event as CustomEvent, at);
    case 'STEP_STARTED':
      return { ...state, step: (event as StepStartedEvent).stepName };
    case 'STEP_FINISHED':
      return state.step === null ? state : { ...state, step: null };
    case 'REASONING_MESSAGE_START': {
      const start = event as ReasoningMessageStartEvent;
      return updateMessage(
        state,
        start.messageId,
        (message) => message,
        () => newMessage(start.messageId, 'reasoning', run, scoped.serverMessageId),
      );
    }
    case 'REASONING_MESSAGE_CONTENT': {
      const content = event as ReasoningMessageContentEvent;
      return updateMessage(
        state,
        content.messageId,
        (message) => appendText(message, 'reasoning', content.delta),
        () => newMessage(content.messageId, 'reasoning', run, scoped.serverMessageId),
      );
    }
    case 'REASONING_MESSAGE_END':
      return updateMessage(state, (event as ReasoningMessageEndEvent).messageId, (message) =>
        message.streaming ? { ...message, streaming: false } : message,
      );
    case 'REASONING_START':
    case 'REASONING_END':
    case 'REASONING_MESSAGE_CHUNK':
    case 'REASONING_ENCRYPTED_VALUE':
    case 'RAW':
    case 'SUBAGENT_STARTED':
    case 'SUBAGENT_FINISHED':
    case 'SUBAGENT_ERROR':
      return state;
    default: {
      // Exhaustive over the 1.0 union; an unknown type at run time is ignored, never fatal.
      const unknownType: never = type;
      void unknownType;
      return state;
    }
  }
}
