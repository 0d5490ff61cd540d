import { expect } from '@open-wc/testing';
import type { BaseEvent } from '@ag-ui/core';
import { RunStore } from '../src/store/run-store.js';
import type { AgentLike } from '../src/store/types.js';
import {
  createAnalysisPlugin,
  selectAnalysisView,
  selectService,
  selectServices,
  setServiceFilter,
} from '../src/analysis/index.js';
import {
  API,
  EVENTS,
  QUEUE,
  SEARCH,
  delta,
  finished,
  manualAgent,
  scriptedAgent,
  snapshot,
  started,
  text,
  tick,
  toolCall,
  untilRuns,
  waitForState,
  waitForStatus,
} from './support/agents.js';

function analysisStore(agent: AgentLike) {
  return new RunStore({ agent, threadId: 'thread-test' }).use(createAnalysisPlugin());
}

const normal = scriptedAgent((input) => [
  started(input),
  snapshot([API, SEARCH, QUEUE]),
  delta([{ op: 'replace', path: '/services/0/latency', value: 145 }]),
  delta([{ op: 'add', path: '/services/-', value: EVENTS }]),
  finished(input),
]);

describe('RunStore: the run state machine', () => {
  it('goes Idle -> Connecting -> Streaming -> Completed and applies snapshot and deltas', async () => {
    const store = analysisStore(normal);
    const seen: string[] = [];
    store.select((state) => state.run.status).subscribe((status) => seen.push(status));
    expect(store.getState().run.status).to.equal('Idle');
    store.run({ scenario: 'normal' });
    const done = await waitForStatus(store, 'Completed');
    expect(seen).to.deep.equal(['Idle', 'Connecting', 'Streaming', 'Completed']);
    const services = selectServices(done);
    expect(services.map((service) => service.id)).to.deep.equal([
      'api',
      'search',
      'queue',
      'events',
    ]);
    expect(services[0]?.latency).to.equal(145);
    expect(done.run.id).to.match(/^run-[0-9a-f]{24}$/);
    store.dispose();
  });

  it('builds the input: thread id, a random run id, scenario in forwardedProps, declared tools, no state', async () => {
    const agent = scriptedAgent((input) => [started(input), finished(input)]);
    const store = analysisStore(agent);
    store.run({ scenario: 'slow' });
    await waitForStatus(store, 'Completed');
    const input = agent.inputs[0];
    expect(input?.threadId).to.equal('thread-test');
    expect(input?.runId).to.match(/^run-[0-9a-f]{24}$/);
    expect(input?.forwardedProps).to.deep.equal({ scenario: 'slow' });
    expect(input?.tools.map((tool) => tool.name)).to.have.members(['select_service', 'set_filter']);
    expect(input).not.to.have.property('state');
    store.dispose();
  });

  it('fails a retry that gets a delta before its snapshot, keeping the old data untouched', async () => {
    const agent = scriptedAgent((input, index) =>
      index === 0
        ? [started(input), snapshot([API]), finished(input)]
        : [
            started(input),
            delta([{ op: 'replace', path: '/services/0/latency', value: 1 }]),
            finished(input),
          ],
    );
    const store = analysisStore(agent);
    store.run();
    const first = await waitForStatus(store, 'Completed');
    store.run();
    const failed = await waitForStatus(store, 'Failed');
    expect(failed.run.failure?.kind).to.equal('Protocol');
    expect(failed.run.failure?.reason).to.contain('before');
    expect(failed.agentState.value).to.equal(first.agentState.value);
    expect(selectServices(failed)[0]?.latency).to.equal(60);
    store.dispose();
  });

  it('rejects a whole patch whose later operation fails, keeps latency 60, and never restarts', async () => {
    const agent = scriptedAgent((input) => [
      started(input),
      snapshot([API, SEARCH, QUEUE]),
      delta([
        { op: 'replace', path: '/services/0/latency', value: 999 },
        { op: 'remove', path: '/services/99' },
      ]),
      delta([{ op: 'replace', path: '/services/1/latency', value: 5 }]),
      finished(input),
    ]);
    const store = analysisStore(agent);
    const latencies: number[] = [];
    store.state$.subscribe((state) => {
      const api = selectServices(state)[0];
      if (api) latencies.push(api.latency);
    });
    store.run({ scenario: 'invalid' });
    const failed = await waitForStatus(store, 'Failed');
    await tick(20);
    expect(latencies).not.to.include(999);
    expect(selectServices(store.getState())[0]?.latency).to.equal(60);
    expect(selectServices(store.getState())[1]?.latency).to.equal(110);
    expect(failed.run.failure?.reason).to.match(/patch rejected/i);
    expect(store.getState().run.status).to.equal('Failed');
    expect(agent.inputs).to.have.length(1);
    expect(agent.open).to.equal(0);
    store.dispose();
  });

  it('ignores completion and late events after a failure or a cancel', async () => {
    const agent = manualAgent();
    const store = analysisStore(agent);
    store.run();
    await untilRuns(agent, 1);
    agent.emit(started(agent.inputs[0]!));
    agent.emit(snapshot([API]));
    store.cancel();
    const cancelled = store.getState();
    expect(cancelled.run.status).to.equal('Cancelled');
    expect(cancelled.run.cause).to.equal('user');
    agent.emit(delta([{ op: 'replace', path: '/services/0/latency', value: 7 }]));
    agent.emit(finished(agent.inputs[0]!));
    expect(store.getState()).to.equal(cancelled);
    expect(agent.open).to.equal(0);
    store.dispose();
  });

  it('fails a run whose outcome it does not know, instead of completing it', async () => {
    const agent = scriptedAgent((input) => [started(input), finished(input, { type: 'paused' })]);
    const store = analysisStore(agent);
    store.run();
    const failed = await waitForStatus(store, 'Failed', 'Completed');
    expect(failed.run.status).to.equal('Failed');
    expect(failed.run.failure?.reason).to.contain('Unsupported run outcome');
    store.dispose();
  });

  it("ends Cancelled by the agent on a 'cancelled' outcome", async () => {
    const agent = scriptedAgent((input) => [
      started(input),
      finished(input, { type: 'cancelled' }),
    ]);
    const store = analysisStore(agent);
    store.run();
    const cancelled = await waitForStatus(store, 'Cancelled');
    expect(cancelled.run.cause).to.equal('agent');
    store.dispose();
  });

  it('fails a stream that ends without RUN_FINISHED or RUN_ERROR', async () => {
    const agent = scriptedAgent((input) => [started(input), snapshot([API])]);
    const store = analysisStore(agent);
    store.run();
    const failed = await waitForStatus(store, 'Failed');
    expect(failed.run.failure?.kind).to.equal('Transport');
    expect(selectServices(failed)).to.have.length(1);
    store.dispose();
  });

  it('fails with the agent reason on RUN_ERROR', async () => {
    const agent = scriptedAgent((input) => [
      started(input),
      { type: 'RUN_ERROR', message: 'model overloaded', code: 'busy' } as BaseEvent,
    ]);
    const store = analysisStore(agent);
    store.run();
    const failed = await waitForStatus(store, 'Failed');
    expect(failed.run.failure).to.deep.equal({ kind: 'Agent', reason: 'model overloaded (busy)' });
    store.dispose();
  });

  it('recovers with one fresh normal run that keeps data, view and messages and needs a new snapshot', async () => {
    const agent = scriptedAgent((input, index) => {
      if (index === 0)
        return [
          started(input),
          snapshot([API, SEARCH]),
          { type: 'RUN_ERROR', message: 'x' } as BaseEvent,
        ];
      return [
        started(input),
        delta([{ op: 'replace', path: '/services/0/latency', value: 1 }]),
        finished(input),
      ];
    });
    const store = analysisStore(agent);
    store.run({ scenario: 'invalid' });
    await waitForStatus(store, 'Failed');
    store.setView('analysis', () => ({ filter: 'Core', selectedId: 'api' }));
    const before = store.getState();
    store.recover();
    expect(store.getState().run.status).to.equal('Connecting');
    expect(store.getState().run.kind).to.equal('recover');
    expect(store.getState().agentState.value).to.equal(before.agentState.value);
    const failed = await waitForStatus(store, 'Failed');
    expect(agent.inputs).to.have.length(2);
    expect(agent.inputs[1]?.forwardedProps).to.deep.equal({ scenario: 'normal' });
    expect(failed.agentState.value).to.equal(before.agentState.value);
    expect(selectAnalysisView(failed)).to.deep.equal({ filter: 'Core', selectedId: 'api' });
    store.dispose();
  });

  it('does not recover from Idle or Completed', async () => {
    const agent = scriptedAgent((input) => [started(input), finished(input)]);
    const store = analysisStore(agent);
    store.recover();
    expect(agent.inputs).to.have.length(0);
    store.run();
    await waitForStatus(store, 'Completed');
    store.recover();
    await tick(50);
    expect(agent.inputs).to.have.length(1);
    store.dispose();
  });

  it('ends the previous run when a new one starts; the old stream changes nothing', async () => {
    const agent = manualAgent();
    const store = analysisStore(agent);
    store.run();
    await untilRuns(agent, 1);
    agent.emit(started(agent.inputs[0]!), 0);
    store.run();
    await untilRuns(agent, 2);
    expect(agent.inputs).to.have.length(2);
    expect(agent.open).to.equal(1);
    agent.emit(snapshot([API]), 0);
    expect(selectServices(store.getState())).to.have.length(0);
    expect(store.getState().run.number).to.equal(2);
    store.dispose();
  });

  it('sends the state when the host opts in, so a delta may patch what was sent', async () => {
    const agent = scriptedAgent((input, index) =>
      index === 0
        ? [started(input), snapshot([API]), finished(input)]
        : [
            started(input),
            delta([{ op: 'replace', path: '/services/0/latency', value: 70 }]),
            finished(input),
          ],
    );
    const store = new RunStore({ agent, sendState: true }).use(createAnalysisPlugin());
    store.run();
    await waitForStatus(store, 'Completed');
    store.run();
    await waitForState(
      store,
      (state) => state.run.number === 2 && state.run.status === 'Completed',
    );
    expect(agent.inputs[1]?.state).to.deep.equal({ services: [API] });
    expect(selectServices(store.getState())[0]?.latency).to.equal(70);
    store.dispose();
  });

  it('cancels the active run and aborts the agent when disposed', async () => {
    const agent = manualAgent();
    const store = analysisStore(agent);
    const statuses: string[] = [];
    store.state$.subscribe((state) => statuses.push(state.run.status));
    store.run();
    await untilRuns(agent, 1);
    store.dispose();
    expect(statuses[statuses.length - 1]).to.equal('Cancelled');
    expect(agent.open).to.equal(0);
    expect(agent.aborts).to.equal(1);
    store.run();
    await tick(50);
    expect(agent.inputs).to.have.length(1);
  });
});

