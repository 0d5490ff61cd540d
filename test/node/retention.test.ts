// Thread-owned runs (retainRunsMs): connect replays finished runs and tails a running one, stop ends it at once,
// runs and threads are bounded and forgotten after the window; every stream passes @ag-ui/client's verifyEvents.

import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import assert from 'node:assert/strict';
import { from, lastValueFrom, toArray } from 'rxjs';
import { enforceEvents, verifyEvents } from '@ag-ui/client';
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import { fixtureScript } from '../../src/fixtures/index.js';
import { RETENTION_LIMITS, createFixtureApi } from '../../demo/server/index.js';
import type {
  AgentHandlerOptions,
  DisposeCause,
  ResponseObservation,
} from '../../demo/server/index.js';
import { postAndDecode, rawRequest, runInput, startFixtureServer } from './fixture-server.js';
import { chatInput, scenarioInput } from './inputs.js';

const BASE = 'http://fixture.test/api/agent-analysis';
const scriptEvents = (input: RunAgentInput): BaseEvent[] =>
  fixtureScript(input).map((timed) => timed.event);

/** Runs events through enforceEvents and verifyEvents with warnings on; rejects on a protocol violation. */
async function verified(events: BaseEvent[]): Promise<BaseEvent[]> {
  const suppressed = process.env.SUPPRESS_TRANSFORMATION_WARNINGS;
  delete process.env.SUPPRESS_TRANSFORMATION_WARNINGS;
  const warnings: string[] = [];
  const originalWarn = console.warn;
  console.warn = (...args: unknown[]) => warnings.push(args.map(String).join(' '));
  try {
    const out = await lastValueFrom(from(events).pipe(enforceEvents(), verifyEvents(), toArray()), {
      defaultValue: [],
    });
    assert.deepEqual(warnings, []);
    return out;
  } finally {
    console.warn = originalWarn;
    if (suppressed !== undefined) process.env.SUPPRESS_TRANSFORMATION_WARNINGS = suppressed;
  }
}

/** The events of an SSE body written by @ag-ui/encoder (one `data:` line per frame). */
function sseEvents(text: string): BaseEvent[] {
  return text
    .split('\n\n')
    .filter((frame) => frame.trim() !== '')
    .map((frame) => JSON.parse(frame.replace(/^data: /, '')) as BaseEvent);
}

/** Moves the fake clock one millisecond at a time (timers set by timers need small steps; see disposal.test.ts). */
function advance(ms: number): void {
  mock.timers.tick(0);
  for (let elapsed = 0; elapsed < ms; elapsed += 1) mock.timers.tick(1);
}

/** Advances until `done()` holds, failing after `limitMs` of fake time. */
function advanceUntil(done: () => boolean, limitMs = 200_000): void {
  mock.timers.tick(0);
  for (let elapsed = 0; !done(); elapsed += 1) {
    if (elapsed > limitMs)
      throw new Error('The condition did not hold within the fake time limit.');
    mock.timers.tick(1);
  }
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The fixture API called directly (no sockets), so a fake clock drives every timer. */
function directApi(options: Omit<AgentHandlerOptions, 'observe'>) {
  const observations: ResponseObservation[] = [];
  const api = createFixtureApi({
    ...options,
    observe: (observation) => observations.push(observation),
  });
  const post = (path: string, body: unknown, signal?: AbortSignal) =>
    api(
      new Request(`${BASE}${path}`, {
        method: 'POST',
        body: typeof body === 'string' ? body : JSON.stringify(body),
        ...(signal ? { signal } : {}),
      }),
    );
  const emitted = (runId: string) =>
    observations.filter((o) => o.type === 'Emitted' && o.runId === runId);
  const disposals = (runId: string): DisposeCause[] =>
    observations.flatMap((o) => (o.type === 'Disposed' && o.runId === runId ? [o.cause] : []));
  return {
    observations,
    emitted,
    disposals,
    /** Starts a run; `abort` closes its request as a client that went away would. */
    async run(input: RunAgentInput) {
      const abort = new AbortController();
      const response = await post('', input, abort.signal);
      assert.equal(response.status, 200);
      return { response, abort };
    },
    async connect(threadId = 'thread-1', signal?: AbortSignal) {
      const response = await post('/connect', runInput('connect-run', { threadId }), signal);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), 'text/event-stream');
      return response;
    },
    async stop(threadId: string, body: unknown = '') {
      const response = await post(`/stop/${encodeURIComponent(threadId)}`, body);
      return { status: response.status, json: (await response.json()) as unknown };
    },
  };
}

