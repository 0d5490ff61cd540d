import { expect } from '@open-wc/testing';
import { HttpAgent } from '@ag-ui/client';
import { Observable } from 'rxjs';
import type { BaseEvent } from '@ag-ui/core';
import { RunStore } from '../src/store/run-store.js';
import { waitForStatus } from './support/agents.js';

let keyCounter = 0;

/** The test route with an empty event list: HTTP 200 `text/event-stream` and a body that ends at once. */
function emptyStreamUrl(): string {
  keyCounter += 1;
  const params = new URLSearchParams({ key: `empty-${Date.now()}-${keyCounter}`, events: 'W10' });
  return `/__test/sse?${params.toString()}`;
}

async function replyOf(url: string): Promise<{ type: string; body: string; status: number }> {
  const response = await fetch(url, { method: 'POST', body: '{}' });
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    body: await response.text(),
  };
}

describe('a reply of HTTP 200 text/event-stream with an empty body', () => {
  it('is what the test route sends', async () => {
    expect(await replyOf(emptyStreamUrl())).to.deep.equal({
      status: 200,
      type: 'text/event-stream',
      body: '',
    });
  });

  it('fails the run saying the agent sent no events and the thread may still be busy on the server', async () => {
    const store = new RunStore({ endpoint: { url: emptyStreamUrl() }, threadId: 'busy-thread' });
    store.send('Hello');
    const failed = await waitForStatus(store, 'Failed', 'Completed');
    expect(failed.run.status).to.equal('Failed');
    expect(failed.run.failure?.kind).to.equal('Transport');
    expect(failed.run.failure?.reason).to.match(/sent no events/);
    expect(failed.run.failure?.reason).to.match(/may still be busy on the server/);
    expect(failed.run.failure?.reason).not.to.match(/closed before the run finished/);
    store.dispose();
  });

  it("says the same for a host's own HttpAgent", async () => {
    const store = new RunStore({ agent: new HttpAgent({ url: emptyStreamUrl() }) });
    store.send('Hello');
    const failed = await waitForStatus(store, 'Failed', 'Completed');
    expect(failed.run.failure?.reason).to.match(/sent no events.*may still be busy on the server/s);
    store.dispose();
  });

  it('still says "closed before the run finished" when some events came and then the stream ended', async () => {
    const agent = {
      run: () =>
        new Observable<BaseEvent>((subscriber) => {
          subscriber.next({ type: 'RUN_STARTED', threadId: 't', runId: 'r' } as BaseEvent);
          subscriber.complete();
        }),
    };
    const store = new RunStore({ agent });
    store.send('Hello');
    const failed = await waitForStatus(store, 'Failed', 'Completed');
    expect(failed.run.failure?.reason).to.match(/closed before the run finished/);
    expect(failed.run.failure?.reason).not.to.match(/sent no events/);
    store.dispose();
  });
});
