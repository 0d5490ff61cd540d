import { expect, fixture, html } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import '../components/define.js';
import type { PatternMatch } from '../components/pattern-match/pattern-match.js';
import { inShadow } from './support/elements.js';
import { shadowText } from './support/artifacts.js';

const PROPS = {
  current_event: 'API latency above 120 ms at unchanged volume',
  past_event_ref: 'INC-4411',
  similarity: 0.82,
  cell_id: 1,
};

describe('<pattern-match>', () => {
  beforeEach(() => setViewport({ width: 900, height: 800 }));

  it('shows the current event, the past event and their similarity', async () => {
    const el = await fixture<PatternMatch>(html`<pattern-match .props=${PROPS}></pattern-match>`);
    expect(shadowText(el, '[part="title"]')).to.equal('Pattern match');
    expect(shadowText(el, '[part="meta"]')).to.equal('Cell 1');
    expect(shadowText(el, '[part="details"]')).to.equal(
      'Current event API latency above 120 ms at unchanged volume Resembles past event INC-4411',
    );
    const meter = inShadow<HTMLMeterElement>(el, 'meter');
    expect(meter.value).to.equal(0.82);
    expect(meter.getAttribute('aria-valuetext')).to.equal('82%');
    expect(meter.labels?.[0]?.textContent?.trim()).to.equal('Similarity');
    expect(shadowText(el, '[part="similarity"]')).to.equal('Similarity 82%');
    await expect(el).to.be.accessible();
  });

  it('reads attributes, and keeps the similarity between 0% and 100%', async () => {
    const el = await fixture<PatternMatch>(
      html`<pattern-match
        current-event="Queue lag"
        past-event-ref="INC-7"
        similarity="1.3"
        cell-id="3"
      ></pattern-match>`,
    );
    expect(shadowText(el, '[part="similarity"]')).to.equal('Similarity 100%');
    expect(shadowText(el, '[part="meta"]')).to.equal('Cell 3');
    el.props = { similarity: 0.25 };
    await el.updateComplete;
    expect(shadowText(el, '[part="similarity"]')).to.equal('Similarity 25%');
  });

  it('says what is missing without both events, and takes replacement strings', async () => {
    const el = await fixture<PatternMatch>(
      html`<pattern-match .props=${{ current_event: 'x' }}></pattern-match>`,
    );
    expect(shadowText(el, '[part="incomplete"]')).to.contain(
      'needs the current event and a past event reference',
    );
    el.props = PROPS;
    el.strings = { title: 'Ähnliches Muster', similarity: 'Ähnlichkeit' };
    await el.updateComplete;
    expect(shadowText(el, '[part="title"]')).to.equal('Ähnliches Muster');
    expect(shadowText(el, '[part="similarity"]')).to.equal('Ähnlichkeit 82%');
  });

  it('stays within 390 px with a long event, and passes axe in the dark theme', async () => {
    await setViewport({ width: 390, height: 844 });
    const el = await fixture<PatternMatch>(
      html`<pattern-match
        theme="dark"
        .props=${{ ...PROPS, current_event: 'word'.repeat(80), past_event_ref: 'REF-'.repeat(30) }}
      ></pattern-match>`,
    );
    expect(document.documentElement.scrollWidth).to.be.at.most(390);
    expect(inShadow(el, '[part="base"]').getBoundingClientRect().right).to.be.at.most(390);
    await expect(el).to.be.accessible();
  });
});
