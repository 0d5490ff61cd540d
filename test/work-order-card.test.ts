import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia, sendKeys, setViewport } from '@web/test-runner-commands';
import '../components/define.js';
import type { WorkOrderPrintEvent } from '../components/shared/artifact-events.js';
import type { WorkOrderCard } from '../components/work-order-card/work-order-card.js';
import { workOrder } from '../src/fixtures/synthetic-data.js';
import { allInShadow, buttonNamed, inShadow, recordEvents, until } from './support/elements.js';
import { dataRequests, flakyBase, recordingResolver, shadowText } from './support/artifacts.js';

const PROPS = { work_order_id: 'WO-1001', printable: true, cell_id: 1 };
const loaded = (el: WorkOrderCard) => !!el.shadowRoot?.querySelector('[part="title"]');

describe('<work-order-card>', () => {
  let printed = 0;
  const originalPrint = window.print;

  beforeEach(async () => {
    printed = 0;
    window.print = () => {
      printed += 1;
    };
    await setViewport({ width: 900, height: 800 });
    await emulateMedia({ media: 'screen', colorScheme: 'light' });
  });

  afterEach(async () => {
    window.print = originalPrint;
    window.dispatchEvent(new Event('afterprint'));
    await emulateMedia({ media: 'screen' });
  });

  it('fetches the work order and shows what it says', async () => {
    const el = await fixture<WorkOrderCard>(
      html`<work-order-card .props=${PROPS}></work-order-card>`,
    );
    await until(() => loaded(el));
    const order = workOrder('WO-1001');
    expect(shadowText(el, '.eyebrow')).to.equal('Work order WO-1001');
    expect(shadowText(el, '[part="title"]')).to.equal(order.title);
    const created = new Intl.DateTimeFormat(undefined, {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(Date.parse(order.created_at));
    expect(shadowText(el, '[part="meta"]')).to.equal(
      `Priority: high · Status: open · Cell 1 · Created ${created} · Synthetic data`,
    );
    expect(inShadow(el, 'time').getAttribute('datetime')).to.equal(order.created_at);
    expect(shadowText(el, '[part="summary"]')).to.equal(order.summary);
    expect(allInShadow(el, '[part="steps"] li').map((li) => li.textContent?.trim())).to.deep.equal(
      order.steps,
    );
    expect(buttonNamed(el, 'Print').getAttribute('aria-label')).to.equal(
      'Print work order WO-1001',
    );
    await expect(el).to.be.accessible();
  });

  it('offers Print only when printable, and reads attributes', async () => {
    const el = await fixture<WorkOrderCard>(
      html`<work-order-card source="replay" work-order-id="WO-1002" cell-id="2"></work-order-card>`,
    );
    await until(() => loaded(el));
    expect(shadowText(el, '[part="title"]')).to.equal('Rebuild the slowest search shard');
    expect(el.shadowRoot?.querySelector('[part="print"]')).to.equal(null);
    el.printable = true;
    await el.updateComplete;
    expect(buttonNamed(el, 'Print').textContent?.trim()).to.equal('Print');
  });

  it('prints the work order alone: a copy on top of the page, everything else hidden on paper', async () => {
    document.body.insertAdjacentHTML('afterbegin', '<p id="page-content">The rest of the page</p>');
    const el = await fixture<WorkOrderCard>(
      html`<work-order-card source="replay" .props=${PROPS}></work-order-card>`,
    );
    await until(() => loaded(el));
    const events = recordEvents(document, ['work-order-print']);
    buttonNamed(el, 'Print').click();
    await until(() => printed === 1);
    expect((events[0] as WorkOrderPrintEvent).detail.workOrderId).to.equal('WO-1001');
    const root = document.querySelector('body > [data-agui-print]') as HTMLElement;
    const copy = root.querySelector('work-order-card') as WorkOrderCard;
    expect(copy.localName).to.equal(el.localName);
    expect(shadowText(copy, '[part="title"]')).to.equal(shadowText(el, '[part="title"]'));
    const content = document.getElementById('page-content') as HTMLElement;
    expect(getComputedStyle(root).display, 'the copy is hidden on screen').to.equal('none');
    expect(getComputedStyle(content).display).to.not.equal('none');
    await emulateMedia({ media: 'print' });
    expect(getComputedStyle(root).display).to.equal('block');
    expect(getComputedStyle(content).display, 'the page is hidden on paper').to.equal('none');
    expect(getComputedStyle(el.parentElement as HTMLElement).display).to.equal('none');
    expect(copy.shadowRoot?.querySelector('[part="print"]')).to.equal(null);
    expect(
      getComputedStyle(inShadow(el, '[part="actions"]')).display,
      'no Print button on paper',
    ).to.equal('none');
    window.dispatchEvent(new Event('afterprint'));
    expect(document.querySelector('[data-agui-print]')).to.equal(null);
    expect(getComputedStyle(content).display).to.not.equal('none');
    content.remove();
  });

  it('lets the host veto printing', async () => {
    const el = await fixture<WorkOrderCard>(
      html`<work-order-card source="replay" .props=${PROPS}></work-order-card>`,
    );
    await until(() => loaded(el));
    el.addEventListener('work-order-print', (event) => event.preventDefault(), { once: true });
    await el.print();
    expect(printed).to.equal(0);
    expect(document.querySelector('[data-agui-print]')).to.equal(null);
  });

  it('prints with the keyboard', async () => {
    const el = await fixture<WorkOrderCard>(
      html`<work-order-card source="replay" .props=${PROPS}></work-order-card>`,
    );
    await until(() => loaded(el));
    buttonNamed(el, 'Print').focus();
    await sendKeys({ press: 'Enter' });
    await until(() => printed === 1);
  });

  it('shows a skeleton while loading, the error with Retry, and loads again', async () => {
    const { base, mode } = flakyBase();
    const el = await fixture<WorkOrderCard>(
      html`<work-order-card data-base=${base} .props=${PROPS}></work-order-card>`,
    );
    expect(inShadow(el, '[part="loading"]').textContent?.trim()).to.equal(
      'Loading work order WO-1001…',
    );
    await until(() => !!el.shadowRoot?.querySelector('[part="error"]'));
    expect(shadowText(el, '[part="error"] p')).to.equal(
      'Could not load work order WO-1001. HTTP 503: Synthetic outage of the data service',
    );
    await expect(el).to.be.accessible();
    buttonNamed(el, 'Retry').click();
    await until(() => loaded(el));
    expect(await dataRequests(mode)).to.deep.equal([
      '/api/v1/work-orders/WO-1001',
      '/api/v1/work-orders/WO-1001',
    ]);
  });

  it('says what the route answered for an unknown work order', async () => {
    const el = await fixture<WorkOrderCard>(
      html`<work-order-card .props=${{ ...PROPS, work_order_id: 'WO-9999' }}></work-order-card>`,
    );
    await until(() => !!el.shadowRoot?.querySelector('[part="error"]'));
    expect(shadowText(el, '[part="error"] p')).to.contain(
      'HTTP 404: Unknown work order WO-9999: the fixture has WO-1001, WO-1002, WO-1003.',
    );
  });

  it('notes a work order of another cell, and shows a given record without fetching', async () => {
    const resolver = recordingResolver();
    const el = await fixture<WorkOrderCard>(
      html`<work-order-card
        .resolver=${resolver}
        .props=${{ ...PROPS, cell_id: 3 }}
      ></work-order-card>`,
    );
    await until(() => loaded(el));
    expect(shadowText(el, '[part="note"]')).to.equal(
      'This work order belongs to cell 1, not to cell 3 as the props say.',
    );
    const given = await fixture<WorkOrderCard>(
      html`<work-order-card
        .resolver=${resolver}
        .record=${{ ...workOrder('WO-1003'), synthetic: false }}
      ></work-order-card>`,
    );
    expect(shadowText(given, '[part="title"]')).to.equal(
      'Add queue consumers before the next peak',
    );
    expect(resolver.calls).to.deep.equal(['order WO-1001']);
  });

  it('stays within 390 px', async () => {
    await setViewport({ width: 390, height: 844 });
    const el = await fixture<WorkOrderCard>(
      html`<work-order-card source="replay" .props=${PROPS}></work-order-card>`,
    );
    await until(() => loaded(el));
    expect(document.documentElement.scrollWidth).to.be.at.most(390);
    expect(inShadow(el, '[part="base"]').getBoundingClientRect().right).to.be.at.most(390);
  });
});
