import { expect, fixture, html } from '@open-wc/testing';
import '../components/define.js';
import type { AgentRun } from '../components/agent-run/agent-run.js';
import { RunStore } from '../src/store/run-store.js';
import { tick, waitForStatus } from './support/agents.js';
import { until } from './support/elements.js';

interface RecordedRequest {
  closedByClient: boolean;
  finished: boolean;
  input: { runId?: string; threadId?: string };
}

interface StopRequest {
  path: string;
  body: unknown;
  authorization: string | null;
}

let counter = 0;
const uniqueKey = () => `stop-${Date.now()}-${(counter += 1)}`;

const endpoint = (key: string, params: Record<string, string> = {}) =>
  `/__test/sse?${new URLSearchParams({ key, ...params }).toString()}`;

async function fetchJson<T>(url: string): Promise<T> {
  return (await (await fetch(url)).json()) as T;
}

const requestsFor = (key: string) =>
  fetchJson<RecordedRequest[]>(`/__test/requests?key=${encodeURIComponent(key)}`);
const stopsFor = (key: string) =>
  fetchJson<StopRequest[]>(`/__test/stops?key=${encodeURIComponent(key)}`);

async function eventually<T>(read: () => Promise<T>, test: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const value = await read();
    if (test(value)) return value;
    await tick(20);
  }
  throw new Error('The server never saw what was expected');
}

/** Events of a run that streams slowly and never ends by itself. */
const hanging = (key: string) => endpoint(key, { delay: '50', end: 'hang' });

describe('stop-endpoint', () => {
  it('POSTs {runId} to the stop endpoint, with the thread and run filled in, when the person cancels', async () => {
    const key = uniqueKey();
    const store = new RunStore({
      threadId: 'thread/1',
      endpoint: { url: hanging(key), headers: { Authorization: 'Bearer t' } },
      stopEndpoint: {
        url: `/__test/stop/{threadId}/{runId}?key=${key}`,
        headers: { Authorization: 'Bearer t' },
      },
    });
    store.send('hello');
    await waitForStatus(store, 'Streaming');
    const runId = store.getState().run.id as string;
    store.cancel();
    const [stop] = await eventually(
      () => stopsFor(key),
      (stops) => stops.length === 1,
    );
    expect(stop?.path).to.equal(`/__test/stop/thread%2F1/${runId}`);
    expect(stop?.body).to.deep.equal({ runId });
    expect(stop?.authorization).to.equal('Bearer t');
    const [request] = await eventually(
      () => requestsFor(key),
      (list) => list[0]?.closedByClient === true,
    );
    expect(request?.closedByClient, 'the request is aborted as well').to.equal(true);
    store.dispose();
  });

  it('also stops on New thread, and makes the next run on the thread wait for the stop to settle', async () => {
    const key = uniqueKey();
    const store = new RunStore({
      endpoint: { url: hanging(key) },
      stopEndpoint: { url: `/__test/stop/{threadId}?key=${key}` },
    });
    store.send('one');
    await waitForStatus(store, 'Streaming');
    const thread = store.getState().threadId;
    store.reset();
    const stops = await eventually(
      () => stopsFor(key),
      (list) => list.length === 1,
    );
    expect(stops[0]?.path).to.equal(`/__test/stop/${thread}`);
    store.dispose();
  });

  it('notes a failing stop request in the activity log and carries on', async () => {
    const key = uniqueKey();
    const store = new RunStore({
      endpoint: { url: hanging(key) },
      stopEndpoint: { url: `/__test/stop/x?key=${key}&status=500` },
    });
    store.send('one');
    await waitForStatus(store, 'Streaming');
    store.cancel();
    await until(
      () => store.getState().activity.some((entry) => entry.text.includes('stop request')),
      5000,
    );
    const entry = store.getState().activity.find((item) => item.text.includes('stop request'));
    expect(entry?.text).to.match(/^The stop request for run run-[0-9a-f]+ failed: HTTP 500/);
    expect(store.getState().run.status).to.equal('Cancelled');
    store.dispose();
  });

  it('sends nothing without the attribute, and a page closing is no stop', async () => {
    const key = uniqueKey();
    const el = await fixture<AgentRun>(
      html`<agent-run endpoint=${hanging(key)} dispose-delay="0"></agent-run>`,
    );
    el.store.send('one');
    await waitForStatus(el.store, 'Streaming');
    el.store.cancel();
    const stopped = await fixture<AgentRun>(
      html`<agent-run
        endpoint=${hanging(key)}
        stop-endpoint=${`/__test/stop/t?key=${key}`}
        dispose-delay="0"
      ></agent-run>`,
    );
    stopped.store.send('two');
    await waitForStatus(stopped.store, 'Streaming');
    stopped.remove();
    await eventually(
      () => requestsFor(key),
      (list) => list.length === 2 && list.every((r) => r.closedByClient),
    );
    await tick(200);
    expect(await stopsFor(key)).to.deep.equal([]);
  });
});

describe('Clean ends', () => {
  it('lets the response finish after RUN_FINISHED instead of aborting it', async () => {
    const key = uniqueKey();
    const store = new RunStore({
      endpoint: { url: endpoint(key, { end: 'linger', linger: '400' }) },
    });
    store.send('hi');
    await waitForStatus(store, 'Completed');
    const [request] = await eventually(
      () => requestsFor(key),
      (list) => list[0]?.finished === true,
    );
    expect(request).to.include({ finished: true, closedByClient: false });
    store.dispose();
  });

  it('aborts a body still open 2 s after the terminal event, and at once when a new run starts', async () => {
    const key = uniqueKey();
    const store = new RunStore({ endpoint: { url: endpoint(key, { end: 'hang' }) } });
    store.send('hi');
    await waitForStatus(store, 'Completed');
    await tick(500);
    expect((await requestsFor(key))[0]?.closedByClient, 'still open right after the end').to.equal(
      false,
    );
    const [late] = await eventually(
      () => requestsFor(key),
      (list) => list[0]?.closedByClient === true,
    );
    expect(late?.finished).to.equal(false);

    const second = uniqueKey();
    store.setEndpoint({ url: endpoint(second, { end: 'hang' }) });
    store.send('again');
    await waitForState2(store, 2);
    const started = performance.now();
    store.send('and again');
    const [first] = await eventually(
      () => requestsFor(second),
      (list) => list[0]?.closedByClient === true,
    );
    expect(first?.closedByClient).to.equal(true);
    expect(performance.now() - started, 'aborted by the new run, not by the 2 s timer').to.be.below(
      1900,
    );
    store.dispose();
  });
});

async function waitForState2(store: RunStore, run: number): Promise<void> {
  await until(
    () => store.getState().run.number === run && store.getState().run.status === 'Completed',
    10_000,
  );
}
