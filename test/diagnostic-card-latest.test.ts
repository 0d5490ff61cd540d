import { expect, fixture, html } from '@open-wc/testing';
import type { BaseEvent } from '@ag-ui/core';
import '../components/define.js';
import type { DiagnosticCard } from '../components/diagnostic-card/diagnostic-card.js';
import { RunStore } from '../src/store/run-store.js';
import { finished, manualAgent, started, untilRuns, waitForStatus } from './support/agents.js';
import { toolArgs, toolEnd, toolStart } from './support/chat.js';
import { until } from './support/elements.js';

const CARD = {
  title: 'API latency 2.4× baseline',
  confidence: 0.59,
  root_cause: 'API latency rose from 60 ms to 145 ms at unchanged volume.',
  contributing_factors: ['Search latency unchanged'],
  cell_id: 1,
};

const partText = (el: DiagnosticCard, part: string) =>
  el.shadowRoot?.querySelector(`[part~="${part}"]`)?.textContent?.replace(/\s+/g, ' ').trim() ??
  null;

/** A store whose runs the test drives by hand, and a `<diagnostic-card latest>` bound to it. */
async function cardOnRun(template = html`<diagnostic-card latest></diagnostic-card>`) {
  const agent = manualAgent();
  const store = new RunStore({ agent, threadId: 'latest-card' });
  const el = await fixture<DiagnosticCard>(template);
  el.store = store;
  await el.updateComplete;
  return { agent, store, el };
}

/** Starts run `number` and waits until the agent has it. */
async function startRun(agent: ReturnType<typeof manualAgent>, store: RunStore, number: number) {
  store.send(`Diagnose ${number}`);
  await untilRuns(agent, number);
  agent.emit(started(agent.inputs[number - 1]!));
}

/** A whole render_diagnostic_card call, its arguments in two deltas. */
function cardCall(id: string, props: object): BaseEvent[] {
  const json = JSON.stringify(props);
  return [
    toolStart(id, 'render_diagnostic_card'),
    toolArgs(id, json.slice(0, 20)),
    toolArgs(id, json.slice(20)),
    toolEnd(id),
  ];
}

