// RunStore: one conversation with one agent as an RxJS service object — immutable state$, command methods, one active run.
import type { BaseEvent, RunAgentInput, Tool } from '@ag-ui/core';
import { BehaviorSubject, distinctUntilChanged, map, type Observable } from 'rxjs';
import type { EndpointAgentOptions } from '../transport/endpoint-agent.js';
import type * as PipelineNamespace from './pipeline.js';
import { toRunFailure } from '../transport/errors.js';
import type { StoreAction } from './actions.js';
import { ActiveRun } from './active-run.js';
import { randomId } from './ids.js';
import { createInitialState, isRunOpen, reduce, type ReducerContext } from './reducer.js';
import { restoreState } from './restore.js';
import { buildRunInput, declaredTools } from './run-input.js';
import { ToolRunner } from './tool-runner.js';
import type {
  AgentLike,
  ApprovalAnswer,
  CancelCause,
  MessageFeedback,
  RunKind,
  RunOptions,
  RunStoreLike,
  RunStoreOptions,
  RunStorePlugin,
  RunStoreState,
  ToolDefinition,
} from './types.js';

type PipelineModule = typeof PipelineNamespace;

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

/** The store of one run conversation: state, commands and the single active run. */
export class RunStore implements RunStoreLike {
  /** Every state, as immutable snapshots. Emits the current state on subscribe. */
  readonly state$: Observable<RunStoreState>;

  private readonly subject: BehaviorSubject<RunStoreState>;
  private readonly plugins: RunStorePlugin[] = [];
  private readonly tools = new Map<string, ToolDefinition>();
  private readonly options: CreateRunStoreOptions;
  private readonly now: () => number;
  private readonly toolRunner: ToolRunner;
  private agent: AgentLike | null;
  private endpoint: EndpointAgentOptions | null;
  private endpointAgent: AgentLike | null = null;
  private context: ReducerContext;
  private pipeline: Promise<PipelineModule> | null = null;
  private validatorsFor: RunStorePlugin[] | null = null;
  private active: ActiveRun | null = null;
  private disposed = false;
  /** How deep the store is in handling a command or an event; host callbacks wait until it is 0. */
  private depth = 0;
  private readonly settledQueue: (() => void)[] = [];

