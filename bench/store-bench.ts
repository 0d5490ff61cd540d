// Store throughput in the browser: this RunStore vs @ag-ui/client's defaultApplyEvents on the same events.
// Bundled by scripts/bench.mjs and driven through `window.runBench(options)`; the page only measures, Node judges.
import { AbstractAgent, defaultApplyEvents, type AgentStateMutation } from '@ag-ui/client';
import type { BaseEvent, Message, RunAgentInput } from '@ag-ui/core';
import { EMPTY, Subject, type Observable } from 'rxjs';
import { createAnalysisPlugin } from '../src/analysis/index.js';
import { RunStore } from '../src/store/index.js';
import type { AgentLike, RunStoreState } from '../src/store/index.js';
import {
  runBreakdown,
  type BreakdownCase,
  type BreakdownCaseId,
  type BreakdownHelpers,
} from './store-breakdown.js';

export type CaseId =
  | 'store-tokens-small'
  | 'store-tokens-large'
  | 'ref-tokens-small'
  | 'ref-tokens-large'
  | 'store-deltas'
  | 'ref-deltas'
  | 'store-deltas-validated';

export interface BenchOptions {
  /** Timed events per measurement. */
  readonly events: number;
  /** Measurements per case; Node takes the median. */
  readonly reps: number;
  /** Events per warm-up measurement (each case once, not recorded). */
  readonly warmupEvents: number;
  /** The conversation sizes of the token cases. */
  readonly smallConversation: number;
  readonly largeConversation: number;
  /** Services in the agent state of the delta cases. */
  readonly services: number;
  /** Cases to run (all when absent). */
  readonly cases?: readonly CaseId[];
}

export interface CaseResult {
  readonly id: CaseId;
  readonly events: number;
  /** Milliseconds of each measurement. */
  readonly runs: number[];
  /** console.* calls made while the case ran (swallowed so they do not dominate the timing). */
  consoleCalls: number;
  consoleSamples: string[];
  /** state$ emissions per timed event (store cases). */
  emissionsPerEvent?: number;
}

export interface BenchResults {
  readonly userAgent: string;
  readonly crossOriginIsolated: boolean;
  readonly gcExposed: boolean;
  readonly cases: CaseResult[];
}

declare global {
  interface Window {
    runBench(options: BenchOptions): Promise<BenchResults>;
    /** Times each stage of a delta and of a token alone, beside the whole store (`--breakdown`). */
    runBreakdown(options: BenchOptions): Promise<BreakdownCase[]>;
    /** Runs one case once (for a CPU profile around it). */
    runCase(id: CaseId, events: number, options: BenchOptions): Promise<number>;
    benchProgress?: (line: string) => Promise<void>;
    /** Set only while profiling: called around each timed section. */
    benchTimedStart?: () => Promise<void>;
    /** With `--cpu-time`: the main thread's CPU time since `benchTimedStart` (ms), which replaces the wall time. */
    benchTimedEnd?: () => Promise<number | undefined>;
    gc?: () => void;
  }
}

const THREAD = 'bench-thread';
const WORDS = [
  'the',
  'latency',
  'of',
  'search',
  'rose',
  'after',
  'deploy',
  'and',
  'queue',
  'depth',
];
const TIMEOUT_MS = 120_000;

// ---------------------------------------------------------------------------------------------
// Console: counted per case and swallowed, so a warning per event cannot dominate the measurement.

const consoleCounter = { calls: 0, samples: [] as string[] };

function installConsoleCounter(): void {
  const methods = ['log', 'info', 'warn', 'error', 'debug'] as const;
  for (const method of methods) {
    console[method] = (...args: unknown[]) => {
      consoleCounter.calls += 1;
      if (consoleCounter.samples.length < 3) {
        consoleCounter.samples.push(`${method}: ${args.map(describe).join(' ').slice(0, 300)}`);
      }
    };
  }
}

