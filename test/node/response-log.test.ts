// The fixture server's test-only response log: whether each response's body ended normally after its terminal
// event or was cut off by the client, in process (ResponseLog) and over HTTP (GET /api/agent-analysis/_responses).
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { fixtureScript } from '../../src/fixtures/index.js';
import { ResponseLog, type ResponseRecord } from '../../demo/server/index.js';
import { postAndDecode, startFixtureServer, type FixtureServer } from './fixture-server.js';
import { scenarioInput } from './inputs.js';

const servers: FixtureServer[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serverWith(options: Parameters<typeof startFixtureServer>[0]) {
  const server = await startFixtureServer(options);
  servers.push(server);
  return server;
}

/** Resolves with the record of `runId` once the predicate holds (a condition, not a fixed wait). */
async function recordWhen(
  log: ResponseLog,
  runId: string,
  predicate: (record: ResponseRecord) => boolean,
): Promise<ResponseRecord> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const record = log.responses.find((item) => item.runId === runId);
    if (record && predicate(record)) return record;
    if (Date.now() > deadline) {
      throw new Error(`The record of ${runId} never matched: ${JSON.stringify(record)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** POSTs the input and reads the body until it holds `text` (then aborts, when told), or to its end. */
async function readUntil(
  url: string,
  runId: string,
  text: string | null,
): Promise<{ body: string; ended: boolean }> {
  const controller = new AbortController();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(scenarioInput('normal', runId)),
    signal: controller.signal,
  });
  assert.equal(response.status, 200);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let body = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { body, ended: true };
    body += decoder.decode(value, { stream: true });
    if (text !== null && body.includes(text)) {
      controller.abort();
      await reader.cancel().catch(() => undefined);
      return { body, ended: false };
    }
  }
}

const normalEvents = fixtureScript(scenarioInput('normal')).length;

describe('the fixture server records how each response ended', () => {
  it('completed: the client read the body to its end, after RUN_FINISHED', async () => {
    const responses = new ResponseLog();
    const server = await serverWith({ timeScale: 0, responses });
    const events = await postAndDecode(server.agentUrl, scenarioInput('normal', 'run-read'));
    assert.equal(events.at(-1)?.type, 'RUN_FINISHED');
    const record = await recordWhen(responses, 'run-read', (item) => item.end !== 'open');
    assert.deepEqual(record, {
      requestId: 1,
      runId: 'run-read',
      threadId: 'thread-1',
      events: normalEvents,
      terminal: 'RUN_FINISHED',
      end: 'completed',
    });
  });

  it('open: with an end delay the body stays open after RUN_FINISHED; aborted when the client then leaves', async () => {
    const responses = new ResponseLog();
    // Long enough that only the client's abort can end this body during the test.
    const server = await serverWith({ timeScale: 0, endDelayMs: 60_000, responses });
    const { ended } = await readUntil(server.agentUrl, 'run-leave', '"RUN_FINISHED"');
    assert.equal(ended, false);
    const record = await recordWhen(responses, 'run-leave', (item) => item.end !== 'open');
    assert.equal(record.terminal, 'RUN_FINISHED');
    assert.equal(record.events, normalEvents);
    assert.equal(record.end, 'aborted');
  });

  it('stays open while the end delay runs, then completes for a client that lets the body finish', async () => {
    const responses = new ResponseLog();
    const server = await serverWith({ timeScale: 0, endDelayMs: 200, responses });
    const reading = readUntil(server.agentUrl, 'run-wait', null);
    const open = await recordWhen(responses, 'run-wait', (item) => item.terminal !== null);
    assert.equal(open.end, 'open', 'RUN_FINISHED was sent and the body is still open');
    const { body, ended } = await reading;
    assert.equal(ended, true);
    assert.match(body, /"RUN_FINISHED"/);
    const record = await recordWhen(responses, 'run-wait', (item) => item.end !== 'open');
    assert.equal(record.end, 'completed');
  });

  it('aborted mid-stream: no terminal event was sent', async () => {
    const responses = new ResponseLog();
    const server = await serverWith({ timeScale: 1, responses });
    const { ended } = await readUntil(server.agentUrl, 'run-cut', '"RUN_STARTED"');
    assert.equal(ended, false);
    const record = await recordWhen(responses, 'run-cut', (item) => item.end !== 'open');
    assert.equal(record.terminal, null);
    assert.equal(record.end, 'aborted');
  });

  it('GET /api/agent-analysis/_responses lists the records as JSON, only when the API has a log', async () => {
    const responses = new ResponseLog();
    const server = await serverWith({ timeScale: 0, responses });
    await postAndDecode(server.agentUrl, scenarioInput('normal', 'run-a'));
    await postAndDecode(server.agentUrl, scenarioInput('normal', 'run-b'));
    await recordWhen(responses, 'run-b', (item) => item.end !== 'open');
    const reply = await fetch(`${server.agentUrl}/_responses`);
    assert.equal(reply.status, 200);
    assert.match(reply.headers.get('content-type') ?? '', /application\/json/);
    const json = (await reply.json()) as { responses: ResponseRecord[] };
    assert.deepEqual(json.responses, responses.responses);
    assert.deepEqual(
      json.responses.map((item) => [item.runId, item.end]),
      [
        ['run-a', 'completed'],
        ['run-b', 'completed'],
      ],
    );
    responses.clear();
    assert.deepEqual(responses.responses, []);

    const plain = await serverWith({ timeScale: 0 });
    assert.equal((await fetch(`${plain.agentUrl}/_responses`)).status, 404);
  });

  it('rejects a negative end delay', () => {
    return assert.rejects(
      async () => serverWith({ endDelayMs: -1 }),
      /endDelayMs must be a number >= 0/,
    );
  });
});
