// The pure reducer of AG-UI 1.0 events (all 31 types; unknown ones ignored), loaded with the event pipeline.
import type {
  ActivityDeltaEvent,
  ActivitySnapshotEvent,
  BaseEvent,
  CustomEvent,
  Event as AguiEvent,
  EventType,
  Message as AguiMessage,
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
import {
  fail,
  findMessageIndex,
  findToolCall,
  finishStreaming,
  isPlainObject,
  isRunOpen,
  logActivity,
  newMessage,
  replaceAt,
  toolFamily,
  updateMessage,
  updateToolCall,
  type ReducerContext,
} from './reducer-core.js';
import type {
  Approval,
  Artifact,
  ChatMessage,
  MessagePart,
  MessageRole,
  PredictStateEntry,
  RunStoreState,
  RunStorePlugin,
  ToolCallPart,
} from './types.js';

function appendText(message: ChatMessage, kind: 'text' | 'reasoning', delta: string): ChatMessage {
  const last = message.parts[message.parts.length - 1];
  if (last && last.kind === kind) {
    return {
      ...message,
      parts: replaceAt(message.parts, message.parts.length - 1, { kind, text: last.text + delta }),
    };
  }
  return { ...message, parts: [...message.parts, { kind, text: delta }] };
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part: unknown) =>
        part && typeof part === 'object' && 'text' in part ? String(part.text) : '',
      )
      .join('');
  }
  return JSON.stringify(content ?? null);
}

function upsertArtifact(state: RunStoreState, artifact: Artifact): RunStoreState {
  const index = state.artifacts.findIndex((item) => item.id === artifact.id);
  if (index === -1) return { ...state, artifacts: [...state.artifacts, artifact] };
  return { ...state, artifacts: replaceAt(state.artifacts, index, artifact) };
}

function reconcileViews(
  view: Readonly<Record<string, unknown>>,
  agentState: Readonly<Record<string, unknown>>,
  plugins: readonly RunStorePlugin[],
): Readonly<Record<string, unknown>> {
  let next = view;
  for (const plugin of plugins) {
    if (!plugin.reconcileView) continue;
    const current = view[plugin.id] ?? plugin.initialView;
    const reconciled = plugin.reconcileView(current, agentState);
    if (reconciled !== current) next = { ...next, [plugin.id]: reconciled };
  }
  return next;
}

function acceptState(
  state: RunStoreState,
  value: Record<string, unknown>,
  context: ReducerContext,
  at: number,
  what: string,
): RunStoreState {
  const next: RunStoreState = {
    ...state,
    agentState: { value, runHasSnapshot: true, accepted: state.agentState.accepted + 1 },
    view: reconcileViews(state.view, value, context.plugins),
  };
  return logActivity(next, at, what);
}

function reduceSnapshot(
  state: RunStoreState,
  event: StateSnapshotEvent,
  context: ReducerContext,
  at: number,
): RunStoreState {
  const snapshot: unknown = event.snapshot;
  if (!isPlainObject(snapshot)) {
    return fail(
      state,
      { kind: 'Protocol', reason: 'The state snapshot is not a JSON object.' },
      at,
    );
  }
  const problem = context.validateState?.(snapshot, state.agentState.value) ?? null;
  if (problem) {
    return fail(state, { kind: 'Protocol', reason: `State snapshot rejected: ${problem}` }, at);
  }
  return acceptState(state, snapshot, context, at, `Snapshot accepted (run ${state.run.number})`);
}

