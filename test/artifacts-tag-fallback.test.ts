import { expect, fixture, html } from '@open-wc/testing';

describe('Artifacts under fallback tags', () => {
  it('renders the tags actually registered when the page already holds the base tags', async () => {
    // Another library got there first: define registers ours as agui-<tag>.
    customElements.define('signal-chart', class extends HTMLElement {});
    customElements.define('agent-artifact', class extends HTMLElement {});
    const { tagName } = await import('../components/define.js');
    const { renderArtifact } = await import('../components/shared/artifact-view.js');
    const { createReplayResolver } = await import('../src/fixtures/replay-agent.js');
    const { until } = await import('./support/elements.js');
    expect(tagName('signal-chart')).to.equal('agui-signal-chart');
    expect(tagName('agent-artifact')).to.equal('agui-agent-artifact');
    expect(tagName('bar-chart')).to.equal('bar-chart');
    const artifact = {
      id: 'a1',
      source: 'ui_render' as const,
      name: 'SignalChart',
      props: { signal_def_id: 2, window_hours: 24, cell_id: 1 },
      complete: true,
      run: 1,
    };
    const host = await fixture<HTMLDivElement>(
      html`<div>${renderArtifact(artifact, { resolver: createReplayResolver() })}</div>`,
    );
    const outer = host.firstElementChild as HTMLElement;
    expect(outer.localName).to.equal('agui-agent-artifact');
    const inner = () => outer.shadowRoot?.querySelector('[part="element"]');
    await until(() => !!inner()?.shadowRoot?.querySelector('path.line'));
    expect(inner()?.localName).to.equal('agui-signal-chart');
    expect(inner()?.shadowRoot?.querySelector('[part="title"]')?.textContent?.trim()).to.equal(
      'API requests per minute',
    );
  });
});
