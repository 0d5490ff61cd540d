// RunStore: one conversation with one agent as an RxJS service object — immutable state$, command methods, one active run.
import type { Message as AguiMessage, ResumeEntry, RunAgentInput, Tool } from '@ag-ui/core';
import {
  BehaviorSubject,
  distinctUntilChanged,
  map,
  type Observable,
  type Subscription,
} from 'rxjs';
import type { EndpointAgentOptions } from '../transport/endpoint-agent.js';
import type * as PipelineNamespace from './pipeline.js';
import { toRunFailure } from '../transport/errors.js';
import type { StoreAction } from './actions.js';
import { EventTap, type TapRecord } from './event-tap.js';
import { createInitialState, isRunOpen, reduce, type ReducerContext } from './reducer.js';
import type {
  AgentLike,
  Approval,
  ApprovalAnswer,
  RunKind,
  RunOptions,
  RunStoreLike,
  RunStoreOptions,
  RunStorePlugin,
  RunStoreState,
  ToolCallPart,
  ToolDefinition,
} from './types.js';

type PipelineModule = typeof PipelineNamespace;

interface ActiveRun {
  readonly token: symbol;
  subscription: Subscription | null;
  ended: boolean;
  /** A host HttpAgent's own AbortController for this run. */
  abortController: AbortController | null;
  agent: AgentLike | null;
}

interface StartOptions {
  readonly kind: RunKind;
  readonly byUser: boolean;
  readonly scenario?: string | null;
  readonly forwardedProps?: Readonly<Record<string, unknown>>;
}

export interface CreateRunStoreOptions extends RunStoreOptions {
  /** An AG-UI endpoint: the store creates its own agent for it on the first run. */
  readonly endpoint?: EndpointAgentOptions;
}

export interface AnswerOptions {
  readonly comment?: string;
}

let threadCounter = 0;

