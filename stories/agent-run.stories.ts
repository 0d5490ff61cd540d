import type { Meta, StoryContext, StoryObj } from '@storybook/web-components-vite';
import { html, nothing, type TemplateResult } from 'lit';
import { expect } from 'storybook/test';
import type { AgentRun } from '../components/agent-run/agent-run.js';
import { storyStore } from './support/bindings.js';
import { atPhoneWidth, layoutStyles, onDarkPage } from './support/layout.js';
import { manifestArgs, manifestArgTypes } from './support/manifest.js';
import { expectStatus, inShadow } from './support/play.js';
import {
  disposeStoryStores,
  SIMULATED_FAILURE,
  type StoreRecipe,
  until,
} from './support/store-states.js';

type Args = Record<string, unknown>;
type Story = StoryObj<Args>;

/** Run controls, chart and the card of the latest diagnosis, using the run of the `<agent-run>` around them. */
function elements(theme?: 'dark', run?: string): TemplateResult {
  return html`<div class="story-frame">
    <div class="story-layout">
      <run-controls theme=${theme ?? nothing} run=${run ?? nothing}></run-controls>
      <service-chart theme=${theme ?? nothing} run=${run ?? nothing}></service-chart>
      <diagnostic-card latest theme=${theme ?? nothing} run=${run ?? nothing}></diagnostic-card>
    </div>
  </div>`;
}

/** `<agent-run>` given a store in the recipe's state, around the three elements. */
function runIn(args: Args, context: StoryContext<Args>, recipe: StoreRecipe, theme?: 'dark') {
  return html`${layoutStyles}
    <agent-run ${manifestArgs('agent-run', args)} .store=${storyStore(context, recipe)}>
      ${elements(theme)}
    </agent-run>`;
}

function stateStory(recipe: StoreRecipe, status: string | RegExp): Story {
  return {
    render: (args, context) => runIn(args, context, recipe),
    play: ({ canvasElement }) => expectStatus(canvasElement, status),
  };
}

const ids = new WeakMap<HTMLElement, string>();
let idCount = 0;

/** An id for the provider of this story canvas, unique on a docs page that shows several stories. */
function providerId(canvas: HTMLElement): string {
  let id = ids.get(canvas);
  if (!id) {
    idCount += 1;
    id = `story-run-${idCount}`;
    ids.set(canvas, id);
  }
  return id;
}

const meta: Meta<Args> = {
  title: 'Elements/agent-run',
  component: 'agent-run',
  tags: ['autodocs'],
  argTypes: manifestArgTypes('agent-run'),
  beforeEach: disposeStoryStores,
  parameters: {
    layout: 'fullscreen',
    docs: {
      description: {
        component:
          'Owns one run store and provides it to the elements inside it. With `source="replay"` it plays ' +
          'the prepared demo recipe in the page — synthetic data, no server — and every element shows a ' +
          'disclosure saying so. Press Run to play it. The run-state stories give it a store that the same ' +
          'replay brought into that state.',
      },
    },
  },
  decorators: [(story) => html`<div style="padding: 1rem">${story()}</div>`],
};
export default meta;

/** `<agent-run source="replay">` around run controls, chart and card: press Run to play the prepared recipe. */
export const Playground: Story = {
  args: { source: 'replay' },
  render: (args) =>
    html`${layoutStyles} <agent-run ${manifestArgs('agent-run', args)}>${elements()}</agent-run>`,
};

/** Run pressed: the prepared recipe plays at its own pace (about ten seconds) to Completed. */
export const ReplayPlayed: Story = {
  name: 'Replay played',
  args: { source: 'replay' },
  parameters: { docs: { story: { autoplay: true } } },
  render: Playground.render,
  play: async ({ canvasElement }) => {
    const run = canvasElement.querySelector<AgentRun>('agent-run');
    if (!run) throw new Error('No <agent-run>');
    inShadow<HTMLButtonElement>(canvasElement, 'run-controls', '[data-action="run"]').click();
    await until(run.store, (state) => state.run.status === 'Completed', 30_000);
    await expectStatus(canvasElement, 'Completed');
  },
};

/** The elements outside the provider, naming it with `run="ID"` (like `<label for>`). */
export const BoundById: Story = {
  name: 'Elements outside, by run="ID"',
  args: { source: 'replay' },
  render: (args, context) => {
    const id = providerId(context.canvasElement);
    return html`${layoutStyles}
      <agent-run id=${id} ${manifestArgs('agent-run', args)}></agent-run>
      ${elements(undefined, id)}`;
  },
};

export const Idle: Story = stateStory('Idle', 'Idle');
export const Connecting: Story = stateStory('Connecting', 'Connecting');
export const Streaming: Story = stateStory('Streaming', 'Streaming');
export const NeedsApproval: Story = {
  ...stateStory('Needs approval', 'Needs approval'),
  name: 'Needs approval',
};
export const Completed: Story = stateStory('Completed', 'Completed');
export const Cancelled: Story = stateStory('Cancelled', 'Cancelled');
export const Failed: Story = stateStory('Failed', /^Failed: .+/);

/** Run 1 completed; run 2 failed with a transport error (a 503 made in the page): run 1's data stays. */
export const TransportError: Story = {
  ...stateStory('Kept after failure', `Failed: ${SIMULATED_FAILURE}`),
  name: 'Error (transport)',
};

/** A completed chat run that carried no measurements and no diagnosis. */
export const Empty: Story = stateStory('Empty', 'Completed');

export const Dark: Story = {
  render: (args, context) => onDarkPage(runIn(args, context, 'Completed', 'dark')),
  play: ({ canvasElement }) => expectStatus(canvasElement, 'Completed'),
};

/** At the width of a phone: the elements stack, the page never scrolls sideways. */
export const Narrow: Story = {
  name: 'Narrow (390 px)',
  render: (args, context) => atPhoneWidth(runIn(args, context, 'Completed')),
  play: async ({ canvasElement }) => {
    await expectStatus(canvasElement, 'Completed');
    const wrapper = canvasElement.querySelector<HTMLElement>('.story-narrow');
    await expect(wrapper?.scrollWidth).toBeLessThanOrEqual(wrapper?.clientWidth ?? 0);
  },
};