describe('RunStore: validated state', () => {
  it('rejects duplicate ids and invalid numbers but allows duplicate names', async () => {
    const cases: [object[], boolean][] = [
      [[API, { ...SEARCH, id: 'api' }], false],
      [[{ ...API, latency: -1 }], false],
      [[{ ...API, volume: Number.POSITIVE_INFINITY }], false],
      [[{ ...API, id: '  ' }], false],
      [[{ ...API, series: 'Edge' }], false],
      [[API, { ...SEARCH, name: 'API' }], true],
    ];
    for (const [services, valid] of cases) {
      const agent = scriptedAgent((input) => [started(input), snapshot(services), finished(input)]);
      const store = analysisStore(agent);
      store.run();
      const end = await waitForStatus(store, 'Completed', 'Failed');
      expect(end.run.status, JSON.stringify(services)).to.equal(valid ? 'Completed' : 'Failed');
      if (!valid) expect(end.run.failure?.reason).to.match(/services\.\d/);
      store.dispose();
    }
  });

  it('passes other keys through, and never fails an agent that sends no services', async () => {
    const agent = scriptedAgent((input) => [
      started(input),
      { type: 'STATE_SNAPSHOT', snapshot: { notes: ['a'], count: 1 } } as BaseEvent,
      delta([{ op: 'replace', path: '/count', value: 2 }]),
      finished(input),
    ]);
    const store = analysisStore(agent);
    store.run();
    const done = await waitForStatus(store, 'Completed', 'Failed');
    expect(done.run.status).to.equal('Completed');
    expect(done.agentState.value).to.deep.equal({ notes: ['a'], count: 2 });
    store.dispose();
  });

  it('keeps untouched parts of the state by identity after a delta', async () => {
    const agent = scriptedAgent((input) => [
      started(input),
      {
        type: 'STATE_SNAPSHOT',
        snapshot: { services: [API, SEARCH], other: { deep: [1, 2] } },
      } as BaseEvent,
      delta([{ op: 'replace', path: '/services/1/latency', value: 5 }]),
      finished(input),
    ]);
    const store = analysisStore(agent);
    let afterSnapshot: Record<string, unknown> | null = null;
    store.state$.subscribe((state) => {
      if (state.agentState.accepted === 1)
        afterSnapshot = state.agentState.value as Record<string, unknown>;
    });
    store.run();
    const done = await waitForStatus(store, 'Completed');
    const before = afterSnapshot as unknown as { services: object[]; other: object };
    const after = done.agentState.value as { services: object[]; other: object };
    expect(after.other).to.equal(before.other);
    expect(after.services[0]).to.equal(before.services[0]);
    expect(after.services[1]).not.to.equal(before.services[1]);
    store.dispose();
  });

  it('rejects patches through __proto__ and leaves Object.prototype alone', async () => {
    const agent = scriptedAgent((input) => [
      started(input),
      { type: 'STATE_SNAPSHOT', snapshot: { a: {} } } as BaseEvent,
      delta([{ op: 'add', path: '/a/__proto__/polluted', value: true }]),
      finished(input),
    ]);
    const store = analysisStore(agent);
    store.run();
    const failed = await waitForStatus(store, 'Failed', 'Completed');
    expect(failed.run.status).to.equal('Failed');
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
    store.dispose();
  });
});