function newThreadId(): string {
  threadCounter += 1;
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${threadCounter}`;
  return `thread-${random}`;
}

function isHttpAgentLike(
  agent: AgentLike,
): agent is AgentLike & { abortController: AbortController } {
  return 'abortController' in agent && 'url' in agent;
}

function answerContent(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value ?? null);
}

/** The store of one run conversation: state, commands and the single active run. */
export class RunStore implements RunStoreLike {
  /** Every state, as immutable snapshots. Emits the current state on subscribe. */
  readonly state$: Observable<RunStoreState>;
  /** Every event the store acts on, each run's input and failures, as plain records (see event-tap.ts). */
  readonly events$: Observable<TapRecord>;

  private readonly subject: BehaviorSubject<RunStoreState>;
  private readonly plugins: RunStorePlugin[] = [];
  private readonly tools = new Map<string, ToolDefinition>();
  private readonly options: CreateRunStoreOptions;
  private readonly now: () => number;
  private agent: AgentLike | null;
  private endpoint: EndpointAgentOptions | null;
  private endpointAgent: AgentLike | null = null;
  private context: ReducerContext;
  private pipeline: Promise<PipelineModule> | null = null;
  private validatorsFor: RunStorePlugin[] | null = null;
  private active: ActiveRun | null = null;
  private disposed = false;
  private messageCount = 0;
  private readonly tap: EventTap;

  constructor(options: CreateRunStoreOptions = {}) {
    this.options = options;
    this.now = options.now ?? (() => Date.now());
    this.agent = options.agent ?? null;
    this.endpoint = options.endpoint ?? null;
    this.subject = new BehaviorSubject(createInitialState(options.threadId ?? newThreadId()));
    this.state$ = this.subject.asObservable();
    this.context = { plugins: this.plugins, tools: this.tools };
    this.tap = new EventTap(() => this.getState().run, this.now);
    this.events$ = this.tap.records$;
  }

  /** The current state. */
  getState(): RunStoreState {
    return this.subject.getValue();
  }

  /** A distinct slice of the state. */
  select<T>(selector: (state: RunStoreState) => T): Observable<T> {
    return this.state$.pipe(map(selector), distinctUntilChanged());
  }

  /** Whether `dispose()` was called. */
  get isDisposed(): boolean {
    return this.disposed;
  }

  /** Uses another agent for the next run (the active run is not touched). */
  setAgent(agent: AgentLike | null): void {
    this.agent = agent;
  }

  /** Uses an endpoint for the next run (the active run is not touched). */
  setEndpoint(endpoint: EndpointAgentOptions | null): void {
    this.endpoint = endpoint;
    this.endpointAgent = null;
  }

  /** Installs a plugin: its view state, its tools and the validator of its key of the agent state. */
  use(plugin: RunStorePlugin): this {
    if (this.plugins.some((installed) => installed.id === plugin.id)) return this;
    this.plugins.push(plugin);
    this.context = { ...this.context, plugins: [...this.plugins] };
    for (const tool of plugin.tools ?? []) this.registerTool(tool);
    this.dispatch({ type: 'plugin-added', plugin });
    return this;
  }

  /** Declares a frontend tool to the agent. Returns a function that removes it again. */
  registerTool<Args>(definition: ToolDefinition<Args>): () => void {
    const tool = definition as ToolDefinition;
    this.tools.set(tool.name, tool);
    this.context = { ...this.context, tools: new Map(this.tools) };
    return () => {
      if (this.tools.get(tool.name) !== tool) return;
      this.tools.delete(tool.name);
      this.context = { ...this.context, tools: new Map(this.tools) };
    };
  }

  /** The tools declared in each run's input. */
  declaredTools(): Tool[] {
    return [...this.tools.values()].map((tool) => ({
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters ?? { type: 'object', properties: {} },
    }));
  }

  /** Replaces the view state of a plugin (filter, selection…). Never sent to the agent. */
  setView(pluginId: string, update: (view: unknown) => unknown): void {
    const plugin = this.plugins.find((installed) => installed.id === pluginId);
    const current = this.getState().view[pluginId] ?? plugin?.initialView;
    let view = update(current);
    if (plugin?.reconcileView) view = plugin.reconcileView(view, this.getState().agentState.value);
    this.dispatch({ type: 'view-set', pluginId, view });
  }

  /** Starts a scenario run (`forwardedProps.scenario`). Answers open approvals as cancelled. */
  run(options: RunOptions = {}): void {
    this.startRun({
      kind: 'scenario',
      byUser: true,
      scenario: options.scenario ?? 'normal',
      ...(options.forwardedProps ? { forwardedProps: options.forwardedProps } : {}),
    });
  }

  /** Sends a chat message and starts a chat run (no scenario). Blank text is ignored. */
  send(text: string): void {
    const trimmed = text.trim();
    if (!trimmed || this.disposed) return;
    this.messageCount += 1;
    this.dispatch({
      type: 'message-added',
      id: `user-${this.getState().run.number + 1}-${this.messageCount}`,
      text: trimmed,
      at: this.now(),
    });
    this.startRun({ kind: 'chat', byUser: true });
  }

  /** Cancels the active run: its request is aborted and its late events change nothing. */
  cancel(): void {
    if (!isRunOpen(this.getState().run)) return;
    this.endActive();
    this.dispatch({ type: 'run-cancelled', cause: 'user', at: this.now() });
  }

  /** After a failure or cancel: one fresh normal run that keeps data, view state and messages. */
  recover(): void {
    const status = this.getState().run.status;
    if (status !== 'Failed' && status !== 'Cancelled') return;
    this.startRun({ kind: 'recover', byUser: true, scenario: 'normal' });
  }

  /** After a failure: repeats the last run (a chat run sends the last user message again). */
  retry(): void {
    const { run } = this.getState();
    if (run.status !== 'Failed' && run.status !== 'Cancelled') return;
    if (run.kind === 'scenario' || run.kind === 'recover') {
      this.startRun({ kind: 'retry', byUser: true, scenario: run.scenario ?? 'normal' });
      return;
    }
    this.dispatch({ type: 'answer-discarded', at: this.now() });
    this.startRun({ kind: 'retry', byUser: true });
  }

  /** Discards the last answer and asks again. */
  regenerate(): void {
    const state = this.getState();
    if (isRunOpen(state.run) || !state.messages.some((message) => message.role === 'user')) return;
    this.dispatch({ type: 'answer-discarded', at: this.now() });
    this.startRun({ kind: 'regenerate', byUser: true });
  }

  /** Starts a new thread: clears messages, approvals, artifacts and in-flight work. */
  reset(): void {
    if (isRunOpen(this.getState().run)) {
      this.endActive();
      this.dispatch({ type: 'run-cancelled', cause: 'reset', at: this.now() });
    }
    this.dispatch({ type: 'reset', threadId: newThreadId(), at: this.now() });
  }

  /** Approves an open approval; when every open item has an answer the next run starts. */
  approve(id: string, options: AnswerOptions = {}): void {
    this.answer(id, { approved: true, ...(options.comment ? { comment: options.comment } : {}) });
  }

  /** Denies an open approval; when every open item has an answer the next run starts. */
  deny(id: string, options: AnswerOptions = {}): void {
    this.answer(id, { approved: false, ...(options.comment ? { comment: options.comment } : {}) });
  }

  /** Ends the active run (Cancelled, cause `disposed`) and completes state$. */
  dispose(): void {
    if (this.disposed) return;
    if (isRunOpen(this.getState().run)) {
      this.endActive();
      this.dispatch({ type: 'run-cancelled', cause: 'disposed', at: this.now() });
    }
    this.disposed = true;
    this.subject.complete();
  }

  private dispatch(action: StoreAction): void {
    if (this.disposed) return;
    const previous = this.getState();
    const next = reduce(previous, action, this.context);
    if (next !== previous) this.subject.next(next);
  }

  private answer(id: string, answer: ApprovalAnswer): void {
    const state = this.getState();
    const approval = state.approvals.find((item) => item.id === id);
    if (!approval || approval.answer !== null) return;
    if (
      approval.expiresAt &&
      new Date(approval.expiresAt).getTime() <= this.now() &&
      !answer.cancelled
    ) {
      this.dispatch({
        type: 'activity-logged',
        text: `Approval ${id} expired at ${approval.expiresAt} and can no longer be answered`,
        at: this.now(),
      });
      return;
    }
    this.dispatch({ type: 'approval-answered', id, answer, at: this.now() });
    if (approval.kind === 'tool') this.answerToolApproval(approval, answer);
    this.continueIfAnswered();
  }

  private answerToolApproval(approval: Approval, answer: ApprovalAnswer): void {
    const toolCallId = approval.toolCallId ?? approval.id;
    const payload = {
      approved: answer.approved,
      ...(answer.comment ? { comment: answer.comment } : {}),
      ...(answer.cancelled ? { cancelled: true } : {}),
    };
    if (!answer.approved) {
      this.dispatch({
        type: 'tool-answered',
        toolCallId,
        content: JSON.stringify(payload),
        status: answer.cancelled ? 'cancelled' : 'denied',
        at: this.now(),
      });
      return;
    }
    const part = this.findToolCall(toolCallId);
    const tool = part ? this.tools.get(part.name) : undefined;
    if (!part || !tool) {
      this.dispatch({
        type: 'tool-answered',
        toolCallId,
        content: JSON.stringify(payload),
        status: 'done',
        at: this.now(),
      });
      return;
    }
    this.runHandler(part, tool, payload);
  }

  private findToolCall(toolCallId: string): ToolCallPart | null {
    const { messages } = this.getState();
    for (let index = messages.length - 1; index >= 0; index -= 1) {
      for (const part of messages[index]?.parts ?? []) {
        if (part.kind === 'tool-call' && part.id === toolCallId) return part;
      }
    }
    return null;
  }

  /** Runs a declared tool's handler and records its answer (wrapped in the approval payload, if any). */
  private runHandler(
    part: ToolCallPart,
    tool: ToolDefinition,
    approval?: { approved: boolean; comment?: string },
  ): void {
    const finish = (value: unknown, error?: string) => {
      const content = approval
        ? JSON.stringify({ ...approval, ...(error ? { error } : { result: value }) })
        : error
          ? JSON.stringify({ error })
          : answerContent(value);
      this.dispatch({
        type: 'tool-answered',
        toolCallId: part.id,
        content,
        status: error ? 'failed' : 'done',
        ...(error ? { error } : {}),
        at: this.now(),
      });
      this.continueIfAnswered();
    };
    const fallback = tool.render ? 'rendered' : tool.presentation ? 'done' : null;
    let value: unknown;
    try {
      value = tool.handler
        ? tool.handler(part.args, { store: this, toolCallId: part.id })
        : fallback;
    } catch (error) {
      finish(undefined, error instanceof Error ? error.message : String(error));
      return;
    }
    if (value && typeof (value as Promise<unknown>).then === 'function') {
      (value as Promise<unknown>).then(
        (resolved) => finish(resolved),
        (error: unknown) =>
          finish(undefined, error instanceof Error ? error.message : String(error)),
      );
      return;
    }
    finish(value);
  }

  /** Starts the next run when a finished run left only answered work: approvals or frontend tool results. */
  private continueIfAnswered(): void {
    const state = this.getState();
    const { run } = state;
    const runTools = this.toolCallsOfRun(run.number);
    const handlersRunning = runTools.some(
      (part) => this.tools.has(part.name) && part.status === 'running',
    );
    if (handlersRunning) return;
    if (run.status === 'Needs approval') {
      const open = state.approvals.filter((approval) => approval.answer === null);
      const answered = state.approvals.filter((approval) => approval.answer !== null);
      if (open.length > 0 || answered.length === 0) return;
      this.startRun({ kind: 'resume', byUser: true });
      return;
    }
    if (run.status !== 'Completed') return;
    const answeredFrontend = runTools.some(
      (part) => part.family === 'frontend' && part.answeredByClient && part.answerPending,
    );
    if (!answeredFrontend) return;
    const limit = this.options.maxFollowUps ?? 3;
    if (run.followUps >= limit) {
      this.dispatch({
        type: 'run-failed',
        failure: {
          kind: 'Protocol',
          reason: `The agent kept calling tools: stopped after ${limit} automatic follow-up runs.`,
        },
        afterCompletion: true,
        at: this.now(),
      });
      return;
    }
    this.startRun({ kind: 'follow-up', byUser: false });
  }

  private toolCallsOfRun(runNumber: number): ToolCallPart[] {
    const parts: ToolCallPart[] = [];
    for (const message of this.getState().messages) {
      if (message.run !== runNumber) continue;
      for (const part of message.parts) if (part.kind === 'tool-call') parts.push(part);
    }
    return parts;
  }

  /** Answers every open approval as cancelled (a new Run or Send while approval is pending). */
  private cancelOpenApprovals(): void {
    for (const approval of this.getState().approvals) {
      if (approval.answer !== null) continue;
      const answer: ApprovalAnswer = { approved: false, cancelled: true };
      this.dispatch({ type: 'approval-answered', id: approval.id, answer, at: this.now() });
      if (approval.kind === 'tool') this.answerToolApproval(approval, answer);
    }
  }

  private startRun(options: StartOptions): void {
    if (this.disposed) return;
    if (isRunOpen(this.getState().run)) this.endActive();
    if (this.getState().run.status === 'Needs approval' && options.kind !== 'resume') {
      this.cancelOpenApprovals();
    }
    const state = this.getState();
    const number = state.run.number + 1;
    const runId = `run-${number}`;
    const input = this.buildInput(state, runId, options);
    const sendState = this.options.sendState === true;
    this.dispatch({
      type: 'run-requested',
      kind: options.kind,
      number,
      runId,
      scenario: options.scenario ?? null,
      sentState: sendState,
      byUser: options.byUser,
      at: this.now(),
    });
    this.tap.runStarted(input);
    const active: ActiveRun = {
      token: Symbol(runId),
      subscription: null,
      ended: false,
      abortController: null,
      agent: null,
    };
    this.active = active;
    this.loadPipeline().then(
      (pipeline) => this.subscribeRun(active, pipeline, input),
      (error: unknown) => {
        if (this.active !== active) return;
        this.active = null;
        this.dispatch({
          type: 'run-failed',
          failure: {
            kind: 'Transport',
            reason: `The event pipeline could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
          },
          at: this.now(),
        });
      },
    );
  }

  private loadPipeline(): Promise<PipelineModule> {
    this.pipeline ??= import('./pipeline.js');
    return this.pipeline.then(async (pipeline) => {
      if (this.validatorsFor === null || this.validatorsFor.length !== this.plugins.length) {
        const plugins = [...this.plugins];
        const validateState = await pipeline.loadStateValidator(plugins);
        this.validatorsFor = plugins;
        this.context = {
          ...this.context,
          reduceEvent: pipeline.reduceEvent,
          applyDelta: pipeline.applyDelta,
          parsePartialJson: pipeline.parsePartialJson,
          validateState,
        };
      }
      return pipeline;
    });
  }

  private resolveAgent(pipeline: PipelineModule): AgentLike | null {
    if (this.agent) return this.agent;
    if (!this.endpoint) return null;
    this.endpointAgent ??= pipeline.createEndpointAgent(this.endpoint);
    return this.endpointAgent;
  }

  private subscribeRun(active: ActiveRun, pipeline: PipelineModule, input: RunAgentInput): void {
    if (this.active !== active || this.disposed) return;
    const agent = this.resolveAgent(pipeline);
    if (!agent) {
      this.active = null;
      this.dispatch({
        type: 'run-failed',
        failure: { kind: 'Transport', reason: 'No agent: give the store an endpoint or an agent.' },
        at: this.now(),
      });
      return;
    }
    active.agent = agent;
    if (isHttpAgentLike(agent)) {
      // After abortRun() an HttpAgent's controller stays aborted: give each run a fresh one.
      active.abortController = new AbortController();
      agent.abortController = active.abortController;
    }
    const isCurrent = () => this.active === active && !active.ended;
    const onRaw = (raw: unknown) => {
      if (isCurrent()) this.tap.rawEvent(raw);
    };
    const subscription = pipeline.runThroughPipeline(agent, input, onRaw).subscribe({
      next: (event) => {
        if (!isCurrent()) return;
        this.tap.act(event, () => this.dispatch({ type: 'agent-event', event, at: this.now() }));
        this.afterEvent(active, event.type, event);
      },
      error: (error: unknown) => {
        if (!isCurrent()) return;
        this.finishActive(active);
        const failure = toRunFailure(error);
        this.tap.act(null, () => this.dispatch({ type: 'run-failed', failure, at: this.now() }));
      },
      complete: () => {
        if (!isCurrent()) return;
        this.finishActive(active);
        this.tap.act(null, () => this.dispatch({ type: 'stream-ended', at: this.now() }));
      },
    });
    active.subscription = subscription;
    if (active.ended) subscription.unsubscribe();
  }

  private afterEvent(active: ActiveRun, type: string, event: unknown): void {
    if (type === 'TOOL_CALL_END') {
      const toolCallId = (event as { toolCallId: string }).toolCallId;
      const part = this.findToolCall(toolCallId);
      const tool = part ? this.tools.get(part.name) : undefined;
      if (part && tool && part.status === 'running') this.runHandler(part, tool);
    }
    if (!isRunOpen(this.getState().run)) {
      // The run ended (finished, failed on a rejected patch…): stop reading and abort the request.
      this.finishActive(active);
      this.continueIfAnswered();
    }
  }

  /** Marks a run as over without aborting it (its stream ended by itself). */
  private finishActive(active: ActiveRun): void {
    if (this.active !== active) return;
    this.active = null;
    active.ended = true;
    active.subscription?.unsubscribe();
  }

  /** Ends the active run: unsubscribes (which aborts our own requests) and aborts a host's agent. */
  private endActive(): void {
    const active = this.active;
    if (!active) return;
    this.active = null;
    active.ended = true;
    active.subscription?.unsubscribe();
    if (active.abortController) active.abortController.abort();
    else if (active.agent && active.agent !== this.endpointAgent) active.agent.abortRun?.();
  }

  private buildInput(state: RunStoreState, runId: string, options: StartOptions): RunAgentInput {
    const forwardedProps: Record<string, unknown> = { ...options.forwardedProps };
    if (options.scenario) forwardedProps.scenario = options.scenario;
    const answered = state.approvals.filter((approval) => approval.answer !== null);
    const resume: ResumeEntry[] = answered
      .filter((approval) => approval.kind === 'interrupt')
      .map((approval) => {
        const answer = approval.answer as ApprovalAnswer;
        if (answer.cancelled) return { interruptId: approval.id, status: 'cancelled' as const };
        return {
          interruptId: approval.id,
          status: 'resolved' as const,
          payload: {
            approved: answer.approved,
            ...(answer.comment ? { comment: answer.comment } : {}),
          },
        };
      });
    const legacy = answered.filter((approval) => approval.kind === 'legacy').pop();
    if (legacy?.answer) {
      forwardedProps.command = {
        resume: {
          approved: legacy.answer.approved,
          ...(legacy.answer.comment ? { comment: legacy.answer.comment } : {}),
          ...(legacy.answer.cancelled ? { cancelled: true } : {}),
        },
      };
    }
    const input: RunAgentInput = {
      threadId: state.threadId,
      runId,
      messages: toAguiMessages(state, this.tools),
      tools: this.declaredTools(),
      context: [...(this.options.context ?? [])],
      forwardedProps,
      ...(resume.length > 0 ? { resume } : {}),
      ...(this.options.sendState ? { state: state.agentState.value } : {}),
    };
    return input;
  }
}

