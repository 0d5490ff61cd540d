// Test agents: scripted event lists, hand-driven subjects, and helpers to wait for store states.
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import { filter, firstValueFrom, from, Observable, Subject, timeout } from 'rxjs';
import type { RunStore } from '../../src/store/run-store.js';
import type { AgentLike, RunStoreState } from '../../src/store/types.js';

export interface RecordingAgent extends AgentLike {
  readonly inputs: RunAgentInput[];
  /** Subscriptions currently open (a cancelled or finished run has closed its own). */
  open: number;
  aborts: number;
}

/** An agent that plays a list of events per run, asynchronously, and records each input. */
export function scriptedAgent(
  script: (input: RunAgentInput, index: number) => readonly BaseEvent[],
): RecordingAgent {
  const agent: RecordingAgent = {
    inputs: [],
    open: 0,
    aborts: 0,
    run(input) {
      const index = agent.inputs.length;
      agent.inputs.push(structuredClone(input));
      return new Observable<BaseEvent>((subscriber) => {
        agent.open += 1;
        let cancelled = false;
        const events = script(input, index);
        (async () => {
          for (const event of events) {
            await Promise.resolve();
            if (cancelled) return;
            subscriber.next(event);
          }
          await Promise.resolve();
          if (!cancelled) subscriber.complete();
        })();
        return () => {
          cancelled = true;
          agent.open -= 1;
        };
      });
    },
    abortRun() {
      agent.aborts += 1;
    },
  };
  return agent;
}

export interface ManualAgent extends RecordingAgent {
  /** The subject of the latest run: push events by hand. */
  readonly runs: Subject<BaseEvent>[];
  emit(event: BaseEvent, run?: number): void;
}

/** An agent whose runs are driven by hand from the test. */
export function manualAgent(): ManualAgent {
  const agent: ManualAgent = {
    inputs: [],
    runs: [],
    open: 0,
    aborts: 0,
    run(input) {
      agent.inputs.push(structuredClone(input));
      const subject = new Subject<BaseEvent>();
      agent.runs.push(subject);
      return new Observable<BaseEvent>((subscriber) => {
        agent.open += 1;
        const subscription = subject.subscribe(subscriber);
        return () => {
          agent.open -= 1;
          subscription.unsubscribe();
        };
      });
    },
    abortRun() {
      agent.aborts += 1;
    },
    emit(event, run) {
      const subject = agent.runs[run ?? agent.runs.length - 1];
      if (!subject) throw new Error('No run to emit into');
      subject.next(event);
    },
  };
  return agent;
}

export function eventsOf(events: readonly BaseEvent[]): Observable<BaseEvent> {
  return from(events);
}

/** Resolves with the first state that satisfies the predicate (or fails after 4 s). */
export function waitForState(
  store: RunStore,
  predicate: (state: RunStoreState) => boolean,
  ms = 10_000,
): Promise<RunStoreState> {
  return firstValueFrom(store.state$.pipe(filter(predicate), timeout(ms)));
}

export function waitForStatus(store: RunStore, ...statuses: string[]): Promise<RunStoreState> {
  return waitForState(store, (state) => statuses.includes(state.run.status));
}

export const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once the agent has been asked for `count` runs (the pipeline loads first, so that takes a moment). */
export async function untilRuns(agent: RecordingAgent, count: number, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (agent.inputs.length < count) {
    if (Date.now() > deadline)
      throw new Error(`The agent saw ${agent.inputs.length} of ${count} runs`);
    await tick(5);
  }
}

export const API = { id: 'api', name: 'API', series: 'Core', volume: 1200, latency: 60 } as const;
export const SEARCH = {
  id: 'search',
  name: 'Search',
  series: 'Core',
  volume: 800,
  latency: 110,
} as const;
export const QUEUE = {
  id: 'queue',
  name: 'Queue',
  series: 'Platform',
  volume: 1700,
  latency: 90,
} as const;
export const EVENTS = {
  id: 'events',
  name: 'Events',
  series: 'Platform',
  volume: 2100,
  latency: 170,
} as const;

export function started(input: RunAgentInput): BaseEvent {
  return { type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId } as BaseEvent;
}

export function finished(input: RunAgentInput, outcome?: unknown): BaseEvent {
  return {
    type: 'RUN_FINISHED',
    threadId: input.threadId,
    runId: input.runId,
    ...(outcome === undefined ? {} : { outcome }),
  } as BaseEvent;
}

export function snapshot(services: readonly object[]): BaseEvent {
  return { type: 'STATE_SNAPSHOT', snapshot: { services } } as BaseEvent;
}

export function delta(operations: readonly object[]): BaseEvent {
  return { type: 'STATE_DELTA', delta: operations } as BaseEvent;
}

export function text(messageId: string, ...deltas: string[]): BaseEvent[] {
  return [
    { type: 'TEXT_MESSAGE_START', messageId, role: 'assistant' } as BaseEvent,
    ...deltas.map(
      (value) => ({ type: 'TEXT_MESSAGE_CONTENT', messageId, delta: value }) as BaseEvent,
    ),
    { type: 'TEXT_MESSAGE_END', messageId } as BaseEvent,
  ];
}

export function toolCall(
  toolCallId: string,
  name: string,
  args: unknown,
  parentMessageId?: string,
): BaseEvent[] {
  const json = JSON.stringify(args);
  const half = Math.floor(json.length / 2);
  return [
    {
      type: 'TOOL_CALL_START',
      toolCallId,
      toolCallName: name,
      ...(parentMessageId ? { parentMessageId } : {}),
    } as BaseEvent,
    { type: 'TOOL_CALL_ARGS', toolCallId, delta: json.slice(0, half) } as BaseEvent,
    { type: 'TOOL_CALL_ARGS', toolCallId, delta: json.slice(half) } as BaseEvent,
    { type: 'TOOL_CALL_END', toolCallId } as BaseEvent,
  ];
}