  constructor(options: CreateRunStoreOptions = {}) {
    this.options = options;
    this.now = options.now ?? (() => Date.now());
    this.agent = options.agent ?? null;
    this.endpoint = options.endpoint ?? null;
    const threadId = options.threadId ?? randomId('thread');
    const initial =
      options.restore !== undefined
        ? restoreState(options.restore, threadId, this.now())
        : createInitialState(threadId);
    this.subject = new BehaviorSubject(initial);
    this.state$ = this.subject.asObservable();
    this.context = { plugins: this.plugins, tools: this.tools };
    this.toolRunner = new ToolRunner({
      store: this,
      tools: this.tools,
      maxFollowUps: options.maxFollowUps ?? 3,
      getState: () => this.getState(),
      dispatch: (action) => this.dispatch(action),
      startRun: (kind, byUser) => this.startRun({ kind, byUser }),
      now: () => this.now(),
      settle: (work) => this.settle(work),
    });
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

  /**
   * Calls back once the store has finished handling the command or event under way (at once when it is idle), so
   * a callback may use the store's commands. Host events are fired from here.
   */
  whenSettled(callback: () => void): void {
    if (this.depth === 0) callback();
    else this.settledQueue.push(callback);
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
    return declaredTools(this.tools);
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
    this.settle(() => {
      this.dispatch({ type: 'message-added', id: randomId('user'), text: trimmed, at: this.now() });
      this.startRun({ kind: 'chat', byUser: true });
    });
  }

  /** Cancels the active run: its request is aborted and its late events change nothing. */
  cancel(): void {
    if (!isRunOpen(this.getState().run)) return;
    this.settle(() => this.stopRun('user'));
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
    this.settle(() => {
      this.dispatch({ type: 'answer-discarded', at: this.now() });
      this.startRun({ kind: 'retry', byUser: true });
    });
  }

  /** Asks again for the last answer: a new version of it, the previous one kept beside it (a branch). */
  regenerate(): void {
    const state = this.getState();
    const lastUser = state.messages.findLast((message) => message.role === 'user');
    if (isRunOpen(state.run) || !lastUser) return;
    this.settle(() => {
      this.dispatch({ type: 'branch-started', after: lastUser.id });
      this.startRun({ kind: 'regenerate', byUser: true });
    });
  }

  /** Edits a person's message: a new version of the conversation from there on, sent as a chat run. */
  edit(messageId: string, text: string): void {
    const { messages } = this.getState();
    const index = messages.findIndex((item) => item.id === messageId && item.role === 'user');
    if (index === -1 || !text.trim() || this.disposed) return;
    this.settle(() => {
      this.stopRun('user');
      this.dispatch({ type: 'branch-started', after: messages[index - 1]?.id ?? null });
      this.send(text);
    });
  }

  /** Shows version `index` of the branch point after message `after` (a streaming run is cancelled first). */
  selectVersion(after: string | null, index: number): void {
    this.settle(() => {
      this.stopRun('user');
      this.dispatch({ type: 'version-selected', after, index });
    });
  }

  /** Records (or, with null, clears) a person's feedback on a message; it is never sent to the agent. */
  setFeedback(messageId: string, feedback: MessageFeedback | null): void {
    this.dispatch({ type: 'feedback-set', messageId, feedback });
  }

  /** Starts a new thread: clears messages, approvals, artifacts and in-flight work. */
  reset(): void {
    this.settle(() => {
      this.stopRun('reset');
      this.dispatch({ type: 'reset', threadId: randomId('thread'), at: this.now() });
    });
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
    this.settle(() => this.stopRun('disposed'));
    this.disposed = true;
    this.subject.complete();
  }

  /** Runs one store operation; callbacks queued by `whenSettled` run once the outermost one is done. */
  private settle(work: () => void): void {
    this.depth += 1;
    try {
      work();
    } finally {
      this.depth -= 1;
      if (this.depth === 0) this.flushSettled();
    }
  }

  private flushSettled(): void {
    while (this.settledQueue.length > 0 && this.depth === 0) {
      const callback = this.settledQueue.shift() as () => void;
      try {
        callback();
      } catch (error) {
        // A host callback that throws must not stop the others, nor break the store: report it as uncaught.
        setTimeout(() => {
          throw error;
        });
      }
    }
  }

  private dispatch(action: StoreAction): void {
    if (this.disposed) return;
    this.settle(() => {
      const previous = this.getState();
      const next = reduce(previous, action, this.context);
      if (next !== previous) this.subject.next(next);
    });
  }

  private answer(id: string, answer: ApprovalAnswer): void {
    const state = this.getState();
    const approval = state.approvals.find((item) => item.id === id);
    if (!approval || approval.answer !== null) return;
    this.settle(() => {
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
      if (approval.kind === 'tool') this.toolRunner.answerToolApproval(approval, answer);
      this.toolRunner.continueIfAnswered();
    });
  }

  private startRun(options: StartOptions): void {
    if (this.disposed) return;
    this.settle(() => this.beginRun(options));
  }

  private beginRun(options: StartOptions): void {
    if (isRunOpen(this.getState().run)) this.endActive();
    if (this.getState().run.status === 'Needs approval' && options.kind !== 'resume') {
      this.toolRunner.cancelOpenApprovals();
    }
    const state = this.getState();
    const number = state.run.number + 1;
    const runId = randomId('run');
    const input = buildRunInput(state, {
      runId,
      scenario: options.scenario ?? null,
      ...(options.forwardedProps ? { forwardedProps: options.forwardedProps } : {}),
      tools: this.tools,
      ...(this.options.context ? { context: this.options.context } : {}),
      sendState: this.options.sendState === true,
    });
    this.dispatch({
      type: 'run-requested',
      kind: options.kind,
      number,
      runId,
      scenario: options.scenario ?? null,
      sentState: this.options.sendState === true,
      byUser: options.byUser,
      at: this.now(),
    });
    const active = new ActiveRun(runId);
    this.active = active;
    this.loadPipeline().then(
      (pipeline) => this.settle(() => this.subscribeRun(active, pipeline, input)),
      (error: unknown) =>
        this.settle(() => {
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
        }),
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
    active.attach(agent);
    const isCurrent = () => this.active === active && !active.ended;
    const subscription = pipeline.runThroughPipeline(agent, input).subscribe({
      next: (event) => {
        if (isCurrent()) this.settle(() => this.handleEvent(active, event));
      },
      error: (error: unknown) => {
        if (!isCurrent()) return;
        this.settle(() => {
          this.finishActive(active);
          this.dispatch({ type: 'run-failed', failure: toRunFailure(error), at: this.now() });
        });
      },
      complete: () => {
        if (!isCurrent()) return;
        this.settle(() => {
          this.finishActive(active);
          this.dispatch({ type: 'stream-ended', at: this.now() });
        });
      },
    });
    active.hold(subscription);
  }

  private handleEvent(active: ActiveRun, event: BaseEvent): void {
    this.dispatch({ type: 'agent-event', event, at: this.now() });
    if (event.type === 'TOOL_CALL_END') {
      this.toolRunner.handleCallEnded((event as unknown as { toolCallId: string }).toolCallId);
    }
    if (!isRunOpen(this.getState().run)) {
      // The run ended (finished, failed on a rejected patch…): stop reading and abort the request.
      this.finishActive(active);
      this.toolRunner.continueIfAnswered();
    }
  }

  /** Marks a run as over without aborting it (its stream ended by itself). */
  private finishActive(active: ActiveRun): void {
    if (this.active !== active) return;
    this.active = null;
    active.finish();
  }

  /** Cancels an open run for this cause (its request is aborted). */
  private stopRun(cause: CancelCause): void {
    if (!isRunOpen(this.getState().run)) return;
    this.endActive();
    this.dispatch({ type: 'run-cancelled', cause, at: this.now() });
  }

  /** Ends the active run: unsubscribes (which aborts our own requests) and aborts a host's agent. */
  private endActive(): void {
    const active = this.active;
    if (!active) return;
    this.active = null;
    active.abort(this.endpointAgent);
  }
}

export { toAguiMessages } from './run-input.js';