describe('RunStore: messages', () => {
  it('completes a chat-only run and streams text into one message', async () => {
    const agent = scriptedAgent((input) => [
      started(input),
      ...text('a1', 'Hel', 'lo'),
      finished(input),
    ]);
    const store = analysisStore(agent);
    store.send('Hi there');
    const done = await waitForStatus(store, 'Completed');
    expect(done.messages.map((message) => message.role)).to.deep.equal(['user', 'assistant']);
    expect(done.messages[1]?.parts).to.deep.equal([{ kind: 'text', text: 'Hello' }]);
    expect(agent.inputs[0]?.messages).to.deep.equal([
      { id: done.messages[0]?.id, role: 'user', content: 'Hi there' },
    ]);
    expect(agent.inputs[0]?.forwardedProps).to.deep.equal({});
    store.dispose();
  });

  it('appends a token to one message and keeps every earlier message by identity', async () => {
    const agent = manualAgent();
    const store = analysisStore(agent);
    store.send('one');
    await untilRuns(agent, 1);
    const input = agent.inputs[0]!;
    agent.emit(started(input));
    for (const event of text('a1', 'first')) agent.emit(event);
    const before = store.getState().messages;
    agent.emit({ type: 'TEXT_MESSAGE_START', messageId: 'a2', role: 'assistant' } as BaseEvent);
    agent.emit({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'a2', delta: 'x' } as BaseEvent);
    const middle = store.getState().messages;
    agent.emit({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'a2', delta: 'y' } as BaseEvent);
    const after = store.getState().messages;
    expect(after[0]).to.equal(before[0]);
    expect(after[1]).to.equal(before[1]);
    expect(after[2]).not.to.equal(middle[2]);
    expect(after[2]?.parts[0]).to.deep.equal({ kind: 'text', text: 'xy' });
    store.dispose();
  });

  it('keeps a stopped partial answer, marked stopped', async () => {
    const agent = manualAgent();
    const store = analysisStore(agent);
    store.send('tell me');
    await untilRuns(agent, 1);
    agent.emit(started(agent.inputs[0]!));
    agent.emit({ type: 'TEXT_MESSAGE_START', messageId: 'a1', role: 'assistant' } as BaseEvent);
    agent.emit({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'a1', delta: 'partial' } as BaseEvent);
    store.cancel();
    const message = store.getState().messages[1];
    expect(message?.stopped).to.equal(true);
    expect(message?.streaming).to.equal(false);
    expect(message?.parts[0]).to.deep.equal({ kind: 'text', text: 'partial' });
    store.dispose();
  });

  it('turns TEXT_MESSAGE_CHUNK and reasoning events into messages', async () => {
    const agent = scriptedAgent((input) => [
      started(input),
      { type: 'REASONING_START', messageId: 'r0' } as BaseEvent,
      { type: 'REASONING_MESSAGE_START', messageId: 'r1', role: 'reasoning' } as BaseEvent,
      { type: 'REASONING_MESSAGE_CONTENT', messageId: 'r1', delta: 'thinking' } as BaseEvent,
      { type: 'REASONING_MESSAGE_END', messageId: 'r1' } as BaseEvent,
      { type: 'REASONING_END', messageId: 'r0' } as BaseEvent,
      {
        type: 'TEXT_MESSAGE_CHUNK',
        messageId: 'c1',
        role: 'assistant',
        delta: 'chun',
      } as BaseEvent,
      { type: 'TEXT_MESSAGE_CHUNK', messageId: 'c1', delta: 'ked' } as BaseEvent,
      finished(input),
    ]);
    const store = analysisStore(agent);
    store.send('q');
    const done = await waitForStatus(store, 'Completed', 'Failed');
    expect(done.run.status, done.run.failure?.reason).to.equal('Completed');
    const roles = done.messages.map((message) => message.role);
    expect(roles).to.deep.equal(['user', 'reasoning', 'assistant']);
    expect(done.messages[1]?.parts[0]).to.deep.equal({ kind: 'reasoning', text: 'thinking' });
    expect(done.messages[2]?.parts[0]).to.deep.equal({ kind: 'text', text: 'chunked' });
    store.dispose();
  });

  it('takes MESSAGES_SNAPSHOT as authoritative with stable ids', async () => {
    const agent = scriptedAgent((input) => [
      started(input),
      {
        type: 'MESSAGES_SNAPSHOT',
        messages: [
          { id: 'u1', role: 'user', content: 'hello' },
          {
            id: 'a1',
            role: 'assistant',
            content: 'hi',
            toolCalls: [
              { id: 't1', type: 'function', function: { name: 'lookup', arguments: '{"q":1}' } },
            ],
          },
          { id: 'tool-1', role: 'tool', toolCallId: 't1', content: 'found' },
        ],
      } as BaseEvent,
      finished(input),
    ]);
    const store = analysisStore(agent);
    store.send('ignored by the snapshot');
    const done = await waitForStatus(store, 'Completed', 'Failed');
    expect(done.messages.map((message) => message.id)).to.deep.equal(['u1', 'a1']);
    const call = done.messages[1]?.parts[1];
    expect(call).to.include({ kind: 'tool-call', name: 'lookup', status: 'done', result: 'found' });
    store.dispose();
  });

  it('ignores event types it does not know', async () => {
    const agent = scriptedAgent((input) => [
      started(input),
      { type: 'RAW', event: { anything: true } } as BaseEvent,
      { type: 'CUSTOM', name: 'something_else', value: 1 } as BaseEvent,
      finished(input),
    ]);
    const store = analysisStore(agent);
    store.send('q');
    const done = await waitForStatus(store, 'Completed', 'Failed');
    expect(done.run.status).to.equal('Completed');
    store.dispose();
  });

  it('keeps the 12 newest activity entries', async () => {
    const agent = scriptedAgent((input) => [
      started(input),
      snapshot([API]),
      ...Array.from({ length: 15 }, (_, index) =>
        delta([{ op: 'replace', path: '/services/0/latency', value: index }]),
      ),
      finished(input),
    ]);
    const store = analysisStore(agent);
    store.run();
    const done = await waitForStatus(store, 'Completed');
    expect(done.activity).to.have.length(12);
    expect(done.activity[11]?.text).to.contain('completed');
    store.dispose();
  });

  it('starts a new thread on reset and clears messages, approvals and in-flight work', async () => {
    const agent = manualAgent();
    const store = analysisStore(agent);
    store.send('hello');
    await untilRuns(agent, 1);
    const threadId = store.getState().threadId;
    store.reset();
    const state = store.getState();
    expect(state.threadId).not.to.equal(threadId);
    expect(state.messages).to.have.length(0);
    expect(state.approvals).to.have.length(0);
    expect(state.run.status).to.equal('Idle');
    expect(agent.open).to.equal(0);
    store.dispose();
  });

  it('retries a failed chat run with the last user message and regenerates the last answer', async () => {
    const agent = scriptedAgent((input, index) =>
      index === 0
        ? [started(input), { type: 'RUN_ERROR', message: 'flaky' } as BaseEvent]
        : [started(input), ...text(`a${index}`, `answer ${index}`), finished(input)],
    );
    const store = analysisStore(agent);
    store.send('question');
    await waitForStatus(store, 'Failed');
    store.retry();
    await waitForState(
      store,
      (state) => state.run.number === 2 && state.run.status === 'Completed',
    );
    expect(agent.inputs[1]?.messages.map((message) => message.role)).to.deep.equal(['user']);
    store.regenerate();
    const done = await waitForState(
      store,
      (state) => state.run.number === 3 && state.run.status === 'Completed',
    );
    expect(agent.inputs[2]?.messages.map((message) => message.role)).to.deep.equal(['user']);
    expect(done.messages.map((message) => message.role)).to.deep.equal(['user', 'assistant']);
    store.dispose();
  });
});

