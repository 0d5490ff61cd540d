import { expect, fixture, html } from '@open-wc/testing';
import '../components/define.js';
import type { AgentRun } from '../components/agent-run/agent-run.js';
import type {
  DiagnosticCard,
  DiagnosticCardProps,
} from '../components/diagnostic-card/diagnostic-card.js';
import { setDisclosure } from '../components/shared/disclosure.js';
import { createAnalysisPlugin } from '../src/analysis/index.js';
import { RunStore } from '../src/store/run-store.js';
import { allInShadow, countSubscriptions, inShadow } from './support/elements.js';

const PROPS: DiagnosticCardProps = {
  title: 'API latency 2.4× baseline',
  confidence: 0.59,
  root_cause: 'API latency rose from 60 ms to 145 ms (+142%) at unchanged volume (1,200 requests).',
  contributing_factors: ['Search latency unchanged', 'Queue volume unchanged'],
  pattern_match_id: 'PM-1042',
  cell_id: 1,
};

const textOf = (el: DiagnosticCard, part: string) =>
  el.shadowRoot?.querySelector(`[part~="${part}"]`)?.textContent?.replace(/\s+/g, ' ').trim() ??
  null;
const factors = (el: DiagnosticCard) =>
  allInShadow(el, 'li').map((item) => item.textContent?.trim());

