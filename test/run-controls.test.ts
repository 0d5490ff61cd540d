import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { BaseEvent } from '@ag-ui/core';
import '../components/define.js';
import type { RunControls } from '../components/run-controls/run-controls.js';
import { setDisclosure } from '../components/shared/disclosure.js';
import { createAnalysisPlugin } from '../src/analysis/index.js';
import { RunStore } from '../src/store/run-store.js';
import type { AgentLike } from '../src/store/types.js';
import {
  API,
  delta,
  finished,
  manualAgent,
  scriptedAgent,
  snapshot,
  started,
  waitForState,
  waitForStatus,
} from './support/agents.js';
import {
  allInShadow,
  buttonNamed,
  countSubscriptions,
  inShadow,
  statusText,
  until,
} from './support/elements.js';

function storeWith(agent: AgentLike): RunStore {
  return new RunStore({ agent, threadId: 'thread-controls' }).use(createAnalysisPlugin());
}

async function controlsFor(store: RunStore): Promise<RunControls> {
  return fixture<RunControls>(html`<run-controls .store=${store}></run-controls>`);
}

/** Which of Run, Recover and Cancel are enabled. */
function enabled(el: RunControls): Record<string, boolean> {
  return Object.fromEntries(
    ['Run', 'Recover', 'Cancel'].map((name) => [name, !buttonNamed(el, name).disabled]),
  );
}

const interrupt = (input: Parameters<typeof started>[0]) =>
  finished(input, {
    type: 'interrupt',
    interrupts: [{ id: 'wo-1', reason: 'approval', message: 'Go?' }],
  });

