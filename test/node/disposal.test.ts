// Each request owns its producer: abort before the first read, body cancellation, both at once, and completion then
// cancel each dispose it exactly once, and nothing is emitted later (fake clock), also over real HTTP.

import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import assert from 'node:assert/strict';
import { fixtureScript } from '../../src/fixtures/index.js';
import { createAgentHandler } from '../../demo/server/index.js';
import type { ResponseObservation } from '../../demo/server/index.js';
import { startFixtureServer } from './fixture-server.js';
import { scenarioInput } from './inputs.js';

const NORMAL = fixtureScript(scenarioInput('normal'));
const NORMAL_MS = NORMAL.reduce((sum, timed) => sum + timed.delayMs, 0);

interface Harness {
  readonly observations: ResponseObservation[];
  readonly abort: AbortController;
  readonly response: Response;
}

/** One request to a fresh handler on the fake clock (time scale 1: the fixture's own timing). */
async function open(runId = 'run-1', observations: ResponseObservation[] = []): Promise<Harness> {
  const handler = createAgentHandler({ observe: (observation) => observations.push(observation) });
  const abort = new AbortController();
  const response = await handler(
    new Request('http://fixture.test/api/agent-analysis', {
      method: 'POST',
      body: JSON.stringify(scenarioInput('normal', runId)),
      signal: abort.signal,
    }),
  );
  assert.equal(response.status, 200);
  return { observations, abort, response };
}

const of = (observations: ResponseObservation[], runId: string) =>
  observations.filter((observation) => observation.runId === runId);
const emitted = (observations: ResponseObservation[]) =>
  observations.filter((o) => o.type === 'Emitted').length;
const disposals = (observations: ResponseObservation[]) =>
  observations.flatMap((o) => (o.type === 'Disposed' ? [o.cause] : []));

/**
 * Moves the fake clock forward one millisecond at a time. Node's `tick(n)` fires only the timers already due by
 * the end of the jump and places timers set by those callbacks after it, so a chain of timers needs small steps;
 * `tick(0)` first runs what is due now (the script's first event at 0 ms).
 */
function advance(ms: number): void {
  mock.timers.tick(0);
  for (let elapsed = 0; elapsed < ms; elapsed += 1) mock.timers.tick(1);
}

