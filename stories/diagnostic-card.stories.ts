import type { Meta, StoryContext, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { expect, waitFor } from 'storybook/test';
import type { DiagnosticCardProps } from '../components/diagnostic-card/diagnostic-card.js';
import { finalDiagnosticCard } from '../src/fixtures/analysis-scenarios.js';
import { storyStore } from './support/bindings.js';
import { onDarkPage } from './support/layout.js';
import { manifestArgs, manifestArgTypes } from './support/manifest.js';
import { inShadow } from './support/play.js';
import {
  disposeStoryStores,
  STORY_WAIT_MS,
  type StoreRecipe,
  storiesSettled,
} from './support/store-states.js';

type Args = Record<string, unknown>;
type Story = StoryObj<Args>;

/** The card the prepared recipe's normal scenario renders (synthetic measurements). */
const props: DiagnosticCardProps = finalDiagnosticCard();

/** `<diagnostic-card latest>` bound to a store in the recipe's state: the run's latest valid diagnosis, if any. */
function cardOfRun(args: Args, context: StoryContext<Args>, recipe: StoreRecipe) {
  return html`<diagnostic-card
    ${manifestArgs('diagnostic-card', args)}
    .store=${storyStore(context, recipe)}
  ></diagnostic-card>`;
}

/** Waits until the card shows the recipe's diagnosis (`latest` validates it first, asynchronously). */
async function expectDiagnosis(canvas: HTMLElement): Promise<void> {
  await storiesSettled(canvas);
  await waitFor(
    () =>
      expect(
        canvas.querySelector('diagnostic-card')?.shadowRoot?.querySelector('.title')?.textContent,
      ).toBe(props.title),
    { timeout: STORY_WAIT_MS },
  );
}

async function expectPart(canvas: HTMLElement, part: string, text: string): Promise<void> {
  await storiesSettled(canvas);
  await waitFor(() =>
    expect(
      canvas
        .querySelector('diagnostic-card')
        ?.shadowRoot?.querySelector(`[part~="${part}"]`)
        ?.textContent?.replace(/\s+/g, ' ')
        .trim(),
    ).toBe(text),
  );
}

async function expectEmpty(canvas: HTMLElement): Promise<void> {
  await storiesSettled(canvas);
  const empty = inShadow(canvas, 'diagnostic-card', '.empty');
  await expect(empty.textContent?.trim()).toBe('No diagnosis yet.');
}

function runStory(recipe: StoreRecipe, play: Story['play']): Story {
  return {
    args: { latest: true },
    render: (args, context) => cardOfRun(args, context, recipe),
    play,
  };
}

const meta: Meta<Args> = {
  title: 'Elements/diagnostic-card',
  component: 'diagnostic-card',
  tags: ['autodocs'],
  argTypes: manifestArgTypes('diagnostic-card'),
  beforeEach: disposeStoryStores,
  // The width of the side column the card has on the demo page.
  decorators: [(story) => html`<div style="max-width: 28rem">${story()}</div>`],
  parameters: {
    docs: {
      description: {
        component:
          'One diagnosis: title, confidence, root cause, contributing factors, pattern match and cell, from ' +
          "attributes, `.props`, or (with `latest`) the run's latest valid diagnosis. The diagnosis shown is " +
          'the one the prepared demo recipe renders from its synthetic measurements; the run-state stories ' +
          'bind the card to a run store driven by the in-page replay (no server).',
      },
    },
  },
};
export default meta;

/** Every field from an attribute (the controls); `contributing-factors` takes a JSON array or one per line. */
export const Playground: Story = {
  args: {
    'card-title': props.title,
    confidence: props.confidence,
    'root-cause': props.root_cause,
    'contributing-factors': props.contributing_factors.join('\n'),
    'cell-id': String(props.cell_id),
  },
  render: (args) =>
    html`<diagnostic-card ${manifestArgs('diagnostic-card', args)}></diagnostic-card>`,
};

/** The props of a `render_diagnostic_card` call, set as `.props`. */
export const FromProps: Story = {
  name: 'From props',
  render: (args) =>
    html`<diagnostic-card
      ${manifestArgs('diagnostic-card', args)}
      .props=${props}
    ></diagnostic-card>`,
};

/** With the optional pattern match id (an example id; the recipe's own card has none). */
export const WithPatternMatch: Story = {
  name: 'With pattern match',
  render: (args) =>
    html`<diagnostic-card
      ${manifestArgs('diagnostic-card', args)}
      .props=${{ ...props, pattern_match_id: 'latency-rise-at-steady-volume' }}
    ></diagnostic-card>`,
};

/** No title and no root cause: the empty state. */
export const Empty: Story = {
  render: (args) =>
    html`<diagnostic-card ${manifestArgs('diagnostic-card', args)}></diagnostic-card>`,
};

/** Values out of range or of the wrong type: confidence clamps to 100 %, a non-list of factors is left out. */
export const MalformedProps: Story = {
  name: 'Error (malformed props)',
  render: (args) =>
    html`<diagnostic-card
      ${manifestArgs('diagnostic-card', args)}
      .props=${{
        title: props.title,
        confidence: 1.7,
        root_cause: props.root_cause,
        contributing_factors: 'not a list' as unknown as string[],
        cell_id: props.cell_id,
      }}
    ></diagnostic-card>`,
};

export const Dark: Story = {
  args: { theme: 'dark' },
  render: (args) =>
    onDarkPage(
      html`<diagnostic-card
        ${manifestArgs('diagnostic-card', args)}
        .props=${props}
      ></diagnostic-card>`,
    ),
};

/** With `latest`, bound to an idle run: no diagnosis yet, and the run's disclosure. */
export const Idle: Story = runStory('Idle', ({ canvasElement }) => expectEmpty(canvasElement));

export const Connecting: Story = runStory('Connecting', ({ canvasElement }) =>
  expectEmpty(canvasElement),
);

/**
 * The `render_diagnostic_card` arguments are half streamed: `latest` waits for a complete, valid diagnosis and
 * meanwhile says one is on its way (a status line, not the empty state).
 */
export const Streaming: Story = runStory('Card streaming', ({ canvasElement }) =>
  expectPart(canvasElement, 'loading', 'Diagnosing…'),
);

/** The analysis's card stays while a work-order request waits for approval. */
export const NeedsApproval: Story = {
  ...runStory('Needs approval', ({ canvasElement }) => expectDiagnosis(canvasElement)),
  name: 'Needs approval',
};

export const Completed: Story = runStory('Completed', ({ canvasElement }) =>
  expectDiagnosis(canvasElement),
);

/** Cancelled after the first snapshot, before the recipe rendered its card. */
export const Cancelled: Story = runStory('Cancelled', ({ canvasElement }) =>
  expectEmpty(canvasElement),
);

/** The invalid-patch scenario fails before any diagnosis. */
export const Failed: Story = runStory('Failed', ({ canvasElement }) => expectEmpty(canvasElement));

/** The analysis rendered its card, then a later run failed: the card says its diagnosis is from the earlier run. */
export const FromAnEarlierRun: Story = {
  ...runStory('Kept after failure', async ({ canvasElement }) => {
    await expectDiagnosis(canvasElement);
    await expectPart(
      canvasElement,
      'earlier',
      'This diagnosis is from an earlier run (run 1); the latest run failed.',
    );
  }),
  name: 'From an earlier run (a later run failed)',
};

/** The first run failed with a transport error (a 503 made in the page). */
export const TransportError: Story = {
  ...runStory('Error', ({ canvasElement }) => expectEmpty(canvasElement)),
  name: 'Error (transport)',
};
