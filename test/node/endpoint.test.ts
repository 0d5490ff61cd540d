// The fixture endpoint over real HTTP on a loopback port: exact events per scenario and intent, SSE headers,
// body bounds, input errors, methods, concurrency and the data routes.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BaseEvent } from '@ag-ui/core';
import { cellKnowledge, fixtureScript, signalSeries, workOrder } from '../../src/fixtures/index.js';
import { MAX_BODY_BYTES, createAgentHandler } from '../../demo/server/index.js';
import {
  errorMessage,
  postAndDecode,
  rawRequest,
  runInput,
  startFixtureServer,
} from './fixture-server.js';
import type { FixtureServer } from './fixture-server.js';
import { allInputs, scenarioInput } from './inputs.js';

const scriptEvents = (input: Parameters<typeof fixtureScript>[0]): BaseEvent[] =>
  fixtureScript(input).map((timed) => timed.event);

/** A valid RunAgentInput serialised to exactly `size` bytes (JSON whitespace pads it). */
function bodyOfSize(size: number, runId = 'run-size'): string {
  const json = JSON.stringify(scenarioInput('normal', runId));
  assert.ok(json.length <= size);
  return json + ' '.repeat(size - json.length);
}

describe('fixture endpoint over HTTP', () => {
  let server: FixtureServer;
  before(async () => {
    server = await startFixtureServer({ timeScale: 0 });
  });
  after(async () => {
    await server.close();
  });

  for (const [name, input] of allInputs()) {
    it(`streams exactly the fixture's events: ${name}`, async () => {
      const events = await postAndDecode(server.agentUrl, input);
      assert.deepEqual(events, scriptEvents(input));
    });
  }

  it('answers with SSE and no-cache headers', async () => {
    const reply = await rawRequest(server.agentUrl, {
      headers: { 'content-type': 'application/json' },
      chunks: [JSON.stringify(scenarioInput('invalid', 'run-headers'))],
    });
    assert.equal(reply.status, 200);
    assert.equal(reply.headers['content-type'], 'text/event-stream');
    assert.equal(reply.headers['cache-control'], 'no-cache');
    assert.match(
      reply.body,
      /^data: \{"type":"RUN_STARTED","threadId":"thread-1","runId":"run-headers"\}\n\n/,
    );
  });

  for (const framing of ['content-length', 'chunked'] as const) {
    const send = (body: string) =>
      rawRequest(server.agentUrl, {
        headers:
          framing === 'content-length'
            ? { 'content-length': String(Buffer.byteLength(body)) }
            : { 'transfer-encoding': 'chunked' },
        chunks: [body],
      });

    it(`accepts a body of exactly 64 KiB (${framing})`, async () => {
      const reply = await send(bodyOfSize(MAX_BODY_BYTES));
      assert.equal(reply.status, 200);
      assert.equal(MAX_BODY_BYTES, 65536);
      assert.match(reply.body, /"type":"RUN_FINISHED"/);
    });

    it(`rejects 64 KiB + 1 byte with 413 before any producer starts (${framing})`, async () => {
      const before = server.observations.length;
      const reply = await send(bodyOfSize(MAX_BODY_BYTES + 1, 'run-413'));
      assert.equal(reply.status, 413);
      assert.equal(reply.headers['content-type'], 'application/json; charset=utf-8');
      assert.match(errorMessage(reply), /larger than 65536 bytes \(64 KiB\)/);
      assert.deepEqual(server.observations.slice(before), []);
    });
  }

  it('counts a chunked body without Content-Length on the bytes that arrive', async () => {
    const before = server.observations.length;
    const chunk = ' '.repeat(8192);
    const json = JSON.stringify(scenarioInput('normal', 'run-chunked'));
    const reply = await rawRequest(server.agentUrl, {
      headers: { 'transfer-encoding': 'chunked' },
      chunks: [json, ...Array.from({ length: 9 }, () => chunk)],
    });
    assert.equal(reply.status, 413);
    assert.deepEqual(server.observations.slice(before), []);

    const small = await rawRequest(server.agentUrl, {
      headers: { 'transfer-encoding': 'chunked' },
      chunks: [json.slice(0, 10), json.slice(10)],
    });
    assert.equal(small.status, 200);
  });

  it('rejects malformed JSON with 400', async () => {
    const reply = await rawRequest(server.agentUrl, { chunks: ['{"threadId": "t",'] });
    assert.equal(reply.status, 400);
    assert.match(errorMessage(reply), /^Malformed JSON in the request body/);
  });

  it('rejects bytes that are not UTF-8 with 400', async () => {
    const reply = await rawRequest(server.agentUrl, { chunks: [Buffer.from([0x7b, 0xff, 0x7d])] });
    assert.equal(reply.status, 400);
    assert.match(errorMessage(reply), /^Malformed JSON/);
  });

  for (const [label, body] of [
    ['an empty object', {}],
    ['an array', []],
    ['a number for threadId', { threadId: 1, runId: 'r', messages: [] }],
    [
      'messages that are not messages',
      { threadId: 't', runId: 'r', messages: [{ role: 'robot' }] },
    ],
  ] as const) {
    it(`rejects ${label} with 400: not a RunAgentInput`, async () => {
      const before = server.observations.length;
      const reply = await rawRequest(server.agentUrl, { chunks: [JSON.stringify(body)] });
      assert.equal(reply.status, 400);
      assert.match(errorMessage(reply), /^The body is not a RunAgentInput: /);
      assert.deepEqual(server.observations.slice(before), []);
    });
  }

  it('rejects an unknown scenario with 400', async () => {
    const reply = await rawRequest(server.agentUrl, {
      chunks: [JSON.stringify(scenarioInput('fast'))],
    });
    assert.equal(reply.status, 400);
    assert.equal(errorMessage(reply), 'Unknown scenario "fast": use one of normal, invalid, slow.');
  });

  for (const method of ['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
    it(`answers ${method} with 405 and Allow: POST`, async () => {
      const reply = await rawRequest(server.agentUrl, { method });
      assert.equal(reply.status, 405);
      assert.equal(reply.headers.allow, 'POST');
      assert.match(errorMessage(reply), new RegExp(`^Method ${method} is not allowed`));
    });
  }

  it('answers a method the Fetch API cannot represent (TRACE) with a readable 400', async () => {
    const reply = await rawRequest(server.agentUrl, { method: 'TRACE' });
    assert.equal(reply.status, 400);
    assert.match(errorMessage(reply), /^The request could not be read: .*TRACE/);
  });

  it('serves concurrent requests independently', async () => {
    const inputs = [
      scenarioInput('normal', 'run-a'),
      scenarioInput('invalid', 'run-b'),
      runInput('run-c', {
        threadId: 'thread-2',
        messages: [{ id: 'u', role: 'user', content: 'Open a work order' }],
      }),
      scenarioInput('slow', 'run-d'),
    ];
    const replies = await Promise.all(inputs.map((input) => postAndDecode(server.agentUrl, input)));
    replies.forEach((events, index) => assert.deepEqual(events, scriptEvents(inputs[index]!)));
    for (const input of inputs) {
      const disposed = server.observations.filter(
        (o) => o.type === 'Disposed' && o.runId === input.runId,
      );
      assert.deepEqual(
        disposed.map((o) => o.type === 'Disposed' && o.cause),
        ['Completed'],
      );
    }
  });

  it('answers 404 with a JSON error outside its routes', async () => {
    const reply = await rawRequest(`${server.url}/api/other`, { method: 'GET' });
    assert.equal(reply.status, 404);
    assert.match(errorMessage(reply), /Nothing is served at \/api\/other/);
  });
});

describe('data routes over HTTP', () => {
  let server: FixtureServer;
  before(async () => {
    server = await startFixtureServer({ timeScale: 0 });
  });
  after(async () => {
    await server.close();
  });

  const get = (path: string) => rawRequest(`${server.url}${path}`, { method: 'GET' });

  it('returns a signal series as the generator makes it', async () => {
    const reply = await get('/api/v1/signals/data/3?window_hours=6');
    assert.equal(reply.status, 200);
    assert.equal(reply.headers['content-type'], 'application/json; charset=utf-8');
    assert.deepEqual(JSON.parse(reply.body), JSON.parse(JSON.stringify(signalSeries(3, 6))));
  });

  it('uses a 24-hour window when window_hours is absent', async () => {
    const reply = await get('/api/v1/signals/data/1');
    assert.deepEqual(JSON.parse(reply.body), JSON.parse(JSON.stringify(signalSeries(1, 24))));
  });

  it('returns a cell KB record and a work order', async () => {
    const kb = await get('/api/v1/cells/2/kb');
    assert.equal(kb.status, 200);
    assert.deepEqual(JSON.parse(kb.body), JSON.parse(JSON.stringify(cellKnowledge(2))));
    const order = await get('/api/v1/work-orders/WO-1001');
    assert.equal(order.status, 200);
    assert.deepEqual(JSON.parse(order.body), JSON.parse(JSON.stringify(workOrder('WO-1001'))));
  });

  for (const path of [
    '/api/v1/signals/data/1?window_hours=0',
    '/api/v1/signals/data/1?window_hours=169',
    '/api/v1/signals/data/1?window_hours=abc',
    '/api/v1/signals/data/1?window_hours=',
    '/api/v1/signals/data/x1',
    '/api/v1/signals/data/%E0%A4%A',
    '/api/v1/cells/one/kb',
    '/api/v1/work-orders/1001',
  ]) {
    it(`answers 400 for a malformed or out-of-range parameter: ${path}`, async () => {
      const reply = await get(path);
      assert.equal(reply.status, 400);
      assert.ok(errorMessage(reply).length > 0);
    });
  }

  for (const path of [
    '/api/v1/signals/data/7',
    '/api/v1/cells/4/kb',
    '/api/v1/work-orders/WO-9999',
    '/api/v1/cells/1/other',
  ]) {
    it(`answers 404 for an unknown id or route: ${path}`, async () => {
      const reply = await get(path);
      assert.equal(reply.status, 404);
      assert.ok(errorMessage(reply).length > 0);
    });
  }

  it('answers 405 for POST to a data route', async () => {
    const reply = await rawRequest(`${server.url}/api/v1/cells/1/kb`, {
      method: 'POST',
      chunks: ['{}'],
    });
    assert.equal(reply.status, 405);
    assert.equal(reply.headers.allow, 'GET');
  });
});

describe('agent handler (Web-standard, no HTTP)', () => {
  it('counts the bytes actually read, not a Content-Length that lies', async () => {
    const observations: unknown[] = [];
    const handler = createAgentHandler({ timeScale: 0, observe: (o) => observations.push(o) });
    const json = JSON.stringify(scenarioInput('normal', 'run-lie'));
    const bytes = new TextEncoder().encode(json + ' '.repeat(MAX_BODY_BYTES + 1 - json.length));
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= bytes.byteLength) {
          controller.close();
          return;
        }
        controller.enqueue(bytes.slice(pulled, pulled + 4096));
        pulled += 4096;
      },
    });
    const request = new Request('http://fixture.test/api/agent-analysis', {
      method: 'POST',
      headers: { 'content-length': '120' },
      body,
      duplex: 'half',
    } as RequestInit);
    const response = await handler(request);
    assert.equal(response.status, 413);
    assert.deepEqual(observations, []);
  });

  it('starts a producer only for a valid input, and then exactly one', async () => {
    const observations: Array<{ type: string }> = [];
    const handler = createAgentHandler({ timeScale: 0, observe: (o) => observations.push(o) });
    const response = await handler(
      new Request('http://fixture.test/api/agent-analysis', {
        method: 'POST',
        body: JSON.stringify(scenarioInput('invalid', 'run-one')),
      }),
    );
    const text = await response.text();
    assert.equal(
      text.split('\n\n').filter(Boolean).length,
      scriptEvents(scenarioInput('invalid', 'run-one')).length,
    );
    assert.equal(observations.filter((o) => o.type === 'Started').length, 1);
    assert.equal(observations.filter((o) => o.type === 'Disposed').length, 1);
    assert.equal(
      observations.filter((o) => o.type === 'Emitted').length,
      scriptEvents(scenarioInput('invalid', 'run-one')).length,
    );
  });
});