/** Lets promise callbacks (stream cancellation, abort listeners) run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('producer disposal on a fake clock', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
  afterEach(() => mock.timers.reset());

  it('plays the whole script by the clock and disposes once on completion', async () => {
    const { observations, response } = await open();
    advance(NORMAL_MS - 1);
    assert.equal(emitted(observations), NORMAL.length - 1);
    assert.deepEqual(disposals(observations), []);
    advance(1);
    assert.equal(emitted(observations), NORMAL.length);
    assert.deepEqual(disposals(observations), ['Completed']);
    const text = await response.text();
    assert.equal(text.split('\n\n').filter(Boolean).length, NORMAL.length);
  });

  it('disposes once and emits nothing when the request is aborted before the first read', async () => {
    const { observations, abort, response } = await open();
    abort.abort();
    await settle();
    advance(NORMAL_MS * 2);
    assert.deepEqual(
      observations.map((o) => o.type),
      ['Started', 'Disposed'],
    );
    assert.deepEqual(disposals(observations), ['Aborted']);
    await assert.rejects(response.text());
  });

  it('disposes once and emits nothing when the body is cancelled before the first read', async () => {
    const { observations, response } = await open();
    await response.body!.cancel();
    advance(NORMAL_MS * 2);
    assert.deepEqual(
      observations.map((o) => o.type),
      ['Started', 'Disposed'],
    );
    assert.deepEqual(disposals(observations), ['Cancelled']);
  });

  for (const order of ['abort, then cancel', 'cancel, then abort'] as const) {
    it(`disposes exactly once when abort and cancellation race (${order})`, async () => {
      const { observations, abort, response } = await open();
      advance(650 * 3);
      const before = emitted(observations);
      assert.ok(before > 0 && before < NORMAL.length);
      const cancelled = response.body!.cancel().catch(() => undefined);
      if (order === 'abort, then cancel') {
        abort.abort();
        await cancelled;
      } else {
        await cancelled;
        abort.abort();
      }
      await settle();
      advance(NORMAL_MS * 2);
      assert.equal(disposals(observations).length, 1);
      assert.equal(emitted(observations), before);
    });
  }

  it('stops mid-stream on abort and emits nothing later', async () => {
    const { observations, abort } = await open();
    advance(4000);
    const before = emitted(observations);
    abort.abort();
    await settle();
    advance(NORMAL_MS * 2);
    assert.deepEqual(disposals(observations), ['Aborted']);
    assert.equal(emitted(observations), before);
    assert.equal(observations.at(-1)!.type, 'Disposed');
  });

  it('keeps the single Completed disposal when the body is cancelled and the request aborted afterwards', async () => {
    const { observations, abort, response } = await open();
    advance(NORMAL_MS);
    assert.deepEqual(disposals(observations), ['Completed']);
    const reader = response.body!.getReader();
    await reader.cancel();
    abort.abort();
    await settle();
    advance(NORMAL_MS);
    assert.deepEqual(disposals(observations), ['Completed']);
    assert.equal(emitted(observations), NORMAL.length);
  });

  it('gives each request its own timers: aborting one leaves the other whole', async () => {
    const observations: ResponseObservation[] = [];
    const first = await open('run-a', observations);
    const second = await open('run-b', observations);
    advance(2000);
    first.abort.abort();
    await settle();
    advance(NORMAL_MS);
    assert.deepEqual(disposals(of(observations, 'run-a')), ['Aborted']);
    assert.deepEqual(disposals(of(observations, 'run-b')), ['Completed']);
    assert.equal(emitted(of(observations, 'run-b')), NORMAL.length);
    assert.ok(emitted(of(observations, 'run-a')) < NORMAL.length);
    assert.equal(
      (await second.response.text()).split('\n\n').filter(Boolean).length,
      NORMAL.length,
    );
  });
});

describe('producer disposal over real HTTP', () => {
  /**
   * Starts the request to cut short together with a `slow` sentinel on the same server. The sentinel's script
   * outlasts the normal one many times over, so once it completes, any timer the cut request leaked would have fired.
   */
  async function cutShort(cut: (response: Response, abort: AbortController) => Promise<void>) {
    const server = await startFixtureServer({ timeScale: 0.02 });
    try {
      const abort = new AbortController();
      const sentinel = fetch(server.agentUrl, {
        method: 'POST',
        body: JSON.stringify(scenarioInput('slow', 'run-sentinel')),
      }).then((response) => response.text());
      const response = await fetch(server.agentUrl, {
        method: 'POST',
        body: JSON.stringify(scenarioInput('normal', 'run-cut')),
        signal: abort.signal,
      });
      await cut(response, abort);
      const disposed = await server.disposedOf('run-cut');
      await sentinel;
      assert.deepEqual(disposals(of(server.observations, 'run-sentinel')), ['Completed']);
      const mine = of(server.observations, 'run-cut');
      assert.equal(disposals(mine).length, 1);
      assert.equal(mine.at(-1), disposed);
      assert.ok(emitted(mine) < NORMAL.length);
      return disposed;
    } finally {
      await server.close();
    }
  }

  it('disposes once when the client aborts before reading', async () => {
    const disposed = await cutShort(async (_response, abort) => abort.abort());
    assert.ok(disposed.type === 'Disposed' && ['Aborted', 'Cancelled'].includes(disposed.cause));
  });

  it('disposes once when the client aborts mid-stream', async () => {
    await cutShort(async (response, abort) => {
      const reader = response.body!.getReader();
      let text = '';
      while (!text.includes('STATE_SNAPSHOT')) {
        const { done, value } = await reader.read();
        if (done) throw new Error('The stream ended before the snapshot.');
        text += new TextDecoder().decode(value);
      }
      abort.abort();
    });
  });

  it('disposes once when the client cancels the response body', async () => {
    await cutShort(async (response) => {
      const reader = response.body!.getReader();
      await reader.read();
      await reader.cancel();
    });
  });
});
