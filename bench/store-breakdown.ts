// Where one event's time goes in the store: the same events timed through each stage alone — @ag-ui/client's stages
// one after another, the store's reducer (and within it the patch and the plugin's validation) — beside the whole
// store. Driven by `npm run bench -- --only=store-bench --breakdown` through `window.runBreakdown(options)`.
import { CompatibilityBoundary, enforceEvents, transformChunks, verifyEvents } from '@ag-ui/client';
import { enforceEventsFast } from '../src/store/enforce-fast.js';
import type { AbstractAgent } from '@ag-ui/client';
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import { Subject, type Observable, type OperatorFunction } from 'rxjs';
import { createAnalysisPlugin } from '../src/analysis/index.js';
import * as pipeline from '../src/store/pipeline.js';
import { reduce, type ReducerContext } from '../src/store/reducer.js';
import type { RunStorePlugin, RunStoreState } from '../src/store/types.js';

export type BreakdownCaseId = 'store-deltas-validated' | 'store-deltas' | 'store-tokens-small';

export interface BreakdownOptions {
  /** Timed events per measurement. */
  readonly events: number;
  readonly reps: number;
  readonly warmupEvents: number;
}

/** One stage: microseconds per event of every measurement (Node takes the median). */
export interface BreakdownStage {
  readonly stage: string;
  readonly us: number[];
}

export interface BreakdownCase {
  readonly id: BreakdownCaseId;
  readonly stages: BreakdownStage[];
}

/** What the store benchmark lends: its data, its set-up and its timed cases. */
export interface BreakdownHelpers {
  /**
   * The case's state once set up (a streaming run after its snapshot, or with its reply started), what a stream
   * needs before the timed events (after RUN_STARTED), and the timed events.
   */
  prepare(
    id: BreakdownCaseId,
    count: number,
  ): Promise<{ state: RunStoreState; setup: BaseEvent[]; events: BaseEvent[] }>;
  /** The whole store on the same events (ms). */
  whole(id: BreakdownCaseId, count: number): Promise<number>;
  startTimer(): Promise<number>;
  stopTimer(start: number): Promise<number>;
}

const RUN_STARTED = { type: 'RUN_STARTED', threadId: 'breakdown', runId: 'breakdown-run' };
const INPUT: RunAgentInput = {
  threadId: 'breakdown',
  runId: 'breakdown-run',
  messages: [],
  state: {},
  tools: [],
  context: [],
  forwardedProps: {},
};

type Stages = (source: Observable<BaseEvent>) => Observable<BaseEvent>;

/**
 * The client's stages in the order the store composes them (pipeline.ts), cut after `upTo` of them; the schema stage
 * is the store's (enforce-fast.ts) unless `clientSchema`.
 */
function clientStages(upTo: number, clientSchema = false): Stages {
  const operators: OperatorFunction<BaseEvent, BaseEvent>[] = [
    clientSchema ? enforceEvents(false) : enforceEventsFast(),
    transformChunks(false),
    verifyEvents(false),
  ].slice(0, upTo - 1);
  return (source) => {
    const boundary = new CompatibilityBoundary();
    const agent = { run: () => source } as unknown as AbstractAgent;
    return operators.reduce<Observable<BaseEvent>>(
      (stream, operator) => stream.pipe(operator),
      boundary.run({ ...INPUT }, agent),
    );
  };
}

/** Pushes the events through `stages` synchronously into a subscriber that only counts them (ms). */
async function timeStream(
  stages: Stages,
  setup: readonly BaseEvent[],
  events: readonly BaseEvent[],
  helpers: BreakdownHelpers,
): Promise<number> {
  const source = new Subject<BaseEvent>();
  let seen = 0;
  let failure: unknown = null;
  const subscription = stages(source).subscribe({
    next: () => {
      seen += 1;
    },
    error: (error: unknown) => {
      failure = error;
    },
  });
  source.next({ ...RUN_STARTED } as BaseEvent);
  for (const event of setup) source.next(event);
  const start = await helpers.startTimer();
  for (const event of events) source.next(event);
  const ms = await helpers.stopTimer(start);
  subscription.unsubscribe();
  if (failure !== null) throw new Error(`breakdown: a stage failed: ${String(failure)}`);
  const expected = 1 + setup.length + events.length;
  if (seen !== expected) throw new Error(`breakdown: ${seen} of ${expected} events came through`);
  return ms;
}

async function contextFor(plugins: readonly RunStorePlugin[]): Promise<ReducerContext> {
  return {
    plugins,
    tools: new Map(),
    reduceEvent: pipeline.reduceEvent,
    applyDelta: pipeline.applyDelta,
    parsePartialJson: pipeline.parsePartialJson,
    validateState: await pipeline.loadStateValidator(plugins),
  };
}

