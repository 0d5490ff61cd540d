import { expect, fixture, html } from '@open-wc/testing';
import type { BaseEvent } from '@ag-ui/core';
import '../components/define.js';
import { AgentRun } from '../components/agent-run/agent-run.js';
import { defineAll } from '../components/definitions.js';
import type { RunControls } from '../components/run-controls/run-controls.js';
import type { ServiceChart } from '../components/service-chart/service-chart.js';
import { selectDisclosure } from '../components/shared/disclosure.js';
import {
  AgentStateChangeEvent,
  RunEndEvent,
  RunErrorEvent,
  RunStartEvent,
} from '../components/shared/events.js';
import { createAnalysisPlugin, selectAnalysisView, selectServices } from '../src/analysis/index.js';
import { RunStore } from '../src/store/run-store.js';
import {
  API,
  QUEUE,
  SEARCH,
  delta,
  finished,
  manualAgent,
  scriptedAgent,
  snapshot,
  started,
  tick,
  waitForState,
  waitForStatus,
} from './support/agents.js';
import {
  allInShadow,
  countSubscriptions,
  nextFrame,
  recordEvents,
  statusText,
  until,
} from './support/elements.js';

const HOST_EVENTS = ['run-start', 'run-end', 'run-error', 'agent-state-change'];

const normal = () =>
  scriptedAgent((input) => [
    started(input),
    snapshot([API, SEARCH, QUEUE]),
    delta([{ op: 'replace', path: '/services/0/latency', value: 145 }]),
    finished(input),
  ]);