describe('<run-controls>', () => {
  it('passes axe when idle and after a failure with the log open', async () => {
    const agent = scriptedAgent((input) => [
      started(input),
      { type: 'RUN_ERROR', message: 'boom' } as BaseEvent,
    ]);
    const store = storeWith(agent);
    const el = await controlsFor(store);
    await expect(el).to.be.accessible();
    store.run();
    await waitForStatus(store, 'Failed');
    inShadow<HTMLDetailsElement>(el, 'details').open = true;
    await el.updateComplete;
    await expect(el).to.be.accessible();
  });

  it('names its controls as a person reads them and starts with Normal', async () => {
    const el = await controlsFor(storeWith(manualAgent()));
    const select = inShadow<HTMLSelectElement>(el, 'select');
    expect(select.labels?.[0]?.textContent?.trim()).to.equal('Scenario');
    expect([...select.options].map((option) => option.textContent?.trim())).to.deep.equal([
      'Normal',
      'Invalid patch',
      'Slow',
    ]);
    expect(select.value).to.equal('normal');
    expect(el.scenario).to.equal('normal');
    expect(allInShadow(el, 'button').map((button) => button.textContent?.trim())).to.deep.equal([
      'Run',
      'Recover',
      'Cancel',
    ]);
    expect(allInShadow(el, '[role="status"]')).to.have.length(1);
    expect(statusText(el)).to.equal('Idle');
  });

  it('reads scenario and theme from attributes and reflects run and theme', async () => {
    const el = await fixture<RunControls>(
      html`<run-controls scenario="slow" theme="dark"></run-controls>`,
    );
    expect(inShadow<HTMLSelectElement>(el, 'select').value).to.equal('slow');
    expect(el.theme).to.equal('dark');
    el.theme = 'light';
    el.run = 'somewhere';
    await el.updateComplete;
    expect(el.getAttribute('theme')).to.equal('light');
    expect(el.getAttribute('run')).to.equal('somewhere');
  });

  it('exposes its regions as parts', async () => {
    const el = await controlsFor(storeWith(manualAgent()));
    for (const part of [
      'base',
      'controls',
      'scenario',
      'actions',
      'run-button',
      'recover-button',
      'cancel-button',
      'status',
      'activity',
    ]) {
      expect(allInShadow(el, `[part~="${part}"]`), part).to.have.length(1);
    }
  });

  it('disables nothing but Run without a store, and says it is not connected', async () => {
    const el = await fixture<RunControls>(html`<run-controls></run-controls>`);
    expect(enabled(el)).to.deep.equal({ Run: false, Recover: false, Cancel: false });
    expect(statusText(el)).to.equal('Not connected to a run');
  });

  it('enables Run, Recover and Cancel by state, and names the state', async () => {
    const agent = manualAgent();
    const store = storeWith(agent);
    const el = await controlsFor(store);
    const check = async (status: string, expected: Record<string, boolean>) => {
      await el.updateComplete;
      expect(statusText(el), status).to.equal(status);
      expect(enabled(el), status).to.deep.equal(expected);
    };
    await check('Idle', { Run: true, Recover: false, Cancel: false });
    buttonNamed(el, 'Run').click();
    await check('Connecting', { Run: false, Recover: false, Cancel: true });
    await until(() => agent.open === 1);
    agent.emit(started(agent.inputs[0]!));
    await check('Streaming', { Run: false, Recover: false, Cancel: true });
    buttonNamed(el, 'Cancel').click();
    await check('Cancelled', { Run: true, Recover: true, Cancel: false });
    buttonNamed(el, 'Recover').click();
    await until(() => agent.open === 1);
    agent.emit(started(agent.inputs[1]!));
    agent.emit({ type: 'RUN_ERROR', message: 'model overloaded', code: 'busy' } as BaseEvent);
    await check('Failed: model overloaded (busy)', { Run: true, Recover: true, Cancel: false });
    buttonNamed(el, 'Run').click();
    await until(() => agent.open === 1);
    agent.emit(started(agent.inputs[2]!));
    agent.emit(finished(agent.inputs[2]!));
    await check('Completed', { Run: true, Recover: false, Cancel: false });
  });

  it('enables Run in Needs approval, and Run answers the open items as cancelled', async () => {
    const agent = scriptedAgent((input, index) =>
      index === 0 ? [started(input), interrupt(input)] : [started(input), finished(input)],
    );
    const store = storeWith(agent);
    const el = await controlsFor(store);
    buttonNamed(el, 'Run').click();
    await waitForStatus(store, 'Needs approval');
    await el.updateComplete;
    expect(statusText(el)).to.equal('Needs approval');
    expect(enabled(el)).to.deep.equal({ Run: true, Recover: false, Cancel: false });
    buttonNamed(el, 'Run').click();
    await waitForState(
      store,
      (state) => state.run.number === 2 && state.run.status === 'Completed',
    );
    expect(agent.inputs[1]?.resume).to.deep.equal([{ interruptId: 'wo-1', status: 'cancelled' }]);
  });

  it('lists the 12 newest activity entries, newest last', async () => {
    const agent = scriptedAgent((input) => [
      started(input),
      snapshot([API]),
      ...Array.from({ length: 15 }, (_, index) =>
        delta([{ op: 'replace', path: '/services/0/latency', value: index }]),
      ),
      finished(input),
    ]);
    const store = storeWith(agent);
    const el = await controlsFor(store);
    expect(allInShadow(el, 'details li')).to.have.length(0);
    buttonNamed(el, 'Run').click();
    await waitForStatus(store, 'Completed');
    await el.updateComplete;
    const items = allInShadow(el, 'details li');
    expect(items).to.have.length(12);
    expect(items[11]?.textContent).to.contain('completed');
    expect(inShadow(el, 'summary').textContent?.trim()).to.equal('Activity (12)');
  });

  it('puts activity entries in the words given through strings, by entry code', async () => {
    const agent = scriptedAgent((input) => [started(input), snapshot([API]), finished(input)]);
    const store = storeWith(agent);
    const el = await controlsFor(store);
    el.strings = {
      activityLog: {
        runCompleted: 'Lauf {run} ist fertig',
        snapshotAccepted: 'Stand {run} übernommen',
      },
    };
    buttonNamed(el, 'Run').click();
    await waitForStatus(store, 'Completed');
    await el.updateComplete;
    const texts = allInShadow(el, 'details li span').map((span) => span.textContent?.trim());
    expect(texts).to.deep.equal([
      'Run 1 requested: scenario (normal)',
      'Run 1 started streaming',
      'Stand 1 übernommen',
      'Lauf 1 ist fertig',
    ]);
  });

  it('uses the chosen scenario for the next run only', async () => {
    const agent = manualAgent();
    const store = storeWith(agent);
    const el = await controlsFor(store);
    buttonNamed(el, 'Run').click();
    const select = inShadow<HTMLSelectElement>(el, 'select');
    select.value = 'slow';
    select.dispatchEvent(new Event('change'));
    await el.updateComplete;
    expect(el.scenario).to.equal('slow');
    expect(store.getState().run).to.include({
      number: 1,
      scenario: 'normal',
      status: 'Connecting',
    });
    await until(() => agent.inputs.length === 1);
    expect(agent.inputs[0]?.forwardedProps).to.deep.equal({ scenario: 'normal' });
    buttonNamed(el, 'Cancel').click();
    await el.updateComplete;
    buttonNamed(el, 'Run').click();
    await until(() => agent.inputs.length === 2);
    expect(agent.inputs[1]?.forwardedProps).to.deep.equal({ scenario: 'slow' });
    store.cancel();
  });

  it('works from the keyboard alone, keeping focus on an enabled action', async () => {
    const agent = manualAgent();
    const store = storeWith(agent);
    const el = await controlsFor(store);
    inShadow<HTMLSelectElement>(el, 'select').focus();
    await sendKeys({ press: 'ArrowDown' });
    await el.updateComplete;
    expect(el.scenario).to.equal('invalid');
    await sendKeys({ press: 'Tab' });
    expect(el.shadowRoot?.activeElement?.textContent?.trim()).to.equal('Run');
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(store.getState().run).to.include({ status: 'Connecting', scenario: 'invalid' });
    expect(el.shadowRoot?.activeElement?.textContent?.trim()).to.equal('Cancel');
    await sendKeys({ press: 'Space' });
    await el.updateComplete;
    expect(store.getState().run.status).to.equal('Cancelled');
    expect(el.shadowRoot?.activeElement?.textContent?.trim()).to.equal('Run');
    await sendKeys({ press: 'Tab' });
    expect(el.shadowRoot?.activeElement?.textContent?.trim()).to.equal('Recover');
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(store.getState().run).to.include({ status: 'Connecting', kind: 'recover' });
    store.cancel();
  });

  it('shows the run disclosure and takes replacement strings', async () => {
    const store = storeWith(manualAgent());
    setDisclosure(store, 'Synthetic numbers.');
    const el = await fixture<RunControls>(
      html`<run-controls
        .store=${store}
        .strings=${{ run: 'Start', idle: 'Ready', failed: 'Broken ({reason})' }}
      ></run-controls>`,
    );
    expect(inShadow(el, '[part="disclosure"]').textContent?.trim()).to.equal('Synthetic numbers.');
    expect(buttonNamed(el, 'Start')).to.be.instanceOf(HTMLButtonElement);
    expect(statusText(el)).to.equal('Ready');
  });

  it('follows the store, and stops listening once removed', async () => {
    const agent = manualAgent();
    const store = storeWith(agent);
    const open = countSubscriptions(store);
    const el = await controlsFor(store);
    expect(open()).to.equal(1);
    store.run();
    await el.updateComplete;
    expect(statusText(el)).to.equal('Connecting');
    el.remove();
    expect(open()).to.equal(0);
    store.cancel();
    await el.updateComplete;
    expect(statusText(el)).to.equal('Connecting');
    document.body.append(el);
    await el.updateComplete;
    expect(open()).to.equal(1);
    expect(statusText(el)).to.equal('Cancelled');
    el.remove();
  });
});