/** The store's reducer alone, event after event from the setup state (ms). */
async function timeReducer(
  state: RunStoreState,
  events: readonly BaseEvent[],
  context: ReducerContext,
  helpers: BreakdownHelpers,
): Promise<number> {
  let current = state;
  const start = await helpers.startTimer();
  for (const event of events)
    current = reduce(current, { type: 'agent-event', event, at: 0 }, context);
  const ms = await helpers.stopTimer(start);
  if (current.run.status !== 'Streaming') {
    throw new Error(
      `breakdown: the reducer ended ${current.run.status}: ${current.run.failure?.reason}`,
    );
  }
  return ms;
}

/** The patch alone, and the plugins' validation alone of the documents it produced (ms each). */
async function timePatchAndValidation(
  state: RunStoreState,
  events: readonly BaseEvent[],
  context: ReducerContext,
  helpers: BreakdownHelpers,
): Promise<{ patch: number; validation: number }> {
  const documents: unknown[] = [state.agentState.value];
  let start = await helpers.startTimer();
  for (const event of events) {
    const result = pipeline.applyDelta(
      documents[documents.length - 1],
      (event as { delta?: unknown }).delta,
    );
    if (!result.ok) throw new Error(`breakdown: ${result.error}`);
    documents.push(result.value);
  }
  const patch = await helpers.stopTimer(start);
  const validate = context.validateState as NonNullable<ReducerContext['validateState']>;
  start = await helpers.startTimer();
  for (let index = 1; index < documents.length; index += 1) {
    const problem = validate(documents[index], documents[index - 1]);
    if (problem !== null) throw new Error(`breakdown: ${problem}`);
  }
  return { patch, validation: await helpers.stopTimer(start) };
}

async function measureOnce(
  id: BreakdownCaseId,
  count: number,
  helpers: BreakdownHelpers,
): Promise<Map<string, number>> {
  const ms = new Map<string, number>();
  const { state, setup, events } = await helpers.prepare(id, count);
  const context = await contextFor(id === 'store-deltas-validated' ? [createAnalysisPlugin()] : []);
  ms.set('whole store (state$ emission per event)', await helpers.whole(id, count));
  ms.set(
    'client: CompatibilityBoundary',
    await timeStream(clientStages(1), setup, events, helpers),
  );
  ms.set(
    'client: + schema (the store’s, enforce-fast.ts)',
    await timeStream(clientStages(2), setup, events, helpers),
  );
  ms.set(
    '  instead: the client’s enforceEvents',
    await timeStream(clientStages(2, true), setup, events, helpers),
  );
  ms.set('client: + transformChunks', await timeStream(clientStages(3), setup, events, helpers));
  ms.set(
    'client: + verifyEvents (order)',
    await timeStream(clientStages(4), setup, events, helpers),
  );
  ms.set(
    'runThroughPipeline (the above + the store wrappers)',
    await timeStream(
      (source) => pipeline.runThroughPipeline({ run: () => source }, { ...INPUT }),
      setup,
      events,
      helpers,
    ),
  );
  ms.set('reducer alone', await timeReducer(state, events, context, helpers));
  if (id !== 'store-tokens-small') {
    const { patch, validation } = await timePatchAndValidation(state, events, context, helpers);
    ms.set('  of which: applyDelta (patch)', patch);
    if (id === 'store-deltas-validated') ms.set('  of which: plugin validation', validation);
  }
  return ms;
}

/** Every stage of every case, `reps` times after one warm-up each. */
export async function runBreakdown(
  options: BreakdownOptions,
  helpers: BreakdownHelpers,
): Promise<BreakdownCase[]> {
  const ids: BreakdownCaseId[] = ['store-deltas-validated', 'store-deltas', 'store-tokens-small'];
  const cases = ids.map((id) => ({ id, stages: new Map<string, number[]>() }));
  for (const id of ids) await measureOnce(id, options.warmupEvents, helpers);
  for (let rep = 0; rep < options.reps; rep += 1) {
    for (const entry of cases) {
      const measured = await measureOnce(entry.id, options.events, helpers);
      for (const [stage, ms] of measured) {
        const list = entry.stages.get(stage) ?? [];
        list.push((ms * 1000) / options.events);
        entry.stages.set(stage, list);
      }
    }
    await window.benchProgress?.(`breakdown ${rep + 1}/${options.reps} done`);
  }
  return cases.map(({ id, stages }) => ({
    id,
    stages: [...stages].map(([stage, us]) => ({ stage, us })),
  }));
}