describe('RunStore: approvals and tools', () => {
  it('pauses on an interrupt outcome and resumes with the answer when approved', async () => {
    const agent = scriptedAgent((input, index) =>
      index === 0
        ? [
            started(input),
            finished(input, {
              type: 'interrupt',
              interrupts: [{ id: 'wo-1', reason: 'approval', message: 'Open a work order?' }],
            }),
          ]
        : [started(input), finished(input)],
    );
    const store = analysisStore(agent);
    store.send('open a work order');
    const paused = await waitForStatus(store, 'Needs approval');
    expect(paused.approvals[0]).to.include({
      id: 'wo-1',
      kind: 'interrupt',
      message: 'Open a work order?',
    });
    store.approve('wo-1', { comment: 'go' });
    await waitForState(
      store,
      (state) => state.run.number === 2 && state.run.status === 'Completed',
    );
    expect(agent.inputs[1]?.resume).to.deep.equal([
      { interruptId: 'wo-1', status: 'resolved', payload: { approved: true, comment: 'go' } },
    ]);
    expect(store.getState().approvals).to.have.length(0);
    store.dispose();
  });

  it('sends { approved: false } on deny and refuses to approve an expired interrupt', async () => {
    const agent = scriptedAgent((input, index) =>
      index === 0
        ? [
            started(input),
            finished(input, {
              type: 'interrupt',
              interrupts: [
                { id: 'old', reason: 'approval', expiresAt: '2000-01-01T00:00:00Z' },
                { id: 'new', reason: 'approval' },
              ],
            }),
          ]
        : [started(input), finished(input)],
    );
    const store = analysisStore(agent);
    store.send('go');
    await waitForStatus(store, 'Needs approval');
    store.approve('old');
    expect(store.getState().approvals.find((approval) => approval.id === 'old')?.answer).to.equal(
      null,
    );
    store.deny('new');
    expect(agent.inputs).to.have.length(1);
    store.run();
    await waitForState(
      store,
      (state) => state.run.number === 2 && state.run.status === 'Completed',
    );
    expect(agent.inputs[1]?.resume).to.deep.equal([
      { interruptId: 'old', status: 'cancelled' },
      { interruptId: 'new', status: 'resolved', payload: { approved: false } },
    ]);
    store.dispose();
  });

  it('answers a legacy on_interrupt through forwardedProps.command.resume', async () => {
    const agent = scriptedAgent((input, index) =>
      index === 0
        ? [
            started(input),
            { type: 'CUSTOM', name: 'on_interrupt', value: 'Proceed?' } as BaseEvent,
            finished(input),
          ]
        : [started(input), finished(input)],
    );
    const store = analysisStore(agent);
    store.send('go');
    const paused = await waitForStatus(store, 'Needs approval');
    const approval = paused.approvals[0]!;
    expect(approval).to.include({ kind: 'legacy', message: 'Proceed?' });
    store.deny(approval.id, { comment: 'not now' });
    await waitForState(
      store,
      (state) => state.run.number === 2 && state.run.status === 'Completed',
    );
    expect(agent.inputs[1]?.forwardedProps).to.deep.equal({
      command: { resume: { approved: false, comment: 'not now' } },
    });
    store.dispose();
  });

  it('waits for consent before a tool that needs approval runs, then delivers its answer', async () => {
    let ran = 0;
    const agent = scriptedAgent((input, index) =>
      index === 0
        ? [
            started(input),
            ...toolCall('t1', 'delete_file', { path: '/tmp/x' }, 'a1'),
            finished(input),
          ]
        : [started(input), finished(input)],
    );
    const store = analysisStore(agent);
    store.registerTool({
      name: 'delete_file',
      description: 'Delete a file',
      needsApproval: true,
      handler: () => {
        ran += 1;
        return 'deleted';
      },
    });
    store.send('delete it');
    const paused = await waitForStatus(store, 'Needs approval');
    expect(ran).to.equal(0);
    expect(paused.approvals[0]).to.include({ kind: 'tool', toolCallId: 't1' });
    store.approve('t1');
    await waitForState(
      store,
      (state) => state.run.number === 2 && state.run.status === 'Completed',
    );
    expect(ran).to.equal(1);
    const toolMessage = agent.inputs[1]?.messages.find((message) => message.role === 'tool');
    expect(toolMessage).to.include({ toolCallId: 't1' });
    expect(JSON.parse(String(toolMessage?.content))).to.deep.equal({
      approved: true,
      result: 'deleted',
    });
    store.dispose();
  });

  it('runs a frontend tool and delivers its result in one follow-up run', async () => {
    const agent = scriptedAgent((input, index) =>
      index === 0
        ? [started(input), ...toolCall('t1', 'get_time', {}, 'a1'), finished(input)]
        : [started(input), ...text('a2', 'ok'), finished(input)],
    );
    const store = analysisStore(agent);
    store.registerTool({
      name: 'get_time',
      description: 'Time',
      handler: async () => ({ time: 'noon' }),
    });
    store.send('time?');
    await waitForState(
      store,
      (state) => state.run.number === 2 && state.run.status === 'Completed',
    );
    await tick(20);
    expect(agent.inputs).to.have.length(2);
    expect(agent.inputs[1]?.messages.find((message) => message.role === 'tool')).to.deep.include({
      toolCallId: 't1',
      content: '{"time":"noon"}',
    });
    store.dispose();
  });

  it('stops an agent that keeps calling tools after 3 follow-ups', async () => {
    const agent = scriptedAgent((input, index) => [
      started(input),
      ...toolCall(`t${index}`, 'get_time', {}, `a${index}`),
      finished(input),
    ]);
    const store = analysisStore(agent);
    store.registerTool({ name: 'get_time', description: 'Time', handler: () => 'noon' });
    store.send('loop');
    const failed = await waitForStatus(store, 'Failed');
    expect(agent.inputs).to.have.length(4);
    expect(failed.run.failure?.reason).to.contain('3 automatic follow-up runs');
    store.dispose();
  });

  it('applies a presentation tool at once, never starts a run, and sends its answer with the next run', async () => {
    const agent = scriptedAgent((input, index) =>
      index === 0
        ? [
            started(input),
            snapshot([API, SEARCH]),
            ...toolCall('s1', 'select_service', { id: 'search' }, 'a1'),
            ...toolCall('s2', 'select_service', { id: 'nope' }, 'a1'),
            finished(input),
          ]
        : [started(input), finished(input)],
    );
    const store = analysisStore(agent);
    store.run();
    const done = await waitForStatus(store, 'Completed');
    await tick(20);
    expect(agent.inputs).to.have.length(1);
    expect(selectAnalysisView(done).selectedId).to.equal('search');
    store.setView('analysis', (view) => ({
      ...(view as object),
      filter: 'Core',
      selectedId: 'api',
    }));
    store.send('next');
    await waitForState(
      store,
      (state) => state.run.number === 2 && state.run.status === 'Completed',
    );
    const answers = agent.inputs[1]?.messages.filter((message) => message.role === 'tool');
    expect(answers?.map((message) => message.toolCallId)).to.deep.equal(['s1', 's2']);
    expect(String(answers?.[1]?.content)).to.contain('Unknown service');
    const json = JSON.stringify(agent.inputs[1]?.messages);
    expect(json).not.to.contain('selectedId');
    expect(agent.inputs[1]?.forwardedProps).to.deep.equal({});
    expect(agent.inputs[1]).not.to.have.property('state');
    store.dispose();
  });

  it('updates a state key from streaming tool arguments (PredictState)', async () => {
    const agent = manualAgent();
    const store = new RunStore({ agent });
    store.send('write');
    await untilRuns(agent, 1);
    agent.emit(started(agent.inputs[0]!));
    agent.emit({
      type: 'CUSTOM',
      name: 'PredictState',
      value: [{ state_key: 'draft', tool: 'write_doc', tool_argument: 'text' }],
    } as BaseEvent);
    agent.emit({
      type: 'TOOL_CALL_START',
      toolCallId: 'w1',
      toolCallName: 'write_doc',
    } as BaseEvent);
    agent.emit({ type: 'TOOL_CALL_ARGS', toolCallId: 'w1', delta: '{"text":"Hel' } as BaseEvent);
    await tick(0);
    expect(store.getState().agentState.value).to.deep.equal({ draft: 'Hel' });
    agent.emit({ type: 'TOOL_CALL_ARGS', toolCallId: 'w1', delta: 'lo"}' } as BaseEvent);
    expect(store.getState().agentState.value).to.deep.equal({ draft: 'Hello' });
    const part = store.getState().messages[1]?.parts[0];
    expect(part).to.deep.include({
      kind: 'tool-call',
      args: { text: 'Hello' },
      status: 'streaming',
    });
    store.dispose();
  });

  it('answers open approvals as cancelled when a new run starts', async () => {
    const agent = scriptedAgent((input, index) =>
      index === 0
        ? [
            started(input),
            finished(input, { type: 'interrupt', interrupts: [{ id: 'i1', reason: 'approval' }] }),
          ]
        : [started(input), finished(input)],
    );
    const store = analysisStore(agent);
    store.send('first');
    await waitForStatus(store, 'Needs approval');
    store.send('something else');
    await waitForState(
      store,
      (state) => state.run.number === 2 && state.run.status === 'Completed',
    );
    expect(agent.inputs[1]?.resume).to.deep.equal([{ interruptId: 'i1', status: 'cancelled' }]);
    store.dispose();
  });

  it('records render_* calls and ui_render events as artifacts, without duplicates', async () => {
    const props = { title: 'T', confidence: 0.8, cell_id: 2 };
    const agent = scriptedAgent((input) => [
      started(input),
      ...toolCall('r1', 'render_diagnostic_card', props, 'a1'),
      {
        type: 'CUSTOM',
        name: 'ui_render',
        value: { component: 'alert_banner', props: { severity: 'warning' } },
      } as BaseEvent,
      {
        type: 'CUSTOM',
        name: 'ui_render',
        value: { component: 'AlertBanner', props: { severity: 'warning' } },
      } as BaseEvent,
      finished(input),
    ]);
    const store = analysisStore(agent);
    store.send('diagnose');
    const done = await waitForStatus(store, 'Completed');
    expect(done.artifacts.map((artifact) => [artifact.source, artifact.name])).to.deep.equal([
      ['tool-call', 'render_diagnostic_card'],
      ['ui_render', 'alert_banner'],
    ]);
    expect(done.artifacts[0]?.props).to.deep.equal(props);
    store.dispose();
  });
});