describe('<diagnostic-card latest> across runs', () => {
  it('shows a loading state, not the empty state, while the diagnosis streams', async () => {
    const { agent, store, el } = await cardOnRun();
    expect(partText(el, 'empty')).to.equal('No diagnosis yet.');
    await startRun(agent, store, 1);
    agent.emit(toolStart('d1', 'render_diagnostic_card'));
    agent.emit(toolArgs('d1', JSON.stringify(CARD).slice(0, 30)));
    await until(() => partText(el, 'loading') === 'Diagnosing…');
    expect(el.shadowRoot?.querySelector('[part~="empty"]')).to.equal(null);
    const status = el.shadowRoot?.querySelector('[part~="loading"]');
    expect(status?.getAttribute('role')).to.equal('status');
    expect(el.shadowRoot?.querySelector('[part~="base"]')?.getAttribute('aria-busy')).to.equal(
      'true',
    );
    await expect(el).to.be.accessible();
    agent.emit(toolArgs('d1', JSON.stringify(CARD).slice(30)));
    agent.emit(toolEnd('d1'));
    agent.emit(finished(agent.inputs[0]!));
    await until(() => partText(el, 'title') === CARD.title);
    expect(el.shadowRoot?.querySelector('[part~="loading"]')).to.equal(null);
    expect(el.shadowRoot?.querySelector('[part~="base"]')?.hasAttribute('aria-busy')).to.equal(
      false,
    );
    store.dispose();
  });

  it('falls back to the empty state when the run fails while the diagnosis streams', async () => {
    const { agent, store, el } = await cardOnRun();
    await startRun(agent, store, 1);
    agent.emit(toolStart('d1', 'render_diagnostic_card'));
    agent.emit(toolArgs('d1', '{"title":"Half'));
    await until(() => partText(el, 'loading') === 'Diagnosing…');
    agent.emit({ type: 'RUN_ERROR', message: 'The model gave up.' } as BaseEvent);
    await waitForStatus(store, 'Failed');
    await until(() => partText(el, 'empty') === 'No diagnosis yet.');
    expect(el.shadowRoot?.querySelector('[part~="loading"]')).to.equal(null);
    store.dispose();
  });

  it('keeps an earlier diagnosis while a new one streams, saying a new one is on its way', async () => {
    const { agent, store, el } = await cardOnRun();
    await startRun(agent, store, 1);
    for (const event of cardCall('d1', CARD)) agent.emit(event);
    agent.emit(finished(agent.inputs[0]!));
    await until(() => partText(el, 'title') === CARD.title);
    await startRun(agent, store, 2);
    agent.emit(toolStart('d2', 'render_diagnostic_card'));
    agent.emit(toolArgs('d2', '{"title":"Sec'));
    await until(() => partText(el, 'loading') === 'A new diagnosis is on its way…');
    expect(partText(el, 'title')).to.equal(CARD.title);
    await expect(el).to.be.accessible();
    store.dispose();
  });

  it('says the diagnosis is from an earlier run once a later run has failed, until a new one arrives', async () => {
    const { agent, store, el } = await cardOnRun();
    await startRun(agent, store, 1);
    for (const event of cardCall('d1', CARD)) agent.emit(event);
    agent.emit(finished(agent.inputs[0]!));
    await until(() => partText(el, 'title') === CARD.title);
    expect(el.shadowRoot?.querySelector('[part~="earlier"]')).to.equal(null);

    await startRun(agent, store, 2);
    agent.emit({ type: 'RUN_ERROR', message: 'Upstream timeout' } as BaseEvent);
    await waitForStatus(store, 'Failed');
    await until(
      () =>
        partText(el, 'earlier') ===
        'This diagnosis is from an earlier run (run 1); the latest run failed.',
    );
    expect(partText(el, 'title')).to.equal(CARD.title);
    await expect(el).to.be.accessible();

    await startRun(agent, store, 3);
    for (const event of cardCall('d3', { ...CARD, title: 'Fresh diagnosis' })) agent.emit(event);
    agent.emit(finished(agent.inputs[2]!));
    await until(() => partText(el, 'title') === 'Fresh diagnosis');
    expect(el.shadowRoot?.querySelector('[part~="earlier"]')).to.equal(null);
    store.dispose();
  });

  it('says nothing about earlier runs when the diagnosis came from the run that failed', async () => {
    const { agent, store, el } = await cardOnRun();
    await startRun(agent, store, 1);
    for (const event of cardCall('d1', CARD)) agent.emit(event);
    agent.emit({ type: 'RUN_ERROR', message: 'Late failure' } as BaseEvent);
    await waitForStatus(store, 'Failed');
    await until(() => partText(el, 'title') === CARD.title);
    expect(el.shadowRoot?.querySelector('[part~="earlier"]')).to.equal(null);
    store.dispose();
  });

  it('takes replacement strings for the loading state and the earlier-run note', async () => {
    const { agent, store, el } = await cardOnRun();
    el.strings = {
      loading: 'Diagnose en cours…',
      earlierRun: 'Diagnostic du passage {run} ; le passage {latest} a échoué.',
    };
    await startRun(agent, store, 1);
    agent.emit(toolStart('d1', 'render_diagnostic_card'));
    await until(() => partText(el, 'loading') === 'Diagnose en cours…');
    agent.emit(toolArgs('d1', JSON.stringify(CARD)));
    agent.emit(toolEnd('d1'));
    agent.emit(finished(agent.inputs[0]!));
    await until(() => partText(el, 'title') === CARD.title);
    await startRun(agent, store, 2);
    agent.emit({ type: 'RUN_ERROR', message: 'Upstream timeout' } as BaseEvent);
    await until(
      () => partText(el, 'earlier') === 'Diagnostic du passage 1 ; le passage 2 a échoué.',
    );
    store.dispose();
  });

  it('shows no loading state for a diagnosis streaming for another cell', async () => {
    const { agent, store, el } = await cardOnRun(
      html`<diagnostic-card latest cell-id="2"></diagnostic-card>`,
    );
    await startRun(agent, store, 1);
    agent.emit(toolStart('d1', 'render_diagnostic_card'));
    agent.emit(toolArgs('d1', '{"cell_id":1,"title":"For cell'));
    await until(() => store.getState().artifacts.length === 1);
    await el.updateComplete;
    expect(partText(el, 'empty')).to.equal('No diagnosis yet.');
    expect(el.shadowRoot?.querySelector('[part~="loading"]')).to.equal(null);
    store.dispose();
  });
});
