// Tool call events: a call's start, streamed arguments (with predictive state), end and result.
import type { ToolCallEndEvent, ToolCallResultEvent } from '@ag-ui/core';
import { addApproval, newMessage, updateMessage } from './event-parts.js';
import {
  findToolCall,
  isPlainObject,
  logActivity,
  replaceAt,
  toolFamily,
  updateToolCall,
  type ReducerContext,
} from './reducer-core.js';
import { releaseHeldFor } from './render-twins.js';
import { reconcileViews } from './state-events.js';
import type {
  Approval,
  Artifact,
  PredictStateEntry,
  RunStoreState,
  ToolCallPart,
} from './types.js';
import { contentText } from './message-events.js';
import type { ScopedIds } from './server-ids.js';

export function upsertArtifact(state: RunStoreState, artifact: Artifact): RunStoreState {
  const index = state.artifacts.findIndex((item) => item.id === artifact.id);
  if (index === -1) return { ...state, artifacts: [...state.artifacts, artifact] };
  return { ...state, artifacts: replaceAt(state.artifacts, index, artifact) };
}

function predictFromArgs(
  state: RunStoreState,
  toolName: string,
  args: unknown,
  context: ReducerContext,
): RunStoreState {
  const entries = state.predictState.filter((entry) => entry.tool === toolName);
  if (entries.length === 0 || !isPlainObject(args)) return state;
  let value: Record<string, unknown> = { ...state.agentState.value };
  for (const entry of entries) {
    if (entry.toolArgument !== undefined) {
      if (!(entry.toolArgument in args)) continue;
      value = { ...value, [entry.stateKey]: args[entry.toolArgument] };
    } else {
      value = { ...value, [entry.stateKey]: args };
    }
  }
  // A prediction that does not validate is not shown; the agent's own snapshot will settle it.
  if (context.validateState?.(value, state.agentState.value)) return state;
  return {
    ...state,
    agentState: { ...state.agentState, value },
    view: reconcileViews(state.view, value, context.plugins),
  };
}

export function readPredictState(value: unknown): readonly PredictStateEntry[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    if (!isPlainObject(entry)) return [];
    const stateKey = entry.state_key;
    const tool = entry.tool;
    const toolArgument = entry.tool_argument;
    if (typeof stateKey !== 'string' || typeof tool !== 'string') return [];
    return [
      typeof toolArgument === 'string' ? { stateKey, tool, toolArgument } : { stateKey, tool },
    ];
  });
}

/** What a call's start names: its id, its tool and the message it belongs to (with the server's ids, if replaced). */
export interface ToolStart extends ScopedIds {
  readonly toolCallId: string;
  readonly toolCallName: string;
  readonly parentMessageId?: string;
}

export function toolStart(
  state: RunStoreState,
  start: ToolStart,
  context: ReducerContext,
): RunStoreState {
  const { toolCallId, toolCallName, parentMessageId } = start;
  if (findToolCall(state.messages, toolCallId)) return state;
  const family = toolFamily(toolCallName, context.tools);
  const part: ToolCallPart = {
    kind: 'tool-call',
    id: toolCallId,
    ...(start.serverToolCallId ? { serverId: start.serverToolCallId } : {}),
    name: toolCallName,
    family,
    argsText: '',
    args: undefined,
    status: 'streaming',
  };
  const messageId = parentMessageId ?? toolCallId;
  const serverMessageId = parentMessageId ? start.serverParentMessageId : start.serverToolCallId;
  let next = updateMessage(
    state,
    messageId,
    (message) => ({ ...message, parts: [...message.parts, part] }),
    () => ({
      ...newMessage(messageId, 'assistant', state.run.number, serverMessageId),
      streaming: false,
    }),
  );
  if (family === 'render') {
    next = upsertArtifact(next, {
      id: toolCallId,
      source: 'tool-call',
      name: toolCallName,
      props: undefined,
      complete: false,
      toolCallId,
      messageId,
      run: state.run.number,
    });
  }
  return next;
}

export function toolArgs(
  state: RunStoreState,
  toolCallId: string,
  delta: string,
  context: ReducerContext,
): RunStoreState {
  const location = findToolCall(state.messages, toolCallId);
  if (!location || location.part.status !== 'streaming') return state;
  const argsText = location.part.argsText + delta;
  const args = context.parsePartialJson ? context.parsePartialJson(argsText) : location.part.args;
  let next = updateToolCall(state, toolCallId, (part) => ({ ...part, argsText, args }));
  next = predictFromArgs(next, location.part.name, args, context);
  if (location.part.family === 'render') {
    const artifact = next.artifacts.find((item) => item.id === toolCallId);
    if (artifact) next = upsertArtifact(next, { ...artifact, props: args });
  }
  return next;
}

export function toolEnd(
  state: RunStoreState,
  event: ToolCallEndEvent,
  context: ReducerContext,
  at: number,
): RunStoreState {
  const location = findToolCall(state.messages, event.toolCallId);
  if (!location || location.part.status !== 'streaming') return state;
  const { part } = location;
  let args: unknown;
  let error: string | undefined;
  try {
    args = part.argsText.trim() === '' ? {} : (JSON.parse(part.argsText) as unknown);
  } catch {
    error = `The arguments of ${part.name} are not valid JSON.`;
  }
  const declared = context.tools.get(part.name);
  if (error !== undefined) {
    const failed = updateToolCall(state, part.id, (current) => ({
      ...current,
      status: declared ? 'failed' : current.status === 'streaming' ? 'failed' : current.status,
      error,
      ...(declared
        ? {
            result: JSON.stringify({ error }),
            answeredByClient: true,
            answerPending: true,
          }
        : {}),
    }));
    return logActivity(failed, at, 'toolArgumentsInvalid', { name: part.name });
  }
  let next = updateToolCall(state, part.id, (current) => ({
    ...current,
    args,
    status: declared?.needsApproval ? 'awaiting-approval' : 'running',
  }));
  if (part.family === 'render') {
    const artifact = next.artifacts.find((item) => item.id === part.id);
    if (artifact) next = upsertArtifact(next, { ...artifact, props: args, complete: true });
    next = releaseHeldFor(next, part.id);
  }
  if (declared?.needsApproval) {
    const approval: Approval = {
      id: part.id,
      kind: 'tool',
      reason: 'tool-approval',
      message: declared.description,
      toolCallId: part.id,
      toolName: part.name,
      run: state.run.number,
      answer: null,
    };
    next = addApproval(next, approval);
  }
  return next;
}

export function toolResult(state: RunStoreState, result: ToolCallResultEvent): RunStoreState {
  return updateToolCall(state, result.toolCallId, (part) => ({
    ...part,
    status: 'done',
    result: contentText(result.content),
    resultMessageId: result.messageId,
    answeredByClient: false,
    answerPending: false,
  }));
}
