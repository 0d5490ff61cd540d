import { expect } from '@open-wc/testing';
import { RunStore } from '../src/store/run-store.js';
import type { TapRecord, TapRunStart } from '../src/store/event-tap.js';
import { loadedScripts, registerDeleteAll, savedThread, toolMessage } from './support/approvals.js';
import {
  finished,
  scriptedAgent,
  started,
  untilRuns,
  waitForState,
  waitForStatus,
} from './support/agents.js';
import { nextFrame, until } from './support/elements.js';

/** The store of a restored thread, with the tool its saved run called. */
function restoredStore(threadId: string) {
  const agent = scriptedAgent((input) => [started(input), finished(input)]);
  const store = new RunStore({ agent, restore: savedThread(threadId), threadId });
  const handled = registerDeleteAll(store);
  return { agent, store, handled };
}

describe('RunStore: what waits for the event pipeline', () => {
  // First in this file: the page has not loaded the pipeline yet.
  it('starts loading what answers need once a restored thread holds an open approval, then answers at once', async () => {
    performance.setResourceTimingBufferSize(100_000);
    expect(loadedScripts()).not.to.include('/src/store/pipeline.ts');
    const { agent, store, handled } = restoredStore('thread-preload');
    expect(store.getState().run.status).to.equal('Needs approval');
    await until(() => loadedScripts().includes('/src/store/pipeline.ts'));
    expect(agent.inputs, 'no run was started').to.have.length(0);
    // The same module instance the store loads; on a cold, busy test server the store's own callback can land a few
    // frames after the test's import, so wait for the store to hold its tool runner (what it started loading above).
    await import('../src/store/pipeline.js');
    await nextFrame();
    const answers = (store as unknown as { answers: { runner: unknown } }).answers;
    await until(() => answers.runner !== null);
    store.approve('t1');
    expect(handled, 'the handler ran at once').to.deep.equal([{}]);
    expect(store.getState().run.status).to.equal('Needs approval');
    store.approve('i-1');
    expect(store.getState().run.status, 'the resume run starts at once').to.equal('Connecting');
    expect(store.getState().run.kind).to.equal('resume');
    await waitForState(
      store,
      (state) => state.run.number === 2 && state.run.status === 'Completed',
    );
    expect(agent.inputs).to.have.length(1);
    expect(agent.inputs[0]?.resume).to.deep.equal([
      { interruptId: 'i-1', status: 'resolved', payload: { approved: true } },
    ]);
    expect(toolMessage(agent.inputs[0], 't1')).to.equal('{"approved":true,"result":{"deleted":1}}');
    store.dispose();
  });

  it('applies answers given on a restored thread before that has loaded, in order', async () => {
    const { agent, store, handled } = restoredStore('thread-early-answers');
    store.approve('t1', { comment: 'go' });
    store.deny('i-1', { comment: 'not this' });
    const done = await waitForState(
      store,
      (state) => state.run.number === 2 && state.run.status === 'Completed',
    );
    expect(handled).to.deep.equal([{}]);
    expect(agent.inputs).to.have.length(1);
    expect(agent.inputs[0]?.resume).to.deep.equal([
      { interruptId: 'i-1', status: 'resolved', payload: { approved: false, comment: 'not this' } },
    ]);
    expect(toolMessage(agent.inputs[0], 't1')).to.equal(
      '{"approved":true,"comment":"go","result":{"deleted":1}}',
    );
    const parts = done.messages[1]?.parts ?? [];
    const answers = parts.flatMap((part) =>
      part.kind === 'approval' ? [part.approval.answer] : [],
    );
    expect(answers).to.deep.equal([
      { approved: true, comment: 'go' },
      { approved: false, comment: 'not this' },
    ]);
    store.dispose();
  });

  it('answers the open approvals of a restored thread as cancelled when a Send comes first', async () => {
    const { agent, store, handled } = restoredStore('thread-send-first');
    store.send('never mind');
    expect(store.getState().run.status, 'Connecting at once').to.equal('Connecting');
    await waitForStatus(store, 'Completed');
    expect(handled, 'the handler never ran').to.deep.equal([]);
    expect(agent.inputs[0]?.resume).to.deep.equal([{ interruptId: 'i-1', status: 'cancelled' }]);
    expect(toolMessage(agent.inputs[0], 't1')).to.equal('{"approved":false,"cancelled":true}');
    store.dispose();
  });

  it('records each run input as it was when the run was requested, in order, before that run’s events', async () => {
    let clock = 100;
    const agent = scriptedAgent((input) => [started(input), finished(input)]);
    const store = new RunStore({ agent, threadId: 'thread-two-requests', now: () => clock });
    const records: TapRecord[] = [];
    store.events$.subscribe((record) => records.push(record));
    store.send('first');
    expect(store.getState().run.status, 'Connecting at once').to.equal('Connecting');
    const firstRunId = store.getState().run.id;
    clock = 200;
    // The first run's pipeline is still loading: the second request replaces it.
    store.send('second');
    const secondRunId = store.getState().run.id;
    clock = 300;
    store.registerTool({ name: 'late_tool', description: 'Registered after the request' });
    await waitForState(
      store,
      (state) => state.run.number === 2 && state.run.status === 'Completed',
    );
    expect(records.map((record) => record.kind)).to.deep.equal([
      'run-start',
      'run-start',
      'event',
      'event',
    ]);
    const [first, second] = records as TapRunStart[];
    const contents = (record: TapRunStart | undefined) =>
      record?.input.messages.map((message) => message.content);
    expect([first?.run, first?.runId, first?.at]).to.deep.equal([1, firstRunId, 100]);
    expect([second?.run, second?.runId, second?.at]).to.deep.equal([2, secondRunId, 200]);
    expect(contents(first)).to.deep.equal(['first']);
    expect(contents(second)).to.deep.equal(['first', 'second']);
    expect(first?.input.runId).to.equal(firstRunId);
    expect(second?.input.tools, 'the tools declared when it was requested').to.deep.equal([]);
    // Only the second run reached the agent, with the input recorded.
    expect(agent.inputs).to.have.length(1);
    expect(agent.inputs[0]).to.deep.equal(second?.input);
    expect(records.slice(2).map((record) => record.runId)).to.deep.equal([
      secondRunId,
      secondRunId,
    ]);
    store.dispose();
  });

  it('POSTs the stop of a run cancelled before its pipeline loaded, and the next run waits for it', async () => {
    const posts: { url: string; body: unknown }[] = [];
    let answerStop: (response: Response) => void = () => undefined;
    const agent = scriptedAgent((input) => [started(input), finished(input)]);
    const store = new RunStore({
      agent,
      threadId: 'thread-early-stop',
      stopEndpoint: {
        url: '/stop/{threadId}/{runId}',
        fetch: (url, init) => {
          posts.push({ url: String(url), body: JSON.parse(String(init?.body)) });
          return new Promise<Response>((resolve) => (answerStop = resolve));
        },
      },
    });
    store.send('one');
    const runId = store.getState().run.id;
    store.cancel();
    expect(store.getState().run.status).to.equal('Cancelled');
    store.send('two');
    await until(() => posts.length === 1);
    expect(posts).to.deep.equal([{ url: `/stop/thread-early-stop/${runId}`, body: { runId } }]);
    await import('../src/store/pipeline.js');
    await nextFrame();
    expect(agent.inputs, 'the next run waits for the stop').to.have.length(0);
    answerStop(new Response(null, { status: 204 }));
    await untilRuns(agent, 1);
    await waitForStatus(store, 'Completed');
    expect(agent.inputs[0]?.messages.map((message) => message.content)).to.deep.equal([
      'one',
      'two',
    ]);
    store.dispose();
  });
});