function describe(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

// ---------------------------------------------------------------------------------------------
// Data: the same conversation, state and events for both sides.

function token(index: number): string {
  return `${index % 12 === 0 ? '\n' : ' '}${WORDS[index % WORDS.length]}`;
}

function conversation(size: number): Message[] {
  const messages: Message[] = [];
  for (let index = 0; index < size; index += 1) {
    const content = `Message ${index}: ${Array.from({ length: 30 }, (_, word) => token(index + word)).join('')}`;
    messages.push(
      index % 2 === 0
        ? { id: `m-${index}`, role: 'user', content }
        : { id: `m-${index}`, role: 'assistant', content },
    );
  }
  return messages;
}

interface Service {
  id: string;
  name: string;
  series: 'Core' | 'Platform';
  volume: number;
  latency: number;
}

function servicesState(count: number): { services: Service[] } {
  return {
    services: Array.from({ length: count }, (_, index) => ({
      id: `svc-${index}`,
      name: `Service ${index}`,
      series: index % 3 === 0 ? 'Platform' : 'Core',
      volume: 1000 + index * 17,
      latency: 40 + (index % 50),
    })),
  };
}

function latencyAt(index: number): number {
  return 10 + ((index * 37) % 500);
}

function tokenEvents(messageId: string, count: number): BaseEvent[] {
  const events: BaseEvent[] = [];
  for (let index = 0; index < count; index += 1) {
    events.push({ type: 'TEXT_MESSAGE_CONTENT', messageId, delta: token(index) } as BaseEvent);
  }
  return events;
}

function deltaEvents(count: number, services: number): BaseEvent[] {
  const events: BaseEvent[] = [];
  for (let index = 0; index < count; index += 1) {
    events.push({
      type: 'STATE_DELTA',
      delta: [
        { op: 'replace', path: `/services/${index % services}/latency`, value: latencyAt(index) },
      ],
    } as BaseEvent);
  }
  return events;
}

function expectedText(count: number): string {
  let text = '';
  for (let index = 0; index < count; index += 1) text += token(index);
  return text;
}

/** The latency each service ends with after `count` deltas (unchanged ones keep their initial value). */
function expectedLatencies(count: number, services: number): number[] {
  const latencies = servicesState(services).services.map((service) => service.latency);
  for (let index = 0; index < count; index += 1) latencies[index % services] = latencyAt(index);
  return latencies;
}

// ---------------------------------------------------------------------------------------------
// Helpers.

function macrotask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function until(predicate: () => boolean, what: string): Promise<void> {
  const deadline = performance.now() + TIMEOUT_MS;
  while (!predicate()) {
    if (performance.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await macrotask();
  }
}

/** Collects garbage (when exposed) and starts the clock; a profiler hook starts sampling first. */
async function startTimer(): Promise<number> {
  window.gc?.();
  await window.benchTimedStart?.();
  return performance.now();
}

/** Stops the clock, then lets a profiler hook stop sampling; a CPU-time hook's figure replaces the wall time. */
async function stopTimer(start: number): Promise<number> {
  const ms = performance.now() - start;
  const cpu = await window.benchTimedEnd?.();
  return typeof cpu === 'number' ? cpu : ms;
}

/** An agent whose events the benchmark pushes synchronously. */
class SubjectAgent implements AgentLike {
  readonly events = new Subject<BaseEvent>();
  input: RunAgentInput | null = null;

  run(input: RunAgentInput): Observable<BaseEvent> {
    this.input = input;
    return this.events;
  }
}

/** The reference side's agent: only its messages and state are read. */
class BenchAgent extends AbstractAgent {
  run(): Observable<BaseEvent> {
    return EMPTY;
  }
}

/** A state$ subscriber like a UI's: counts emissions and wakes the benchmark when a condition holds. */
class StateWatcher {
  emissions = 0;
  private pending: { predicate: (state: RunStoreState) => boolean; resolve: () => void } | null =
    null;
  private readonly subscription;

  constructor(private readonly store: RunStore) {
    this.subscription = store.state$.subscribe((state) => {
      this.emissions += 1;
      const pending = this.pending;
      if (pending && pending.predicate(state)) {
        this.pending = null;
        pending.resolve();
      }
    });
  }

  until(predicate: (state: RunStoreState) => boolean, what: string): Promise<void> {
    if (predicate(this.store.getState())) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending = null;
        const { run } = this.store.getState();
        reject(
          new Error(
            `Timed out waiting for ${what}; run ${run.status}${run.failure ? `: ${run.failure.reason}` : ''}`,
          ),
        );
      }, TIMEOUT_MS);
      this.pending = {
        predicate,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
    });
  }

  stop(): void {
    this.subscription.unsubscribe();
  }
}

