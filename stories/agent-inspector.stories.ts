import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html, nothing, type TemplateResult } from 'lit';
import { expect } from 'storybook/test';
import '../components/agent-inspector/define-inspector.js';
import type { AgentInspector } from '../components/agent-inspector/agent-inspector.js';
import type { AgentRun } from '../components/agent-run/agent-run.js';
import { atPhoneWidth, layoutStyles, onDarkPage } from './support/layout.js';
import { manifestArgs, manifestArgTypes } from './support/manifest.js';
import { inShadow } from './support/play.js';
import { until } from './support/store-states.js';

type Args = Record<string, unknown>;
type Story = StoryObj<Args>;

/** A recording of the fixture's normal and invalid-patch runs (made by scripts/record-fixture.ts). */
const RECORDING_URL = new URL('./recordings/analysis.jsonl', import.meta.url).href;

/** `<agent-run>` playing the recording, with run controls, and the inspector inside it. */
function recordingPlayer(args: Args, speed: string, theme?: 'dark'): TemplateResult {
  return html`${layoutStyles}
    <agent-run source="recording" recording=${RECORDING_URL} speed=${speed}>
      <div class="story-layout">
        <run-controls theme=${theme ?? nothing}></run-controls>
        <service-chart theme=${theme ?? nothing}></service-chart>
      </div>
      <agent-inspector
        ${manifestArgs('agent-inspector', args)}
        theme=${theme ?? nothing}
      ></agent-inspector>
    </agent-run>`;
}

/** Presses Run on the canvas's run controls and waits for the run to end with this status. */
async function runTo(canvas: HTMLElement, status: string): Promise<void> {
  const run = canvas.querySelector<AgentRun>('agent-run');
  if (!run) throw new Error('No <agent-run>');
  inShadow<HTMLButtonElement>(canvas, 'run-controls', '[data-action="run"]').click();
  await until(run.store, (state) => state.run.status === status, 30_000);
}

const meta: Meta<Args> = {
  title: 'Elements/agent-inspector',
  component: 'agent-inspector',
  tags: ['autodocs'],
  argTypes: manifestArgTypes('agent-inspector'),
  parameters: {
    layout: 'fullscreen',
    docs: {
      description: {
        component:
          'Every AG-UI event the run store acted on, with the agent state right after each one. Here ' +
          '`<agent-run source="recording">` replays a recording file (the fixture’s normal run, then its ' +
          'invalid-patch run): press Run once for each. **Download recording** writes what you see as a ' +
          'recording again. Load it on a page with `dist/agui-inspector.js` beside either main bundle.',
      },
    },
  },
  decorators: [(story) => html`<div style="padding: 1rem">${story()}</div>`],
};
export default meta;

/** The recording at its own timing: press Run to play the next recorded run. */
export const Playground: Story = {
  render: (args) => recordingPlayer(args, '1'),
};

/** Both recorded runs played at once (`speed="0"`): the second one's rejected patch is marked Failed. */
export const RecordingPlayed: Story = {
  name: 'Recording played',
  parameters: { docs: { story: { autoplay: true } } },
  render: (args) => recordingPlayer(args, '0'),
  play: async ({ canvasElement }) => {
    await runTo(canvasElement, 'Completed');
    await runTo(canvasElement, 'Failed');
    const inspector = canvasElement.querySelector<AgentInspector>('agent-inspector');
    await expect(inspector?.eventCount).toBeGreaterThan(100);
    // The failure is the newest row, so the following table shows it (on the next frame).
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await inspector?.updateComplete;
    const failed = inspector?.shadowRoot?.querySelector('tr.failed');
    await expect(failed?.textContent).toContain('State patch rejected');
  },
};

/** No store to inspect yet: it says how to give it one. */
export const Empty: Story = {
  render: (args) =>
    html`<agent-inspector ${manifestArgs('agent-inspector', args)}></agent-inspector>`,
};

export const Dark: Story = {
  render: (args) => onDarkPage(recordingPlayer(args, '0', 'dark')),
  play: async ({ canvasElement }) => runTo(canvasElement, 'Completed'),
};

/** At the width of a phone: the size column gives way to the summary; the page never scrolls sideways. */
export const Narrow: Story = {
  name: 'Narrow (390 px)',
  render: (args) => atPhoneWidth(recordingPlayer(args, '0')),
  play: async ({ canvasElement }) => {
    await runTo(canvasElement, 'Completed');
    const wrapper = canvasElement.querySelector<HTMLElement>('.story-narrow');
    await expect(wrapper?.scrollWidth).toBeLessThanOrEqual(wrapper?.clientWidth ?? 0);
  },
};
