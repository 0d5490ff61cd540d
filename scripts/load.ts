// `npm run load`: 200 concurrent streams against the fixture endpoint on loopback, half aborted mid-way, first with
// request-owned runs beside 200 channel connections (half SSE, half WebSocket, each reading a banner and leaving),
// then with thread-owned runs (retention with a short window: aborted runs are stopped or left to the window); prints
// the producers and sentinels still alive (all must be 0) and the heap before and after. Exits 1 on a leak, a broken
// stream, a thread still retained after its window, or a timeout.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import {
  UI_EVENTS_PATH,
  UI_EVENTS_WS_PATH,
  attachUiEventsWebSocket,
  createFixtureApi,
  toNodeListener,
} from '../demo/server/index.js';
import type { AgentHandlerOptions, DisposeCause } from '../demo/server/index.js';

const STREAMS = 200;
const CHANNELS = 200;
/** Streams run before the heap is first measured. */
const WARM_UP = 2;
/** The normal scenario takes about 10 s at scale 1; 0.05 keeps every stream open for about half a second. */
const TIME_SCALE = 0.05;
/** The retention window of the second phase: shorter than what is left of a run after its snapshot. */
const RETAIN_MS = 150;
const DEADLINE_MS = 90_000;
const SETTLE_MS = 10_000;

const deadline = setTimeout(() => {
  console.error(`The load run did not finish within ${DEADLINE_MS / 1000} s.`);
  process.exit(1);
}, DEADLINE_MS);
deadline.unref();

const forceGc = (globalThis as { gc?: () => void }).gc;

function heapMiB(): number {
  forceGc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'text/event-stream' };

interface Phase {
  readonly name: string;
  readonly options: Omit<AgentHandlerOptions, 'observe'>;
  /** What happens to a stream aborted mid-way, by index. */
  readonly afterAbort: (index: number) => 'nothing' | 'stop';
  /** Channel connections beside the streams. */
  readonly channels: number;
}

const PHASES: Phase[] = [
  {
    name: 'request-owned, with the channel',
    options: { timeScale: TIME_SCALE },
    afterAbort: () => 'nothing',
    channels: CHANNELS,
  },
  {
    name: `thread-owned (retainRunsMs ${RETAIN_MS})`,
    // Room for every thread, so what ends each run is its script, a stop or the window (eviction has a Node test).
    options: {
      timeScale: TIME_SCALE,
      retainRunsMs: RETAIN_MS,
      retentionLimits: { maxThreads: STREAMS + WARM_UP },
    },
    // Every other aborted run is stopped; the rest are left to the window.
    afterAbort: (index) => (index % 4 === 0 ? 'stop' : 'nothing'),
    channels: 0,
  },
];

