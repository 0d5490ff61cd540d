// The reducer's shared core: initial state, run-state helpers and structural-sharing updates of messages.
import type { BaseEvent } from '@ag-ui/core';
import {
  ACTIVITY_TEXT,
  failureParams,
  fillActivity,
  type ActivityCode,
  type ActivityParams,
} from './activity.js';
import type {
  ActivityEntry,
  ChatMessage,
  MessagePart,
  RunFailure,
  RunInfo,
  RunStoreState,
  RunStorePlugin,
  ToolCallPart,
  ToolDefinition,
  ToolFamily,
} from './types.js';

/** The activity log keeps this many entries. */
export const ACTIVITY_LIMIT = 12;

export type DeltaResult =
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: string };

/** What the reducer needs from outside; the patch and validation pieces load with the first run. */
export interface ReducerContext {
  readonly plugins: readonly RunStorePlugin[];
  readonly tools: ReadonlyMap<string, ToolDefinition>;
  /** Applies a JSON Patch atomically and validates the result; absent until the pipeline loads. */
  readonly applyDelta?: (document: unknown, operations: unknown) => DeltaResult;
  /** Validates a candidate agent state against the plugins' schemas (null when valid). */
  readonly validateState?: (candidate: unknown, previous: unknown) => string | null;
  /** Parses possibly-truncated JSON (streaming tool arguments); undefined when nothing parses. */
  readonly parsePartialJson?: (text: string) => unknown;
  /** The reducer of AG-UI events; it loads with the pipeline, since events only arrive after that. */
  readonly reduceEvent?: (
    state: RunStoreState,
    event: BaseEvent,
    context: ReducerContext,
    at: number,
  ) => RunStoreState;
}

/** The run of a store that has not run yet (the number is kept across a reset). */
export const IDLE_RUN: RunInfo = {
  status: 'Idle',
  number: 0,
  id: null,
  kind: null,
  scenario: null,
  cause: null,
  failure: null,
  followUps: 0,
};

export function createInitialState(threadId: string): RunStoreState {
  return {
    threadId,
    run: IDLE_RUN,
    messages: [],
    branches: [],
    feedback: {},
    agentState: { value: {}, runHasSnapshot: false, accepted: 0 },
    view: {},
    artifacts: [],
    approvals: [],
    activity: [],
    predictState: [],
    step: null,
    channel: null,
  };
}

/** Whether events of the active run are still accepted. */
export function isRunOpen(run: RunInfo): boolean {
  return run.status === 'Connecting' || run.status === 'Streaming';
}

/** Adds an entry to the activity log (the 12 newest are kept). */
export function logActivity(
  state: RunStoreState,
  at: number,
  code: ActivityCode,
  params: ActivityParams = {},
): RunStoreState {
  return { ...state, activity: appendActivity(state.activity, at, code, params) };
}

/** The activity log with one more entry (the 12 newest are kept). */
export function appendActivity(
  log: readonly ActivityEntry[],
  at: number,
  code: ActivityCode,
  params: ActivityParams,
): ActivityEntry[] {
  const activity = log.slice(Math.max(0, log.length - ACTIVITY_LIMIT + 1));
  activity.push({ at, code, params, text: sentence(code, params) });
  return activity;
}

/** The last sentence filled in: a stream of patches logs the same one over and over. */
let lastSentence: { code: ActivityCode; params: ActivityParams; text: string } | null = null;

function sentence(code: ActivityCode, params: ActivityParams): string {
  const last = lastSentence;
  if (last?.code === code) {
    const keys = Object.keys(params);
    if (
      keys.length === Object.keys(last.params).length &&
      keys.every((key) => last.params[key] === params[key])
    ) {
      return last.text;
    }
  }
  const text = fillActivity(ACTIVITY_TEXT[code], params);
  lastSentence = { code, params, text };
  return text;
}

