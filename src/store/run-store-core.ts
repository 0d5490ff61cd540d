// RunStoreCore: one conversation with one agent as an RxJS service object — immutable state$, the run commands, one
// active run. RunStore (run-store.ts) adds saved threads, the channel and capabilities.
import type { BaseEvent, RunAgentInput, Tool } from '@ag-ui/core';
import { BehaviorSubject, distinctUntilChanged, map, type Observable } from 'rxjs';
import { createChannelLink, type ChannelLink } from '../channel/link.js';
import type { EndpointAgentOptions } from '../transport/endpoint-agent.js';
import { StopRequests, type StopEndpointOptions } from '../transport/stop-request.js';
import { NO_AGENT, pipelineFailure } from '../transport/start-failures.js';
import type { StoreAction } from './actions.js';
import { ActiveRun } from './active-run.js';
import { AgentSource } from './agent-source.js';
import { ApprovalAnswers, cancelOpenApprovals } from './approval-answers.js';
import { declaredTools } from './declared-tools.js';
import { SavedThreads } from './saved-threads.js';
import { Settler } from './settler.js';
import { PipelineLoader, type PipelineModule } from './stages-loader.js';
import { askCapabilities } from './capabilities.js';
import { randomId } from './ids.js';
import { EventTap, type TapRecord } from './event-tap.js';
import { createInitialState, isRunOpen, reduce, type ReducerContext } from './reducer.js';
import { restoreState } from './restore.js';
import type { RunInputOptions } from './run-input.js';
import type { AnswerOptions, CreateRunStoreOptions, StartOptions } from './store-options.js';
import type {
  AgentLike,
  RunOptions,
  RunStoreLike,
  RunStorePlugin,
  RunStoreState,
  SendOptions,
  ToolDefinition,
} from './types.js';

export type { AnswerOptions, CreateRunStoreOptions } from './store-options.js';

/** How long a run's response may stay open after its terminal event before it is aborted. */
const DRAIN_MS = 2000;

/** The store of one run conversation: state, commands and the single active run. */
export class RunStoreCore implements RunStoreLike {
  /** Every state, as immutable snapshots. Emits the current state on subscribe. */
  readonly state$: Observable<RunStoreState>;
  /** Every event the store acts on, each run's input and failures, as plain records (see event-tap.ts). */
  readonly events$: Observable<TapRecord>;

  private readonly subject: BehaviorSubject<RunStoreState>;
  private readonly plugins: RunStorePlugin[] = [];
  private readonly tools = new Map<string, ToolDefinition>();
  private readonly options: CreateRunStoreOptions;
  protected readonly now: () => number;
  /** Approval answers, and the tool runner once the pipeline (which holds it) has loaded. */
  private readonly answers: ApprovalAnswers;
  protected readonly agents: AgentSource;
  private context: ReducerContext;
  protected readonly loader = new PipelineLoader();
  private active: ActiveRun | null = null;
  /** The previous run, its response finishing after its terminal event. */
  private draining: ActiveRun | null = null;
  private readonly stops: StopRequests;
  protected disposed = false;
  protected readonly settler = new Settler();
  protected readonly saved: SavedThreads | null;
  protected readonly channel: ChannelLink;
  protected readonly tap: EventTap;
  /** Runs in a row without the person before the store stops (default 3). */
  protected readonly maxFollowUps: number;