describe('Analysis plugin: view state', () => {
  it('drops the selection when the service disappears or the filter hides it', async () => {
    const agent = manualAgent();
    const store = analysisStore(agent);
    store.run();
    await untilRuns(agent, 1);
    const input = agent.inputs[0]!;
    agent.emit(started(input));
    agent.emit(snapshot([API, SEARCH, QUEUE]));
    selectService(store, 'queue');
    expect(selectAnalysisView(store.getState()).selectedId).to.equal('queue');
    setServiceFilter(store, 'Core');
    expect(selectAnalysisView(store.getState())).to.deep.equal({
      filter: 'Core',
      selectedId: null,
    });
    selectService(store, 'api');
    agent.emit(delta([{ op: 'remove', path: '/services/0' }]));
    expect(selectAnalysisView(store.getState())).to.deep.equal({
      filter: 'Core',
      selectedId: null,
    });
    expect(() => selectService(store, 'api')).to.throw('Unknown service');
    expect(() => setServiceFilter(store, 'Edge')).to.throw('Unknown filter');
    expect(selectAnalysisView(store.getState())).to.deep.equal({
      filter: 'Core',
      selectedId: null,
    });
    store.dispose();
  });

  it('shows all services when the agent selects one the filter hides', async () => {
    const agent = scriptedAgent((input) => [
      started(input),
      snapshot([API, QUEUE]),
      ...toolCall('s1', 'select_service', { id: 'queue' }, 'a1'),
      finished(input),
    ]);
    const store = analysisStore(agent);
    setServiceFilter(store, 'Core');
    store.run();
    const done = await waitForStatus(store, 'Completed');
    expect(selectAnalysisView(done)).to.deep.equal({ filter: 'All', selectedId: 'queue' });
    store.dispose();
  });
});