/** Lets the original request go (the client left) and checks its producer lives on. */
async function leave(run: { abort: AbortController; response: Response }): Promise<void> {
  run.abort.abort();
  await run.response.body?.cancel().catch(() => undefined);
  await settle();
}

const SLOW = scenarioInput('slow', 'run-slow');
const SLOW_EVENTS = scriptEvents(SLOW);
const snapshotIndex = SLOW_EVENTS.findIndex((event) => event.type === 'STATE_SNAPSHOT');

describe('retention over HTTP', () => {
  it('replays every finished run of the thread in order, RUN_STARTED to RUN_FINISHED, then ends', async () => {
    const server = await startFixtureServer({ timeScale: 0, retainRunsMs: 60_000 });
    try {
      const first = scenarioInput('normal', 'run-a');
      const second = chatInput('Tell me a joke', { runId: 'run-b' });
      assert.deepEqual(await postAndDecode(server.agentUrl, first), scriptEvents(first));
      assert.deepEqual(await postAndDecode(server.agentUrl, second), scriptEvents(second));
      const replayed = await postAndDecode(
        `${server.agentUrl}/connect`,
        runInput('run-c', { threadId: 'thread-1' }),
      );
      assert.deepEqual(replayed, [...scriptEvents(first), ...scriptEvents(second)]);
      assert.deepEqual(await verified(replayed), replayed);
    } finally {
      await server.close();
    }
  });

  it('answers an unknown thread with an empty event stream that ends cleanly', async () => {
    const server = await startFixtureServer({ timeScale: 0, retainRunsMs: 60_000 });
    try {
      const reply = await rawRequest(`${server.agentUrl}/connect`, {
        headers: { 'content-type': 'application/json' },
        chunks: [JSON.stringify(runInput('run-x', { threadId: 'nobody' }))],
      });
      assert.equal(reply.status, 200);
      assert.equal(reply.headers['content-type'], 'text/event-stream');
      assert.equal(reply.body, '');
      assert.deepEqual(
        await postAndDecode(
          `${server.agentUrl}/connect`,
          runInput('run-y', { threadId: 'nobody' }),
        ),
        [],
      );
    } finally {
      await server.close();
    }
  });

  it('keeps request-owned runs by default: connect is empty and stop finds nothing', async () => {
    const server = await startFixtureServer({ timeScale: 0 });
    try {
      await postAndDecode(server.agentUrl, scenarioInput('normal', 'run-off'));
      const reply = await rawRequest(`${server.agentUrl}/connect`, {
        chunks: [JSON.stringify(runInput('run-z'))],
      });
      assert.equal(reply.status, 200);
      assert.equal(reply.body, '');
      const stop = await rawRequest(`${server.agentUrl}/stop/thread-1`, { chunks: [] });
      assert.equal(stop.status, 200);
      assert.deepEqual(JSON.parse(stop.body), { stopped: false });
    } finally {
      await server.close();
    }
  });

  it('rejects bad connect and stop requests with JSON errors', async () => {
    const server = await startFixtureServer({ timeScale: 0, retainRunsMs: 60_000 });
    try {
      const send = (path: string, body: string, method = 'POST') =>
        rawRequest(`${server.agentUrl}${path}`, { method, chunks: body ? [body] : [] });
      const cases: Array<[string, string, string, number, RegExp]> = [
        ['/connect', '{"threadId":', 'POST', 400, /Malformed JSON/],
        ['/connect', '{"threadId":"t"}', 'POST', 400, /not a RunAgentInput/],
        ['/connect', '', 'GET', 405, /not allowed/],
        ['/stop/thread-1', '{"runId":', 'POST', 400, /Malformed JSON/],
        ['/stop/thread-1', '{"runId":7}', 'POST', 400, /runId must be a string/],
        ['/stop/thread-1', '["run-1"]', 'POST', 400, /JSON object/],
        ['/stop/thread-1', '', 'GET', 405, /not allowed/],
        ['/stop/%E0%A4%A', '', 'POST', 400, /percent-encoding/],
        ['/stop/', '', 'POST', 404, /Nothing is served/],
      ];
      for (const [path, body, method, status, message] of cases) {
        const reply = await send(path, body, method);
        assert.equal(reply.status, status, `${method} ${path} ${body}`);
        assert.equal(reply.headers['content-type'], 'application/json; charset=utf-8');
        assert.match((JSON.parse(reply.body) as { error: string }).error, message);
      }
    } finally {
      await server.close();
    }
  });
});

