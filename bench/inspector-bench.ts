// <agent-inspector> under load: 100,000 events already in its log, then 2,000 events a second streaming in
// through a real RunStore (tap, pipeline, reducer). Bundled by scripts/bench.mjs; the page measures, Node reports.
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import { Observable } from 'rxjs';
import '../components/agent-inspector/define-inspector.js';
import type { AgentInspector } from '../components/agent-inspector/agent-inspector.js';
import { RunStore } from '../src/store/run-store.js';
import type { AgentLike } from '../src/store/types.js';

export interface InspectorBenchOptions {
  /** Events in the log before the measured stream. */
  readonly preload: number;
  /** Events per second while measuring, and for how long. */
  readonly rate: number;
  readonly seconds: number;
  /** `store` measures the store with a bare tap subscriber instead of the element (where the time goes). */
  readonly only?: 'store';
}

export interface InspectorBenchResults {
  readonly longTaskSupported: boolean;
  /** Tasks of 50 ms and up while the stream ran (PerformanceObserver `longtask`). */
  readonly longTasks: number[];
  readonly events: number;
  readonly streamMs: number;
  readonly frames: number;
  readonly rowsInDom: number;
}

/** Events of one run: a snapshot, then text tokens with a state patch every tenth event. */
function* script(input: RunAgentInput, count: number): Generator<BaseEvent> {
  yield { type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId } as BaseEvent;
  yield { type: 'STATE_SNAPSHOT', snapshot: { counters: { a: 0, b: 0 }, list: [] } } as BaseEvent;
  yield { type: 'TEXT_MESSAGE_START', messageId: input.runId, role: 'assistant' } as BaseEvent;
  for (let index = 0; index < count; index += 1) {
    yield index % 10 === 0
      ? ({
          type: 'STATE_DELTA',
          delta: [
            { op: 'replace', path: `/counters/${index % 20 === 0 ? 'a' : 'b'}`, value: index },
          ],
        } as BaseEvent)
      : ({
          type: 'TEXT_MESSAGE_CONTENT',
          messageId: input.runId,
          delta: `t${index} `,
        } as BaseEvent);
  }
  yield { type: 'TEXT_MESSAGE_END', messageId: input.runId } as BaseEvent;
  yield { type: 'RUN_FINISHED', threadId: input.threadId, runId: input.runId } as BaseEvent;
}

/** Run 1 sends `preload` events at once; run 2 sends `rate` events a second in 10 ms ticks. */
function benchAgent(options: InspectorBenchOptions): AgentLike {
  let runs = 0;
  return {
    run: (input) =>
      new Observable<BaseEvent>((subscriber) => {
        runs += 1;
        if (runs === 1) {
          for (const event of script(input, options.preload)) subscriber.next(event);
          subscriber.complete();
          return undefined;
        }
        const events = script(input, options.rate * options.seconds);
        const perTick = options.rate / 100;
        const timer = setInterval(() => {
          for (let sent = 0; sent < perTick; sent += 1) {
            const next = events.next();
            if (next.done) {
              clearInterval(timer);
              subscriber.complete();
              return;
            }
            subscriber.next(next.value);
          }
        }, 10);
        return () => clearInterval(timer);
      }),
  };
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

async function runBench(options: InspectorBenchOptions): Promise<InspectorBenchResults> {
  document.body.style.width = '1280px';
  const store = new RunStore({ agent: benchAgent(options), threadId: 'thread-bench' });
  const inspector = document.createElement('agent-inspector') as AgentInspector;
  let tapped = 0;
  if (options.only === 'store') store.events$.subscribe(() => (tapped += 1));
  else inspector.store = store;
  document.body.append(inspector);
  await inspector.updateComplete;
  store.run();
  while (store.getState().run.status !== 'Completed') await nextFrame();
  await nextFrame();
  const tasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push(entry.duration);
  });
  observer.observe({ type: 'longtask', buffered: false });
  let frames = 0;
  let counting = true;
  const count = () => {
    frames += 1;
    if (counting) requestAnimationFrame(count);
  };
  requestAnimationFrame(count);
  const before = inspector.eventCount;
  const started = performance.now();
  store.run();
  while (store.getState().run.status !== 'Completed') await nextFrame();
  await nextFrame();
  const streamMs = performance.now() - started;
  counting = false;
  observer.disconnect();
  return {
    longTaskSupported: PerformanceObserver.supportedEntryTypes.includes('longtask'),
    longTasks: tasks,
    events: options.only === 'store' ? tapped : inspector.eventCount - before,
    streamMs,
    frames,
    rowsInDom: inspector.shadowRoot?.querySelectorAll('tr.row').length ?? 0,
  };
}

(window as unknown as { runBench: typeof runBench }).runBench = runBench;
