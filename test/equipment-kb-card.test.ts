import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import '../components/define.js';
import type { EquipmentKbCard } from '../components/equipment-kb-card/equipment-kb-card.js';
import { cellKnowledge } from '../src/fixtures/synthetic-data.js';
import { allInShadow, buttonNamed, inShadow, until } from './support/elements.js';
import { dataRequests, flakyBase, recordingResolver, shadowText } from './support/artifacts.js';

const loaded = (el: EquipmentKbCard) => !!el.shadowRoot?.querySelector('[part="fields"]');
const fields = (el: EquipmentKbCard) =>
  allInShadow(el, '[part~="field"]').map((field) => ({
    label: field.querySelector('dt span')?.textContent?.trim(),
    value: field.querySelector('dd')?.textContent?.trim(),
    highlighted: field.getAttribute('part') === 'field highlighted',
    marked: field.querySelector('dt')?.textContent?.includes('Highlighted') ?? false,
  }));

describe('<equipment-kb-card>', () => {
  beforeEach(() => setViewport({ width: 900, height: 800 }));

  it('fetches the cell’s record and marks the highlighted fields with words, not colour alone', async () => {
    const el = await fixture<EquipmentKbCard>(
      html`<equipment-kb-card
        .props=${{ cell_id: 1, highlight_fields: ['runbook', 'Latency objective'] }}
      ></equipment-kb-card>`,
    );
    await until(() => loaded(el));
    const record = cellKnowledge(1);
    expect(shadowText(el, '[part="title"]')).to.equal('Cell 1: API gateway');
    expect(shadowText(el, '[part="meta"]')).to.equal('Cell 1 · Services: api · Synthetic data');
    expect(fields(el)).to.deep.equal(
      record.fields.map((field) => {
        const marked = field.key === 'runbook' || field.key === 'latency_slo';
        return { label: field.label, value: field.value, highlighted: marked, marked };
      }),
    );
    expect(shadowText(el, '[part="note"]')).to.equal('2 of 6 fields highlighted.');
    await expect(el).to.be.accessible();
  });

  it('reads attributes and names highlight fields the record does not have', async () => {
    const el = await fixture<EquipmentKbCard>(
      html`<equipment-kb-card
        source="replay"
        cell-id="3"
        highlight-fields="owner, warranty"
      ></equipment-kb-card>`,
    );
    await until(() => loaded(el));
    expect(el.highlightFields).to.deep.equal(['owner', 'warranty']);
    expect(shadowText(el, '[part="title"]')).to.equal('Cell 3: Platform messaging');
    expect(
      fields(el)
        .filter((field) => field.highlighted)
        .map((field) => field.label),
    ).to.deep.equal(['Owner']);
    expect(allInShadow(el, '[part="note"]').map((note) => note.textContent?.trim())).to.deep.equal([
      '1 of 6 fields highlighted.',
      'Not in this record: warranty.',
    ]);
  });

  it('shows a skeleton, then the error with Retry, which loads again', async () => {
    const { base, mode } = flakyBase();
    const el = await fixture<EquipmentKbCard>(
      html`<equipment-kb-card data-base=${base} cell-id="2"></equipment-kb-card>`,
    );
    expect(inShadow(el, '[part="loading"]').textContent?.trim()).to.equal(
      'Loading the knowledge base of cell 2…',
    );
    await until(() => !!el.shadowRoot?.querySelector('[part="error"]'));
    expect(shadowText(el, '[part="error"] p')).to.equal(
      'Could not load the knowledge base of cell 2. HTTP 503: Synthetic outage of the data service',
    );
    await expect(el).to.be.accessible();
    buttonNamed(el, 'Retry').focus();
    await sendKeys({ press: 'Enter' });
    await until(() => loaded(el));
    expect(await dataRequests(mode)).to.deep.equal(['/api/v1/cells/2/kb', '/api/v1/cells/2/kb']);
  });

  it('fetches nothing without a cell, and says a malformed record is malformed', async () => {
    const resolver = recordingResolver();
    const idle = await fixture<EquipmentKbCard>(
      html`<equipment-kb-card .resolver=${resolver}></equipment-kb-card>`,
    );
    expect(shadowText(idle, '[part="incomplete"]')).to.contain('needs a cell id');
    expect(resolver.calls).to.deep.equal([]);
    const broken = await fixture<EquipmentKbCard>(
      html`<equipment-kb-card
        cell-id="1"
        .resolver=${{ cellKb: () => Promise.resolve({ fields: [{ value: 'x' }] }) }}
      ></equipment-kb-card>`,
    );
    await until(() => !!broken.shadowRoot?.querySelector('[part="error"]'));
    expect(shadowText(broken, '[part="error"] p')).to.contain(
      'The knowledge-base record of cell 1 is malformed: field 1 has no key.',
    );
  });

  it('stays within 390 px, light and dark', async () => {
    await setViewport({ width: 390, height: 844 });
    const el = await fixture<EquipmentKbCard>(
      html`<equipment-kb-card
        source="replay"
        theme="dark"
        .props=${{ cell_id: 2, highlight_fields: ['runbook'] }}
      ></equipment-kb-card>`,
    );
    await until(() => loaded(el));
    expect(document.documentElement.scrollWidth).to.be.at.most(390);
    await expect(el).to.be.accessible();
  });
});
