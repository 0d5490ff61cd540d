import type { Meta, StoryContext, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { expect } from 'storybook/test';
import { storyStore } from './support/bindings.js';
import { atPhoneWidth, onDarkPage } from './support/layout.js';
import { manifestArgs, manifestArgTypes } from './support/manifest.js';
import { inShadow } from './support/play.js';
import { disposeStoryStores, type StoreRecipe, storiesSettled } from './support/store-states.js';

type Args = Record<string, unknown>;
type Story = StoryObj<Args>;

function chart(args: Args, context: StoryContext<Args>, recipe: StoreRecipe) {
  return html`<service-chart
    ${manifestArgs('service-chart', args)}
    .store=${storyStore(context, recipe)}
  ></service-chart>`;
}

/** The names in the table, in order, once the story's store has settled. */
async function rows(canvas: HTMLElement): Promise<string[]> {
  await storiesSettled(canvas);
  const table = inShadow(canvas, 'service-chart', 'tbody');
  return [...table.querySelectorAll('tr')].map(
    (row) => row.querySelector('button')?.textContent?.trim() ?? '',
  );
}

async function note(canvas: HTMLElement): Promise<string | null> {
  await storiesSettled(canvas);
  const element = canvas.querySelector('service-chart')?.shadowRoot?.querySelector('.note');
  return element?.textContent?.trim() ?? null;
}

async function empty(canvas: HTMLElement): Promise<string | null> {
  await storiesSettled(canvas);
  const element = canvas.querySelector('service-chart')?.shadowRoot?.querySelector('.empty');
  return element?.textContent?.trim() ?? null;
}

function stateStory(recipe: StoreRecipe, play: Story['play']): Story {
  return { render: (args, context) => chart(args, context, recipe), play };
}

const meta: Meta<Args> = {
  title: 'Elements/service-chart',
  component: 'service-chart',
  tags: ['autodocs'],
  argTypes: manifestArgTypes('service-chart'),
  beforeEach: disposeStoryStores,
  parameters: {
    docs: {
      description: {
        component:
          'Latency against volume as an SVG chart and a table, with the All, Core and Platform filters and a ' +
          'selected service. The measurements are synthetic: the stories drive a run store with the in-page ' +
          'replay of the prepared demo recipe (no server).',
      },
    },
  },
};
export default meta;

/** The data of a completed replay; the filters and row buttons work, the controls set attributes and strings. */
export const Playground: Story = stateStory('Completed', async ({ canvasElement }) => {
  await expect(await rows(canvasElement)).toEqual(['Queue', 'Search', 'API', 'Events']);
});

/** No run yet: nothing to show, and it says how to get data. */
export const Idle: Story = stateStory('Idle', async ({ canvasElement }) => {
  await expect(await empty(canvasElement)).toMatch(/^No measurements yet/);
});

export const Connecting: Story = stateStory('Connecting', async ({ canvasElement }) => {
  await expect(await empty(canvasElement)).toBe('Waiting for the first measurements…');
});

/** The snapshot and the API latency update arrived, the agent selected API; the stream is held here. */
export const Streaming: Story = stateStory('Streaming', async ({ canvasElement }) => {
  await expect(await rows(canvasElement)).toEqual(['API', 'Search', 'Queue']);
});

/** After the analysis, a work-order request waits for approval; the data is the analysis's own. */
export const NeedsApproval: Story = {
  ...stateStory('Needs approval', async ({ canvasElement }) => {
    await expect(await note(canvasElement)).toBeNull();
  }),
  name: 'Needs approval',
};

/** Four rows after the reorder and the addition of Events; API stays selected (a ring, a label and its comparison). */
export const Completed: Story = stateStory('Completed', async ({ canvasElement }) => {
  await expect(await rows(canvasElement)).toEqual(['Queue', 'Search', 'API', 'Events']);
});

/** The slow scenario cancelled after its first snapshot: three rows stay, with a note. */
export const Cancelled: Story = stateStory('Cancelled', async ({ canvasElement }) => {
  await expect(await rows(canvasElement)).toEqual(['API', 'Search', 'Queue']);
  await expect(await note(canvasElement)).toMatch(/was cancelled: showing the last valid data/);
});

/** The invalid patch was rejected whole: API keeps 60 ms (never 999) and the run failed. */
export const Failed: Story = stateStory('Failed', async ({ canvasElement }) => {
  await expect(await note(canvasElement)).toMatch(/failed: showing the last valid data/);
  const api = inShadow(canvasElement, 'service-chart', 'tbody tr[data-id="api"]');
  await expect(api.querySelector('td:last-child')?.textContent?.trim()).toBe('60');
});

/** Run 1 completed, run 2 failed before sending data (a 503 made in the page): run 1's data stays, with a note. */
export const KeptAfterFailure: Story = {
  ...stateStory('Kept after failure', async ({ canvasElement }) => {
    await expect(await note(canvasElement)).toBe('Run 2 failed: showing the last valid data.');
    await expect(await rows(canvasElement)).toHaveLength(4);
  }),
  name: 'Kept last valid data after a failure',
};

/** The first run failed before any data arrived (a 503 made in the page). */
export const TransportError: Story = {
  ...stateStory('Error', async ({ canvasElement }) => {
    await expect(await empty(canvasElement)).toMatch(
      /^Run 1 failed before any measurements arrived/,
    );
  }),
  name: 'Error (transport, no data)',
};

/** A completed chat run whose answer carried no measurements. */
export const Empty: Story = stateStory('Empty', async ({ canvasElement }) => {
  await expect(await empty(canvasElement)).toMatch(/^No measurements yet/);
});

/** The Core filter: only API and Search, on the same axes as All. */
export const CoreFilter: Story = {
  ...stateStory('Core filter', async ({ canvasElement }) => {
    await expect(await rows(canvasElement)).toEqual(['Search', 'API']);
  }),
  name: 'Core filter',
};

/** A person selected Queue: a ring and label in the chart, "Selected" and aria-pressed in the table. */
export const SelectedService: Story = {
  ...stateStory('Selected service', async ({ canvasElement }) => {
    await storiesSettled(canvasElement);
    const pressed = inShadow(canvasElement, 'service-chart', 'tbody button[aria-pressed="true"]');
    await expect(pressed.textContent?.trim()).toBe('Queue');
  }),
  name: 'Selected service',
};

/** The comparison text beside the table, read from the chart's shadow root once the store has settled. */
async function comparison(canvas: HTMLElement): Promise<string[]> {
  await storiesSettled(canvas);
  const element = canvas.querySelector('service-chart')?.shadowRoot?.querySelector('.comparison');
  return [...(element?.querySelectorAll('p') ?? [])].map((line) => line.textContent?.trim() ?? '');
}

/**
 * API against its run's first snapshot: 60 ms then, 145 ms now. The text beside the table, the change in its row
 * and a dashed diamond on the chart joined to the current mark by a dashed line.
 */
export const ComparedWithBaseline: Story = {
  ...stateStory('Completed', async ({ canvasElement }) => {
    await expect(await comparison(canvasElement)).toEqual([
      'API since run 1 began',
      'Latency 145 ms, was 60 ms: +85 ms (+142%)',
      'Volume 1,200 requests, was 1,200: no change',
    ]);
    const marker = inShadow(canvasElement, 'service-chart', 'g.baseline[data-id="api"]');
    await expect(marker.querySelector('.baseline-link')).not.toBeNull();
  }),
  name: 'Compared with the baseline',
};

/** Events arrived after the run's first snapshot: there is nothing to compare it with. */
export const NewSinceRunBegan: Story = {
  ...stateStory('Selected new service', async ({ canvasElement }) => {
    await expect((await comparison(canvasElement))[1]).toBe(
      'New since this run began: not in the first snapshot of run 1',
    );
  }),
  name: 'New since this run began',
};

/** Run 2 was asked for and has not answered: run 1's data stays, and run 2 has no baseline yet. */
export const NoBaselineYet: Story = {
  ...stateStory('Awaiting baseline', async ({ canvasElement }) => {
    await expect((await comparison(canvasElement))[1]).toBe(
      'No baseline yet: run 2 has not sent its first snapshot',
    );
  }),
  name: 'No baseline yet',
};

/** Run 2 failed before its first snapshot (a 503 made in the page): it ended without a baseline. */
export const NoBaselineAfterFailure: Story = {
  ...stateStory('Failed before baseline', async ({ canvasElement }) => {
    await expect((await comparison(canvasElement))[1]).toBe(
      'No baseline: run 2 ended before its first snapshot',
    );
  }),
  name: 'No baseline (failed before its snapshot)',
};

/** The invalid patch was rejected: the baseline and the comparison keep the last valid numbers (never 999). */
export const RejectedPatchComparison: Story = {
  ...stateStory('Rejected patch, selected', async ({ canvasElement }) => {
    await expect((await comparison(canvasElement))[1]).toBe('Latency 60 ms, was 60 ms: no change');
  }),
  name: 'Comparison after a rejected patch',
};

export const Dark: Story = {
  args: { theme: 'dark' },
  render: (args, context) => onDarkPage(chart(args, context, 'Completed')),
};

/** At the width of a phone: the table fits, the page never scrolls sideways. */
export const Narrow: Story = {
  name: 'Narrow (390 px)',
  render: (args, context) => atPhoneWidth(chart(args, context, 'Completed')),
};
