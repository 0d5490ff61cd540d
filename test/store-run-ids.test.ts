import { expect } from '@open-wc/testing';
import type { BaseEvent } from '@ag-ui/core';
import { RunStore } from '../src/store/run-store.js';
import {
  finished,
  manualAgent,
  started,
  text,
  untilRuns,
  waitForState,
  waitForStatus,
  type ManualAgent,
} from './support/agents.js';

function snapshotOf(count: number): BaseEvent {
  const messages = Array.from({ length: count }, (_, index) =>
    index % 2 === 0
      ? { id: `m-${index}`, role: 'user', content: `question ${index}` }
      : { id: `m-${index}`, role: 'assistant', content: `answer ${index}` },
  );
  return { type: 'MESSAGES_SNAPSHOT', messages } as BaseEvent;
}

async function startRun(agent: ManualAgent, store: RunStore, message: string, run: number) {
  store.send(message);
  await untilRuns(agent, run);
  agent.emit(started(agent.inputs[run - 1]!));
  await waitForStatus(store, 'Streaming');
}

describe('RunStore: the run id on each message', () => {
  it('stamps every message a run added, long snapshot and streamed replies alike', async () => {
    const agent = manualAgent();
    const store = new RunStore({ agent, threadId: 'thread-run-ids' });
    await startRun(agent, store, 'hi', 1);
    const firstRun = store.getState().run.id;
    agent.emit(snapshotOf(200));
    // A reply in chunks (the client's stage opens and closes it), then an ordinary one.
    agent.emit({ type: 'TEXT_MESSAGE_CHUNK', messageId: 'early', delta: 'so' } as BaseEvent);
    agent.emit({ type: 'TEXT_MESSAGE_CHUNK', messageId: 'early', delta: ' far' } as BaseEvent);
    for (const event of text('reply', 'one', ' two', ' three')) agent.emit(event);
    agent.emit(finished(agent.inputs[0]!));
    const done = await waitForStatus(store, 'Completed', 'Failed');
    expect(done.run.status, done.run.failure?.reason).to.equal('Completed');
    expect(done.messages).to.have.length(202);
    expect(done.messages.filter((message) => message.runId !== firstRun)).to.deep.equal([]);

    await startRun(agent, store, 'again', 2);
    const secondRun = store.getState().run.id;
    for (const event of text('second', 'a', 'b')) agent.emit(event);
    const streamed = await waitForState(store, (state) =>
      state.messages.some((message) => message.id === 'second' && !message.streaming),
    );
    expect(streamed.messages.find((message) => message.id === 'second')?.runId).to.equal(secondRun);
    // A delta before this run's snapshot fails it: the error message it adds is this run's too.
    agent.emit({ type: 'STATE_DELTA', delta: [] } as BaseEvent);
    const failed = await waitForStatus(store, 'Failed');
    const last = failed.messages[failed.messages.length - 1];
    expect(last?.parts[0]?.kind).to.equal('error');
    expect(last?.runId).to.equal(secondRun);
    const byId = new Map(failed.messages.map((message) => [message.id, message.runId]));
    expect(byId.get('reply')).to.equal(firstRun);
    expect(byId.get('m-0')).to.equal(firstRun);
    store.dispose();
  });
});
