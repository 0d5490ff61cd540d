import { expect, fixture, html } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import '../components/define.js';
import type { KbProgress } from '../components/kb-progress/kb-progress.js';
import { allInShadow, inShadow } from './support/elements.js';
import { shadowText } from './support/artifacts.js';

const STEPS = [
  { label: 'Read the measurements', status: 'done' as const },
  { label: 'Compare with the baseline', status: 'done' as const },
  { label: 'Read the cell 1 knowledge base', status: 'running' as const },
  { label: 'Index the runbooks', status: 'failed' as const },
  { label: 'Write the diagnosis', status: 'pending' as const },
  { label: 'Notify the owner', status: 'skipped' as const },
];

describe('<kb-progress>', () => {
  beforeEach(() => setViewport({ width: 900, height: 800 }));

  it('shows each step with its status in words, and the progress', async () => {
    const el = await fixture<KbProgress>(
      html`<kb-progress .props=${{ steps: STEPS, cell_id: 1 }}></kb-progress>`,
    );
    expect(shadowText(el, '[part="title"]')).to.equal('Knowledge base progress');
    expect(shadowText(el, '[part="meta"]')).to.equal('Cell 1');
    expect(
      allInShadow(el, '[part="step"]').map((step) => [
        step.querySelector('.label')?.textContent?.trim(),
        step.querySelector('.status')?.textContent?.trim(),
        step.getAttribute('aria-current'),
      ]),
    ).to.deep.equal([
      ['Read the measurements', 'Done', null],
      ['Compare with the baseline', 'Done', null],
      ['Read the cell 1 knowledge base', 'Running', 'step'],
      ['Index the runbooks', 'Failed', null],
      ['Write the diagnosis', 'Pending', null],
      ['Notify the owner', 'Skipped', null],
    ]);
    const progress = inShadow<HTMLProgressElement>(el, 'progress');
    expect([progress.value, progress.max]).to.deep.equal([2, 6]);
    expect(shadowText(el, '[part="progress"]')).to.equal('2 of 6 steps done · 1 failed');
    expect(progress.getAttribute('aria-label')).to.equal('2 of 6 steps done · 1 failed');
    await expect(el).to.be.accessible();
  });

  it('shows the demo recipe’s all-done steps, read from an attribute', async () => {
    const done = STEPS.slice(0, 2);
    const el = await fixture<KbProgress>(
      html`<kb-progress cell-id="1" steps=${JSON.stringify(done)}></kb-progress>`,
    );
    expect(shadowText(el, '[part="progress"]')).to.equal('2 of 2 steps done');
    el.steps = [];
    await el.updateComplete;
    expect(shadowText(el, '[part="empty"]')).to.equal('No steps yet.');
  });

  it('stays within 390 px, light and dark', async () => {
    await setViewport({ width: 390, height: 844 });
    const el = await fixture<KbProgress>(
      html`<kb-progress
        theme="dark"
        .props=${{ steps: [...STEPS, { label: 'x'.repeat(200), status: 'pending' }], cell_id: 1 }}
      ></kb-progress>`,
    );
    expect(document.documentElement.scrollWidth).to.be.at.most(390);
    expect(inShadow(el, '[part="base"]').getBoundingClientRect().right).to.be.at.most(390);
    await expect(el).to.be.accessible();
  });
});