describe('<diagnostic-card>', () => {
  it('shows an empty state without a diagnosis, and passes axe', async () => {
    const el = await fixture<DiagnosticCard>(html`<diagnostic-card></diagnostic-card>`);
    expect(textOf(el, 'empty')).to.equal('No diagnosis yet.');
    expect(el.shadowRoot?.querySelector('meter')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('reads every field from attributes', async () => {
    const el = await fixture<DiagnosticCard>(
      html`<diagnostic-card
        card-title="Events latency 1.5× baseline"
        confidence="0.82"
        root-cause="Events latency rose from 110 ms to 170 ms."
        contributing-factors='["Queue depth grew","Search unchanged"]'
        pattern-match-id="PM-7"
        cell-id="2"
      ></diagnostic-card>`,
    );
    expect(el.cardTitle).to.equal('Events latency 1.5× baseline');
    expect(el.confidence).to.equal(0.82);
    expect(el.contributingFactors).to.deep.equal(['Queue depth grew', 'Search unchanged']);
    expect(textOf(el, 'title')).to.equal('Events latency 1.5× baseline');
    const meter = inShadow<HTMLMeterElement>(el, 'meter');
    expect(meter.value).to.equal(0.82);
    expect(meter.labels?.[0]?.textContent?.trim()).to.equal('Confidence');
    expect(textOf(el, 'confidence')).to.equal('Confidence 82%');
    expect(textOf(el, 'details')).to.contain(
      'Root cause Events latency rose from 110 ms to 170 ms.',
    );
    expect(factors(el)).to.deep.equal(['Queue depth grew', 'Search unchanged']);
    // The agent's words find their own direction (an English factor on an Arabic page reads left to right).
    for (const node of [...allInShadow(el, 'li'), inShadow(el, '[part="title"]')]) {
      expect(node.getAttribute('dir')).to.equal('auto');
    }
    expect(textOf(el, 'meta')).to.equal('Cell 2 · Pattern match PM-7');
    await expect(el).to.be.accessible();
  });

  it('reads contributing factors one per line too', async () => {
    const el = await fixture<DiagnosticCard>(
      html`<diagnostic-card
        card-title="t"
        contributing-factors="First factor
        Second factor"
      ></diagnostic-card>`,
    );
    expect(factors(el)).to.deep.equal(['First factor', 'Second factor']);
  });

  it('takes the render_diagnostic_card props, which win over attributes', async () => {
    const el = await fixture<DiagnosticCard>(
      html`<diagnostic-card
        card-title="From an attribute"
        cell-id="3"
        .props=${PROPS}
      ></diagnostic-card>`,
    );
    expect(textOf(el, 'title')).to.equal('API latency 2.4× baseline');
    expect(textOf(el, 'confidence')).to.equal('Confidence 59%');
    expect(factors(el)).to.deep.equal(['Search latency unchanged', 'Queue volume unchanged']);
    expect(textOf(el, 'meta')).to.equal('Cell 1 · Pattern match PM-1042');
    el.props = { title: 'Only a title' };
    await el.updateComplete;
    expect(textOf(el, 'title')).to.equal('Only a title');
    expect(textOf(el, 'meta')).to.equal('Cell 3');
    expect(el.shadowRoot?.querySelector('meter')).to.equal(null);
  });

  it('keeps the confidence between 0% and 100%', async () => {
    const el = await fixture<DiagnosticCard>(
      html`<diagnostic-card card-title="t" confidence="1.7"></diagnostic-card>`,
    );
    expect(textOf(el, 'confidence')).to.equal('Confidence 100%');
    el.confidence = -1;
    await el.updateComplete;
    expect(inShadow<HTMLMeterElement>(el, 'meter').value).to.equal(0);
  });

  it('leaves the global title attribute to the browser', async () => {
    const el = await fixture<DiagnosticCard>(
      html`<diagnostic-card title="A tooltip"></diagnostic-card>`,
    );
    expect(textOf(el, 'empty')).to.equal('No diagnosis yet.');
    expect(el.title).to.equal('A tooltip');
  });

  it('exposes its regions as parts', async () => {
    const el = await fixture<DiagnosticCard>(
      html`<diagnostic-card .props=${PROPS}></diagnostic-card>`,
    );
    for (const part of ['base', 'header', 'title', 'meta', 'confidence', 'meter', 'details']) {
      expect(allInShadow(el, `[part~="${part}"]`), part).to.have.length(1);
    }
  });

  it('takes replacement strings', async () => {
    const el = await fixture<DiagnosticCard>(
      html`<diagnostic-card
        .props=${PROPS}
        .strings=${{ confidence: 'Sicherheit', cell: 'Zelle {id}', rootCause: 'Ursache' }}
      ></diagnostic-card>`,
    );
    expect(textOf(el, 'confidence')).to.equal('Sicherheit 59%');
    expect(textOf(el, 'meta')).to.contain('Zelle 1');
    expect(textOf(el, 'details')).to.contain('Ursache');
  });

  it('shows the disclosure of its run, from a provider or a store', async () => {
    const run = await fixture<AgentRun>(
      html`<agent-run source="replay"
        ><diagnostic-card .props=${PROPS}></diagnostic-card
      ></agent-run>`,
    );
    const card = run.querySelector('diagnostic-card') as DiagnosticCard;
    await card.updateComplete;
    expect(textOf(card, 'disclosure')).to.equal(
      'Synthetic data from a prepared demo recipe — no live agent.',
    );
    const store = new RunStore().use(createAnalysisPlugin());
    const open = countSubscriptions(store);
    const alone = await fixture<DiagnosticCard>(
      html`<diagnostic-card .store=${store}></diagnostic-card>`,
    );
    expect(textOf(alone, 'disclosure')).to.equal(null);
    setDisclosure(store, 'Made-up numbers.');
    await alone.updateComplete;
    expect(textOf(alone, 'disclosure')).to.equal('Made-up numbers.');
    alone.remove();
    expect(open()).to.equal(0);
  });

  it('follows the theme attribute', async () => {
    const el = await fixture<DiagnosticCard>(
      html`<diagnostic-card .props=${PROPS}></diagnostic-card>`,
    );
    const light = getComputedStyle(inShadow(el, '[part="base"]')).color;
    el.theme = 'dark';
    await el.updateComplete;
    expect(el.getAttribute('theme')).to.equal('dark');
    expect(getComputedStyle(inShadow(el, '[part="base"]')).color).not.to.equal(light);
  });
});
