// `npm run load`: 200 concurrent streams against the fixture endpoint on loopback, half aborted mid-way, beside 200
// channel connections (half SSE, half WebSocket) that each read a banner and leave; prints the producers and
// sentinels still alive (both must be 0) and the heap before and after. Exits 1 on a leak, a broken stream or a
// timeout.

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
import type { DisposeCause } from '../demo/server/index.js';

const STREAMS = 200;
const CHANNELS = 200;
/** Streams run before the heap is first measured. */
const WARM_UP = 2;
/** The normal scenario takes about 10 s at scale 1; 0.05 keeps every stream open for about half a second. */
const TIME_SCALE = 0.05;
const DEADLINE_MS = 60_000;
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

let started = 0;
const disposed: Record<DisposeCause, number> = { Completed: 0, Aborted: 0, Cancelled: 0 };
let onSettled: (() => void) | undefined;
const alive = (): number => started - disposed.Completed - disposed.Aborted - disposed.Cancelled;
const sentinels = { opened: 0, closed: 0 };
const sentinelsAlive = (): number => sentinels.opened - sentinels.closed;
const observeChannel = (observation: { type: string }) => {
  if (observation.type === 'Opened') sentinels.opened += 1;
  if (observation.type === 'Closed') sentinels.closed += 1;
  if (alive() === 0 && sentinelsAlive() === 0) onSettled?.();
};

const server = createServer(
  toNodeListener(
    createFixtureApi({
      timeScale: TIME_SCALE,
      observeChannel,
      observe: (observation) => {
        if (observation.type === 'Started') started += 1;
        if (observation.type === 'Disposed') {
          disposed[observation.cause] += 1;
          if (alive() === 0 && sentinelsAlive() === 0) onSettled?.();
        }
      },
    }),
  ),
);
const detachChannel = attachUiEventsWebSocket(server, { timeScale: TIME_SCALE, observeChannel });
server.maxConnections = (STREAMS + CHANNELS) * 2;

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

/** One stream: read to RUN_FINISHED, or abort as soon as the snapshot has arrived. */
async function stream(
  url: string,
  index: number,
  abortMidway: boolean,
): Promise<'completed' | 'aborted'> {
  const abort = new AbortController();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({
      threadId: 'load',
      runId: `load-${index}`,
      messages: [],
      tools: [],
      context: [],
      forwardedProps: { scenario: 'normal' },
    }),
    signal: abort.signal,
  });
  if (response.status !== 200 || !response.body)
    throw new Error(`Stream ${index}: HTTP ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (abortMidway && text.includes('"STATE_SNAPSHOT"')) {
      abort.abort();
      await reader.cancel().catch(() => undefined);
      return 'aborted';
    }
  }
  if (!text.includes('"RUN_FINISHED"'))
    throw new Error(`Stream ${index} ended without RUN_FINISHED.`);
  return 'completed';
}

async function main(): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/api/agent-analysis`;
  // One stream of each kind first, so the heap before already holds the loaded modules and the HTTP client.
  await Promise.all([stream(url, -1, false), stream(url, -2, true)]);
  const heapBefore = heapMiB();
  const startedAt = performance.now();

  const origin = `http://127.0.0.1:${port}`;
  const [results, channelResults] = await Promise.all([
    Promise.allSettled(
      Array.from({ length: STREAMS }, (_, index) => stream(url, index, index % 2 === 0)),
    ),
    Promise.allSettled(Array.from({ length: CHANNELS }, (_, index) => channel(origin, index))),
  ]);
  const failures = [...results, ...channelResults].flatMap((result) =>
    result.status === 'rejected' ? [String(result.reason)] : [],
  );
  const completed = results.filter(
    (result) => result.status === 'fulfilled' && result.value === 'completed',
  ).length;
  const aborted = results.filter(
    (result) => result.status === 'fulfilled' && result.value === 'aborted',
  ).length;

  // Server-side disposal of an aborted stream follows the socket's close; wait for it, bounded.
  if (alive() > 0 || sentinelsAlive() > 0) {
    await new Promise<void>((resolve) => {
      onSettled = resolve;
      setTimeout(resolve, SETTLE_MS).unref();
    });
  }
  const stillAlive = alive();
  const sentinelsLeft = sentinelsAlive();
  detachChannel();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  const elapsed = (performance.now() - startedAt) / 1000;
  const heapAfter = heapMiB();

  console.log(
    `streams: ${STREAMS} concurrent (${completed} read to the end, ${aborted} aborted mid-way) in ${elapsed.toFixed(1)} s`,
  );
  console.log(
    `producers: ${started} started (${WARM_UP} of them warm-up), disposed ${disposed.Completed} completed, ${disposed.Aborted} aborted, ${disposed.Cancelled} cancelled`,
  );
  console.log(`producers still alive: ${stillAlive}`);
  console.log(
    `channel: ${CHANNELS} connections (${CHANNELS / 2} SSE, ${CHANNELS / 2} WebSocket), ${sentinels.opened} sentinels opened, ${sentinels.closed} closed`,
  );
  console.log(`sentinels still alive: ${sentinelsLeft}`);
  console.log(
    `heap: ${heapBefore.toFixed(1)} MiB before, ${heapAfter.toFixed(1)} MiB after` +
      (forceGc ? ' (after a forced GC)' : ' (no forced GC: run with --expose-gc)'),
  );
  for (const failure of failures.slice(0, 5)) console.error(`failed: ${failure}`);

  const problems = [
    stillAlive === 0 ? '' : `${stillAlive} producer(s) still alive`,
    sentinelsLeft === 0 ? '' : `${sentinelsLeft} sentinel(s) still alive`,
    sentinels.opened === CHANNELS
      ? ''
      : `${sentinels.opened} sentinels opened, expected ${CHANNELS}`,
    failures.length === 0 ? '' : `${failures.length} stream(s) failed`,
    started === STREAMS + WARM_UP
      ? ''
      : `${started} producers started, expected ${STREAMS + WARM_UP}`,
  ].filter(Boolean);
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