describe('<agent-run>', () => {
  it('passes axe with elements inside it', async () => {
    const el = await fixture<AgentRun>(html`<agent-run><run-controls></run-controls></agent-run>`);
    await expect(el).to.be.accessible();
  });

  it('has no defaults that send anything, and reads its attributes', async () => {
    const plain = await fixture<AgentRun>(html`<agent-run></agent-run>`);
    expect(plain.endpoint).to.equal(null);
    expect(plain.source).to.equal(null);
    expect(plain.agent).to.equal(null);
    expect(plain.disclosure).to.equal(null);
    expect(plain.disposeDelay).to.equal(null);
    expect(plain.store.getState().run.status).to.equal('Idle');

    const el = await fixture<AgentRun>(
      html`<agent-run
        endpoint="/api/agent"
        thread-id="thread-7"
        dispose-delay="250"
        disclosure="Numbers are made up."
      ></agent-run>`,
    );
    expect(el.endpoint).to.equal('/api/agent');
    expect(el.threadId).to.equal('thread-7');
    expect(el.disposeDelay).to.equal(250);
    expect(el.store.getState().threadId).to.equal('thread-7');
    expect(selectDisclosure(el.store.getState())).to.equal('Numbers are made up.');
  });

  it('renders only its slot and takes no box of its own', async () => {
    const el = await fixture<AgentRun>(html`<agent-run><p>child</p></agent-run>`);
    const slot = el.shadowRoot?.querySelector('slot');
    expect(slot?.assignedElements().map((child) => child.localName)).to.deep.equal(['p']);
    expect(el.shadowRoot?.children).to.have.length(1);
    expect(getComputedStyle(el).display).to.equal('contents');
  });

  it('provides one store with the analysis plugin to every element inside it', async () => {
    const el = await fixture<AgentRun>(
      html`<agent-run
        ><div><run-controls></run-controls><service-chart></service-chart></div
      ></agent-run>`,
    );
    const controls = el.querySelector('run-controls') as RunControls;
    const chart = el.querySelector('service-chart') as ServiceChart;
    await controls.updateComplete;
    expect(statusText(controls)).to.equal('Idle');
    expect(selectAnalysisView(el.store.getState())).to.deep.equal({
      filter: 'All',
      selectedId: null,
    });
    el.agent = normal();
    el.store.run();
    await waitForStatus(el.store, 'Completed');
    await chart.updateComplete;
    await controls.updateComplete;
    expect(statusText(controls)).to.equal('Completed');
    expect(allInShadow(chart, 'tbody tr')).to.have.length(3);
  });

  it('runs against its endpoint with its headers', async () => {
    const seen: Headers[] = [];
    const realFetch = window.fetch;
    window.fetch = (input, init) => {
      seen.push(new Headers(init?.headers));
      return realFetch(input, init);
    };
    try {
      const el = await fixture<AgentRun>(
        html`<agent-run
          endpoint="/__test/sse?key=agent-run-endpoint"
          .headers=${{ 'x-demo': 'yes' }}
        ></agent-run>`,
      );
      el.store.run();
      const done = await waitForStatus(el.store, 'Completed', 'Failed');
      expect(done.run.status, done.run.failure?.reason).to.equal('Completed');
      const requests = (await (
        await realFetch('/__test/requests?key=agent-run-endpoint')
      ).json()) as unknown[];
      expect(requests).to.have.length(1);
      expect(seen.at(-1)?.get('x-demo')).to.equal('yes');
    } finally {
      window.fetch = realFetch;
    }
  });

  it('uses the replay agent for source="replay" and says the data is synthetic', async () => {
    const el = await fixture<AgentRun>(
      html`<agent-run source="replay"><run-controls></run-controls></agent-run>`,
    );
    const controls = el.querySelector('run-controls') as RunControls;
    await controls.updateComplete;
    expect(controls.shadowRoot?.textContent).to.contain(
      'Synthetic data from a prepared demo recipe — no live agent.',
    );
    el.store.run({ scenario: 'normal' });
    const streaming = await waitForState(el.store, (state) => selectServices(state).length === 3);
    expect(streaming.run.status).to.equal('Streaming');
    el.store.cancel();
  });

  it('lets a given disclosure replace the replay one, and a given agent win over source', async () => {
    const agent = manualAgent();
    const el = await fixture<AgentRun>(
      html`<agent-run source="replay" disclosure="Recorded on 3 May." .agent=${agent}></agent-run>`,
    );
    expect(selectDisclosure(el.store.getState())).to.equal('Recorded on 3 May.');
    el.store.run();
    await until(() => agent.inputs.length === 1);
    expect(agent.inputs[0]?.runId).to.equal(el.store.getState().run.id);
    expect(agent.inputs[0]?.runId).to.match(/^run-[0-9a-f]{24}$/);
    el.store.cancel();
  });

  it('fires run-start, agent-state-change and run-end for a completed run', async () => {
    const el = await fixture<AgentRun>(html`<agent-run .agent=${normal()}></agent-run>`);
    const seen = recordEvents(document, HOST_EVENTS);
    el.store.run({ scenario: 'normal' });
    await waitForStatus(el.store, 'Completed');
    expect(seen.map((event) => event.type)).to.deep.equal([
      'run-start',
      'agent-state-change',
      'agent-state-change',
      'run-end',
    ]);
    const [start, , state, end] = seen;
    expect(start).to.be.instanceOf(RunStartEvent);
    expect((start as RunStartEvent).detail).to.deep.equal({
      run: 1,
      kind: 'scenario',
      scenario: 'normal',
    });
    expect(state).to.be.instanceOf(AgentStateChangeEvent);
    expect((state as AgentStateChangeEvent).detail.run).to.equal(1);
    expect(
      selectServices({
        agentState: { value: (state as AgentStateChangeEvent).detail.state },
      } as never)[0]?.latency,
    ).to.equal(145);
    expect(end).to.be.instanceOf(RunEndEvent);
    expect((end as RunEndEvent).detail).to.deep.equal({
      run: 1,
      status: 'Completed',
      cause: null,
      failure: null,
    });
    expect(end?.bubbles && end.composed).to.equal(true);
  });

  it('fires run-error before run-end for a failed run', async () => {
    const agent = scriptedAgent((input) => [
      started(input),
      { type: 'RUN_ERROR', message: 'model overloaded' } as BaseEvent,
    ]);
    const el = await fixture<AgentRun>(html`<agent-run .agent=${agent}></agent-run>`);
    const seen = recordEvents(el, HOST_EVENTS);
    el.store.run();
    await waitForStatus(el.store, 'Failed');
    expect(seen.map((event) => event.type)).to.deep.equal(['run-start', 'run-error', 'run-end']);
    expect(seen[1]).to.be.instanceOf(RunErrorEvent);
    expect((seen[1] as RunErrorEvent).detail.failure.reason).to.equal('model overloaded');
    expect((seen[2] as RunEndEvent).detail).to.include({ status: 'Failed', cause: null });
  });

  it('reports a cancelled run with its cause, and a replaced run as replaced', async () => {
    const agent = manualAgent();
    const el = await fixture<AgentRun>(html`<agent-run .agent=${agent}></agent-run>`);
    const seen = recordEvents(el, ['run-end']) as RunEndEvent[];
    el.store.run();
    el.store.run();
    el.store.cancel();
    expect(
      seen.map((event) => [event.detail.run, event.detail.status, event.detail.cause]),
    ).to.deep.equal([
      [1, 'Cancelled', 'replaced'],
      [2, 'Cancelled', 'user'],
    ]);
  });

  it('fires nothing when the host only sets properties', async () => {
    const finishedStore = new RunStore({ agent: normal() }).use(createAnalysisPlugin());
    finishedStore.run();
    await waitForStatus(finishedStore, 'Completed');
    const el = await fixture<AgentRun>(html`<agent-run></agent-run>`);
    const seen = recordEvents(el, HOST_EVENTS);
    el.agent = manualAgent();
    el.disclosure = 'Changed.';
    el.endpoint = '/elsewhere';
    el.store = finishedStore;
    await el.updateComplete;
    await tick(10);
    expect(seen).to.have.length(0);
    expect(el.store).to.equal(finishedStore);
  });

  it('keeps the store, the view state and the active run when moved, without a new request', async () => {
    const agent = manualAgent();
    const el = await fixture<AgentRun>(
      html`<agent-run .agent=${agent}><run-controls></run-controls></agent-run>`,
    );
    const store = el.store;
    store.run();
    await until(() => agent.open === 1);
    agent.emit(started(agent.inputs[0]!));
    agent.emit(snapshot([API, QUEUE]));
    store.setView('analysis', () => ({ filter: 'Core', selectedId: 'api' }));
    const elsewhere = document.createElement('section');
    document.body.append(elsewhere);
    elsewhere.append(el);
    await nextFrame();
    await nextFrame();
    expect(el.store).to.equal(store);
    expect(store.isDisposed).to.equal(false);
    expect(agent.inputs).to.have.length(1);
    expect(agent.open).to.equal(1);
    expect(selectAnalysisView(store.getState())).to.deep.equal({
      filter: 'Core',
      selectedId: 'api',
    });
    agent.emit(finished(agent.inputs[0]!));
    const controls = el.querySelector('run-controls') as RunControls;
    await controls.updateComplete;
    expect(statusText(controls)).to.equal('Completed');
    elsewhere.remove();
  });

  it('keeps the store when put back within dispose-delay', async () => {
    const agent = manualAgent();
    const el = await fixture<AgentRun>(
      html`<agent-run dispose-delay="200" .agent=${agent}></agent-run>`,
    );
    const store = el.store;
    const parent = el.parentElement as HTMLElement;
    store.run();
    await until(() => agent.open === 1);
    el.remove();
    await tick(50);
    parent.append(el);
    await tick(250);
    expect(el.store).to.equal(store);
    expect(store.getState().run.status).to.equal('Connecting');
    expect(agent.open).to.equal(1);
    expect(agent.aborts).to.equal(0);
  });

  it('disposes its store and cancels the active run once out past dispose-delay', async () => {
    const agent = manualAgent();
    const el = await fixture<AgentRun>(
      html`<agent-run dispose-delay="30" .agent=${agent}></agent-run>`,
    );
    const store = el.store;
    store.run();
    await until(() => agent.open === 1);
    agent.emit(started(agent.inputs[0]!));
    el.remove();
    expect(store.isDisposed).to.equal(false);
    await tick(80);
    expect(store.isDisposed).to.equal(true);
    expect(store.getState().run).to.include({ status: 'Cancelled', cause: 'disposed' });
    expect(agent.open).to.equal(0);
    expect(agent.aborts).to.equal(1);
  });

  it('disposes after one animation frame by default, and starts over with a fresh store when put back', async () => {
    const el = await fixture<AgentRun>(
      html`<agent-run .agent=${manualAgent()}><run-controls></run-controls></agent-run>`,
    );
    const store = el.store;
    const parent = el.parentElement as HTMLElement;
    el.remove();
    await nextFrame();
    await nextFrame();
    expect(store.isDisposed).to.equal(true);
    parent.append(el);
    const controls = el.querySelector('run-controls') as RunControls;
    await controls.updateComplete;
    expect(el.store).not.to.equal(store);
    expect(el.store.isDisposed).to.equal(false);
    expect(statusText(controls)).to.equal('Idle');
    el.store.run();
    await controls.updateComplete;
    expect(statusText(controls)).to.equal('Connecting');
    el.store.cancel();
  });

  it('leaves a completed run alone when it is disposed', async () => {
    const agent = normal();
    const el = await fixture<AgentRun>(
      html`<agent-run dispose-delay="0" .agent=${agent}></agent-run>`,
    );
    const store = el.store;
    store.run();
    await waitForStatus(store, 'Completed');
    el.remove();
    await tick(30);
    expect(store.isDisposed).to.equal(true);
    expect(store.getState().run.status).to.equal('Completed');
    expect(agent.inputs).to.have.length(1);
    expect(agent.aborts).to.equal(0);
  });

  it('never disposes a store the host gave it', async () => {
    const store = new RunStore({ agent: manualAgent() }).use(createAnalysisPlugin());
    const el = await fixture<AgentRun>(
      html`<agent-run dispose-delay="0" .store=${store}></agent-run>`,
    );
    el.remove();
    await tick(30);
    expect(store.isDisposed).to.equal(false);
    store.dispose();
  });

  it('is found by elements outside it that name its id, even when it appears later', async () => {
    const wrapper = await fixture<HTMLDivElement>(
      html`<div><run-controls run="late-run"></run-controls></div>`,
    );
    const controls = wrapper.querySelector('run-controls') as RunControls;
    await controls.updateComplete;
    expect(statusText(controls)).to.equal('Not connected to a run');
    const provider = document.createElement('agent-run');
    provider.id = 'late-run';
    provider.agent = manualAgent();
    wrapper.append(provider);
    provider.store.run();
    await controls.updateComplete;
    expect(statusText(controls)).to.equal('Connecting');
    provider.store.cancel();
  });

  it('follows a change of the run attribute and of the provider id', async () => {
    const wrapper = await fixture<HTMLDivElement>(
      html`<div>
        <agent-run id="run-a"></agent-run>
        <agent-run id="run-b"></agent-run>
        <run-controls run="run-a"></run-controls>
      </div>`,
    );
    const [a, b] = [...wrapper.querySelectorAll('agent-run')] as AgentRun[];
    const controls = wrapper.querySelector('run-controls') as RunControls;
    a!.agent = manualAgent();
    a!.store.run();
    await controls.updateComplete;
    expect(statusText(controls)).to.equal('Connecting');
    controls.setAttribute('run', 'run-b');
    await controls.updateComplete;
    expect(statusText(controls)).to.equal('Idle');
    b!.id = 'run-c';
    a!.id = 'run-b';
    await controls.updateComplete;
    expect(statusText(controls)).to.equal('Connecting');
    a!.store.cancel();
  });
  it('reaches elements that connected before it was defined', async () => {
    const tag = `late-agent-run-${Date.now().toString(36)}`;
    const wrapper = await fixture<HTMLDivElement>(html`<div>${document.createElement(tag)}</div>`);
    const provider = wrapper.firstElementChild as HTMLElement;
    provider.append(document.createElement('run-controls'));
    const controls = provider.querySelector('run-controls') as RunControls;
    await controls.updateComplete;
    expect(statusText(controls)).to.equal('Not connected to a run');
    defineAll([{ tag, element: class extends AgentRun {} }]);
    const upgraded = provider as AgentRun;
    upgraded.agent = manualAgent();
    upgraded.store.run();
    await controls.updateComplete;
    expect(statusText(controls)).to.equal('Connecting');
    upgraded.store.cancel();
  });

  it('stops listening to its store once removed', async () => {
    const store = new RunStore({ agent: manualAgent() }).use(createAnalysisPlugin());
    const open = countSubscriptions(store);
    const el = await fixture<AgentRun>(html`<agent-run .store=${store}></agent-run>`);
    expect(open()).to.equal(1);
    const seen = recordEvents(el, HOST_EVENTS);
    el.remove();
    expect(open()).to.equal(0);
    store.run();
    expect(seen).to.have.length(0);
    store.dispose();
  });
});
