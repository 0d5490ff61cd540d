import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import '../components/define.js';
import type { CorrelationMatrix } from '../components/correlation-matrix/correlation-matrix.js';
import { signalSeries } from '../src/fixtures/synthetic-data.js';
import { allInShadow, buttonNamed, inShadow, until } from './support/elements.js';
import { dataRequests, flakyBase, recordingResolver, shadowText } from './support/artifacts.js';

const PROPS = { cell_id: 1, signal_def_ids: [1, 2], window_hours: 24 };
const loaded = (el: CorrelationMatrix) => !!el.shadowRoot?.querySelector('[part="matrix"]');
const rFormat = new Intl.NumberFormat(undefined, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});

/** Pearson's r, written out independently of the element. */
function r(a: readonly number[], b: readonly number[]): number {
  const mean = (values: readonly number[]) =>
    values.reduce((sum, value) => sum + value, 0) / values.length;
  const [ma, mb] = [mean(a), mean(b)];
  const cov = a.reduce((sum, value, index) => sum + (value - ma) * ((b[index] as number) - mb), 0);
  const sa = Math.sqrt(a.reduce((sum, value) => sum + (value - ma) ** 2, 0));
  const sb = Math.sqrt(b.reduce((sum, value) => sum + (value - mb) ** 2, 0));
  return cov / (sa * sb);
}

const cells = (el: CorrelationMatrix) =>
  allInShadow(el, 'tbody tr').map((row) =>
    [...row.querySelectorAll('td')].map((td) => td.textContent?.trim()),
  );

