import type { Meta, StoryContext, StoryObj } from '@storybook/web-components-vite';
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import { html, type TemplateResult } from 'lit';
import { expect, waitFor } from 'storybook/test';
import type { AgentChat } from '../components/agent-chat/agent-chat.js';
import { setDisclosure } from '../components/shared/disclosure.js';
import { createReplayAgent } from '../src/fixtures/replay-agent.js';
import { SCHEDULE_SURFACE_ID } from '../src/fixtures/a2ui-recipe.js';
import { RunStore } from '../src/store/run-store.js';
import type { AgentLike, RunStoreState } from '../src/store/types.js';
import { atPhoneWidth, onDarkPage } from './support/layout.js';
import { ev, finished, started, storyAgent } from './support/story-agent.js';
import { manifestArgs, manifestArgTypes } from './support/manifest.js';
import { SYNTHETIC_DISCLOSURE } from './support/store-states.js';

const SCHEDULE = 'Schedule maintenance for cell 3';
const BASIC = 'https://a2ui.org/specification/v0_9/basic_catalog.json';

const surface = (messageId: string, content: unknown) =>
  ev({
    type: 'ACTIVITY_SNAPSHOT',
    messageId,
    activityType: 'a2ui-surface',
    content,
    replace: true,
  });

const NOTE = [
  { id: 'root', component: 'Card', child: 'col' },
  { id: 'col', component: 'Column', children: ['title', 'body'] },
  { id: 'title', component: 'Text', variant: 'h3', text: 'Cell 3 status' },
  { id: 'body', component: 'Text', text: 'Consumer lag is **back under 2 s**.' },
];
const created = (surfaceId: string) => [
  { version: 'v0.9', createSurface: { surfaceId, catalogId: BASIC } },
  { version: 'v0.9', updateComponents: { surfaceId, components: NOTE } },
];

export type A2uiScenario =
  'building' | 'retrying' | 'failed' | 'painted' | 'updated' | 'deleted' | 'pending';

/** A store showing a surface in the named state (the replay agent's recording, or a small story agent). */
export function a2uiScenario(scenario: A2uiScenario): RunStore {
  const one = (events: (input: RunAgentInput) => (BaseEvent | 'hold')[]) => {
    const store = new RunStore({ agent: storyAgent((input) => events(input)) });
    store.send('Show the status of cell 3');
    return store;
  };
  switch (scenario) {
    case 'painted':
    case 'pending': {
      const replay = createReplayAgent({ timeScale: 0 });
      // The pending story's action run starts and stays open.
      const held = storyAgent((input) => [started(input), 'hold']);
      const agent: AgentLike =
        scenario === 'painted'
          ? replay
          : {
              run: (input) =>
                (input.forwardedProps as { a2uiAction?: unknown } | undefined)?.a2uiAction
                  ? held.run(input)
                  : replay.run(input),
            };
      const store = new RunStore({ agent });
      setDisclosure(store, SYNTHETIC_DISCLOSURE);
      store.send(SCHEDULE);
      return store;
    }
    case 'building':
      return one((input) => [
        started(input),
        surface('s1', { status: 'building', progressTokens: 96 }),
        'hold',
      ]);
    case 'retrying':
      return one((input) => [
        started(input),
        surface('s1', {
          status: 'retrying',
          attempt: 2,
          maxAttempts: 3,
          errors: [{ path: 'components.2', message: 'Unknown component "Metric"' }],
          debugExposure: 'verbose',
        }),
        'hold',
      ]);
    case 'failed':
      return one((input) => [
        started(input),
        surface('s1', {
          status: 'failed',
          error: 'The agent ran out of attempts.',
          attempts: [{}, {}, {}],
        }),
        finished(input),
      ]);
    case 'updated':
      return one((input) => [
        started(input),
        surface('s1', { a2ui_operations: created('status') }),
        surface('s2', {
          a2ui_operations: [
            {
              version: 'v0.9',
              updateComponents: {
                surfaceId: 'status',
                components: [
                  { id: 'body', component: 'Text', text: 'Consumer lag is **back under 1 s**.' },
                ],
              },
            },
          ],
        }),
        finished(input),
      ]);
    case 'deleted':
      return one((input) => [
        started(input),
        surface('s1', { a2ui_operations: created('status') }),
        surface('s2', {
          a2ui_operations: [{ version: 'v0.9', deleteSurface: { surfaceId: 'status' } }],
        }),
        finished(input),
      ]);
  }
}

const stores = new Map<string, RunStore>();

type Args = Record<string, unknown>;
type Story = StoryObj<Args>;