async function runPhase(phase: Phase): Promise<string[]> {
  let started = 0;
  const disposed: Record<DisposeCause, number> = {
    Completed: 0,
    Aborted: 0,
    Cancelled: 0,
    Stopped: 0,
    Superseded: 0,
    Expired: 0,
    Evicted: 0,
  };
  let onSettled: (() => void) | undefined;
  let connectsWhole = 0;
  const alive = (): number => started - Object.values(disposed).reduce((sum, n) => sum + n, 0);
  const sentinels = { opened: 0, closed: 0 };
  const sentinelsAlive = (): number => sentinels.opened - sentinels.closed;
  const settled = () => alive() === 0 && sentinelsAlive() === 0;
  const observeChannel = (observation: { type: string }) => {
    if (observation.type === 'Opened') sentinels.opened += 1;
    if (observation.type === 'Closed') sentinels.closed += 1;
    if (settled()) onSettled?.();
  };
  const server = createServer(
    toNodeListener(
      createFixtureApi({
        ...phase.options,
        observeChannel,
        observe: (observation) => {
          if (observation.type === 'Started') started += 1;
          if (observation.type === 'Disposed') {
            disposed[observation.cause] += 1;
            if (settled()) onSettled?.();
          }
        },
      }),
    ),
  );
  const detachChannel = attachUiEventsWebSocket(server, {
    timeScale: TIME_SCALE,
    observeChannel,
  });
  server.maxConnections = (STREAMS + phase.channels) * 2;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}/api/agent-analysis`;

  /** One stream: read to RUN_FINISHED, or abort as soon as the snapshot has arrived (then maybe stop it). */
  async function stream(index: number, abortMidway: boolean): Promise<'completed' | 'aborted'> {
    const abort = new AbortController();
    const threadId = `load-${index}`;
    const response = await fetch(base, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify(input(threadId, `load-${index}`)),
      signal: abort.signal,
    });
    if (response.status !== 200 || !response.body)
      throw new Error(`Stream ${index}: HTTP ${response.status}`);
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let text = '';
    let tail: Promise<string> | undefined;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      // With retention, some streams get a second reader: a connect that replays and tails the run to its end.
      if (phase.options.retainRunsMs && !abortMidway && index % 10 === 1)
        tail ??= connect(threadId);
      if (abortMidway && text.includes('"STATE_SNAPSHOT"')) {
        abort.abort();
        await reader.cancel().catch(() => undefined);
        if (phase.afterAbort(index) === 'stop') {
          const reply = await fetch(`${base}/stop/${threadId}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ runId: `load-${index}` }),
          });
          if (reply.status !== 200) throw new Error(`Stop ${index}: HTTP ${reply.status}`);
        }
        return 'aborted';
      }
    }
    if (!text.includes('"RUN_FINISHED"'))
      throw new Error(`Stream ${index} ended without RUN_FINISHED.`);
    // A connect handled after the run was forgotten (a loaded machine) is empty; one with events must be whole.
    const tailed = tail ? await tail : '';
    if (tailed !== '' && !tailed.includes('"RUN_FINISHED"'))
      throw new Error(`The connect to stream ${index} ended without RUN_FINISHED.`);
    if (tailed !== '') connectsWhole += 1;
    return 'completed';
  }

  /** The bytes a connect to the thread gets. */
  async function connect(threadId: string): Promise<string> {
    const reply = await fetch(`${base}/connect`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify(input(threadId, `connect-${threadId}`)),
    });
    if (reply.status !== 200) throw new Error(`Connect ${threadId}: HTTP ${reply.status}`);
    return reply.text();
  }

  // One stream of each kind first, so the heap before already holds the loaded modules and the HTTP client.
  await Promise.all([stream(-1, false), stream(-2, true)]);
  const heapBefore = heapMiB();
  const startedAt = performance.now();
  const origin = `http://127.0.0.1:${port}`;
  const [results, channelResults] = await Promise.all([
    Promise.allSettled(
      Array.from({ length: STREAMS }, (_, index) => stream(index, index % 2 === 0)),
    ),
    Promise.allSettled(
      Array.from({ length: phase.channels }, (_, index) => channel(origin, index)),
    ),
  ]);
  const failures = [...results, ...channelResults].flatMap((result) =>
    result.status === 'rejected' ? [String(result.reason)] : [],
  );
  const count = (what: string) =>
    results.filter((result) => result.status === 'fulfilled' && result.value === what).length;

  // Server-side disposal follows the socket's close (or, retained, the run's end or window); wait for it, bounded.
  if (!settled()) {
    await new Promise<void>((resolve) => {
      onSettled = resolve;
      setTimeout(resolve, SETTLE_MS).unref();
    });
  }
  const stillAlive = alive();
  const sentinelsLeft = sentinelsAlive();
  const problems: string[] = [];
  const notes: string[] = [];
  if (phase.options.retainRunsMs) {
    // A finished run stays replayable for the window, then nothing of any thread is left.
    await new Promise((resolve) => setTimeout(resolve, RETAIN_MS * 2));
    const left = await Promise.all(
      Array.from({ length: STREAMS }, (_, index) => connect(`load-${index}`)),
    );
    const retained = left.filter((text) => text !== '').length;
    notes.push(`  connects read to RUN_FINISHED: ${connectsWhole} of ${STREAMS / 10}`);
    notes.push(`  threads still retained after the window: ${retained}`);
    if (retained > 0) problems.push(`${retained} thread(s) still retained after the window`);
  }
  detachChannel();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  const elapsed = (performance.now() - startedAt) / 1000;
  const heapAfter = heapMiB();

  const causes = Object.entries(disposed)
    .filter(([, n]) => n > 0)
    .map(([cause, n]) => `${n} ${cause.toLowerCase()}`)
    .join(', ');
  console.log(`${phase.name}:`);
  console.log(
    `  streams: ${STREAMS} concurrent (${count('completed')} read to the end, ${count('aborted')} aborted mid-way) in ${elapsed.toFixed(1)} s`,
  );
  console.log(`  producers: ${started} started (${WARM_UP} of them warm-up), disposed ${causes}`);
  console.log(`  producers still alive: ${stillAlive}`);
  if (phase.channels > 0) {
    console.log(
      `  channel: ${phase.channels} connections (${phase.channels / 2} SSE, ${phase.channels / 2} WebSocket), ${sentinels.opened} sentinels opened, ${sentinels.closed} closed`,
    );
    console.log(`  sentinels still alive: ${sentinelsLeft}`);
  }
  for (const note of notes) console.log(note);
  console.log(
    `  heap: ${heapBefore.toFixed(1)} MiB before, ${heapAfter.toFixed(1)} MiB after` +
      (forceGc ? ' (after a forced GC)' : ' (no forced GC: run with --expose-gc)'),
  );
  for (const failure of failures.slice(0, 5)) console.error(`  failed: ${failure}`);
  if (stillAlive !== 0) problems.push(`${stillAlive} producer(s) still alive`);
  if (sentinelsLeft !== 0) problems.push(`${sentinelsLeft} sentinel(s) still alive`);
  if (failures.length > 0) problems.push(`${failures.length} stream(s) failed`);
  if (started !== STREAMS + WARM_UP) {
    problems.push(`${started} producers started, expected ${STREAMS + WARM_UP}`);
  }
  return problems.map((problem) => `${phase.name}: ${problem}`);
}