export function fail(state: RunStoreState, failure: RunFailure, at: number): RunStoreState {
  if (!isRunOpen(state.run)) return state;
  const stopped = finishStreaming(state.messages, false);
  const withError = appendErrorPart(stopped, state, failure);
  const next: RunStoreState = {
    ...state,
    run: { ...state.run, status: 'Failed', failure, cause: null },
    messages: withError,
    predictState: [],
    step: null,
  };
  return logActivity(next, at, 'runFailed', {
    run: state.run.number,
    kind: failure.kind,
    reason: failure.reason,
    ...failureParams(failure),
  });
}

function appendErrorPart(
  messages: readonly ChatMessage[],
  state: RunStoreState,
  failure: RunFailure,
): readonly ChatMessage[] {
  // Chat runs show the failure inline; scenario runs show it in the run controls only.
  if (state.run.kind === 'scenario' || state.run.kind === 'recover') return messages;
  const message: ChatMessage = {
    id: `error-${state.run.id ?? state.run.number}`,
    role: 'assistant',
    parts: [{ kind: 'error', failure }],
    streaming: false,
    run: state.run.number,
  };
  return [...messages, message];
}

/** Ends streaming on every message of the run; `stopped` marks a partial answer the user stopped. */
export function finishStreaming(
  messages: readonly ChatMessage[],
  stopped: boolean,
): readonly ChatMessage[] {
  let changed = false;
  const next = messages.map((message) => {
    const streamingTools = message.parts.some(
      (part) => part.kind === 'tool-call' && part.status === 'streaming',
    );
    if (!message.streaming && !streamingTools) return message;
    changed = true;
    const parts = streamingTools
      ? message.parts.map((part) =>
          part.kind === 'tool-call' && part.status === 'streaming'
            ? { ...part, status: 'cancelled' as const }
            : part,
        )
      : message.parts;
    return stopped && message.streaming
      ? { ...message, parts, streaming: false, stopped: true }
      : { ...message, parts, streaming: false };
  });
  return changed ? next : messages;
}

export function findMessageIndex(messages: readonly ChatMessage[], id: string): number {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    if (messages[index]?.id === id) return index;
  }
  return -1;
}

export function replaceAt<T>(items: readonly T[], index: number, item: T): readonly T[] {
  const next = items.slice();
  next[index] = item;
  return next;
}

export interface ToolLocation {
  readonly messageIndex: number;
  readonly partIndex: number;
  readonly part: ToolCallPart;
}

export function findToolCall(
  messages: readonly ChatMessage[],
  toolCallId: string,
): ToolLocation | null {
  for (let messageIndex = messages.length - 1; messageIndex >= 0; messageIndex -= 1) {
    const parts = (messages[messageIndex] as ChatMessage).parts;
    for (let partIndex = parts.length - 1; partIndex >= 0; partIndex -= 1) {
      const part = parts[partIndex] as MessagePart;
      if (part.kind === 'tool-call' && part.id === toolCallId) {
        return { messageIndex, partIndex, part };
      }
    }
  }
  return null;
}

export function updateToolCall(
  state: RunStoreState,
  toolCallId: string,
  update: (part: ToolCallPart) => ToolCallPart,
): RunStoreState {
  const location = findToolCall(state.messages, toolCallId);
  if (!location) return state;
  const message = state.messages[location.messageIndex] as ChatMessage;
  const part = update(location.part);
  if (part === location.part) return state;
  const nextMessage = { ...message, parts: replaceAt(message.parts, location.partIndex, part) };
  return { ...state, messages: replaceAt(state.messages, location.messageIndex, nextMessage) };
}

/** The family of a tool by what this client declared. */
export function toolFamily(name: string, tools: ReadonlyMap<string, ToolDefinition>): ToolFamily {
  const tool = tools.get(name);
  if (tool?.presentation) return 'presentation';
  // `render_a2ui` is A2UI's: its middleware turns it into an `a2ui-surface` activity, never an artifact.
  if (tool?.render || (name.startsWith('render_') && name !== 'render_a2ui')) return 'render';
  if (tool) return 'frontend';
  return 'workflow';
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
