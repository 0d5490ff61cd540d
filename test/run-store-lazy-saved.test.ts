import { expect } from '@open-wc/testing';
import { toRecord } from '../src/persist/records.js';
import { openThreadDb } from '../src/persist/thread-db.js';
import { RunStore } from '../src/store/run-store.js';
import { loadedScripts, registerDeleteAll, savedThread, toolMessage } from './support/approvals.js';
import { finished, scriptedAgent, started, waitForState } from './support/agents.js';
import { until } from './support/elements.js';

describe('RunStore: a saved thread waiting for answers (persist)', () => {
  // Alone in its file: the page has not loaded the pipeline yet.
  it('starts loading what answers need once the saved thread is restored, and answers it', async () => {
    performance.setResourceTimingBufferSize(100_000);
    const key = `lazy-saved-${Date.now()}`;
    const namespace = `local:${key}`;
    const db = await openThreadDb();
    await db.put(toRecord(savedThread('thread-saved-approval'), namespace, 1, Date.now()), 0);
    await db.setCurrent(namespace, 'thread-saved-approval');
    expect(loadedScripts()).not.to.include('/src/store/pipeline.ts');

    const agent = scriptedAgent((input) => [started(input), finished(input)]);
    const store = new RunStore({ agent, persist: { mode: 'local', key } });
    const handled = registerDeleteAll(store);
    await store.restored;
    const restored = await waitForState(store, (state) => state.approvals.length === 2);
    expect(restored.run.status).to.equal('Needs approval');
    await until(() => loadedScripts().includes('/src/store/pipeline.ts'));
    expect(agent.inputs, 'no run was started').to.have.length(0);

    store.deny('t1', { comment: 'keep it' });
    store.approve('i-1');
    await waitForState(
      store,
      (state) => state.run.number === 2 && state.run.status === 'Completed',
    );
    expect(handled, 'a denied tool never runs').to.deep.equal([]);
    expect(agent.inputs).to.have.length(1);
    expect(agent.inputs[0]?.threadId).to.equal('thread-saved-approval');
    expect(agent.inputs[0]?.resume).to.deep.equal([
      { interruptId: 'i-1', status: 'resolved', payload: { approved: true } },
    ]);
    expect(toolMessage(agent.inputs[0], 't1')).to.equal('{"approved":false,"comment":"keep it"}');
    await store.clearSavedThreads();
    store.dispose();
  });
});
