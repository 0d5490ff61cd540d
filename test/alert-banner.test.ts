import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import '../components/define.js';
import type { AlertBanner } from '../components/alert-banner/alert-banner.js';
import type { AlertDismissEvent } from '../components/shared/artifact-events.js';
import { buttonNamed, inShadow, recordEvents } from './support/elements.js';
import { shadowText } from './support/artifacts.js';

const PROPS = {
  severity: 'warning' as const,
  cell_id: 1,
  anomaly_id: 'anomaly-1-api-latency-999',
  message: 'Sentinel: an API latency reading of 999 ms on cell 1 is outside the plausible range.',
};

describe('<alert-banner>', () => {
  beforeEach(() => setViewport({ width: 900, height: 800 }));

  it('shows the severity in words, the message, the cell and the anomaly', async () => {
    const el = await fixture<AlertBanner>(html`<alert-banner .props=${PROPS}></alert-banner>`);
    expect(shadowText(el, '[part="severity"]')).to.equal('Warning');
    expect(shadowText(el, '[part="message"]')).to.equal(PROPS.message);
    expect(shadowText(el, '[part="meta"]')).to.equal('Cell 1 · Anomaly anomaly-1-api-latency-999');
    expect(inShadow(el, '[part="icon"]').getAttribute('aria-hidden')).to.equal('true');
    await expect(el).to.be.accessible();
  });

  it('announces critical alerts assertively and others politely', async () => {
    const warning = await fixture<AlertBanner>(html`<alert-banner .props=${PROPS}></alert-banner>`);
    expect(inShadow(warning, '[part="base"]').getAttribute('role')).to.equal('status');
    expect(inShadow(warning, '[part="base"]').getAttribute('aria-live')).to.equal('polite');
    const critical = await fixture<AlertBanner>(
      html`<alert-banner
        severity="critical"
        message="Cell 2 is down"
        cell-id="2"
        anomaly-id="a-2"
      ></alert-banner>`,
    );
    expect(inShadow(critical, '[part="base"]').getAttribute('role')).to.equal('alert');
    expect(inShadow(critical, '[part="base"]').getAttribute('aria-live')).to.equal('assertive');
    expect(shadowText(critical, '[part="severity"]')).to.equal('Critical');
    const info = await fixture<AlertBanner>(
      html`<alert-banner severity="info" message="FYI"></alert-banner>`,
    );
    expect(shadowText(info, '[part="severity"]')).to.equal('Info');
    await expect(critical).to.be.accessible();
  });

  it('is dismissed with the Dismiss button, by mouse or keyboard, and tells the page', async () => {
    const el = await fixture<AlertBanner>(html`<alert-banner .props=${PROPS}></alert-banner>`);
    const events = recordEvents(el, ['alert-dismiss']);
    buttonNamed(el, 'Dismiss').focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(el.isDismissed).to.equal(true);
    expect(el.shadowRoot?.querySelector('[part="base"]')).to.equal(null);
    expect((events[0] as AlertDismissEvent).detail).to.deep.equal({
      anomalyId: 'anomaly-1-api-latency-999',
      severity: 'warning',
    });
    const second = await fixture<AlertBanner>(html`<alert-banner .props=${PROPS}></alert-banner>`);
    buttonNamed(second, 'Dismiss').click();
    await second.updateComplete;
    expect(second.isDismissed).to.equal(true);
  });

  it('stays when the page vetoes the dismissal', async () => {
    const el = await fixture<AlertBanner>(html`<alert-banner .props=${PROPS}></alert-banner>`);
    el.addEventListener('alert-dismiss', (event) => event.preventDefault());
    el.dismiss();
    await el.updateComplete;
    expect(el.isDismissed).to.equal(false);
    expect(shadowText(el, '[part="message"]')).to.equal(PROPS.message);
  });

  it('stays within 390 px, light and dark', async () => {
    await setViewport({ width: 390, height: 844 });
    const el = await fixture<AlertBanner>(
      html`<alert-banner
        theme="dark"
        .props=${{ ...PROPS, severity: 'critical', anomaly_id: 'anomaly-'.repeat(20) }}
      ></alert-banner>`,
    );
    expect(document.documentElement.scrollWidth).to.be.at.most(390);
    expect(inShadow(el, '[part="base"]').getBoundingClientRect().right).to.be.at.most(390);
    await expect(el).to.be.accessible();
  });
});