  constructor(options: CreateRunStoreOptions = {}) {
    this.options = options;
    this.now = options.now ?? (() => Date.now());
    this.maxFollowUps = options.maxFollowUps ?? 3;
    this.agents = new AgentSource(
      options.agent ?? null,
      options.endpoint ?? null,
      options.connectEndpoint ?? null,
    );
    this.stops = new StopRequests(
      options.stopEndpoint ?? null,
      (...stop) => this.loader.module().then((pipeline) => pipeline.postStop(...stop)),
      (params) =>
        this.report({ type: 'activity-logged', code: 'stopFailed', params, at: this.now() }),
    );
    const threadId = options.threadId ?? randomId('thread');
    const initial =
      options.restore !== undefined
        ? restoreState(options.restore, threadId, this.now())
        : createInitialState(threadId);
    this.subject = new BehaviorSubject(initial);
    this.state$ = this.subject.asObservable();
    this.context = { plugins: this.plugins, tools: this.tools };
    this.answers = new ApprovalAnswers(
      {
        store: this,
        tools: this.tools,
        maxFollowUps: this.maxFollowUps,
        getState: () => this.getState(),
        dispatch: (action) => this.dispatch(action),
        startRun: (kind, byUser) => this.startRun({ kind, byUser }),
        now: () => this.now(),
        settle: (work) => this.settler.settle(work),
      },
      () => this.loader.module(),
    );
    this.answers.watch(initial);
    this.saved = options.persist
      ? new SavedThreads(options.persist, this, {
          dispatch: (action) => this.report(action),
          reattach: () => {
            if (this.agents.canReattach) this.startRun({ kind: 'reattach', byUser: false });
          },
          now: () => this.now(),
        })
      : null;
    this.channel = createChannelLink(
      (action) => this.dispatch(action),
      () => this.getState(),
      this.now,
    );
    if (options.channel) this.channel.set(options.channel);
    this.tap = new EventTap(() => this.getState(), this.now);
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

  /**
   * Calls back once the store has finished handling the command or event under way (at once when it is idle), so
   * a callback may use the store's commands. Host events are fired from here.
   */
  whenSettled(callback: () => void): void {
    this.settler.whenSettled(callback);
  }

  /** Uses another agent for the next run (the active run is not touched). */
  setAgent(agent: AgentLike | null): void {
    this.agents.agent = agent;
  }

  /** Uses an endpoint for the next run (the active run is not touched). */
  setEndpoint(endpoint: EndpointAgentOptions | null): void {
    this.agents.setEndpoint(endpoint);
  }

  /** POSTs to this endpoint when the store cancels a run for the user (null: no stop requests). */
  setStopEndpoint(endpoint: StopEndpointOptions | null): void {
    this.stops.endpoint = endpoint;
  }

  /** Reattaches a restored in-flight run through this endpoint (null: only an agent's `connect`). */
  setConnectEndpoint(endpoint: EndpointAgentOptions | null): void {
    this.agents.connectEndpoint = endpoint;
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

  /** Sends a chat message (text, then `attachments` in order) and starts a chat run. Blank and empty is ignored. */
  send(text: string, options: SendOptions = {}): void {
    const trimmed = text.trim();
    const attachments = options.attachments ?? [];
    if ((!trimmed && attachments.length === 0) || this.disposed) return;
    this.settler.settle(() => {
      this.dispatch({
        type: 'message-added',
        id: randomId('user'),
        text: trimmed,
        ...(attachments.length > 0 ? { attachments: [...attachments] } : {}),
        at: this.now(),
      });
      this.startRun({ kind: 'chat', byUser: true });
    });
  }

  /** Asks the agent's `getCapabilities()` once (on first use, never at idle); the answer is `state.capabilities`. */
  requestCapabilities(): void {
    if (!this.disposed)
      askCapabilities(this.agents.agent, this.getState(), (a) => this.dispatch(a), this.now);
  }
  /** Cancels the active run: its request is aborted and its late events change nothing. */
  cancel(): void {
    if (!isRunOpen(this.getState().run)) return;
    this.settler.settle(() => {
      this.endActive(true);
      this.dispatch({ type: 'run-cancelled', cause: 'user', at: this.now() });
    });
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
    this.settler.settle(() => {
      this.dispatch({ type: 'answer-discarded', at: this.now() });
      this.startRun({ kind: 'retry', byUser: true });
    });
  }

  /** Asks again for the last answer: a new version of it, the previous one kept beside it (a branch). */
  regenerate(): void {
    const state = this.getState();
    const lastUser = state.messages.findLast((message) => message.role === 'user');
    if (isRunOpen(state.run) || !lastUser) return;
    this.settler.settle(() => {
      this.dispatch({ type: 'branch-started', after: lastUser.id });
      this.startRun({ kind: 'regenerate', byUser: true });
    });
  }

  /** Starts a new thread: clears messages, approvals, artifacts and in-flight work. */
  reset(): void {
    this.settler.settle(() => {
      if (isRunOpen(this.getState().run)) {
        this.endActive(true);
        this.dispatch({ type: 'run-cancelled', cause: 'reset', at: this.now() });
      }
      this.dispatch({ type: 'reset', threadId: randomId('thread'), at: this.now() });
    });
  }

  /** Approves an open approval; when every open item has an answer the next run starts. */
  approve(id: string, options: AnswerOptions = {}): void {
    this.answers.answer(id, {
      approved: true,
      ...(options.comment ? { comment: options.comment } : {}),
    });
  }

  /** Denies an open approval; when every open item has an answer the next run starts. */
  deny(id: string, options: AnswerOptions = {}): void {
    this.answers.answer(id, {
      approved: false,
      ...(options.comment ? { comment: options.comment } : {}),
    });
  }

  /** Ends the active run (Cancelled, cause `disposed`) and completes state$. */
  dispose(): void {
    if (this.disposed) return;
    this.settler.settle(() => {
      if (isRunOpen(this.getState().run)) {
        // Not a stop request: the page going away is no reason to end the server's run (it may be reattached).
        this.endActive(false);
        this.dispatch({ type: 'run-cancelled', cause: 'disposed', at: this.now() });
      }
      this.draining?.finish();
    });
    this.channel.close();
    this.saved?.dispose();
    this.disposed = true;
    this.subject.complete();
  }

  protected dispatch(action: StoreAction): void {
    if (this.disposed) return;
    this.settler.settle(() => {
      const previous = this.getState();
      const next = reduce(previous, action, this.context);
      if (next === previous) return;
      this.subject.next(next);
      // A restored or switched-to thread may hold approvals: what answers them starts loading.
      if (next.approvals !== previous.approvals) this.answers.watch(next);
      if (next.threadId !== previous.threadId) this.threadChanged();
    });
  }

  /** Another thread is shown (New thread, a saved one); RunStore ends what belonged to the last one. */
  protected threadChanged(): void {}

  /** Dispatches work that arrives later (a stop's failure, a saved thread) as one store operation. */
  private report(action: StoreAction): void {
    this.settler.settle(() => this.dispatch(action));
  }

  protected startRun(options: StartOptions): void {
    if (this.disposed) return;
    this.settler.settle(() => this.beginRun(options));
  }

  private beginRun(options: StartOptions): void {
    this.requestCapabilities();
    if (isRunOpen(this.getState().run)) this.endActive(true);
    this.draining?.finish();
    this.draining = null;
    if (this.getState().run.status === 'Needs approval' && options.kind !== 'resume') {
      cancelOpenApprovals(this.getState(), (action) => this.dispatch(action), this.now);
    }
    const state = this.getState();
    const number = state.run.number + 1;
    const runId = randomId('run');
    const reattach = options.kind === 'reattach';
    if (reattach) this.dispatch({ type: 'reattach-requested', runId, at: this.now() });
    // The input is built once the pipeline (which holds its builder) has loaded, from the state of this moment.
    const inputState = this.getState();
    const inputOptions: RunInputOptions = {
      runId,
      scenario: options.scenario ?? null,
      ...(options.forwardedProps ? { forwardedProps: options.forwardedProps } : {}),
      tools: new Map(this.tools),
      ...(this.options.context ? { context: this.options.context } : {}),
      sendState: this.options.sendState === true,
    };
    if (!reattach) {
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
    }
    const stamp = this.tap.runRequested();
    const active = new ActiveRun(runId);
    this.active = active;
    // Callbacks of one promise run in order: run-start records follow the order the runs were requested in.
    const input = this.loader.module().then((pipeline) => {
      const built = pipeline.buildRunInput(inputState, inputOptions);
      this.tap.runStarted(built, stamp);
      this.answers.ready(pipeline);
      return built;
    });
    const pipeline = this.loader.load(this.plugins, (parts) => {
      this.context = { ...this.context, ...parts };
    });
    Promise.all([pipeline, input, this.stops.settledFor(state.threadId)]).then(
      ([pipeline, input]) =>
        this.settler.settle(() => this.subscribeRun(active, pipeline, input, reattach)),
      (error: unknown) =>
        this.settler.settle(() => {
          if (this.active !== active) return;
          this.active = null;
          this.dispatch({ type: 'run-failed', failure: pipelineFailure(error), at: this.now() });
        }),
    );
  }

  private subscribeRun(
    active: ActiveRun,
    pipeline: PipelineModule,
    input: RunAgentInput,
    reattach: boolean,
  ): void {
    if (this.active !== active || this.disposed) return;
    const agent = reattach ? this.agents.connector(pipeline) : this.agents.resolve(pipeline);
    if (!agent) {
      this.active = null;
      this.dispatch({ type: 'run-failed', failure: NO_AGENT, at: this.now() });
      return;
    }
    active.attach(agent);
    // A connect stream that fails or holds nothing running leaves the run as the page left it.
    const passed = { count: 0 };
    const events = pipeline.runThroughPipeline(agent, input, (raw) => {
      if (this.active === active && !active.ended) this.tap.rawEvent(raw);
    });
    const stream = pipeline.withStoreIds(events, this.getState(), active.runId, reattach && passed);
    active.listen(stream, {
      isCurrent: () => this.active === active && !active.ended,
      event: (event) => this.settler.settle(() => this.handleEvent(active, event)),
      // The stream ended without its terminal event (an error, or it completed).
      end: (error) =>
        this.settler.settle(() => {
          this.finishActive(active);
          if (reattach && passed.count <= 1) {
            this.dispatch({ type: 'run-cancelled', cause: 'page-closed', at: this.now() });
          } else if (error === undefined) {
            this.tap.act(null, () => this.dispatch({ type: 'stream-ended', at: this.now() }));
          } else {
            const failure = pipeline.toRunFailure(error);
            this.tap.act(null, () =>
              this.dispatch({ type: 'run-failed', failure, at: this.now() }),
            );
          }
        }),
    });
  }

  private handleEvent(active: ActiveRun, event: BaseEvent): void {
    this.tap.act(event, () => this.dispatch({ type: 'agent-event', event, at: this.now() }));
    if (event.type === 'TOOL_CALL_END') {
      this.answers.runner?.handleCallEnded((event as unknown as { toolCallId: string }).toolCallId);
    }
    if (!isRunOpen(this.getState().run)) {
      // Ended by the agent's terminal event: let the response finish. Failed by the store (a rejected patch, an
      // ordering violation): stop reading and abort the request.
      const terminal = event.type === 'RUN_FINISHED' || event.type === 'RUN_ERROR';
      this.finishActive(active, terminal);
      this.answers.runner?.continueIfAnswered();
    }
  }

  /** Marks a run as over without aborting a host agent (its stream ended, or is let finish when `drain`). */
  private finishActive(active: ActiveRun, drain = false): void {
    if (this.active !== active) return;
    this.active = null;
    if (!drain) {
      active.finish();
      return;
    }
    active.drain(DRAIN_MS);
    if (active.open) this.draining = active;
  }

  /**
   * Ends the active run: unsubscribes (which aborts our own requests) and aborts a host's agent. `forUser`: the
   * person (or the host for them) cancelled it, so the stop endpoint hears of it too.
   */
  private endActive(forUser: boolean): void {
    const active = this.active;
    if (!active) return;
    this.active = null;
    active.abort(this.agents.own);
    if (forUser) this.stops.request(this.getState().threadId, active.runId);
  }
}
