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

/** Runs the normal scenario against a fixture mount and returns the run and the server's record of its response. */
async function normalRunOn(base: string, threadId: string) {
  const store = new RunStore({ endpoint: { url: base }, threadId }).use(createAnalysisPlugin());
  store.run({ scenario: 'normal' });
  const done = await waitForStatus(store, 'Completed', 'Failed');
  const record = await endedResponseOf(base, threadId);
  store.dispose();
  return { done, record };
}

describe('the fixture server mounted for browser tests, with its response log', () => {
  it('records a completed response for a completed run', async () => {
    const { done, record } = await normalRunOn(
      '/__test/fixture/end-0/api/agent-analysis',
      `responses-${Date.now()}`,
    );
    expect(done.run.status, done.run.failure?.reason).to.equal('Completed');
    expect(record).to.include({ runId: done.run.id, terminal: 'RUN_FINISHED', end: 'completed' });
  });

  it('lets the body finish after RUN_FINISHED: the server records a completed response', async () => {
    const { done, record } = await normalRunOn(
      '/__test/fixture/end-400/api/agent-analysis',
      `linger-${Date.now()}`,
    );
    expect(done.run.status, done.run.failure?.reason).to.equal('Completed');
    expect(record).to.include({ runId: done.run.id, terminal: 'RUN_FINISHED', end: 'completed' });
  });

  it('aborts a body that stays open 2 s after the terminal event', async () => {
    const { record } = await normalRunOn(
      '/__test/fixture/end-6000/api/agent-analysis',
      `hang-${Date.now()}`,
    );
    expect(record).to.include({ terminal: 'RUN_FINISHED', end: 'aborted' });
  });
});
