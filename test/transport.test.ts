import { expect } from '@open-wc/testing';
import { HttpAgent } from '@ag-ui/client';
import { RunStore } from '../src/store/run-store.js';
import { createAnalysisPlugin, selectServices } from '../src/analysis/index.js';
import { tick, waitForState, waitForStatus } from './support/agents.js';

interface RecordedRequest {
  key: string;
  input: { runId?: string; threadId?: string; forwardedProps?: unknown };
  closedByClient: boolean;
  finished: boolean;
}

let keyCounter = 0;
function uniqueKey(): string {
  keyCounter += 1;
  return `t${Date.now()}-${keyCounter}`;
}

function base64url(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function endpoint(key: string, params: Record<string, string> = {}): string {
  const search = new URLSearchParams({ key, ...params });
  return `/__test/sse?${search.toString()}`;
}

async function requestsFor(key: string): Promise<RecordedRequest[]> {
  const response = await fetch(`/__test/requests?key=${encodeURIComponent(key)}`);
  return (await response.json()) as RecordedRequest[];
}

async function waitForRequests(
  key: string,
  predicate: (requests: RecordedRequest[]) => boolean,
): Promise<RecordedRequest[]> {
  for (let attempt = 0; attempt < 250; attempt += 1) {
    const requests = await requestsFor(key);
    if (predicate(requests)) return requests;
    await tick(20);
  }
  throw new Error(`The server never saw the expected requests for ${key}`);
}

function storeFor(
  url: string,
  extra: Partial<ConstructorParameters<typeof RunStore>[0]> = {},
): RunStore {
  return new RunStore({ endpoint: { url }, threadId: 'http-thread', ...extra }).use(
    createAnalysisPlugin(),
  );
}

describe('Endpoint transport over real HTTP', () => {
  for (const framing of ['lf', 'crlf', 'cr']) {
    it(`parses SSE framed with ${framing.toUpperCase()}, split into 3-byte chunks, keeping non-ASCII text`, async () => {
      const key = uniqueKey();
      const store = storeFor(endpoint(key, { framing, chunk: '3' }));
      store.send('hi');
      const done = await waitForStatus(store, 'Completed', 'Failed');
      expect(done.run.status, done.run.failure?.reason).to.equal('Completed');
      expect(done.messages[1]?.parts[0]).to.deep.equal({ kind: 'text', text: 'Hello wörld' });
      expect(done.agentState.value).to.deep.equal({ count: 2 });
      store.dispose();
    });
  }

  it('sends the RunAgentInput as JSON with the scenario and the run id', async () => {
    const key = uniqueKey();
    const store = storeFor(endpoint(key));
    store.run({ scenario: 'slow' });
    await waitForStatus(store, 'Completed', 'Failed');
    const [request] = await requestsFor(key);
    expect(request?.input.threadId).to.equal('http-thread');
    expect(request?.input.runId).to.equal(store.getState().run.id);
    expect(request?.input.runId).to.match(/^run-[0-9a-f]{24}$/);
    expect(request?.input.forwardedProps).to.deep.equal({ scenario: 'slow' });
    store.dispose();
  });

  it('completes when the server does not echo the run id it was sent', async () => {
    const key = uniqueKey();
    const store = storeFor(endpoint(key, { echo: 'no' }));
    store.send('hi');
    const done = await waitForStatus(store, 'Completed', 'Failed');
    expect(done.run.status, done.run.failure?.reason).to.equal('Completed');
    store.dispose();
  });

  it('fails with the status and the JSON body message on HTTP 500, and does not retry', async () => {
    const key = uniqueKey();
    const store = storeFor(endpoint(key, { status: '500', json: '{"error":"database is down"}' }));
    store.send('hi');
    const failed = await waitForStatus(store, 'Failed');
    expect(failed.run.failure).to.deep.equal({
      kind: 'Transport',
      reason: 'HTTP 500: database is down',
      status: 500,
      // Issue 29: the code and values beside the unchanged English reason, so an element can say it in its language.
      code: 'httpStatus',
      params: { status: 500, message: 'database is down' },
    });
    await tick(100);
    expect(await requestsFor(key)).to.have.length(1);
    store.dispose();
  });

  it('fails with the status and text of a plain-text 413', async () => {
    const key = uniqueKey();
    const store = storeFor(
      endpoint(key, { status: '413', text: 'Request body is larger than 64 KiB' }),
    );
    store.send('hi');
    const failed = await waitForStatus(store, 'Failed');
    expect(failed.run.failure?.reason).to.equal('HTTP 413: Request body is larger than 64 KiB');
    store.dispose();
  });

  it('fails a reply that is not an event stream', async () => {
    const key = uniqueKey();
    const store = storeFor(endpoint(key, { type: 'text/html' }));
    store.send('hi');
    const failed = await waitForStatus(store, 'Failed');
    expect(failed.run.failure?.kind).to.equal('Transport');
    expect(failed.run.failure?.reason).to.contain('text/html');
    store.dispose();
  });

  it('fails on malformed JSON in an event', async () => {
    const key = uniqueKey();
    const store = storeFor(endpoint(key, { raw: 'data: {"type":"RUN_STARTED",\n\n' }));
    store.send('hi');
    const failed = await waitForStatus(store, 'Failed');
    expect(failed.run.failure?.kind).to.equal('Protocol');
    expect(failed.run.failure?.reason).to.contain('not valid JSON');
    store.dispose();
  });

  it('fails on an ordering violation', async () => {
    const key = uniqueKey();
    const events = [
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'x' },
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
    ];
    const store = storeFor(endpoint(key, { events: base64url(events) }));
    store.send('hi');
    const failed = await waitForStatus(store, 'Failed');
    expect(failed.run.failure?.kind).to.equal('Protocol');
    expect(failed.run.failure?.reason).to.contain('RUN_STARTED');
    store.dispose();
  });

  it('fails on a mid-stream disconnect and keeps the data it had', async () => {
    const key = uniqueKey();
    const events = [
      { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
      {
        type: 'STATE_SNAPSHOT',
        snapshot: { services: [{ id: 'api', name: 'API', series: 'Core', volume: 1, latency: 2 }] },
      },
      { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/services/0/latency', value: 3 }] },
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
    ];
    const store = storeFor(
      endpoint(key, { events: base64url(events), cutAfter: '2', delay: '20' }),
    );
    store.run();
    const failed = await waitForStatus(store, 'Failed');
    expect(failed.run.failure?.kind).to.equal('Transport');
    expect(selectServices(failed)[0]?.latency).to.equal(2);
    store.dispose();
  });

  it('aborts the request on cancel: the server sees the connection close, and nothing more is sent', async () => {
    const key = uniqueKey();
    const events = [{ type: 'RUN_STARTED', threadId: 't', runId: 'r' }];
    const store = storeFor(endpoint(key, { events: base64url(events), end: 'hang' }));
    store.run();
    await waitForStatus(store, 'Streaming');
    store.cancel();
    const requests = await waitForRequests(key, (list) => list[0]?.closedByClient === true);
    expect(requests).to.have.length(1);
    expect(store.getState().run.status).to.equal('Cancelled');
    await tick(100);
    expect(await requestsFor(key)).to.have.length(1);
    store.dispose();
  });

  it('aborts the request when the store is disposed', async () => {
    const key = uniqueKey();
    const events = [{ type: 'RUN_STARTED', threadId: 't', runId: 'r' }];
    const store = storeFor(endpoint(key, { events: base64url(events), end: 'hang' }));
    store.run();
    await waitForStatus(store, 'Streaming');
    store.dispose();
    await waitForRequests(key, (list) => list[0]?.closedByClient === true);
  });

  it('sends headers from an async function, fresh for each run', async () => {
    const key = uniqueKey();
    let token = 0;
    const seen: string[] = [];
    const store = storeFor(endpoint(key), {
      endpoint: {
        url: endpoint(key),
        headers: async () => {
          token += 1;
          return { Authorization: `Bearer ${token}` };
        },
        fetch: (input, init) => {
          seen.push(new Headers(init?.headers).get('Authorization') ?? '');
          return fetch(input, init);
        },
      },
    });
    store.send('one');
    await waitForStatus(store, 'Completed', 'Failed');
    store.send('two');
    await waitForState(
      store,
      (state) => state.run.number === 2 && state.run.status === 'Completed',
    );
    expect(seen).to.deep.equal(['Bearer 1', 'Bearer 2']);
    store.dispose();
  });

  it("ends a host-supplied HttpAgent's request on cancel, and its next run still works", async () => {
    const key = uniqueKey();
    const hanging = endpoint(key, {
      events: base64url([{ type: 'RUN_STARTED', threadId: 't', runId: 'r' }]),
      end: 'hang',
    });
    const agent = new HttpAgent({ url: hanging });
    const store = new RunStore({ agent }).use(createAnalysisPlugin());
    store.run();
    await waitForStatus(store, 'Streaming');
    store.cancel();
    await waitForRequests(key, (list) => list[0]?.closedByClient === true);
    agent.url = endpoint(key);
    store.send('again');
    const done = await waitForState(
      store,
      (state) =>
        state.run.number === 2 &&
        state.run.status !== 'Connecting' &&
        state.run.status !== 'Streaming',
    );
    expect(done.run.status, done.run.failure?.reason).to.equal('Completed');
    expect(await requestsFor(key)).to.have.length(2);
    store.dispose();
  });
});
