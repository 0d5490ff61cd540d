// Saved threads: how fast a saved 1,000-message thread paints, and what saving costs while tokens stream in.
// Bundled by scripts/bench.mjs and driven through `window.runBench(options)`; the page only measures, Node reports.
import type { BaseEvent } from '@ag-ui/core';
import { Subject } from 'rxjs';
import '../components/define.js';
import type { AgentRun } from '../components/agent-run/agent-run.js';
import { RECORD_VERSION, toRecord } from '../src/persist/records.js';
import { openThreadDb } from '../src/persist/thread-db.js';
import { createInitialState } from '../src/store/reducer.js';
import { RunStore } from '../src/store/run-store.js';
import type { ChatMessage, RunStoreState } from '../src/store/types.js';

export interface ThreadsBenchOptions {
  readonly messages: number;
  readonly tokens: number;
  readonly reps: number;
}

export interface ThreadsBenchResults {
  /** From inserting the provider to the thread's latest messages on screen (what a person sees first). */
  readonly paintMs: number[];
  /** From inserting the provider to every message of the thread rendered (earlier ones fill in per frame). */
  readonly fullMs: number[];
  readonly paintLongestTaskMs: number[];
  /** Token ingest of one streamed reply, without and with saving, interleaved. */
  readonly ingestPlainMs: number[];
  readonly ingestSavedMs: number[];
  readonly version: number;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A finished conversation of `count` messages, turns of a question and a short markdown answer. */
function conversation(count: number): RunStoreState {
  const messages: ChatMessage[] = Array.from({ length: count }, (_, index) => {
    const run = Math.floor(index / 2) + 1;
    return index % 2 === 0
      ? {
          id: `u${index}`,
          role: 'user',
          parts: [{ kind: 'text', text: `Question ${run}: why is latency up?` }],
          streaming: false,
          run: 0,
        }
      : {
          id: `a${index}`,
          role: 'assistant',
          parts: [
            {
              kind: 'text',
              text: `Answer **${run}**: the API p95 rose to ${100 + (run % 50)} ms; see \`svc-${run}\`.`,
            },
          ],
          streaming: false,
          run,
        };
  });
  const initial = createInitialState('thread-bench');
  return {
    ...initial,
    messages,
    run: { ...initial.run, status: 'Completed', number: count / 2, id: 'run-bench', kind: 'chat' },
  };
}

async function paintOnce(
  key: string,
  count: number,
): Promise<{ ms: number; full: number; longest: number }> {
  const tasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push(entry.duration);
  });
  observer.observe({ type: 'longtask', buffered: false });
  const provider = document.createElement('agent-run') as AgentRun;
  provider.setAttribute('persist', 'local');
  provider.setAttribute('persist-key', key);
  const chat = document.createElement('agent-chat');
  provider.append(chat);
  const started = performance.now();
  document.body.append(provider);
  // Polled every millisecond, so it allocates nothing per poll (a list of 1,000 rows each time made enough garbage
  // for the collector to run inside the frames being measured).
  const list = () => chat.shadowRoot?.querySelector('.messages');
  const newest = `Answer ${count / 2}:`;
  while (!list()?.lastElementChild?.textContent?.includes(newest)) await pause(1);
  const ms = performance.now() - started;
  while ((list()?.childElementCount ?? 0) < count) await pause(1);
  const full = performance.now() - started;
  await pause(100);
  observer.disconnect();
  provider.remove();
  return { ms, full, longest: Math.max(0, ...tasks) };
}

/** Streams `tokens` deltas into one reply and returns the time until the last one is in the state. */
async function ingest(tokens: number, persistKey: string | null): Promise<number> {
  const subject = new Subject<BaseEvent>();
  const store = new RunStore({
    agent: { run: () => subject.asObservable() },
    ...(persistKey ? { persist: { mode: 'local' as const, key: persistKey } } : {}),
  });
  await store.restored;
  store.send('stream please');
  while (store.getState().run.status !== 'Connecting') await pause(1);
  await pause(20);
  const event = (value: object) => value as BaseEvent;
  subject.next(event({ type: 'RUN_STARTED', threadId: 't', runId: 'r' }));
  subject.next(event({ type: 'TEXT_MESSAGE_START', messageId: 'reply', role: 'assistant' }));
  const started = performance.now();
  for (let index = 0; index < tokens; index += 1) {
    subject.next(event({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'reply', delta: 'word ' }));
    if (index % 100 === 99) await pause(0);
  }
  const ms = performance.now() - started;
  subject.next(event({ type: 'TEXT_MESSAGE_END', messageId: 'reply' }));
  subject.next(event({ type: 'RUN_FINISHED', threadId: 't', runId: 'r' }));
  await pause(50);
  store.dispose();
  return ms;
}

async function runBench(options: ThreadsBenchOptions): Promise<ThreadsBenchResults> {
  const db = await openThreadDb();
  const key = `bench-${Date.now()}`;
  const state = conversation(options.messages);
  await db.put(toRecord(state, `local:${key}`, 1, Date.now()), 0);
  await db.setCurrent(`local:${key}`, state.threadId);
  await paintOnce(key, options.messages); // warm-up: modules, styles, markdown
  const paintMs: number[] = [];
  const fullMs: number[] = [];
  const paintLongestTaskMs: number[] = [];
  const ingestPlainMs: number[] = [];
  const ingestSavedMs: number[] = [];
  const mark = (window as unknown as { threadsBenchMark?: (label: string) => Promise<void> })
    .threadsBenchMark;
  for (let rep = 0; rep < options.reps; rep += 1) {
    await mark?.('start');
    const paint = await paintOnce(key, options.messages);
    await mark?.('end');
    paintMs.push(paint.ms);
    fullMs.push(paint.full);
    paintLongestTaskMs.push(paint.longest);
    ingestPlainMs.push(await ingest(options.tokens, null));
    ingestSavedMs.push(await ingest(options.tokens, `${key}-ingest-${rep}`));
  }
  await db.clear(`local:${key}`);
  return {
    paintMs,
    fullMs,
    paintLongestTaskMs,
    ingestPlainMs,
    ingestSavedMs,
    version: RECORD_VERSION,
  };
}

(window as unknown as { runBench: typeof runBench }).runBench = runBench;
