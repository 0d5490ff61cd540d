import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia, sendKeys, setViewport } from '@web/test-runner-commands';
import type { BaseEvent } from '@ag-ui/core';
import '../components/define.js';
import type { AgentRun } from '../components/agent-run/agent-run.js';
import type { ServiceSelectEvent } from '../components/shared/events.js';
import { niceAxis } from '../components/service-chart/scale.js';
import type { ServiceChart } from '../components/service-chart/service-chart.js';
import { createAnalysisPlugin, selectAnalysisView } from '../src/analysis/index.js';
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
import {
  allInShadow,
  buttonNamed,
  countSubscriptions,
  inShadow,
  until,
} from './support/elements.js';

interface Harness {
  readonly agent: ManualAgent;
  readonly store: RunStore;
  readonly el: ServiceChart;
}

/** A chart bound to a store whose first run delivered API, Search and Queue and completed. */
async function chartWithData(): Promise<Harness> {
  const agent = manualAgent();
  const store = new RunStore({ agent, threadId: 'thread-chart' }).use(createAnalysisPlugin());
  const el = await fixture<ServiceChart>(html`<service-chart .store=${store}></service-chart>`);
  await startRun(agent, store);
  agent.emit(snapshot([API, SEARCH, QUEUE]));
  agent.emit(finished(agent.inputs[0]!));
  await el.updateComplete;
  return { agent, store, el };
}

async function startRun(agent: ManualAgent, store: RunStore): Promise<void> {
  const count = agent.inputs.length;
  store.run();
  await until(() => agent.inputs.length === count + 1 && agent.open === 1);
  agent.emit(started(agent.inputs[count]!));
}

const rowIds = (el: ServiceChart) => allInShadow(el, 'tbody tr').map((row) => row.dataset.id);
const pointIds = (el: ServiceChart) =>
  allInShadow<SVGGElement>(el, 'g.point').map((point) => point.dataset.id);
const note = (el: ServiceChart) =>
  el.shadowRoot?.querySelector('[part="note"]')?.textContent?.trim() ?? null;
const filter = (el: ServiceChart, name: string) => buttonNamed(el, name);
const rowButton = (el: ServiceChart, id: string) =>
  inShadow<HTMLButtonElement>(el, `tbody tr[data-id="${id}"] button`);