function reduceDelta(
  state: RunStoreState,
  event: StateDeltaEvent,
  context: ReducerContext,
  at: number,
): RunStoreState {
  if (!state.agentState.runHasSnapshot) {
    return fail(
      state,
      {
        kind: 'Protocol',
        reason: "A state delta arrived before this run's snapshot; the last valid data is kept.",
      },
      at,
    );
  }
  if (!context.applyDelta) {
    return fail(state, { kind: 'Protocol', reason: 'The patch engine is not loaded.' }, at);
  }
  const result = context.applyDelta(state.agentState.value, event.delta);
  if (!result.ok) {
    return fail(state, { kind: 'Protocol', reason: `State patch rejected: ${result.error}` }, at);
  }
  if (!isPlainObject(result.value)) {
    return fail(
      state,
      { kind: 'Protocol', reason: 'State patch rejected: the result is not a JSON object.' },
      at,
    );
  }
  const problem = context.validateState?.(result.value, state.agentState.value) ?? null;
  if (problem) {
    return fail(state, { kind: 'Protocol', reason: `State patch rejected: ${problem}` }, at);
  }
  return acceptState(state, result.value, context, at, `Patch accepted (run ${state.run.number})`);
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

function readPredictState(value: unknown): readonly PredictStateEntry[] {
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

function renderKey(name: string, props: unknown): string {
  // `render_signal_chart` (a tool call) and `signal_chart` or `SignalChart` (ui_render) name one artifact.
  const component = name.replace(/^(?:render[-_]|Render(?=[A-Z]))/, '');
  return `${component.replace(/[-_]/g, '').toLowerCase()}|${JSON.stringify(props)}`;
}

function reduceCustom(state: RunStoreState, event: CustomEvent, at: number): RunStoreState {
  const value: unknown = event.value;
  switch (event.name) {
    case 'PredictState':
      return { ...state, predictState: readPredictState(value) };
    case 'on_interrupt': {
      const count = state.approvals.filter((approval) => approval.run === state.run.number).length;
      const message =
        typeof value === 'string'
          ? value
          : isPlainObject(value) && typeof value.message === 'string'
            ? value.message
            : undefined;
      const approval: Approval = {
        id: `on_interrupt-${state.run.number}-${count + 1}`,
        kind: 'legacy',
        reason: 'on_interrupt',
        ...(message !== undefined ? { message } : {}),
        value,
        run: state.run.number,
        answer: null,
      };
      return logActivity(
        { ...state, approvals: [...state.approvals, approval] },
        at,
        'The agent asked for approval',
      );
    }
    case 'ui_render': {
      if (!isPlainObject(value) || typeof value.component !== 'string') {
        return logActivity(state, at, 'Ignored a ui_render event without a component name');
      }
      const key = renderKey(value.component, value.props);
      const duplicate = state.artifacts.some(
        (artifact) =>
          artifact.run === state.run.number && renderKey(artifact.name, artifact.props) === key,
      );
      if (duplicate) return state;
      const artifact: Artifact = {
        id: `ui_render-${state.run.number}-${state.artifacts.length + 1}`,
        source: 'ui_render',
        name: value.component,
        props: value.props,
        complete: true,
        ...(typeof value.agent === 'string' ? { agent: value.agent } : {}),
        ...(typeof value.turn_id === 'string' ? { turnId: value.turn_id } : {}),
        run: state.run.number,
      };
      return { ...state, artifacts: [...state.artifacts, artifact] };
    }
    default:
      return state;
  }
}

function toolStart(
  state: RunStoreState,
  toolCallId: string,
  toolCallName: string,
  parentMessageId: string | undefined,
  context: ReducerContext,
): RunStoreState {
  if (findToolCall(state.messages, toolCallId)) return state;
  const family = toolFamily(toolCallName, context.tools);
  const part: ToolCallPart = {
    kind: 'tool-call',
    id: toolCallId,
    name: toolCallName,
    family,
    argsText: '',
    args: undefined,
    status: 'streaming',
  };
  const messageId = parentMessageId ?? toolCallId;
  let next = updateMessage(
    state,
    messageId,
    (message) => ({ ...message, parts: [...message.parts, part] }),
    () => ({ ...newMessage(messageId, 'assistant', state.run.number), streaming: false }),
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

function toolArgs(
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

function toolEnd(
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
    return logActivity(failed, at, error);
  }
  let next = updateToolCall(state, part.id, (current) => ({
    ...current,
    args,
    status: declared?.needsApproval ? 'awaiting-approval' : 'running',
  }));
  if (part.family === 'render') {
    const artifact = next.artifacts.find((item) => item.id === part.id);
    if (artifact) next = upsertArtifact(next, { ...artifact, props: args, complete: true });
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
    next = { ...next, approvals: [...next.approvals, approval] };
  }
  return next;
}

function reduceRunFinished(
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
    const next: RunStoreState = {
      ...base,
      approvals: [...base.approvals, ...approvals],
      run: { ...base.run, status: 'Needs approval' },
    };
    return logActivity(next, at, `Run ${state.run.number} needs approval`);
  }
  if (outcome?.type === 'cancelled') {
    const next: RunStoreState = {
      ...base,
      run: { ...base.run, status: 'Cancelled', cause: 'agent' },
    };
    return logActivity(next, at, `Run ${state.run.number} was cancelled by the agent`);
  }
  const open = base.approvals.some((approval) => approval.answer === null);
  const status = open ? 'Needs approval' : 'Completed';
  return logActivity(
    { ...base, run: { ...base.run, status } },
    at,
    open ? `Run ${state.run.number} needs approval` : `Run ${state.run.number} completed`,
  );
}

function fromAguiMessage(message: AguiMessage, run: number): ChatMessage[] {
  switch (message.role) {
    case 'user':
    case 'system':
    case 'developer':
      return [
        {
          id: message.id,
          role: message.role,
          parts: [{ kind: 'text', text: contentText(message.content) }],
          streaming: false,
          run,
        },
      ];
    case 'assistant': {
      const parts: MessagePart[] = [];
      if (message.content) parts.push({ kind: 'text', text: message.content });
      for (const call of message.toolCalls ?? []) {
        let args: unknown;
        try {
          args = JSON.parse(call.function.arguments) as unknown;
        } catch {
          args = undefined;
        }
        parts.push({
          kind: 'tool-call',
          id: call.id,
          name: call.function.name,
          family: 'workflow',
          argsText: call.function.arguments,
          args,
          status: 'running',
        });
      }
      return [{ id: message.id, role: 'assistant', parts, streaming: false, run }];
    }
    case 'reasoning':
      return [
        {
          id: message.id,
          role: 'reasoning',
          parts: [{ kind: 'reasoning', text: message.content }],
          streaming: false,
          run,
        },
      ];
    case 'activity':
      return [
        {
          id: message.id,
          role: 'activity',
          parts: [],
          streaming: false,
          run,
          activityType: message.activityType,
          activityContent: message.content,
        },
      ];
    case 'tool':
      return [];
    default:
      return [];
  }
}

function reduceMessagesSnapshot(
  state: RunStoreState,
  event: MessagesSnapshotEvent,
  context: ReducerContext,
): RunStoreState {
  const previous = new Map(state.messages.map((message) => [message.id, message]));
  const converted: ChatMessage[] = event.messages.flatMap((message) =>
    fromAguiMessage(message, previous.get(message.id)?.run ?? state.run.number),
  );
  const results = new Map<string, { content: string; id: string; error?: string }>();
  for (const message of event.messages) {
    if (message.role === 'tool') {
      results.set(message.toolCallId, {
        content: contentText(message.content),
        id: message.id,
        ...(message.error !== undefined ? { error: message.error } : {}),
      });
    }
  }
  const messages = converted.map((message) => {
    const parts = message.parts.map((part) => {
      if (part.kind !== 'tool-call') return part;
      const result = results.get(part.id);
      const family = toolFamily(part.name, context.tools);
      return {
        ...part,
        family,
        status: result ? (result.error ? 'failed' : 'done') : part.status,
        ...(result ? { result: result.content, resultMessageId: result.id } : {}),
        ...(result?.error ? { error: result.error } : {}),
      } satisfies ToolCallPart;
    });
    const before = previous.get(message.id);
    // Keep the identity of messages that did not change, so only changed messages re-render.
    if (before && JSON.stringify(before.parts) === JSON.stringify(parts)) return before;
    return { ...message, parts };
  });
  return { ...state, messages };
}

function reduceActivity(
  state: RunStoreState,
  event: ActivitySnapshotEvent | ActivityDeltaEvent,
  context: ReducerContext,
  at: number,
): RunStoreState {
  const index = findMessageIndex(state.messages, event.messageId);
  const existing = index === -1 ? undefined : state.messages[index];
  if (event.type === ('ACTIVITY_SNAPSHOT' as EventType)) {
    const snapshot = event as ActivitySnapshotEvent;
    if (existing && snapshot.replace === false) return state;
    const message: ChatMessage = {
      id: snapshot.messageId,
      role: 'activity',
      parts: [],
      streaming: false,
      run: existing?.run ?? state.run.number,
      activityType: snapshot.activityType,
      activityContent: snapshot.content,
    };
    return index === -1
      ? { ...state, messages: [...state.messages, message] }
      : { ...state, messages: replaceAt(state.messages, index, message) };
  }
  const delta = event as ActivityDeltaEvent;
  if (!existing || !context.applyDelta) {
    return fail(
      state,
      {
        kind: 'Protocol',
        reason: `An activity delta names activity ${delta.messageId}, which has no snapshot.`,
      },
      at,
    );
  }
  const result = context.applyDelta(existing.activityContent ?? {}, delta.patch);
  if (!result.ok || !isPlainObject(result.value)) {
    return fail(
      state,
      {
        kind: 'Protocol',
        reason: `Activity patch rejected: ${result.ok ? 'not an object' : result.error}`,
      },
      at,
    );
  }
  return {
    ...state,
    messages: replaceAt(state.messages, index, { ...existing, activityContent: result.value }),
  };
}

/** Reduces one AG-UI event of the active run; events after the run ended change nothing. */
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
    return fail(
      state,
      { kind: 'Protocol', reason: `The first event must be RUN_STARTED, but ${type} arrived.` },
      at,
    );
  }
  const run = state.run.number;
  switch (type) {
    case 'RUN_STARTED':
      if (state.run.status === 'Streaming') return state;
      return logActivity(
        { ...state, run: { ...state.run, status: 'Streaming' } },
        at,
        `Run ${run} started streaming`,
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
        () => newMessage(start.messageId, role, run),
      );
    }
    case 'TEXT_MESSAGE_CONTENT': {
      const content = event as TextMessageContentEvent;
      return updateMessage(
        state,
        content.messageId,
        (message) => appendText(message, 'text', content.delta),
        () => newMessage(content.messageId, 'assistant', run),
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
        () => newMessage(chunk.messageId as string, 'assistant', run),
      );
    }
    case 'TOOL_CALL_START': {
      const start = event as ToolCallStartEvent;
      return toolStart(state, start.toolCallId, start.toolCallName, start.parentMessageId, context);
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
          chunk.toolCallId,
          chunk.toolCallName,
          chunk.parentMessageId,
          context,
        );
      }
      return chunk.delta ? toolArgs(next, chunk.toolCallId, chunk.delta, context) : next;
    }
    case 'TOOL_CALL_RESULT': {
      const result = event as ToolCallResultEvent;
      return updateToolCall(state, result.toolCallId, (part) => ({
        ...part,
        status: 'done',
        result: contentText(result.content),
        resultMessageId: result.messageId,
        answeredByClient: false,
        answerPending: false,
      }));
    }
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
        () => newMessage(start.messageId, 'reasoning', run),
      );
    }
    case 'REASONING_MESSAGE_CONTENT': {
      const content = event as ReasoningMessageContentEvent;
      return updateMessage(
        state,
        content.messageId,
        (message) => appendText(message, 'reasoning', content.delta),
        () => newMessage(content.messageId, 'reasoning', run),
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