function assertStreaming(store: RunStore, what: string): void {
  const { run } = store.getState();
  if (run.status !== 'Streaming') {
    throw new Error(
      `${what}: the store's run is ${run.status}${run.failure ? ` (${run.failure.reason})` : ''}, not Streaming`,
    );
  }
}

interface StoreRun {
  readonly store: RunStore;
  readonly agent: SubjectAgent;
  readonly watcher: StateWatcher;
  push(events: readonly BaseEvent[]): void;
  end(): void;
}

/** A store with a chat run started and subscribed: the next pushed event is the run's first. */
async function startStoreRun(withAnalysisPlugin: boolean): Promise<StoreRun> {
  const agent = new SubjectAgent();
  const store = new RunStore({ agent, threadId: THREAD });
  if (withAnalysisPlugin) store.use(createAnalysisPlugin());
  const watcher = new StateWatcher(store);
  store.send('hi');
  await until(
    () => agent.events.observed && store.getState().run.status === 'Connecting',
    'the store to subscribe to the agent',
  );
  const input = agent.input as RunAgentInput;
  agent.events.next({
    type: 'RUN_STARTED',
    threadId: input.threadId,
    runId: input.runId,
  } as BaseEvent);
  await watcher.until((state) => state.run.status === 'Streaming', 'RUN_STARTED');
  return {
    store,
    agent,
    watcher,
    push(events) {
      for (const event of events) agent.events.next(event);
    },
    end() {
      agent.events.next({
        type: 'RUN_FINISHED',
        threadId: input.threadId,
        runId: input.runId,
      } as BaseEvent);
      agent.events.complete();
      watcher.stop();
      store.dispose();
    },
  };
}

interface Measured {
  readonly ms: number;
  readonly emissions?: number;
}

// ---------------------------------------------------------------------------------------------
// The cases.

async function storeTokens(conversationSize: number, count: number): Promise<Measured> {
  const run = await startStoreRun(false);
  const messageId = 'streamed';
  run.push([{ type: 'MESSAGES_SNAPSHOT', messages: conversation(conversationSize) } as BaseEvent]);
  run.push([{ type: 'TEXT_MESSAGE_START', messageId, role: 'assistant' } as BaseEvent]);
  await run.watcher.until(
    (state) => state.messages[state.messages.length - 1]?.id === messageId,
    'the snapshot and TEXT_MESSAGE_START',
  );
  assertStreaming(run.store, 'store tokens setup');
  if (run.store.getState().messages.length !== conversationSize + 1) {
    throw new Error(`store tokens setup: ${run.store.getState().messages.length} messages`);
  }
  const events = tokenEvents(messageId, count);
  const expected = expectedText(count);
  const isDone = (state: RunStoreState) => {
    const part = state.messages[state.messages.length - 1]?.parts[0];
    return part !== undefined && part.kind === 'text' && part.text.length === expected.length;
  };
  const emissionsBefore = run.watcher.emissions;
  const start = await startTimer();
  run.push(events);
  await run.watcher.until(isDone, `${count} tokens`);
  const ms = await stopTimer(start);
  const emissions = run.watcher.emissions - emissionsBefore;
  assertStreaming(run.store, 'store tokens');
  const part = run.store.getState().messages[conversationSize]?.parts[0];
  if (!part || part.kind !== 'text' || part.text !== expected) {
    throw new Error('store tokens: the streamed text is not the expected text');
  }
  run.end();
  return { ms, emissions };
}