describe('<service-chart>', () => {
  afterEach(async () => {
    await setViewport({ width: 800, height: 600 });
    await emulateMedia({ colorScheme: 'light' });
  });

  it('passes axe when empty, with data, and with a selection', async () => {
    const empty = await fixture<ServiceChart>(html`<service-chart></service-chart>`);
    await expect(empty).to.be.accessible();
    const { el } = await chartWithData();
    await expect(el).to.be.accessible();
    rowButton(el, 'api').click();
    await el.updateComplete;
    await expect(el).to.be.accessible();
  });

  it('shows an empty state before any data, then one row and one mark per service', async () => {
    const agent = manualAgent();
    const store = new RunStore({ agent }).use(createAnalysisPlugin());
    const el = await fixture<ServiceChart>(html`<service-chart .store=${store}></service-chart>`);
    expect(inShadow(el, '[part="empty"]').textContent?.trim()).to.equal(
      'No measurements yet. Run a scenario to load synthetic data.',
    );
    expect(el.shadowRoot?.querySelector('table')).to.equal(null);
    await startRun(agent, store);
    await el.updateComplete;
    expect(inShadow(el, '[part="empty"]').textContent?.trim()).to.equal(
      'Waiting for the first measurements…',
    );
    agent.emit(snapshot([API, SEARCH, QUEUE]));
    await el.updateComplete;
    expect(inShadow(el, 'caption').textContent?.trim()).to.equal('Synthetic service measurements');
    expect(rowIds(el)).to.deep.equal(['api', 'search', 'queue']);
    expect(pointIds(el)).to.deep.equal(['api', 'search', 'queue']);
    store.cancel();
  });

  it('says so when the first run fails before any measurements arrive', async () => {
    const agent = manualAgent();
    const store = new RunStore({ agent }).use(createAnalysisPlugin());
    const el = await fixture<ServiceChart>(html`<service-chart .store=${store}></service-chart>`);
    await startRun(agent, store);
    agent.emit({ type: 'RUN_ERROR', message: 'model overloaded' } as BaseEvent);
    await el.updateComplete;
    expect(inShadow(el, '[part="empty"]').textContent?.trim()).to.equal(
      'Run 1 failed before any measurements arrived. No measurements yet. Run a scenario to load synthetic data.',
    );
  });

  it('tells Core and Platform apart by shape and says so in the legend', async () => {
    const { el } = await chartWithData();
    const shape = (id: string) => inShadow(el, `g.point[data-id="${id}"] .mark`).localName;
    expect(shape('api')).to.equal('circle');
    expect(shape('search')).to.equal('circle');
    expect(shape('queue')).to.equal('rect');
    const legend = allInShadow(el, '[part="legend"] li');
    expect(legend.map((item) => item.textContent?.trim())).to.deep.equal([
      'Core',
      'Platform',
      'Selected',
    ]);
    expect(legend[0]?.querySelector('.mark')?.localName).to.equal('circle');
    expect(legend[1]?.querySelector('.mark')?.localName).to.equal('rect');
  });

  it('draws nice ticks and labels both axes', async () => {
    expect(niceAxis(0, 2100, 6).ticks).to.deep.equal([0, 500, 1000, 1500, 2000, 2500]);
    expect(niceAxis(0, 170, 5).ticks).to.deep.equal([0, 50, 100, 150, 200]);
    expect(niceAxis(0, 0, 5).ticks).to.deep.equal([0, 0.2, 0.4, 0.6, 0.8, 1]);
    const { el } = await chartWithData();
    const labels = allInShadow(el, '.axis-label').map((label) => label.textContent?.trim());
    expect(labels).to.deep.equal(['Volume (requests)', 'Latency (ms)']);
    const ticks = allInShadow(el, '.tick-label').map((label) => label.textContent?.trim());
    // Latency up to 110 ms in steps of 25, then volume from 0 (its step depends on the chart's width).
    expect(ticks.slice(0, 7)).to.deep.equal(['0', '25', '50', '75', '100', '125', '0']);
  });

  it('keeps each row element when the services are reordered', async () => {
    const { agent, store, el } = await chartWithData();
    const before = new Map(allInShadow(el, 'tbody tr').map((row) => [row.dataset.id, row]));
    await startRun(agent, store);
    agent.emit(snapshot([QUEUE, SEARCH, API]));
    agent.emit(delta([{ op: 'add', path: '/services/-', value: EVENTS }]));
    await el.updateComplete;
    expect(rowIds(el)).to.deep.equal(['queue', 'search', 'api', 'events']);
    for (const row of allInShadow(el, 'tbody tr')) {
      if (row.dataset.id !== 'events') expect(row).to.equal(before.get(row.dataset.id));
    }
    store.cancel();
  });

  it('filters by series with pressed buttons', async () => {
    const { el, store } = await chartWithData();
    const pressed = () =>
      ['All', 'Core', 'Platform'].map((name) => filter(el, name).getAttribute('aria-pressed'));
    expect(pressed()).to.deep.equal(['true', 'false', 'false']);
    filter(el, 'Platform').click();
    await el.updateComplete;
    expect(pressed()).to.deep.equal(['false', 'false', 'true']);
    expect(rowIds(el)).to.deep.equal(['queue']);
    expect(pointIds(el)).to.deep.equal(['queue']);
    expect(selectAnalysisView(store.getState()).filter).to.equal('Platform');
    filter(el, 'All').click();
    await el.updateComplete;
    expect(rowIds(el)).to.have.length(3);
  });

  it('selects a service from its row, with cues that are not colour alone, and fires service-select', async () => {
    const { el, store } = await chartWithData();
    const events: ServiceSelectEvent[] = [];
    el.addEventListener('service-select', (event) => events.push(event));
    rowButton(el, 'search').click();
    await el.updateComplete;
    expect(rowButton(el, 'search').getAttribute('aria-pressed')).to.equal('true');
    expect(rowButton(el, 'api').getAttribute('aria-pressed')).to.equal('false');
    expect(inShadow(el, 'tbody tr[data-id="search"]').textContent).to.contain('Selected');
    expect(inShadow(el, 'tbody tr[data-id="api"]').textContent).not.to.contain('Selected');
    expect(allInShadow(el, 'g.point .ring')).to.have.length(1);
    expect(inShadow(el, 'g.point[data-id="search"] .ring')).to.be.instanceOf(SVGCircleElement);
    expect(inShadow(el, '.point-label.selected').textContent?.trim()).to.equal('Search');
    expect(inShadow(el, 'svg[role="img"]').getAttribute('aria-label')).to.contain(
      'Search is selected.',
    );
    expect(events).to.have.length(1);
    // The first run's snapshot is its baseline: nothing moved since.
    expect(events[0]?.detail).to.deep.equal({
      id: 'search',
      service: SEARCH,
      comparison: {
        kind: 'compared',
        id: 'search',
        run: 1,
        baseline: SEARCH,
        latency: { now: 110, baseline: 110, change: 0, relative: 0 },
        volume: { now: 800, baseline: 800, change: 0, relative: 0 },
      },
    });
    expect(events[0]?.bubbles && events[0]?.composed && events[0]?.cancelable).to.equal(true);
    expect(selectAnalysisView(store.getState()).selectedId).to.equal('search');
    rowButton(el, 'search').click();
    await el.updateComplete;
    expect(events[1]?.detail).to.deep.equal({ id: null, service: null, comparison: null });
    expect(allInShadow(el, 'g.point .ring')).to.have.length(0);
  });

  it('keeps the selection when the page cancels service-select', async () => {
    const { el, store } = await chartWithData();
    el.addEventListener('service-select', (event) => event.preventDefault());
    rowButton(el, 'api').click();
    await el.updateComplete;
    expect(selectAnalysisView(store.getState()).selectedId).to.equal(null);
    expect(rowButton(el, 'api').getAttribute('aria-pressed')).to.equal('false');
  });

  it('drops a selection the filter hides or the data no longer has', async () => {
    const { agent, store, el } = await chartWithData();
    rowButton(el, 'queue').click();
    await el.updateComplete;
    filter(el, 'Core').click();
    await el.updateComplete;
    expect(selectAnalysisView(store.getState())).to.deep.equal({
      filter: 'Core',
      selectedId: null,
    });
    expect(allInShadow(el, '.selected-mark')).to.have.length(0);
    rowButton(el, 'api').click();
    await startRun(agent, store);
    agent.emit(snapshot([SEARCH, QUEUE]));
    await el.updateComplete;
    expect(selectAnalysisView(store.getState()).selectedId).to.equal(null);
    expect(rowIds(el)).to.deep.equal(['search']);
    store.cancel();
  });

  it('keeps the last valid data and says so until the run sends its own, and after cancel or failure', async () => {
    const { agent, store, el } = await chartWithData();
    expect(note(el)).to.equal(null);
    await startRun(agent, store);
    await el.updateComplete;
    expect(note(el)).to.equal('Run 2 has not sent its own data yet: showing the last valid data.');
    expect(rowIds(el)).to.deep.equal(['api', 'search', 'queue']);
    agent.emit(snapshot([API, SEARCH, QUEUE]));
    await el.updateComplete;
    expect(note(el)).to.equal(null);
    agent.emit(
      delta([
        { op: 'replace', path: '/services/0/latency', value: 999 },
        { op: 'remove', path: '/services/99' },
      ]),
    );
    await el.updateComplete;
    expect(note(el)).to.equal('Run 2 failed: showing the last valid data.');
    expect(inShadow(el, 'tbody tr[data-id="api"]').textContent).to.contain('60');
    expect(el.shadowRoot?.textContent).not.to.contain('999');
    await startRun(agent, store);
    store.cancel();
    await el.updateComplete;
    expect(note(el)).to.equal('Run 3 was cancelled: showing the last valid data.');
    expect(rowIds(el)).to.have.length(3);
  });

  it('works from the keyboard alone', async () => {
    const { el, store } = await chartWithData();
    filter(el, 'All').focus();
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(selectAnalysisView(store.getState()).filter).to.equal('Core');
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    expect(el.shadowRoot?.activeElement?.textContent?.trim()).to.equal('API');
    await sendKeys({ press: 'Space' });
    await el.updateComplete;
    expect(selectAnalysisView(store.getState()).selectedId).to.equal('api');
    expect(rowButton(el, 'api').getAttribute('aria-pressed')).to.equal('true');
  });

  it('never makes a 390 px page scroll sideways', async () => {
    await setViewport({ width: 390, height: 844 });
    const agent = manualAgent();
    const run = await fixture<AgentRun>(
      html`<agent-run .agent=${agent}>
        <run-controls></run-controls>
        <service-chart></service-chart>
        <diagnostic-card
          card-title="Events latency 1.5× baseline"
          confidence="0.82"
          root-cause="Events latency rose from 110 ms to 170 ms (+55%) while volume went from 1,400 to 2,100 requests."
          contributing-factors='["Queue depth grew with volume","Search latency unchanged"]'
          cell-id="2"
        ></diagnostic-card>
      </agent-run>`,
    );
    run.store.run();
    await until(() => agent.open === 1);
    agent.emit(started(agent.inputs[0]!));
    agent.emit(snapshot([API, SEARCH, QUEUE, EVENTS]));
    const chart = run.querySelector('service-chart') as ServiceChart;
    await chart.updateComplete;
    rowButton(chart, 'events').click();
    await chart.updateComplete;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(document.documentElement.scrollWidth).to.be.at.most(390);
    const svg = inShadow(chart, 'svg[role="img"]').getBoundingClientRect();
    expect(svg.right).to.be.at.most(390);
    run.store.cancel();
  });

  it('follows a dark colour scheme unless its theme says otherwise', async () => {
    const { el } = await chartWithData();
    const background = () => getComputedStyle(inShadow(el, '[part="base"]')).backgroundColor;
    const light = background();
    await emulateMedia({ colorScheme: 'dark' });
    const dark = background();
    expect(dark).not.to.equal(light);
    el.theme = 'light';
    await el.updateComplete;
    expect(background()).to.equal(light);
    await emulateMedia({ colorScheme: 'light' });
    el.theme = 'dark';
    await el.updateComplete;
    expect(background()).to.equal(dark);
  });

  it('takes replacement strings', async () => {
    const agent = manualAgent();
    const store = new RunStore({ agent }).use(createAnalysisPlugin());
    const el = await fixture<ServiceChart>(
      html`<service-chart
        .store=${store}
        .strings=${{ all: 'Alle', empty: 'Noch keine Daten.' }}
      ></service-chart>`,
    );
    expect(filter(el, 'Alle').getAttribute('aria-pressed')).to.equal('true');
    expect(inShadow(el, '[part="empty"]').textContent?.trim()).to.equal('Noch keine Daten.');
  });

  it('exposes its regions as parts', async () => {
    const { el } = await chartWithData();
    for (const part of ['base', 'toolbar', 'filters', 'legend', 'chart', 'table']) {
      expect(allInShadow(el, `[part~="${part}"]`), part).to.have.length(1);
    }
  });

  it('stops listening once removed', async () => {
    const agent = manualAgent();
    const store = new RunStore({ agent }).use(createAnalysisPlugin());
    const open = countSubscriptions(store);
    const el = await fixture<ServiceChart>(html`<service-chart .store=${store}></service-chart>`);
    expect(open()).to.equal(1);
    el.remove();
    expect(open()).to.equal(0);
    await startRun(agent, store);
    agent.emit(snapshot([API]));
    await el.updateComplete;
    expect(el.shadowRoot?.querySelector('table')).to.equal(null);
    store.cancel();
  });

  it('ignores an agent run error without losing the rows', async () => {
    const { agent, store, el } = await chartWithData();
    await startRun(agent, store);
    agent.emit({ type: 'RUN_ERROR', message: 'lost' } as BaseEvent);
    await el.updateComplete;
    expect(rowIds(el)).to.deep.equal(['api', 'search', 'queue']);
  });
});
