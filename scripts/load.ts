// `npm run load`: 200 concurrent streams against the fixture endpoint on loopback, half aborted mid-way; prints the
// producers still alive (must be 0) and the heap before and after. Exits 1 on a leak, a broken stream or a timeout.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFixtureApi, toNodeListener } from '../demo/server/index.js';
import type { DisposeCause } from '../demo/server/index.js';

const STREAMS = 200;
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

const server = createServer(
  toNodeListener(
    createFixtureApi({
      timeScale: TIME_SCALE,
      observe: (observation) => {
        if (observation.type === 'Started') started += 1;
        if (observation.type === 'Disposed') {
          disposed[observation.cause] += 1;
          if (alive() === 0) onSettled?.();
        }
      },
    }),
  ),
);
server.maxConnections = STREAMS * 2;

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

  const results = await Promise.allSettled(
    Array.from({ length: STREAMS }, (_, index) => stream(url, index, index % 2 === 0)),
  );
  const failures = results.flatMap((result) =>
    result.status === 'rejected' ? [String(result.reason)] : [],
  );
  const completed = results.filter(
    (result) => result.status === 'fulfilled' && result.value === 'completed',
  ).length;
  const aborted = results.filter(
    (result) => result.status === 'fulfilled' && result.value === 'aborted',
  ).length;

  // Server-side disposal of an aborted stream follows the socket's close; wait for it, bounded.
  if (alive() > 0) {
    await new Promise<void>((resolve) => {
      onSettled = resolve;
      setTimeout(resolve, SETTLE_MS).unref();
    });
  }
  const stillAlive = alive();
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
    `heap: ${heapBefore.toFixed(1)} MiB before, ${heapAfter.toFixed(1)} MiB after` +
      (forceGc ? ' (after a forced GC)' : ' (no forced GC: run with --expose-gc)'),
  );
  for (const failure of failures.slice(0, 5)) console.error(`failed: ${failure}`);

  const problems = [
    stillAlive === 0 ? '' : `${stillAlive} producer(s) still alive`,
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