describe('retention on a fake clock', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
  afterEach(() => mock.timers.reset());

  it('keeps a run going after its request closes, and a connect tails it to its end', async () => {
    const api = directApi({ timeScale: 0.1, retainRunsMs: 60_000 });
    const run = await api.run(SLOW);
    advanceUntil(() => api.emitted('run-slow').length > snapshotIndex);
    await leave(run);
    assert.deepEqual(api.disposals('run-slow'), []);
    const connected = await api.connect();
    const text = connected.text();
    advanceUntil(() => api.disposals('run-slow').length > 0);
    const events = sseEvents(await text);
    assert.deepEqual(events, SLOW_EVENTS);
    assert.deepEqual(await verified(events), events);
    assert.deepEqual(api.disposals('run-slow'), ['Completed']);
  });

  it('serves two readers at once: the original request and a connect both get the whole run', async () => {
    const api = directApi({ timeScale: 0.1, retainRunsMs: 60_000 });
    const run = await api.run(SLOW);
    const original = run.response.text();
    advanceUntil(() => api.emitted('run-slow').length > snapshotIndex);
    const connected = (await api.connect()).text();
    advanceUntil(() => api.disposals('run-slow').length > 0);
    assert.deepEqual(sseEvents(await original), SLOW_EVENTS);
    assert.deepEqual(sseEvents(await connected), SLOW_EVENTS);
  });

  it('stops the running run at once: the producer is disposed and every reader ends with a cancelled RUN_FINISHED', async () => {
    const api = directApi({ timeScale: 0.1, retainRunsMs: 60_000 });
    const run = await api.run(SLOW);
    const original = run.response.text();
    advanceUntil(() => api.emitted('run-slow').length > snapshotIndex + 2);
    const connected = (await api.connect()).text();
    assert.deepEqual(await api.stop('thread-1', { runId: 'run-slow' }), {
      status: 200,
      json: { stopped: true },
    });
    assert.deepEqual(api.disposals('run-slow'), ['Stopped']);
    const sent = api.emitted('run-slow').length;
    advance(30_000);
    assert.equal(api.emitted('run-slow').length, sent);
    for (const body of [await original, await connected]) {
      const events = sseEvents(body);
      assert.deepEqual(events.at(-1), {
        type: 'RUN_FINISHED',
        threadId: 'thread-1',
        runId: 'run-slow',
        outcome: { type: 'cancelled' },
      });
      assert.ok(events.length < SLOW_EVENTS.length);
      assert.deepEqual(await verified(events), events);
    }
    // The stopped run stays replayable for the rest of its window, and a second stop finds nothing running.
    const replay = sseEvents(await (await api.connect()).text());
    assert.deepEqual(replay, sseEvents(await connected));
    assert.deepEqual((await api.stop('thread-1')).json, { stopped: false });
  });

  it('closes what a stop cuts off: open text is ended and open tool arguments are completed', async () => {
    const api = directApi({ timeScale: 1, retainRunsMs: 60_000 });
    const input = scenarioInput('normal', 'run-cut');
    const script = scriptEvents(input);
    // Stop between two argument fragments of one tool call, and again inside a text message.
    const argsAt = script.findIndex(
      (event, index) =>
        event.type === 'TOOL_CALL_ARGS' && script[index + 1]?.type === 'TOOL_CALL_ARGS',
    );
    assert.ok(argsAt > 0);
    const run = await api.run(input);
    const text = run.response.text();
    advanceUntil(() => api.emitted('run-cut').length === argsAt + 1);
    assert.deepEqual((await api.stop('thread-1')).json, { stopped: true });
    const events = await verified(sseEvents(await text));
    const callId = (script[argsAt] as BaseEvent & { toolCallId: string }).toolCallId;
    const args = events
      .filter(
        (e) => e.type === 'TOOL_CALL_ARGS' && (e as { toolCallId?: string }).toolCallId === callId,
      )
      .map((e) => (e as BaseEvent & { delta: string }).delta)
      .join('');
    assert.doesNotThrow(() => JSON.parse(args));
    assert.equal(events.at(-1)?.type, 'RUN_FINISHED');

    const textAt = script.findIndex(
      (event, index) =>
        event.type === 'TEXT_MESSAGE_CONTENT' && script[index + 1]?.type === 'TEXT_MESSAGE_CONTENT',
    );
    const second = await api.run(scenarioInput('normal', 'run-text'));
    const secondText = second.response.text();
    advanceUntil(() => api.emitted('run-text').length === textAt + 1);
    assert.deepEqual((await api.stop('thread-1', { runId: 'run-text' })).json, { stopped: true });
    const cut = await verified(sseEvents(await secondText));
    assert.deepEqual(
      cut.slice(-2).map((e) => e.type),
      ['TEXT_MESSAGE_END', 'RUN_FINISHED'],
    );
  });

  it('stops only the run it names, and nothing on an unknown thread', async () => {
    const api = directApi({ timeScale: 0.1, retainRunsMs: 60_000 });
    const run = await api.run(SLOW);
    const text = run.response.text();
    advanceUntil(() => api.emitted('run-slow').length > 1);
    assert.deepEqual((await api.stop('thread-1', { runId: 'other-run' })).json, { stopped: false });
    assert.deepEqual((await api.stop('nobody')).json, { stopped: false });
    assert.deepEqual(api.disposals('run-slow'), []);
    advanceUntil(() => api.disposals('run-slow').length > 0);
    assert.deepEqual(sseEvents(await text), SLOW_EVENTS);
    assert.deepEqual(api.disposals('run-slow'), ['Completed']);
  });

  it('disposes a run nobody reads when the window ends, and the thread is then empty', async () => {
    const api = directApi({ timeScale: 1, retainRunsMs: 1000 });
    const run = await api.run(SLOW);
    advance(1);
    await leave(run);
    const sent = api.emitted('run-slow').length;
    advance(999);
    assert.deepEqual(api.disposals('run-slow'), []);
    advance(1);
    assert.deepEqual(api.disposals('run-slow'), ['Expired']);
    const later = api.emitted('run-slow').length;
    assert.ok(later >= sent);
    advance(60_000);
    assert.equal(api.emitted('run-slow').length, later);
    assert.equal(await (await api.connect()).text(), '');
  });

  it('holds the window while a connect reads, and restarts it when the reader leaves', async () => {
    const api = directApi({ timeScale: 1, retainRunsMs: 1000 });
    const run = await api.run(SLOW);
    advance(1);
    await leave(run);
    advance(500);
    const abort = new AbortController();
    const connected = await api.connect('thread-1', abort.signal);
    advance(5000);
    assert.deepEqual(api.disposals('run-slow'), []);
    abort.abort();
    await connected.body?.cancel().catch(() => undefined);
    await settle();
    advance(999);
    assert.deepEqual(api.disposals('run-slow'), []);
    advance(1);
    assert.deepEqual(api.disposals('run-slow'), ['Expired']);
  });

  it('keeps a finished run replayable for the window, then forgets it', async () => {
    const api = directApi({ timeScale: 0, retainRunsMs: 1000 });
    const input = scenarioInput('normal', 'run-done');
    const run = await api.run(input);
    const text = run.response.text();
    advanceUntil(() => api.disposals('run-done').length > 0);
    assert.deepEqual(sseEvents(await text), scriptEvents(input));
    advance(999);
    assert.deepEqual(sseEvents(await (await api.connect()).text()), scriptEvents(input));
    advance(1);
    assert.equal(await (await api.connect()).text(), '');
  });

  it('ends a running run cancelled when a new run starts on its thread', async () => {
    const api = directApi({ timeScale: 0.1, retainRunsMs: 60_000 });
    const first = await api.run(SLOW);
    const firstText = first.response.text();
    advanceUntil(() => api.emitted('run-slow').length > snapshotIndex);
    const next = scenarioInput('normal', 'run-next');
    const second = await api.run(next);
    assert.deepEqual(api.disposals('run-slow'), ['Superseded']);
    const secondText = second.response.text();
    advanceUntil(() => api.disposals('run-next').length > 0);
    const cut = sseEvents(await firstText);
    assert.deepEqual(cut.at(-1), {
      type: 'RUN_FINISHED',
      threadId: 'thread-1',
      runId: 'run-slow',
      outcome: { type: 'cancelled' },
    });
    assert.deepEqual(sseEvents(await secondText), scriptEvents(next));
    const replay = sseEvents(await (await api.connect()).text());
    assert.deepEqual(replay, [...cut, ...scriptEvents(next)]);
    assert.deepEqual(await verified(replay), replay);
  });
});

