// The end-to-end server with thread-owned runs: a Slow run outlives its request and `connect` gets all of it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fixtureScript } from '../../src/fixtures/index.js';
import { startE2eServer, type E2eServer } from '../e2e/e2e-server.js';
import { postAndDecode } from './fixture-server.js';
import { scenarioInput } from './inputs.js';

let server: E2eServer;

before(async () => {
  server = await startE2eServer(0.05, { retainRunsMs: 60_000 });
});

after(async () => {
  await server?.close();
});

describe('the end-to-end server with retainRunsMs', () => {
  it('keeps a run whose request was aborted and replays and tails it on connect', async () => {
    const input = scenarioInput('slow', 'run-e2e');
    const abort = new AbortController();
    const response = await fetch(`${server.origin}/api/agent-analysis`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input),
      signal: abort.signal,
    });
    const reader = response.body!.getReader();
    let text = '';
    while (!text.includes('"STATE_SNAPSHOT"')) {
      const { done, value } = await reader.read();
      if (done) throw new Error('The stream ended before the snapshot.');
      text += new TextDecoder().decode(value);
    }
    abort.abort();
    const events = await postAndDecode(`${server.origin}/api/agent-analysis/connect`, {
      ...input,
      runId: 'run-e2e-connect',
    });
    assert.deepEqual(
      events,
      fixtureScript(input).map((timed) => timed.event),
    );
    assert.deepEqual(
      server.apiRequests.map((request) => request.path),
      ['/api/agent-analysis', '/api/agent-analysis/connect'],
    );
  });
});
