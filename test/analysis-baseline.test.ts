import { expect } from '@open-wc/testing';
import {
  compareService,
  selectAnalysisView,
  selectSelectedComparison,
  selectServiceBaseline,
  selectService,
  createAnalysisPlugin,
} from '../src/analysis/index.js';
import { RunStore } from '../src/store/run-store.js';
import {
  API,
  EVENTS,
  QUEUE,
  SEARCH,
  delta,
  finished,
  manualAgent,
  type ManualAgent,
  snapshot,
  started,
} from './support/agents.js';
import { until } from './support/elements.js';

async function startRun(agent: ManualAgent, store: RunStore, recover = false): Promise<void> {
  const count = agent.inputs.length;
  if (recover) store.recover();
  else store.run();
  await until(() => agent.inputs.length === count + 1 && agent.open === 1);
  agent.emit(started(agent.inputs[count]!));
}

function harness(sendState = false) {
  const agent = manualAgent();
  const store = new RunStore({ agent, threadId: 'thread-baseline', sendState }).use(
    createAnalysisPlugin(),
  );
  return { agent, store };
}

const baselineServices = (store: RunStore) => selectServiceBaseline(store.getState())?.services;

describe('analysis baseline', () => {
  it('keeps the first valid snapshot of each run as its baseline', async () => {
    const { agent, store } = harness();
    expect(selectServiceBaseline(store.getState())).to.equal(null);
    await startRun(agent, store);
    expect(selectServiceBaseline(store.getState())).to.deep.equal({ run: 1, services: null });
    agent.emit(snapshot([API, SEARCH, QUEUE]));
    agent.emit(delta([{ op: 'replace', path: '/services/0/latency', value: 145 }]));
    agent.emit(snapshot([{ ...API, latency: 150 }, SEARCH, QUEUE]));
    agent.emit(finished(agent.inputs[0]!));
    expect(baselineServices(store)).to.deep.equal([API, SEARCH, QUEUE]);
    selectService(store, 'api');
    expect(selectSelectedComparison(store.getState())).to.deep.equal({
      kind: 'compared',
      id: 'api',
      run: 1,
      baseline: API,
      latency: { now: 150, baseline: 60, change: 90, relative: 1.5 },
      volume: { now: 1200, baseline: 1200, change: 0, relative: 0 },
    });

    await startRun(agent, store);
    // Run 2 shows run 1's data until it sends its own, but it has no baseline of its own yet.
    expect(selectServiceBaseline(store.getState())).to.deep.equal({ run: 2, services: null });
    expect(selectSelectedComparison(store.getState())).to.deep.equal({
      kind: 'no-baseline',
      id: 'api',
      run: 2,
      ended: false,
    });
    agent.emit(snapshot([{ ...API, latency: 80 }, SEARCH]));
    agent.emit(delta([{ op: 'replace', path: '/services/0/latency', value: 100 }]));
    expect(baselineServices(store)).to.deep.equal([{ ...API, latency: 80 }, SEARCH]);
    const comparison = selectSelectedComparison(store.getState());
    expect(comparison?.kind === 'compared' && comparison.latency).to.deep.equal({
      now: 100,
      baseline: 80,
      change: 20,
      relative: 0.25,
    });
    store.cancel();
    // A cancelled run keeps its baseline beside the last valid data.
    expect(selectServiceBaseline(store.getState())?.run).to.equal(2);
    expect(selectSelectedComparison(store.getState())?.kind).to.equal('compared');
  });

  it('follows the selected id across a reorder', async () => {
    const { agent, store } = harness();
    await startRun(agent, store);
    agent.emit(snapshot([API, SEARCH, QUEUE]));
    selectService(store, 'api');
    agent.emit(delta([{ op: 'replace', path: '/services/0/latency', value: 145 }]));
    agent.emit(
      delta([
        { op: 'move', from: '/services/2', path: '/services/0' },
        { op: 'move', from: '/services/2', path: '/services/1' },
      ]),
    );
    const services = store.getState().agentState.value.services as { id: string }[];
    expect(services.map((service) => service.id)).to.deep.equal(['queue', 'search', 'api']);
    expect(selectAnalysisView(store.getState()).selectedId).to.equal('api');
    const comparison = selectSelectedComparison(store.getState());
    expect(comparison?.kind).to.equal('compared');
    if (comparison?.kind !== 'compared') return;
    expect(comparison.id).to.equal('api');
    expect(comparison.latency).to.deep.equal({
      now: 145,
      baseline: 60,
      change: 85,
      relative: 85 / 60,
    });
    store.cancel();
  });

  it('keeps the baseline and the comparison at the last valid numbers after a rejected patch', async () => {
    const { agent, store } = harness();
    await startRun(agent, store);
    agent.emit(snapshot([API, SEARCH, QUEUE]));
    agent.emit(delta([{ op: 'replace', path: '/services/0/latency', value: 145 }]));
    selectService(store, 'api');
    const before = selectSelectedComparison(store.getState());
    const baseline = selectServiceBaseline(store.getState());
    agent.emit(
      delta([
        { op: 'replace', path: '/services/0/latency', value: 999 },
        { op: 'remove', path: '/services/99' },
      ]),
    );
    expect(store.getState().run.status).to.equal('Failed');
    expect(selectServiceBaseline(store.getState())).to.equal(baseline);
    expect(selectSelectedComparison(store.getState())).to.deep.equal(before);
    expect(before?.kind === 'compared' && before.latency.now).to.equal(145);
    expect(JSON.stringify(store.getState().view)).not.to.contain('999');
  });

  it('starts a new baseline on Recover', async () => {
    const { agent, store } = harness();
    await startRun(agent, store);
    agent.emit(snapshot([API, SEARCH, QUEUE]));
    agent.emit(delta([{ op: 'remove', path: '/services/99' }]));
    expect(store.getState().run.status).to.equal('Failed');
    selectService(store, 'search');
    await startRun(agent, store, true);
    expect(store.getState().run.kind).to.equal('recover');
    expect(selectServiceBaseline(store.getState())).to.deep.equal({ run: 2, services: null });
    agent.emit(snapshot([API, { ...SEARCH, latency: 55 }, QUEUE]));
    agent.emit(delta([{ op: 'replace', path: '/services/1/latency', value: 66 }]));
    expect(baselineServices(store)).to.deep.equal([API, { ...SEARCH, latency: 55 }, QUEUE]);
    const comparison = selectSelectedComparison(store.getState());
    expect(comparison?.kind === 'compared' && comparison.latency).to.deep.equal({
      now: 66,
      baseline: 55,
      change: 11,
      relative: 0.2,
    });
    store.cancel();
  });

  it('says a service that arrived after the first snapshot is new since the run began', async () => {
    const { agent, store } = harness();
    await startRun(agent, store);
    agent.emit(snapshot([API, SEARCH, QUEUE]));
    agent.emit(delta([{ op: 'add', path: '/services/-', value: EVENTS }]));
    selectService(store, 'events');
    expect(selectSelectedComparison(store.getState())).to.deep.equal({
      kind: 'new',
      id: 'events',
      run: 1,
    });
    store.cancel();
  });

  it('says a run that ended before its first snapshot has no baseline', async () => {
    const { agent, store } = harness();
    await startRun(agent, store);
    agent.emit(snapshot([API, SEARCH]));
    agent.emit(finished(agent.inputs[0]!));
    selectService(store, 'api');
    await startRun(agent, store);
    agent.emit(delta([{ op: 'replace', path: '/services/0/latency', value: 1 }]));
    expect(store.getState().run.status).to.equal('Failed');
    expect(selectSelectedComparison(store.getState())).to.deep.equal({
      kind: 'no-baseline',
      id: 'api',
      run: 2,
      ended: true,
    });
  });

  it('takes the state a run sent as its baseline, and never sends the baseline to the agent', async () => {
    const { agent, store } = harness(true);
    await startRun(agent, store);
    agent.emit(snapshot([API, SEARCH]));
    agent.emit(finished(agent.inputs[0]!));
    selectService(store, 'api');
    await startRun(agent, store);
    expect(selectServiceBaseline(store.getState())).to.deep.equal({
      run: 2,
      services: [API, SEARCH],
    });
    agent.emit(delta([{ op: 'replace', path: '/services/0/latency', value: 90 }]));
    expect(selectSelectedComparison(store.getState())?.kind).to.equal('compared');
    expect(agent.inputs[1]?.state).to.deep.equal({ services: [API, SEARCH] });
    expect(JSON.stringify(agent.inputs[1])).not.to.contain('analysis-baseline');
    store.cancel();
  });

  it('compares by id, with no relative change against a zero baseline', () => {
    const baseline = { run: 3, services: [{ ...API, volume: 0 }] };
    expect(compareService({ ...API, volume: 10 }, baseline, true)).to.deep.equal({
      kind: 'compared',
      id: 'api',
      run: 3,
      baseline: { ...API, volume: 0 },
      latency: { now: 60, baseline: 60, change: 0, relative: 0 },
      volume: { now: 10, baseline: 0, change: 10, relative: null },
    });
    expect(compareService(QUEUE, baseline, true)).to.deep.equal({
      kind: 'new',
      id: 'queue',
      run: 3,
    });
    expect(compareService(API, null, false)).to.deep.equal({
      kind: 'no-baseline',
      id: 'api',
      run: 0,
      ended: false,
    });
  });
});