/** The conversation as AG-UI messages: text, tool calls and their answers; view state never enters. */
export function toAguiMessages(
  state: RunStoreState,
  tools: ReadonlyMap<string, ToolDefinition>,
): AguiMessage[] {
  const messages: AguiMessage[] = [];
  for (const message of state.messages) {
    const text = message.parts
      .map((part) => (part.kind === 'text' || part.kind === 'reasoning' ? part.text : ''))
      .join('');
    switch (message.role) {
      case 'user':
      case 'system':
      case 'developer':
        messages.push({ id: message.id, role: message.role, content: text });
        break;
      case 'reasoning':
        messages.push({ id: message.id, role: 'reasoning', content: text });
        break;
      case 'activity':
        break;
      case 'assistant': {
        const calls = message.parts.filter(
          (part): part is ToolCallPart => part.kind === 'tool-call' && part.status !== 'streaming',
        );
        if (!text && calls.length === 0) break;
        messages.push({
          id: message.id,
          role: 'assistant',
          ...(text ? { content: text } : {}),
          ...(calls.length > 0
            ? {
                toolCalls: calls.map((part) => ({
                  id: part.id,
                  type: 'function' as const,
                  function: { name: part.name, arguments: part.argsText || '{}' },
                })),
              }
            : {}),
        });
        for (const part of calls) {
          if (part.result !== undefined) {
            messages.push({
              id: part.resultMessageId ?? `result-${part.id}`,
              role: 'tool',
              toolCallId: part.id,
              content: part.result,
              ...(part.error ? { error: part.error } : {}),
            });
          } else if (tools.has(part.name)) {
            // Every call of a tool this client declared is answered, even one the run left behind.
            messages.push({
              id: `result-${part.id}`,
              role: 'tool',
              toolCallId: part.id,
              content: JSON.stringify({ cancelled: true }),
              error: 'The run ended before this call was answered.',
            });
          }
        }
        break;
      }
      default: {
        const unknownRole: never = message.role;
        void unknownRole;
      }
    }
  }
  return messages;
}
