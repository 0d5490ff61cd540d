import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia, setViewport } from '@web/test-runner-commands';
import '../components/define.js';
import type { AgentRun } from '../components/agent-run/agent-run.js';
import type { ServiceSelectEvent } from '../components/shared/events.js';
import type { ServiceChart } from '../components/service-chart/service-chart.js';
import { createAnalysisPlugin } from '../src/analysis/index.js';
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
import { allInShadow, inShadow, until } from './support/elements.js';

interface Harness {
  readonly agent: ManualAgent;
  readonly store: RunStore;
  readonly el: ServiceChart;
}

async function startRun(agent: ManualAgent, store: RunStore, recover = false): Promise<void> {
  const count = agent.inputs.length;
  if (recover) store.recover();
  else store.run();
  await until(() => agent.inputs.length === count + 1 && agent.open === 1);
  agent.emit(started(agent.inputs[count]!));
}

/** Run 1 is streaming: its snapshot (API at 60 ms) arrived, then API rose to 145 ms. */
async function streamingChart(strings = {}): Promise<Harness> {
  const agent = manualAgent();
  const store = new RunStore({ agent, threadId: 'thread-compare' }).use(createAnalysisPlugin());
  const el = await fixture<ServiceChart>(
    html`<service-chart .store=${store} .strings=${strings}></service-chart>`,
  );
  await startRun(agent, store);
  agent.emit(snapshot([API, SEARCH, QUEUE]));
  agent.emit(delta([{ op: 'replace', path: '/services/0/latency', value: 145 }]));
  await el.updateComplete;
  return { agent, store, el };
}

const select = async (el: ServiceChart, id: string) => {
  inShadow<HTMLButtonElement>(el, `tbody tr[data-id="${id}"] button`).click();
  await el.updateComplete;
};
const comparisonText = (el: ServiceChart) =>
  [...inShadow(el, '[part="comparison"]').querySelectorAll('p')].map((p) => p.textContent?.trim());
const liveText = (el: ServiceChart) =>
  inShadow(el, '[aria-live="polite"]').textContent?.trim() ?? '';
const cell = (el: ServiceChart, id: string, column: number) =>
  inShadow(el, `tbody tr[data-id="${id}"] td:nth-child(${column})`)
    .textContent?.replace(/\s+/g, ' ')
    .trim();
const translate = (element: Element) =>
  (element.getAttribute('transform') ?? '')
    .match(/translate\(([-\d.]+) ([-\d.]+)\)/)
    ?.slice(1)
    .map(Number);

