import { expect } from '@open-wc/testing';
import { RunStore } from '../src/store/run-store.js';
import { createAnalysisPlugin } from '../src/analysis/index.js';
import { waitForStatus } from './support/agents.js';

interface ResponseRecord {
  runId: string;
  threadId: string;
  terminal: string | null;
  end: 'open' | 'completed' | 'aborted';
}

/** The fixture server's record of the response for one thread, once it has ended (polled, not timed). */
async function endedResponseOf(base: string, threadId: string): Promise<ResponseRecord> {
  for (let attempt = 0; attempt < 500; attempt += 1) {
    const reply = await fetch(`${base}/_responses`);
    const { responses } = (await reply.json()) as { responses: ResponseRecord[] };
    const record = responses.find((item) => item.threadId === threadId);
    if (record && record.end !== 'open') return record;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`The fixture server never ended the response of ${threadId}`);
}

describe('the fixture server mounted for browser tests, with its response log', () => {
  it('records a completed response for a completed run', async () => {
    const base = '/__test/fixture/end-0/api/agent-analysis';
    const threadId = `responses-${Date.now()}`;
    const store = new RunStore({ endpoint: { url: base }, threadId }).use(createAnalysisPlugin());
    store.run({ scenario: 'normal' });
    const done = await waitForStatus(store, 'Completed', 'Failed');
    expect(done.run.status, done.run.failure?.reason).to.equal('Completed');
    const record = await endedResponseOf(base, threadId);
    expect(record).to.include({ runId: done.run.id, terminal: 'RUN_FINISHED', end: 'completed' });
    store.dispose();
  });

  it('lets the body finish after RUN_FINISHED: the server records a completed response', async () => {
    const base = '/__test/fixture/end-400/api/agent-analysis';
    const threadId = `linger-${Date.now()}`;
    const store = new RunStore({ endpoint: { url: base }, threadId }).use(createAnalysisPlugin());
    store.run({ scenario: 'normal' });
    const done = await waitForStatus(store, 'Completed', 'Failed');
    expect(done.run.status, done.run.failure?.reason).to.equal('Completed');
    const record = await endedResponseOf(base, threadId);
    expect(record).to.include({ runId: done.run.id, terminal: 'RUN_FINISHED', end: 'completed' });
    store.dispose();
  });

  it('aborts a body that stays open 2 s after the terminal event', async () => {
    const base = '/__test/fixture/end-6000/api/agent-analysis';
    const threadId = `hang-${Date.now()}`;
    const store = new RunStore({ endpoint: { url: base }, threadId }).use(createAnalysisPlugin());
    store.run({ scenario: 'normal' });
    await waitForStatus(store, 'Completed', 'Failed');
    const record = await endedResponseOf(base, threadId);
    expect(record).to.include({ terminal: 'RUN_FINISHED', end: 'aborted' });
    store.dispose();
  });
});
