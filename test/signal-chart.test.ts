import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia, sendKeys, setViewport } from '@web/test-runner-commands';
import '../components/define.js';
import type { SignalChart } from '../components/signal-chart/signal-chart.js';
import type {
  ArtifactErrorEvent,
  ArtifactLoadEvent,
} from '../components/shared/artifact-events.js';
import { signalSeries } from '../src/fixtures/synthetic-data.js';
import { allInShadow, buttonNamed, inShadow, recordEvents, until } from './support/elements.js';
import { dataRequests, flakyBase, recordingResolver, shadowText } from './support/artifacts.js';

const PROPS = {
  signal_def_id: 1,
  window_hours: 24,
  mark_anomaly_at: '2026-01-15T11:25:00Z',
  threshold: 120,
  cell_id: 1,
};

const loaded = (el: SignalChart) => !!el.shadowRoot?.querySelector('path.line');
const hhmm = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/** The points of an SVG path `M x y L x y …`. */
function pathPoints(d: string): [number, number][] {
  return [...d.matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)].map((match) => [
    Number(match[1]),
    Number(match[2]),
  ]);
}

describe('<signal-chart>', () => {
  beforeEach(async () => {
    await setViewport({ width: 900, height: 800 });
    await emulateMedia({ colorScheme: 'light' });
  });

  it('fetches its series from the data route and draws it with threshold, anomaly mark and summary', async () => {
    const events = recordEvents(document, ['artifact-load']);
    const el = await fixture<SignalChart>(html`<signal-chart .props=${PROPS}></signal-chart>`);
    await until(() => loaded(el));
    const series = signalSeries(1, 24);
    expect(shadowText(el, '[part="title"]')).to.equal('API latency p95');
    expect(shadowText(el, '[part="meta"]')).to.equal(
      'Cell 1 · Last 24 hours · ms · Synthetic data',
    );
    const d = inShadow(el, 'path.line').getAttribute('d') ?? '';
    expect(pathPoints(d)).to.have.length(series.points.length);
    expect(shadowText(el, '.threshold text')).to.equal('Threshold 120 ms');
    expect(shadowText(el, '.anomaly text')).to.equal(
      `Anomaly ${hhmm.format(Date.parse(PROPS.mark_anomaly_at))}`,
    );
    expect(el.shadowRoot?.querySelector('.anomaly circle')).to.not.equal(null);
    const above = series.points.filter((point) => point.value > 120).length;
    const summary = shadowText(el, '[part="summary"]');
    expect(summary).to.contain('API latency p95: 120 readings from');
    expect(summary).to.contain(`highest 145 ms`);
    expect(summary).to.contain(`${above} of them above the threshold of 120 ms.`);
    expect(summary).to.contain('Anomaly marked at');
    const svg = inShadow(el, 'svg[part="chart"]');
    expect(svg.getAttribute('role')).to.equal('img');
    expect(svg.getAttribute('aria-label')).to.equal('Line chart of API latency p95 over 24 hours.');
    expect(svg.getAttribute('aria-describedby')).to.equal('summary');
    expect((events[0] as ArtifactLoadEvent | undefined)?.detail.what).to.equal(
      'signal 1 over 24 hours',
    );
  });

  it('labels the time axis in the reader’s locale and time zone', async () => {
    const el = await fixture<SignalChart>(html`<signal-chart .props=${PROPS}></signal-chart>`);
    await until(() => loaded(el));
    const labels = allInShadow(el, '.axis text.x-label').map((text) => text.textContent?.trim());
    expect(labels.length).to.be.at.least(3);
    const start = Date.parse(signalSeries(1, 24).start);
    const expected = new Set(
      Array.from({ length: 48 }, (_, hour) => hhmm.format(start + hour * 1_800_000)),
    );
    for (const label of labels) expect(expected.has(label ?? ''), label).to.equal(true);
  });

  it('reads attributes when used directly in HTML, with the replay data', async () => {
    const el = await fixture<SignalChart>(
      html`<signal-chart
        source="replay"
        signal-def-id="3"
        window-hours="6"
        threshold="150"
        cell-id="2"
      ></signal-chart>`,
    );
    await until(() => loaded(el));
    expect(el.signalDefId).to.equal(3);
    expect(shadowText(el, '[part="title"]')).to.equal('Search latency p95');
    expect(shadowText(el, '[part="meta"]')).to.contain('Last 6 hours');
    expect(shadowText(el, '.threshold text')).to.equal('Threshold 150 ms');
    expect(el.shadowRoot?.querySelector('.anomaly')).to.equal(null);
  });

  it('shows a loading skeleton while the series loads', async () => {
    const resolver = recordingResolver();
    resolver.hold();
    const el = await fixture<SignalChart>(
      html`<signal-chart .resolver=${resolver} .props=${PROPS}></signal-chart>`,
    );
    const loading = inShadow(el, '[part="loading"]');
    expect(loading.getAttribute('role')).to.equal('status');
    expect(loading.getAttribute('aria-busy')).to.equal('true');
    expect(loading.textContent?.trim()).to.equal('Loading signal 1…');
    await expect(el).to.be.accessible();
    resolver.release();
    await until(() => loaded(el));
    expect(el.shadowRoot?.querySelector('[part="loading"]')).to.equal(null);
  });

  it('shows why the fetch failed with a Retry that loads again', async () => {
    const { base, mode } = flakyBase();
    const errors = recordEvents(document, ['artifact-error']);
    const el = await fixture<SignalChart>(
      html`<signal-chart data-base=${base} .props=${PROPS}></signal-chart>`,
    );
    await until(() => !!el.shadowRoot?.querySelector('[part="error"]'));
    const error = inShadow(el, '[part="error"]');
    expect(error.getAttribute('role')).to.equal('alert');
    expect(error.textContent?.replace(/\s+/g, ' ').trim()).to.equal(
      'Could not load signal 1. HTTP 503: Synthetic outage of the data service Retry',
    );
    expect((errors[0] as ArtifactErrorEvent | undefined)?.detail.reason).to.equal(
      'HTTP 503: Synthetic outage of the data service',
    );
    await expect(el).to.be.accessible();
    buttonNamed(el, 'Retry').click();
    await until(() => loaded(el));
    expect(await dataRequests(mode)).to.deep.equal([
      '/api/v1/signals/data/1?window_hours=24',
      '/api/v1/signals/data/1?window_hours=24',
    ]);
  });

  it('says what the data route answered for an unknown signal, and Retry works for a host resolver', async () => {
    const missing = await fixture<SignalChart>(
      html`<signal-chart .props=${{ ...PROPS, signal_def_id: 9 }}></signal-chart>`,
    );
    await until(() => !!missing.shadowRoot?.querySelector('[part="error"]'));
    expect(shadowText(missing, '[part="error"] p')).to.contain(
      'HTTP 404: Unknown signal definition 9: the fixture has signal definitions 1 to 6.',
    );
    const resolver = recordingResolver();
    resolver.failNext(1, 'Offline');
    const el = await fixture<SignalChart>(
      html`<signal-chart .resolver=${resolver} .props=${PROPS}></signal-chart>`,
    );
    await until(() => !!el.shadowRoot?.querySelector('[part="error"]'));
    expect(shadowText(el, '[part="error"] p')).to.equal('Could not load signal 1. Offline');
    el.reload();
    await until(() => loaded(el));
    expect(resolver.calls).to.deep.equal(['signal 1 24', 'signal 1 24']);
  });

  it('fetches nothing without a signal id, aborts when removed and loads again when props change', async () => {
    const resolver = recordingResolver();
    const idle = await fixture<SignalChart>(
      html`<signal-chart .resolver=${resolver}></signal-chart>`,
    );
    expect(shadowText(idle, '[part="incomplete"]')).to.contain('the chart needs a signal id');
    expect(resolver.calls).to.deep.equal([]);
    resolver.hold();
    idle.props = PROPS;
    await idle.updateComplete;
    expect(resolver.calls).to.deep.equal(['signal 1 24']);
    idle.remove();
    expect(resolver.signals[0]?.aborted).to.equal(true);
    resolver.release();
    const el = await fixture<SignalChart>(
      html`<signal-chart .resolver=${resolver} .props=${PROPS}></signal-chart>`,
    );
    await until(() => loaded(el));
    el.props = { ...PROPS, window_hours: 48 };
    await until(() => shadowText(el, '[part="meta"]').includes('Last 48 hours') && loaded(el));
    expect(resolver.calls.slice(-2)).to.deep.equal(['signal 1 24', 'signal 1 48']);
  });

  it('notes a series of another cell and an anomaly mark outside the window', async () => {
    const el = await fixture<SignalChart>(
      html`<signal-chart
        source="replay"
        .props=${{ ...PROPS, cell_id: 2, mark_anomaly_at: '2025-01-01T00:00:00Z' }}
      ></signal-chart>`,
    );
    await until(() => loaded(el));
    const notes = allInShadow(el, '[part="note"]').map((note) => note.textContent?.trim());
    expect(notes).to.deep.equal([
      'This signal belongs to cell 1, not to cell 2 as the props say.',
      'The anomaly mark (2025-01-01T00:00:00Z) is outside the charted window.',
    ]);
    expect(el.shadowRoot?.querySelector('.anomaly')).to.equal(null);
  });

  it('says so when the answer is malformed', async () => {
    const el = await fixture<SignalChart>(
      html`<signal-chart
        .resolver=${{ signalData: () => Promise.resolve({ points: [{ t: 'not a time', value: 3 }] }) }}
        .props=${PROPS}
      ></signal-chart>`,
    );
    await until(() => !!el.shadowRoot?.querySelector('[part="error"]'));
    expect(shadowText(el, '[part="error"] p')).to.contain(
      'The series of signal 1 is malformed: reading 1 needs an instant "t" and a numeric "value".',
    );
  });

  it('offers the readings as a data table, opened with the keyboard', async () => {
    const el = await fixture<SignalChart>(
      html`<signal-chart source="replay" .props=${PROPS}></signal-chart>`,
    );
    await until(() => loaded(el));
    const details = inShadow<HTMLDetailsElement>(el, 'details[part="table"]');
    expect(details.querySelector('table')).to.equal(null);
    inShadow(el, 'summary').focus();
    await sendKeys({ press: 'Enter' });
    await until(() => !!details.querySelector('table'));
    const rows = details.querySelectorAll('tbody tr');
    expect(rows).to.have.length(120);
    expect(details.querySelector('caption')?.textContent?.trim()).to.equal(
      'API latency p95: 120 readings',
    );
    expect(
      [...details.querySelectorAll('thead th')].map((th) => th.textContent?.trim()),
    ).to.deep.equal(['Time', 'Value (ms)']);
    await expect(el).to.be.accessible();
  });

  it('draws 100,000 readings as one path reduced to the pixel width, without a long task', async () => {
    const start = Date.parse('2026-01-14T12:00:00Z');
    const points = Array.from({ length: 100_000 }, (_, index) => ({
      t: new Date(start + index * 864).toISOString(),
      value: index === 73_000 ? 500 : index === 12_345 ? -40 : 50 + Math.sin(index / 500) * 10,
    }));
    const big = { name: 'Dense signal', unit: 'ms', threshold: 80, points };
    // Let the collector clean up after building the readings, so only the chart's own work is observed.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const durations: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) durations.push(entry.duration);
    });
    observer.observe({ type: 'longtask', buffered: false });
    const el = await fixture<SignalChart>(
      html`<signal-chart
        .resolver=${{ signalData: () => Promise.resolve(big) }}
        .props=${PROPS}
      ></signal-chart>`,
    );
    await until(() => loaded(el), 5000);
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
    observer.disconnect();
    const paths = allInShadow(el, 'path');
    expect(paths).to.have.length(1);
    const drawn = pathPoints(paths[0]?.getAttribute('d') ?? '');
    const width = Number(inShadow(el, 'svg').getAttribute('width'));
    expect(drawn.length).to.be.at.most(width * 4);
    expect(drawn.length).to.be.at.least(width);
    // The extremes survive the reduction: the spike to 500 and the dip to -40 are both drawn.
    const ys = drawn.map(([, y]) => y);
    const y80 = Number(inShadow(el, '.threshold line').getAttribute('y1'));
    const zeroLabel = allInShadow(el, '.axis text.y-label').find(
      (text) => text.textContent?.trim() === '0',
    );
    const y0 = Number(zeroLabel?.getAttribute('y')) - 4;
    expect(Math.min(...ys)).to.be.below(y80 - 50);
    expect(Math.max(...ys)).to.be.above(y0);
    expect(shadowText(el, '[part="summary"]')).to.contain(`${(100_000).toLocaleString()} readings`);
    expect(Math.max(0, ...durations), `long tasks: ${durations.join(', ')}`).to.be.below(120);
    const details = inShadow<HTMLDetailsElement>(el, 'details');
    details.open = true;
    await until(() => !!details.querySelector('table'));
    expect(details.querySelectorAll('tbody tr')).to.have.length(120);
    expect(details.querySelector('caption')?.textContent).to.contain('in 120 time ranges');
  });

  it('keeps the chart within 390 px, with Retry reachable by keyboard', async () => {
    await setViewport({ width: 390, height: 844 });
    const el = await fixture<SignalChart>(
      html`<signal-chart source="replay" .props=${PROPS}></signal-chart>`,
    );
    await until(() => loaded(el));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    expect(document.documentElement.scrollWidth).to.be.at.most(390);
    expect(inShadow(el, 'svg').getBoundingClientRect().right).to.be.at.most(390);
    const resolver = recordingResolver();
    resolver.failNext(1);
    const failing = await fixture<SignalChart>(
      html`<signal-chart .resolver=${resolver} .props=${PROPS}></signal-chart>`,
    );
    await until(() => !!failing.shadowRoot?.querySelector('[part="retry"]'));
    expect(document.documentElement.scrollWidth).to.be.at.most(390);
    inShadow(failing, '[part="retry"]').focus();
    await sendKeys({ press: 'Enter' });
    await until(() => loaded(failing));
  });

  it('follows the theme attribute and passes axe in both themes', async () => {
    const el = await fixture<SignalChart>(
      html`<signal-chart source="replay" .props=${PROPS}></signal-chart>`,
    );
    await until(() => loaded(el));
    await expect(el).to.be.accessible();
    const light = getComputedStyle(inShadow(el, '[part="base"]')).backgroundColor;
    el.theme = 'dark';
    await el.updateComplete;
    expect(getComputedStyle(inShadow(el, '[part="base"]')).backgroundColor).to.not.equal(light);
    await expect(el).to.be.accessible();
  });
});
