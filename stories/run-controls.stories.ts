import type { Meta, StoryContext, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { expect, waitFor } from 'storybook/test';
import type { ChannelScheduler } from '../src/channel/types.js';
import { RunStore } from '../src/store/run-store.js';
import { storyStore } from './support/bindings.js';
import { atPhoneWidth, onDarkPage } from './support/layout.js';
import { manifestArgs, manifestArgTypes } from './support/manifest.js';
import { expectStatus, inShadow } from './support/play.js';
import {
  disposeStoryStores,
  SIMULATED_FAILURE,
  type StoreRecipe,
  storiesSettled,
} from './support/store-states.js';

type Args = Record<string, unknown>;
type Story = StoryObj<Args>;

/** `<run-controls>` bound by `.store` to a store in the recipe's state (none: not connected). */
function controls(args: Args, context: StoryContext<Args>, recipe: StoreRecipe | null) {
  return html`<run-controls
    ${manifestArgs('run-controls', args)}
    .store=${recipe ? storyStore(context, recipe) : null}
  ></run-controls>`;
}

function stateStory(recipe: StoreRecipe, status: string | RegExp): Story {
  return {
    render: (args, context) => controls(args, context, recipe),
    play: ({ canvasElement }) => expectStatus(canvasElement, status),
  };
}

const meta: Meta<Args> = {
  title: 'Elements/run-controls',
  component: 'run-controls',
  tags: ['autodocs'],
  argTypes: manifestArgTypes('run-controls'),
  args: { scenario: 'normal' },
  beforeEach: disposeStoryStores,
  parameters: {
    docs: {
      description: {
        component:
          'Scenario, Run, Recover and Cancel for one run, its state in a live status region and the activity ' +
          'log. The stories drive a run store with the in-page replay of the prepared demo recipe (synthetic ' +
          'data, no server); the Playground replays it at its own pace when you press Run.',
      },
    },
  },
};
export default meta;

/** Inside `<agent-run source="replay">`: press Run to play the prepared recipe in the page. */
export const Playground: Story = {
  render: (args) =>
    html`<agent-run source="replay">
      <run-controls ${manifestArgs('run-controls', args)}></run-controls>
    </agent-run>`,
};

export const Idle: Story = stateStory('Idle', 'Idle');

/** The request is out and nothing has answered yet: Run is disabled, Cancel enabled. */
export const Connecting: Story = stateStory('Connecting', 'Connecting');

/** The recipe has sent its first snapshot and updates; the stream is held open here. */
export const Streaming: Story = stateStory('Streaming', 'Streaming');

/** The recipe's work-order request ended the run waiting for approval; Run answers it as cancelled. */
export const NeedsApproval: Story = {
  ...stateStory('Needs approval', 'Needs approval'),
  name: 'Needs approval',
};

export const Completed: Story = stateStory('Completed', 'Completed');

/** The slow scenario, cancelled after its first snapshot: Recover is enabled. */
export const Cancelled: Story = stateStory('Cancelled', 'Cancelled');

/** The invalid-patch scenario: the store rejected the broken patch whole, and the status says why. */
export const Failed: Story = stateStory('Failed', /^Failed: .+/);

/** A transport failure (a 503 made in the page for this story; no request leaves it). */
export const TransportError: Story = {
  ...stateStory('Error', `Failed: ${SIMULATED_FAILURE}`),
  name: 'Error (transport)',
};

/** No store to bind to: every action is disabled and the status says so. */
export const Empty: Story = {
  render: (args, context) => controls(args, context, null),
  play: ({ canvasElement }) => expectStatus(canvasElement, 'Not connected to a run'),
};

/** Three runs (normal, invalid, Recover) logged 18 entries: the log lists the 12 newest, oldest first. */
export const FullActivityLog: Story = {
  name: 'Full activity log (12 entries)',
  parameters: { docs: { story: { autoplay: true } } },
  render: (args, context) => controls(args, context, 'Full activity log'),
  play: async ({ canvasElement }) => {
    await storiesSettled(canvasElement);
    const details = inShadow<HTMLDetailsElement>(canvasElement, 'run-controls', 'details');
    details.open = true;
    await expect(details.querySelectorAll('li').length).toBe(12);
  },
};

export const Dark: Story = {
  args: { theme: 'dark' },
  render: (args, context) => onDarkPage(controls(args, context, 'Failed')),
  play: ({ canvasElement }) => expectStatus(canvasElement, /^Failed: .+/),
};

/** Every visible string comes from the `strings` property. */
export const CustomStrings: Story = {
  name: 'Custom strings',
  args: {
    strings: {
      scenario: 'Scénario',
      normal: 'Normal',
      invalid: 'Correctif invalide',
      slow: 'Lent',
      run: 'Lancer',
      recover: 'Reprendre',
      cancel: 'Annuler',
      completed: 'Terminé',
      activity: 'Activité ({count})',
    },
  },
  render: (args, context) => controls(args, context, 'Completed'),
  play: ({ canvasElement }) => expectStatus(canvasElement, 'Terminé'),
};

/** At the width of a phone. */
export const Narrow: Story = {
  name: 'Narrow (390 px)',
  render: (args, context) => atPhoneWidth(controls(args, context, 'Streaming')),
  play: ({ canvasElement }) => expectStatus(canvasElement, 'Streaming'),
};

/** A channel whose every reply is not an event stream (a `data:` URL: nothing leaves the page). */
function channelStory(retry: 'never' | 'at once', line: RegExp): Story {
  let store: RunStore | null = null;
  const scheduler: ChannelScheduler = {
    now: () => Date.now(),
    setTimeout: (callback) => (retry === 'at once' ? setTimeout(callback, 0) : 0),
    clearTimeout: (handle) => clearTimeout(handle as number),
  };
  return {
    beforeEach: () => () => store?.dispose(),
    render: (args) => {
      store = new RunStore({
        channel: { url: 'data:text/plain,not-an-event-stream', transport: 'sse', scheduler },
      });
      return html`<run-controls
        ${manifestArgs('run-controls', args)}
        .store=${store}
      ></run-controls>`;
    },
    play: async ({ canvasElement }) => {
      await waitFor(() =>
        expect(inShadow(canvasElement, 'run-controls', '[part="channel"]').textContent).toMatch(
          line,
        ),
      );
      await expectStatus(canvasElement, 'Idle');
    },
  };
}

/** The channel dropped and waits to retry; the line says when (the run's status is not touched). */
export const ChannelReconnecting: Story = {
  ...channelStory('never', /Live updates: reconnecting at \S+/),
  name: 'Channel reconnecting',
};

/** Five attempts in a row failed before opening: the channel stopped for good and says why. */
export const ChannelStopped: Story = {
  ...channelStory('at once', /Live updates stopped: 5 attempts in a row failed/),
  name: 'Channel stopped',
};