describe('<service-chart> comparison with the run’s first snapshot', () => {
  afterEach(async () => {
    await setViewport({ width: 800, height: 600 });
    await emulateMedia({ colorScheme: 'light' });
  });

  it('shows the selected service now against the baseline beside the table, in its row and on the chart', async () => {
    const { el, store } = await streamingChart();
    expect(el.shadowRoot?.querySelector('[part="comparison"]')).to.equal(null);
    expect(el.selectedService).to.equal(null);
    await select(el, 'api');
    expect(comparisonText(el)).to.deep.equal([
      'API since run 1 began',
      'Latency 145 ms, was 60 ms: +85 ms (+142%)',
      'Volume 1,200 requests, was 1,200: no change',
    ]);
    expect(cell(el, 'api', 4)).to.equal('145 Since run 1 began: +85 ms (+142%)');
    expect(cell(el, 'api', 3)).to.equal('1,200 Since run 1 began: no change');
    expect(cell(el, 'search', 4)).to.equal('110');
    // The marker: a dashed diamond at the baseline, joined by a dashed line to the current mark.
    const marker = inShadow(el, 'g.baseline[data-id="api"]');
    expect(marker.querySelector('.baseline-mark')?.localName).to.equal('path');
    expect(getComputedStyle(marker.querySelector('.baseline-mark')!).strokeDasharray).not.to.equal(
      'none',
    );
    const link = marker.querySelector('.baseline-link')!;
    const [px, py] = translate(inShadow(el, 'g.point[data-id="api"]'))!;
    expect(Number(link.getAttribute('x2'))).to.be.closeTo(px!, 0.01);
    expect(Number(link.getAttribute('y2'))).to.be.closeTo(py!, 0.01);
    const [bx, by] = translate(marker.querySelector('g')!)!;
    expect(Number(link.getAttribute('x1'))).to.be.closeTo(bx!, 0.01);
    expect(by).to.be.greaterThan(py!); // lower latency sits lower on the chart
    expect(inShadow(el, 'svg[role="img"]').getAttribute('aria-label')).to.contain(
      'API is selected. A dashed line joins it to its baseline, the first snapshot of run 1: 60 ms at 1,200 requests.',
    );
    expect(allInShadow(el, '[part="legend"] li').map((li) => li.textContent?.trim())).to.deep.equal(
      ['Core', 'Platform', 'Selected', 'Baseline'],
    );
    expect(el.selectedService).to.deep.equal({
      id: 'api',
      service: { ...API, latency: 145 },
      comparison: {
        kind: 'compared',
        id: 'api',
        run: 1,
        baseline: API,
        latency: { now: 145, baseline: 60, change: 85, relative: 85 / 60 },
        volume: { now: 1200, baseline: 1200, change: 0, relative: 0 },
      },
    });
    store.cancel();
  });

  it('announces the comparison once per change of selection, not per patch', async () => {
    const { el, agent, store } = await streamingChart();
    expect(liveText(el)).to.equal('');
    await select(el, 'api');
    const announced =
      'API since run 1 began. Latency 145 ms, was 60 ms: +85 ms (+142%). Volume 1,200 requests, was 1,200: no change.';
    expect(liveText(el)).to.equal(announced);
    agent.emit(delta([{ op: 'replace', path: '/services/0/latency', value: 150 }]));
    await el.updateComplete;
    expect(comparisonText(el)[1]).to.equal('Latency 150 ms, was 60 ms: +90 ms (+150%)');
    expect(liveText(el)).to.equal(announced);
    expect(inShadow(el, '[part="comparison"]').closest('[aria-live]')).to.equal(null);
    await select(el, 'search');
    expect(liveText(el)).to.match(
      /^Search since run 1 began\. Latency 110 ms, was 110 ms: no change\./,
    );
    await select(el, 'search');
    expect(liveText(el)).to.equal('');
    store.cancel();
  });

  it('keeps the last valid numbers when a patch is rejected, and follows the id across a reorder', async () => {
    const { el, agent } = await streamingChart();
    await select(el, 'api');
    agent.emit(
      delta([
        { op: 'move', from: '/services/2', path: '/services/0' },
        { op: 'move', from: '/services/2', path: '/services/1' },
      ]),
    );
    await el.updateComplete;
    expect(allInShadow(el, 'tbody tr').map((row) => row.dataset.id)).to.deep.equal([
      'queue',
      'search',
      'api',
    ]);
    expect(comparisonText(el)[1]).to.equal('Latency 145 ms, was 60 ms: +85 ms (+142%)');
    expect(allInShadow(el, 'g.baseline').map((g) => g.dataset.id)).to.deep.equal(['api']);
    agent.emit(
      delta([
        { op: 'replace', path: '/services/2/latency', value: 999 },
        { op: 'remove', path: '/services/99' },
      ]),
    );
    await el.updateComplete;
    expect(comparisonText(el)[1]).to.equal('Latency 145 ms, was 60 ms: +85 ms (+142%)');
    expect(el.shadowRoot?.textContent).not.to.contain('999');
    expect(inShadow(el, 'svg[role="img"]').getAttribute('aria-label')).not.to.contain('999');
  });

  it('says a service added later is new since this run began', async () => {
    const { el, agent, store } = await streamingChart();
    agent.emit(delta([{ op: 'add', path: '/services/-', value: EVENTS }]));
    await el.updateComplete;
    const events: ServiceSelectEvent[] = [];
    el.addEventListener('service-select', (event) => events.push(event));
    await select(el, 'events');
    expect(comparisonText(el)).to.deep.equal([
      'Events since run 1 began',
      'New since this run began: not in the first snapshot of run 1',
      'Latency 170 ms, volume 2,100 requests',
    ]);
    expect(
      inShadow(el, 'tbody tr[data-id="events"] .comparison-mark').textContent?.trim(),
    ).to.equal('New since this run began');
    expect(el.shadowRoot?.querySelector('g.baseline')).to.equal(null);
    expect(events[0]?.detail.comparison).to.deep.equal({ kind: 'new', id: 'events', run: 1 });
    store.cancel();
  });

  it('says no baseline yet before the run’s first snapshot, and Recover starts a new one', async () => {
    const { el, agent, store } = await streamingChart();
    agent.emit(finished(agent.inputs[0]!));
    await select(el, 'api');
    await startRun(agent, store);
    await el.updateComplete;
    expect(comparisonText(el)).to.deep.equal([
      'API since run 2 began',
      'No baseline yet: run 2 has not sent its first snapshot',
    ]);
    expect(inShadow(el, 'tbody tr[data-id="api"] .comparison-mark').textContent?.trim()).to.equal(
      'No baseline yet',
    );
    expect(el.shadowRoot?.querySelector('g.baseline')).to.equal(null);
    // A delta before the run's snapshot fails it: it ended without a baseline.
    agent.emit(delta([{ op: 'replace', path: '/services/0/latency', value: 1 }]));
    await el.updateComplete;
    expect(comparisonText(el)[1]).to.equal('No baseline: run 2 ended before its first snapshot');
    await startRun(agent, store, true);
    agent.emit(snapshot([{ ...API, latency: 70 }, SEARCH, QUEUE]));
    await el.updateComplete;
    expect(comparisonText(el)).to.deep.equal([
      'API since run 3 began',
      'Latency 70 ms, was 70 ms: no change',
      'Volume 1,200 requests, was 1,200: no change',
    ]);
    agent.emit(delta([{ op: 'replace', path: '/services/0/latency', value: 140 }]));
    await el.updateComplete;
    expect(comparisonText(el)[1]).to.equal('Latency 140 ms, was 70 ms: +70 ms (+100%)');
    store.cancel();
    await el.updateComplete;
    expect(comparisonText(el)[1]).to.equal('Latency 140 ms, was 70 ms: +70 ms (+100%)');
  });

  it('passes axe in every comparison state, light and dark', async () => {
    const { el, agent, store } = await streamingChart();
    await select(el, 'api');
    await expect(el).to.be.accessible();
    await emulateMedia({ colorScheme: 'dark' });
    await expect(el).to.be.accessible();
    agent.emit(delta([{ op: 'add', path: '/services/-', value: EVENTS }]));
    await el.updateComplete;
    await select(el, 'events');
    expect(comparisonText(el)[1]).to.match(/^New since this run began/);
    await expect(el).to.be.accessible();
    agent.emit(finished(agent.inputs[0]!));
    await startRun(agent, store);
    await el.updateComplete;
    expect(comparisonText(el)[1]).to.match(/^No baseline yet/);
    await expect(el).to.be.accessible();
    await emulateMedia({ colorScheme: 'light' });
    await expect(el).to.be.accessible();
    store.cancel();
  });

  it('draws the baseline marker in the dark theme’s colours', async () => {
    const { el, store } = await streamingChart();
    await select(el, 'api');
    const stroke = () => getComputedStyle(inShadow(el, '.baseline-mark')).stroke;
    const fill = () => getComputedStyle(inShadow(el, '.baseline-mark')).fill;
    const light = [stroke(), fill()];
    el.theme = 'dark';
    await el.updateComplete;
    expect([stroke(), fill()]).not.to.deep.equal(light);
    expect(fill()).to.equal(getComputedStyle(inShadow(el, '[part="base"]')).backgroundColor);
    store.cancel();
  });

  it('takes replacement strings for the comparison', async () => {
    const { el, store } = await streamingChart({
      comparisonHeading: '{name} seit Lauf {run}',
      comparisonVolume: 'Volumen {now}, vorher {baseline}: {change}',
      noChange: 'unverändert',
      legendBaseline: 'Ausgangswert',
    });
    await select(el, 'api');
    expect(comparisonText(el)[0]).to.equal('API seit Lauf 1');
    expect(comparisonText(el)[2]).to.equal('Volumen 1,200, vorher 1,200: unverändert');
    expect(liveText(el)).to.match(/^API seit Lauf 1\./);
    expect(allInShadow(el, '[part="legend"] li').at(-1)?.textContent?.trim()).to.equal(
      'Ausgangswert',
    );
    store.cancel();
  });

  it('fits a 390 px page with a comparison, without sideways scrolling', async () => {
    await setViewport({ width: 390, height: 844 });
    const agent = manualAgent();
    const run = await fixture<AgentRun>(
      html`<agent-run .agent=${agent}>
        <run-controls></run-controls>
        <service-chart></service-chart>
      </agent-run>`,
    );
    run.store.run();
    await until(() => agent.open === 1);
    agent.emit(started(agent.inputs[0]!));
    agent.emit(snapshot([API, SEARCH, QUEUE]));
    agent.emit(delta([{ op: 'replace', path: '/services/0/volume', value: 12500 }]));
    agent.emit(delta([{ op: 'replace', path: '/services/0/latency', value: 1450.5 }]));
    const chart = run.querySelector('service-chart') as ServiceChart;
    await chart.updateComplete;
    await select(chart, 'api');
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await chart.updateComplete;
    expect(comparisonText(chart)[1]).to.equal(
      'Latency 1,450.5 ms, was 60 ms: +1,390.5 ms (+2,318%)',
    );
    expect(document.documentElement.scrollWidth).to.be.at.most(390);
    for (const part of ['comparison', 'table', 'chart']) {
      expect(inShadow(chart, `[part="${part}"]`).getBoundingClientRect().right, part).to.be.at.most(
        390,
      );
    }
    const table = inShadow(chart, '[part="table"]');
    expect(table.scrollWidth, 'table scrolls sideways').to.be.at.most(table.clientWidth);
    run.store.cancel();
  });
});