const meta: Meta<Args> = {
  title: 'Elements/agent-chat/A2UI surfaces',
  component: 'agent-chat',
  excludeStories: ['a2uiScenario'],
  argTypes: manifestArgTypes('agent-chat'),
  beforeEach: (context) => () => {
    stores.get(context.id)?.dispose();
    stores.delete(context.id);
  },
  parameters: {
    layout: 'padded',
    docs: {
      description: {
        component:
          'A2UI v0.9 surfaces from @ag-ui/a2ui-middleware, rendered in the turn by @a2ui/lit: the states before ' +
          'a surface paints, the schedule form of the prepared recipe (recorded from the fixture server), updates ' +
          'from later messages, a deleted surface, an action on its way, a restored thread.',
      },
    },
  },
};
export default meta;

function chatOn(args: Args, context: StoryContext<Args>, store: RunStore): TemplateResult {
  stores.get(context.id)?.dispose();
  stores.set(context.id, store);
  return html`<agent-chat ${manifestArgs('agent-chat', args)} .store=${store}></agent-chat>`;
}

const chatIn = (args: Args, context: StoryContext<Args>, scenario: A2uiScenario) =>
  chatOn(args, context, a2uiScenario(scenario));

function shadowOf(canvas: HTMLElement): ShadowRoot {
  const root = canvas.querySelector<AgentChat>('agent-chat')?.shadowRoot;
  if (!root) throw new Error('No <agent-chat>');
  return root;
}

/** The surface's own DOM (inside <a2ui-surface>'s shadow root). */
const surfaceRoot = (canvas: HTMLElement) =>
  shadowOf(canvas).querySelector('a2ui-surface')?.shadowRoot ?? null;

function expectText(text: string): Story['play'] {
  return async ({ canvasElement }) => {
    await waitFor(() => expect(shadowOf(canvasElement).textContent).toContain(text), {
      timeout: 20_000,
    });
  };
}

const expectForm: Story['play'] = async ({ canvasElement }) => {
  await waitFor(() => expect(surfaceRoot(canvasElement)?.querySelector('button')).toBeTruthy(), {
    timeout: 30_000,
  });
};

const story = (scenario: A2uiScenario, play: Story['play']): Story => ({
  render: (args, context) => chatIn(args, context, scenario),
  play,
});

/** The middleware's building state, with its token estimate. */
export const Building = story('building', expectText('building an interface'));

/** A retry after errors, shown in full (`debugExposure: "verbose"`). */
export const Retrying = story('retrying', expectText('attempt 2 of 3'));

/** Out of attempts. */
export const Failed = story('failed', expectText('could not build this interface'));

/** The prepared recipe's schedule form, as the fixture server's real middleware sent it. */
export const Painted = story('painted', expectForm);

/** A later message updated the surface an earlier one created. */
export const Updated = story('updated', expectText('updated the interface status above'));

/** The agent removed its surface. */
export const Deleted = story('deleted', expectText('The agent removed this interface.'));

/** Schedule pressed: the reply is on its way and the form is read-only. */
export const ActionPending: Story = {
  render: (args, context) => chatIn(args, context, 'pending'),
  play: async (context) => {
    await expectForm(context);
    surfaceRoot(context.canvasElement)?.querySelector('button')?.click();
    await expectText('read-only until the reply finishes')?.(context);
  },
};

/** A thread restored from a save: the form is interactive again, with what the person typed. */
export const Restored: Story = {
  loaders: [
    async () => {
      const first = new RunStore({ agent: createReplayAgent({ timeScale: 0 }) });
      first.send(SCHEDULE);
      const state = await new Promise<RunStoreState>((resolve) => {
        const subscription = first.state$.subscribe((value) => {
          if (value.run.status === 'Completed') {
            queueMicrotask(() => subscription.unsubscribe());
            resolve(value);
          }
        });
      });
      const activity = state.messages.find((message) => message.role === 'activity');
      if (activity)
        first.editA2uiSurface(activity.id, SCHEDULE_SURFACE_ID, { '/form/technician': 'Jo Park' });
      const saved = first.getState();
      first.dispose();
      return { saved };
    },
  ],
  render: (args, context) =>
    chatOn(
      args,
      context,
      new RunStore({
        agent: createReplayAgent({ timeScale: 0 }),
        restore: (context.loaded as { saved: RunStoreState }).saved,
      }),
    ),
  play: async (context) => {
    await expectForm(context);
    await waitFor(() =>
      expect(surfaceRoot(context.canvasElement)?.querySelector('input')?.value).toBe('Jo Park'),
    );
  },
};

export const Dark: Story = {
  args: { theme: 'dark' },
  render: (args, context) => onDarkPage(chatIn(args, context, 'painted')),
  play: expectForm,
};

/** At the width of a phone (390 px): the form fits. */
export const Narrow: Story = {
  name: 'Narrow (390 px)',
  render: (args, context) => atPhoneWidth(chatIn(args, context, 'painted')),
  play: async (context) => {
    await expectForm(context);
    const wrapper = context.canvasElement.querySelector<HTMLElement>('.story-narrow');
    await expect(wrapper?.scrollWidth).toBeLessThanOrEqual(wrapper?.clientWidth ?? 0);
  },
};
