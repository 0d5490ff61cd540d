import { expect, fixture, html } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import '../components/define.js';
import type { BarChart } from '../components/bar-chart/bar-chart.js';
import { allInShadow, inShadow } from './support/elements.js';
import { shadowText } from './support/artifacts.js';

const PROPS = {
  title: 'Requests by service',
  x_label: 'Service',
  y_label: 'Requests per minute',
  bars: [
    { label: 'API', value: 1200 },
    { label: 'Search', value: 800 },
    { label: 'Queue', value: 1700 },
  ],
};

const rows = (el: BarChart) =>
  allInShadow(el, 'tbody tr').map((row) => [
    row.querySelector('th')?.textContent?.trim(),
    row.querySelector('.value')?.textContent?.trim(),
    Number(row.querySelector('rect')?.getAttribute('x')),
    Number(row.querySelector('rect')?.getAttribute('width')),
  ]);

describe('<bar-chart>', () => {
  beforeEach(() => setViewport({ width: 900, height: 800 }));

  it('shows each bar as a table row with its label, a bar to scale and its value', async () => {
    const el = await fixture<BarChart>(html`<bar-chart .props=${PROPS}></bar-chart>`);
    expect(shadowText(el, '[part="title"]')).to.equal('Requests by service');
    expect(el.shadowRoot?.querySelector('[part="meta"]')).to.equal(null);
    expect(allInShadow(el, 'thead th').map((th) => th.textContent?.trim())).to.deep.equal([
      'Service',
      'Requests per minute',
    ]);
    const format = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
    expect(rows(el)).to.deep.equal([
      ['API', format.format(1200), 0, (1200 / 1700) * 100],
      ['Search', format.format(800), 0, (800 / 1700) * 100],
      ['Queue', format.format(1700), 0, 100],
    ]);
    expect(shadowText(el, '[part="summary"]')).to.equal(
      `3 bars; highest Queue at ${format.format(1700)}, lowest Search at ${format.format(800)}.`,
    );
    expect(inShadow(el, 'caption').textContent?.trim()).to.equal('Requests by service');
    await expect(el).to.be.accessible();
  });

  it('draws negative values left of a zero line, in another colour', async () => {
    const el = await fixture<BarChart>(
      html`<bar-chart
        .props=${{
          ...PROPS,
          bars: [
            { label: 'Gain', value: 30 },
            { label: 'Loss', value: -10 },
          ],
          cell_id: 2,
        }}
      ></bar-chart>`,
    );
    expect(rows(el)).to.deep.equal([
      ['Gain', '30', 25, 75],
      ['Loss', '-10', 0, 25],
    ]);
    expect(allInShadow(el, 'rect').map((rect) => rect.getAttribute('class'))).to.deep.equal([
      'bar',
      'bar negative',
    ]);
    expect(allInShadow(el, 'line.zero')).to.have.length(2);
    expect(shadowText(el, '[part="meta"]')).to.equal('Cell 2');
  });

  it('reads attributes, and says when there are no bars', async () => {
    const el = await fixture<BarChart>(
      html`<bar-chart
        chart-title="Latency"
        x-label="Service"
        y-label="ms"
        bars='[{"label":"API","value":145}]'
      ></bar-chart>`,
    );
    expect(el.bars).to.deep.equal([{ label: 'API', value: 145 }]);
    expect(rows(el)).to.deep.equal([['API', '145', 0, 100]]);
    el.bars = [];
    await el.updateComplete;
    expect(shadowText(el, '[part="empty"]')).to.equal('No bars to show.');
  });

  it('stays within 390 px with long labels, and passes axe in the dark theme', async () => {
    await setViewport({ width: 390, height: 844 });
    const el = await fixture<BarChart>(
      html`<bar-chart
        theme="dark"
        .props=${{ ...PROPS, bars: [{ label: 'A very long service name that wraps on a phone'.repeat(2), value: 123456789 }] }}
      ></bar-chart>`,
    );
    expect(document.documentElement.scrollWidth).to.be.at.most(390);
    expect(inShadow(el, 'table').getBoundingClientRect().right).to.be.at.most(390);
    await expect(el).to.be.accessible();
  });
});
