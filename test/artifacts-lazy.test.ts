import { expect, fixture, html } from '@open-wc/testing';

describe('Artifacts: what loads when', () => {
  it('loads no zod with the elements and registry, and loads it with the first artifact', async () => {
    performance.setResourceTimingBufferSize(100_000);
    performance.clearResourceTimings();
    // Imported here, after the timings were cleared, so every module of the elements is recorded.
    await import('../components/define.js');
    const { RunStore } = await import('../src/store/run-store.js');
    const { scriptedAgent, started, finished, waitForStatus, tick } =
      await import('./support/agents.js');
    const { until } = await import('./support/elements.js');
    const loaded = () => performance.getEntriesByType('resource').map((entry) => entry.name);
    const zodLoaded = () => loaded().some((name) => /\/zod\/|artifacts\/schemas/.test(name));
    expect(
      loaded().some((name) => name.includes('agent-artifacts')),
      'the shell was recorded',
    ).to.equal(true);
    const agent = scriptedAgent((input) => [
      started(input),
      {
        type: 'CUSTOM',
        name: 'ui_render',
        value: {
          component: 'kb_progress',
          props: { steps: [{ label: 'Read the measurements', status: 'done' }], cell_id: 1 },
        },
      } as never,
      finished(input),
    ]);
    const store = new RunStore({ agent });
    const list = await fixture(html`<agent-artifacts .store=${store}></agent-artifacts>`);
    await tick(30);
    expect(zodLoaded(), 'an idle list loads no zod').to.equal(false);
    store.send('go');
    await waitForStatus(store, 'Completed');
    const element = () =>
      list.shadowRoot
        ?.querySelector('agent-artifact')
        ?.shadowRoot?.querySelector('[part="element"]');
    await until(() => !!element());
    expect(element()?.localName).to.equal('kb-progress');
    expect(zodLoaded(), 'zod loads with the first artifact').to.equal(true);
    store.dispose();
  });
});
