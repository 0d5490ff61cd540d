// The retention-on fixture mount for browser tests: a run outlives its request, connect tails it, stop ends it.
import { expect } from '@open-wc/testing';
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import { fixtureScript } from '../src/fixtures/index.js';

const slowInput = (threadId: string, runId: string): RunAgentInput => ({
  threadId,
  runId,
  messages: [],
  tools: [],
  context: [],
  forwardedProps: { scenario: 'slow' },
});

const post = (url: string, body: unknown, signal?: AbortSignal) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });

function sseEvents(text: string): BaseEvent[] {
  return text
    .split('\n\n')
    .filter((frame) => frame.trim() !== '')
    .map((frame) => JSON.parse(frame.replace(/^data: /, '')) as BaseEvent);
}

/** Reads the body until its text contains `marker`; returns the reader and the text so far. */
async function readUntil(response: Response, marker: string) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes(marker)) {
    const { done, value } = await reader.read();
    if (done) throw new Error(`The stream ended before ${marker}.`);
    text += decoder.decode(value, { stream: true });
  }
  return { reader, text, decoder };
}

describe('the retention-on fixture mount for browser tests', () => {
  it('keeps a Slow run going after its request is aborted, and connect replays and tails it to the end', async () => {
    const base = '/__test/fixture/retain-5/api/agent-analysis';
    const threadId = `retain-${Date.now()}`;
    const input = slowInput(threadId, 'run-retained');
    const abort = new AbortController();
    const started = await post(base, input, abort.signal);
    const { reader } = await readUntil(started, '"STATE_SNAPSHOT"');
    abort.abort();
    await reader.cancel().catch(() => undefined);
    const connected = await post(`${base}/connect`, { ...input, runId: 'run-connect' });
    expect(connected.status).to.equal(200);
    expect(connected.headers.get('content-type')).to.equal('text/event-stream');
    const events = sseEvents(await connected.text());
    expect(events).to.deep.equal(fixtureScript(input).map((timed) => timed.event));
  });

  it('stops a running Slow run: the stop answers stopped and the stream ends cancelled', async () => {
    const base = '/__test/fixture/retain/api/agent-analysis';
    const threadId = `stop-${Date.now()}`;
    const started = await post(base, slowInput(threadId, 'run-stopped'));
    const { reader, decoder } = await readUntil(started, '"STATE_SNAPSHOT"');
    const stop = await post(`${base}/stop/${encodeURIComponent(threadId)}`, {
      runId: 'run-stopped',
    });
    expect(await stop.json()).to.deep.equal({ stopped: true });
    let rest = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += decoder.decode(value, { stream: true });
    }
    const last = sseEvents(rest).at(-1);
    expect(last).to.deep.equal({
      type: 'RUN_FINISHED',
      threadId,
      runId: 'run-stopped',
      outcome: { type: 'cancelled' },
    });
  });

  it('answers a thread it never saw with an empty stream', async () => {
    const reply = await post('/__test/fixture/retain/api/agent-analysis/connect', {
      ...slowInput(`unknown-${Date.now()}`, 'run-none'),
    });
    expect(reply.status).to.equal(200);
    expect(await reply.text()).to.equal('');
  });
});