async function storeDeltas(services: number, count: number, validated: boolean): Promise<Measured> {
  const run = await startStoreRun(validated);
  run.push([{ type: 'STATE_SNAPSHOT', snapshot: servicesState(services) } as BaseEvent]);
  await run.watcher.until((state) => state.agentState.accepted > 0, 'the state snapshot');
  assertStreaming(run.store, 'store deltas setup');
  const events = deltaEvents(count, services);
  const target = run.store.getState().agentState.accepted + count;
  const emissionsBefore = run.watcher.emissions;
  const start = await startTimer();
  run.push(events);
  await run.watcher.until((state) => state.agentState.accepted === target, `${count} deltas`);
  const ms = await stopTimer(start);
  const emissions = run.watcher.emissions - emissionsBefore;
  assertStreaming(run.store, 'store deltas');
  const latencies = (run.store.getState().agentState.value.services as Service[]).map(
    (service) => service.latency,
  );
  if (JSON.stringify(latencies) !== JSON.stringify(expectedLatencies(count, services))) {
    throw new Error('store deltas: the final state is not the expected state');
  }
  run.end();
  return { ms, emissions };
}

/** Runs `timed` through defaultApplyEvents after `setup`; returns the time and the last mutation. */
async function reference(
  agent: BenchAgent,
  input: RunAgentInput,
  setup: readonly BaseEvent[],
  timed: readonly BaseEvent[],
): Promise<{ ms: number; last: AgentStateMutation | undefined }> {
  const events$ = new Subject<BaseEvent>();
  let last: AgentStateMutation | undefined;
  const done = new Promise<void>((resolve, reject) => {
    defaultApplyEvents(input, events$, agent, []).subscribe({
      next: (mutation) => {
        last = mutation;
      },
      error: reject,
      complete: resolve,
    });
  });
  for (const event of setup) events$.next(event);
  await macrotask();
  const start = await startTimer();
  for (const event of timed) events$.next(event);
  events$.complete();
  await done;
  return { ms: await stopTimer(start), last };
}

function referenceInput(runId: string, messages: Message[], state: unknown): RunAgentInput {
  return { threadId: THREAD, runId, messages, state, tools: [], context: [], forwardedProps: {} };
}

async function referenceTokens(conversationSize: number, count: number): Promise<Measured> {
  const messageId = 'streamed';
  const messages = conversation(conversationSize);
  const agent = new BenchAgent({ threadId: THREAD, initialMessages: messages, initialState: {} });
  const input = referenceInput('run-1', messages, {});
  const setup = [
    { type: 'RUN_STARTED', threadId: THREAD, runId: 'run-1' },
    { type: 'TEXT_MESSAGE_START', messageId, role: 'assistant' },
  ] as BaseEvent[];
  const { ms, last } = await reference(agent, input, setup, tokenEvents(messageId, count));
  const final = last?.messages;
  if (
    !final ||
    final.length !== conversationSize + 1 ||
    final[conversationSize]?.content !== expectedText(count)
  ) {
    throw new Error('reference tokens: the streamed text is not the expected text');
  }
  return { ms };
}

async function referenceDeltas(services: number, count: number): Promise<Measured> {
  const state = servicesState(services);
  const agent = new BenchAgent({ threadId: THREAD, initialMessages: [], initialState: state });
  const input = referenceInput('run-1', [], state);
  const setup = [{ type: 'RUN_STARTED', threadId: THREAD, runId: 'run-1' }] as BaseEvent[];
  const { ms, last } = await reference(agent, input, setup, deltaEvents(count, services));
  const latencies = (last?.state as { services?: Service[] } | undefined)?.services?.map(
    (service) => service.latency,
  );
  if (JSON.stringify(latencies) !== JSON.stringify(expectedLatencies(count, services))) {
    throw new Error('reference deltas: the final state is not the expected state');
  }
  return { ms };
}