describe('retention bounds', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
  afterEach(() => mock.timers.reset());

  it('has documented defaults', () => {
    assert.deepEqual(RETENTION_LIMITS, {
      maxEventsPerRun: 500,
      maxRunsPerThread: 20,
      maxThreads: 100,
    });
  });

  it('keeps the newest runs of a thread', async () => {
    const api = directApi({
      timeScale: 0,
      retainRunsMs: 60_000,
      retentionLimits: { maxRunsPerThread: 3 },
    });
    for (let index = 1; index <= 5; index += 1) {
      const run = await api.run(scenarioInput('invalid', `run-${index}`));
      const text = run.response.text();
      advanceUntil(() => api.disposals(`run-${index}`).length > 0);
      await text;
    }
    const replay = sseEvents(await (await api.connect()).text());
    assert.deepEqual(
      replay.filter((e) => e.type === 'RUN_STARTED').map((e) => (e as { runId?: string }).runId),
      ['run-3', 'run-4', 'run-5'],
    );
    assert.deepEqual(await verified(replay), replay);
  });

  it('drops the least recently run thread, stopping its running run', async () => {
    const api = directApi({
      timeScale: 0.1,
      retainRunsMs: 60_000,
      retentionLimits: { maxThreads: 2 },
    });
    const oldest = await api.run(
      runInput('run-old', { threadId: 'old', forwardedProps: { scenario: 'slow' } }),
    );
    const oldestText = oldest.response.text();
    advanceUntil(() => api.emitted('run-old').length > 2);
    const middle = await api.run(scenarioInput('invalid', 'run-mid'));
    const middleText = middle.response.text();
    advanceUntil(() => api.disposals('run-mid').length > 0);
    await middleText;
    const newest = await api.run(
      runInput('run-new', { threadId: 'new', forwardedProps: { scenario: 'invalid' } }),
    );
    assert.deepEqual(api.disposals('run-old'), ['Evicted']);
    const cut = sseEvents(await oldestText);
    assert.equal(cut.at(-1)?.type, 'RUN_FINISHED');
    assert.deepEqual(await verified(cut), cut);
    const newestText = newest.response.text();
    advanceUntil(() => api.disposals('run-new').length > 0);
    await newestText;
    assert.equal(await (await api.connect('old')).text(), '');
    assert.notEqual(await (await api.connect('thread-1')).text(), '');
    assert.notEqual(await (await api.connect('new')).text(), '');
  });

  it('ends a run that would exceed the events kept per run with RUN_ERROR', async () => {
    const api = directApi({
      timeScale: 0,
      retainRunsMs: 60_000,
      retentionLimits: { maxEventsPerRun: 10 },
    });
    const run = await api.run(scenarioInput('normal', 'run-long'));
    const text = run.response.text();
    advanceUntil(() => api.disposals('run-long').length > 0);
    const events = sseEvents(await text);
    assert.equal(events.length, 10);
    assert.equal(events.at(-1)?.type, 'RUN_ERROR');
    assert.equal((events.at(-1) as { code?: string }).code, 'event_limit');
    assert.deepEqual(await verified(events), events);
    assert.deepEqual(sseEvents(await (await api.connect()).text()), events);
  });

  it('rejects limits and windows that are not whole positive numbers', () => {
    assert.throws(() => createFixtureApi({ retainRunsMs: -1 }), RangeError);
    assert.throws(
      () => createFixtureApi({ retainRunsMs: 1, retentionLimits: { maxThreads: 0 } }),
      RangeError,
    );
    assert.throws(
      () => createFixtureApi({ retainRunsMs: 1, retentionLimits: { maxEventsPerRun: 1.5 } }),
      RangeError,
    );
  });
});