/** One channel connection: read the first banner, then leave (SSE: abort the request; WebSocket: close). */
async function channel(origin: string, index: number): Promise<void> {
  if (index % 2 === 0) {
    const abort = new AbortController();
    const response = await fetch(`${origin}${UI_EVENTS_PATH}`, { signal: abort.signal });
    if (response.status !== 200 || !response.body)
      throw new Error(`Channel ${index}: HTTP ${response.status}`);
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('"ui_render"')) {
      const { done, value } = await reader.read();
      if (done) throw new Error(`Channel ${index} ended before its first banner.`);
      text += decoder.decode(value, { stream: true });
    }
    abort.abort();
    await reader.cancel().catch(() => undefined);
    return;
  }
  const socket = new WebSocket(`${origin.replace('http', 'ws')}${UI_EVENTS_WS_PATH}`, {
    headers: { origin },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('message', () => resolve());
    socket.once('error', reject);
    socket.once('close', () =>
      reject(new Error(`Channel ${index} closed before its first banner.`)),
    );
  });
  socket.close();
}

function input(threadId: string, runId: string) {
  return {
    threadId,
    runId,
    messages: [],
    tools: [],
    context: [],
    forwardedProps: { scenario: 'normal' },
  };
}

async function main(): Promise<number> {
  const problems: string[] = [];
  for (const phase of PHASES) problems.push(...(await runPhase(phase)));
  console.log(problems.length === 0 ? 'load: OK' : `load: FAILED (${problems.join('; ')})`);
  return problems.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