function runOne(id: CaseId, count: number, options: BenchOptions): Promise<Measured> {
  switch (id) {
    case 'store-tokens-small':
      return storeTokens(options.smallConversation, count);
    case 'store-tokens-large':
      return storeTokens(options.largeConversation, count);
    case 'ref-tokens-small':
      return referenceTokens(options.smallConversation, count);
    case 'ref-tokens-large':
      return referenceTokens(options.largeConversation, count);
    case 'store-deltas':
      return storeDeltas(options.services, count, false);
    case 'ref-deltas':
      return referenceDeltas(options.services, count);
    case 'store-deltas-validated':
      return storeDeltas(options.services, count, true);
  }
}

const ALL_CASES: readonly CaseId[] = [
  'store-tokens-small',
  'store-tokens-large',
  'ref-tokens-small',
  'ref-tokens-large',
  'store-deltas',
  'ref-deltas',
  'store-deltas-validated',
];

async function progress(line: string): Promise<void> {
  await window.benchProgress?.(line);
}

window.runBench = async (options) => {
  installConsoleCounter();
  const ids = options.cases ?? ALL_CASES;
  const results = new Map<CaseId, CaseResult>(
    ids.map((id) => [
      id,
      { id, events: options.events, runs: [], consoleCalls: 0, consoleSamples: [] },
    ]),
  );
  const record = async (id: CaseId, count: number, keep: boolean) => {
    consoleCounter.calls = 0;
    consoleCounter.samples = [];
    const measured = await runOne(id, count, options);
    const result = results.get(id) as CaseResult;
    result.consoleCalls += consoleCounter.calls;
    for (const sample of consoleCounter.samples) {
      if (result.consoleSamples.length < 3) result.consoleSamples.push(sample);
    }
    if (!keep) return;
    result.runs.push(measured.ms);
    if (measured.emissions !== undefined) result.emissionsPerEvent = measured.emissions / count;
    await macrotask();
  };
  await progress(`warm-up: every case once with ${options.warmupEvents} events`);
  for (const id of ids) await record(id, options.warmupEvents, false);
  for (let rep = 0; rep < options.reps; rep += 1) {
    // Rotate the order so drift on a shared machine spreads over every case alike.
    const order = ids.map((_, index) => ids[(index + rep) % ids.length] as CaseId);
    for (const id of order) await record(id, options.events, true);
    await progress(`measurement ${rep + 1}/${options.reps} done`);
  }
  return {
    userAgent: navigator.userAgent,
    crossOriginIsolated: globalThis.crossOriginIsolated === true,
    gcExposed: typeof window.gc === 'function',
    cases: [...results.values()],
  };
};

window.runCase = async (id, count, options) => {
  installConsoleCounter();
  return (await runOne(id, count, options)).ms;
};

/** The breakdown's set-up: the same state and events as the timed cases. */
function breakdownHelpers(options: BenchOptions): BreakdownHelpers {
  return {
    async prepare(id: BreakdownCaseId, count: number) {
      const tokens = id === 'store-tokens-small';
      const run = await startStoreRun(id === 'store-deltas-validated');
      const messageId = 'streamed';
      const start = { type: 'TEXT_MESSAGE_START', messageId, role: 'assistant' } as BaseEvent;
      if (tokens) {
        run.push([
          {
            type: 'MESSAGES_SNAPSHOT',
            messages: conversation(options.smallConversation),
          } as BaseEvent,
          start,
        ]);
        await run.watcher.until(
          (state) => state.messages[state.messages.length - 1]?.id === messageId,
          'the snapshot and TEXT_MESSAGE_START',
        );
      } else {
        run.push([
          { type: 'STATE_SNAPSHOT', snapshot: servicesState(options.services) } as BaseEvent,
        ]);
        await run.watcher.until((state) => state.agentState.accepted > 0, 'the state snapshot');
      }
      assertStreaming(run.store, 'breakdown setup');
      const state = run.store.getState();
      run.end();
      return {
        state,
        setup: tokens ? [start] : [],
        events: tokens ? tokenEvents(messageId, count) : deltaEvents(count, options.services),
      };
    },
    whole: async (id, count) => (await runOne(id, count, options)).ms,
    startTimer,
    stopTimer,
  };
}

window.runBreakdown = async (options) => {
  installConsoleCounter();
  return runBreakdown(options, breakdownHelpers(options));
};