describe('<correlation-matrix>', () => {
  beforeEach(() => setViewport({ width: 900, height: 800 }));

  it('fetches the series and computes the Pearson matrix itself', async () => {
    const el = await fixture<CorrelationMatrix>(
      html`<correlation-matrix
        .props=${{ ...PROPS, signal_def_ids: [1, 2, 5] }}
      ></correlation-matrix>`,
    );
    await until(() => loaded(el));
    const values = [1, 2, 5].map((id) => signalSeries(id, 24).points.map((point) => point.value));
    const expected = values.map((row, i) =>
      values.map((column, j) => rFormat.format(i === j ? 1 : r(row, column))),
    );
    expect(cells(el)).to.deep.equal(expected);
    expect(shadowText(el, '[part="title"]')).to.equal('Correlation of 3 signals');
    expect(shadowText(el, '[part="meta"]')).to.equal('Cell 1 · Last 24 hours · Synthetic data');
    expect(
      allInShadow(el, 'tbody th').map((th) => th.textContent?.replace(/\s+/g, ' ').trim()),
    ).to.deep.equal(['1API latency p95', '2API requests per minute', '3Queue latency p95']);
    expect(
      allInShadow(el, 'thead th .visually-hidden').map((span) => span.textContent),
    ).to.deep.equal(['Signal', 'API latency p95', 'API requests per minute', 'Queue latency p95']);
    expect(shadowText(el, 'caption')).to.equal('Pearson correlation r, from −1 to +1');
    expect(shadowText(el, '[part="computed"]')).to.equal(
      'Computed in this page over the 120 readings the series share.',
    );
    // A heatmap: every value cell has a colour bucket by sign and size, and prints its value.
    const first = inShadow(el, 'tbody tr:nth-child(1) td:nth-child(3)');
    const value = r(values[0] as number[], values[1] as number[]);
    expect(first.className).to.equal(
      `${value < 0 ? 'neg' : 'pos'}-${Math.round(Math.abs(value) * 10)}`,
    );
    expect(allInShadow(el, '[part="note"]').map((note) => note.textContent?.trim())).to.deep.equal([
      'Not of cell 1 as the props say: signal 5 belongs to cell 3.',
    ]);
    await expect(el).to.be.accessible();
  });

  it('refuses props that carry their own matrix, with a visible note, and fetches nothing', async () => {
    const resolver = recordingResolver();
    const el = await fixture<CorrelationMatrix>(
      html`<correlation-matrix
        .resolver=${resolver}
        .props=${{
          sources: ['API', 'Search'],
          impact_matrix: [
            [1, 0.97],
            [0.97, 1],
          ],
        }}
      ></correlation-matrix>`,
    );
    expect(shadowText(el, '[part="refused"]')).to.equal(
      'Matrix refused. These props carry their own matrix ("impact_matrix"), so they are refused: this chart only ' +
        'shows correlations it computes from the measured series, never numbers written by a model.',
    );
    expect(el.shadowRoot?.querySelector('table')).to.equal(null);
    expect(resolver.calls).to.deep.equal([]);
    await expect(el).to.be.accessible();
  });

  it('reads attributes, and needs 2 to 8 different signals', async () => {
    const el = await fixture<CorrelationMatrix>(
      html`<correlation-matrix
        source="replay"
        signal-def-ids="3 4"
        window-hours="12"
        cell-id="2"
      ></correlation-matrix>`,
    );
    await until(() => loaded(el));
    expect(el.signalDefIds).to.deep.equal([3, 4]);
    expect(shadowText(el, '[part="meta"]')).to.contain('Last 12 hours');
    for (const ids of [[3], [3, 3], [1, 2, 3, 4, 5, 6, 7, 8, 9]]) {
      el.signalDefIds = ids;
      await el.updateComplete;
      expect(shadowText(el, '[part="incomplete"]'), ids.join(',')).to.contain(
        '2 to 8 different signal ids',
      );
    }
  });

  it('shows the error with Retry, which loads again', async () => {
    const { base, mode } = flakyBase();
    const el = await fixture<CorrelationMatrix>(
      html`<correlation-matrix data-base=${base} .props=${PROPS}></correlation-matrix>`,
    );
    expect(inShadow(el, '[part="loading"]').textContent?.trim()).to.equal('Loading 2 series…');
    await until(() => !!el.shadowRoot?.querySelector('[part="error"]'));
    expect(shadowText(el, '[part="error"] p')).to.equal(
      'Could not load the series to correlate. HTTP 503: Synthetic outage of the data service',
    );
    buttonNamed(el, 'Retry').focus();
    await sendKeys({ press: 'Space' });
    await until(() => loaded(el));
    expect((await dataRequests(mode)).length).to.equal(4);
  });

  it('says n/a where r is not defined: a flat series, or too few shared readings', async () => {
    const flat = {
      signalData: (id: number) =>
        Promise.resolve({
          name: `S${id}`,
          points: [0, 1, 2, 3].map((hour) => ({
            t: `2026-01-15T0${hour}:00:00Z`,
            value: id === 1 ? 5 : hour * id,
          })),
        }),
    };
    const el = await fixture<CorrelationMatrix>(
      html`<correlation-matrix
        .resolver=${flat}
        .props=${{ ...PROPS, signal_def_ids: [1, 2, 3] }}
      ></correlation-matrix>`,
    );
    await until(() => loaded(el));
    expect(cells(el)).to.deep.equal([
      ['+1.00', 'n/a', 'n/a'],
      ['n/a', '+1.00', '+1.00'],
      ['n/a', '+1.00', '+1.00'],
    ]);
    expect(allInShadow(el, '[part="note"]').map((note) => note.textContent?.trim())).to.deep.equal([
      'n/a: not defined, because a series is flat or they share fewer than 3 readings.',
    ]);
    const apart = {
      signalData: (id: number) =>
        Promise.resolve({ points: [{ t: `2026-01-1${id}T00:00:00Z`, value: id }] }),
    };
    const sparse = await fixture<CorrelationMatrix>(
      html`<correlation-matrix .resolver=${apart} .props=${PROPS}></correlation-matrix>`,
    );
    await until(() => loaded(sparse));
    expect(shadowText(sparse, '[part="note"]')).to.equal(
      'The series share only 0 readings, too few for a correlation.',
    );
  });

  it('keeps all six fixture signals within 390 px (the table scrolls inside the card), light and dark', async () => {
    await setViewport({ width: 390, height: 844 });
    const el = await fixture<CorrelationMatrix>(
      html`<correlation-matrix
        source="replay"
        theme="dark"
        .props=${{ cell_id: 1, signal_def_ids: [1, 2, 3, 4, 5, 6], window_hours: 24 }}
      ></correlation-matrix>`,
    );
    await until(() => loaded(el));
    expect(document.documentElement.scrollWidth).to.be.at.most(390);
    expect(inShadow(el, '[part="base"]').getBoundingClientRect().right).to.be.at.most(390);
    await expect(el).to.be.accessible();
  });
});
