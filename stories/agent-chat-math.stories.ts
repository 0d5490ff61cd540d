import type { Meta, StoryContext, StoryObj } from '@storybook/web-components-vite';
import type { BaseEvent } from '@ag-ui/core';
import { html, type TemplateResult } from 'lit';
import { expect, waitFor } from 'storybook/test';
import type { AgentChat } from '../components/agent-chat/agent-chat.js';
import { RunStore } from '../src/store/run-store.js';
import { atPhoneWidth, onDarkPage } from './support/layout.js';
import { ev, finished, started, storyAgent } from './support/story-agent.js';
import { manifestArgs, manifestArgTypes } from './support/manifest.js';

/** An answer streamed in `size`-character pieces; `hold` keeps the run open after them. */
function answer(messageId: string, text: string, size = 12, hold = false): (BaseEvent | 'hold')[] {
  const deltas: BaseEvent[] = [];
  for (let at = 0; at < text.length; at += size) {
    deltas.push(ev({ type: 'TEXT_MESSAGE_CONTENT', messageId, delta: text.slice(at, at + size) }));
  }
  return [
    ev({ type: 'TEXT_MESSAGE_START', messageId, role: 'assistant' }),
    ...deltas,
    ...(hold ? ['hold' as const] : [ev({ type: 'TEXT_MESSAGE_END', messageId })]),
  ];
}

const ANSWERS = {
  'inline-and-block':
    'Latency on cell 1 rose by $\\frac{145-60}{60} \\approx 1.42$, so the p95 is $2.4\\times$ its base.\n\n' +
    'The variance over the window is\n\n$$\n\\sigma^2 = \\frac{1}{n}\\sum_{i=1}^{n} (x_i - \\bar{x})^2\n$$\n\n' +
    'and the error budget left is\n\n```math\nB = 1 - \\frac{\\text{errors}}{\\text{requests}}\n```\n',
  streaming:
    'The rise is $x^2$ so far, and the fit is\n\n$$\n\\hat{y} = \\beta_0 + \\beta_1 x + \\varepsilon',
  currency: 'The larger plan costs $5 and the team plan $10 a month; from $5-$10 per seat.',
  bad: 'This one does not parse: $\\frac{1}{$, nor does\n\n$$\n\\left( x + y\n$$\n',
  refused:
    'A link $\\href{https://example.com}{here}$ and an image $\\includegraphics{x.png}$ are refused.',
} as const;

export type MathScenario = keyof typeof ANSWERS;

/** A store whose agent answers with the scenario's text (streaming stays open). */
export function mathScenario(scenario: MathScenario): RunStore {
  const store = new RunStore({
    agent: storyAgent((input) => [
      started(input),
      ...answer('m1', ANSWERS[scenario], 12, scenario === 'streaming'),
      ...(scenario === 'streaming' ? [] : [finished(input)]),
    ]),
  });
  store.send('Show me the numbers');
  return store;
}

const stores = new Map<string, RunStore>();

function chatIn(args: Args, context: StoryContext<Args>, scenario: MathScenario): TemplateResult {
  stores.get(context.id)?.dispose();
  const store = mathScenario(scenario);
  stores.set(context.id, store);
  return html`<agent-chat ${manifestArgs('agent-chat', args)} .store=${store}></agent-chat>`;
}

function shadowOf(canvas: HTMLElement): ShadowRoot {
  const root = canvas.querySelector<AgentChat>('agent-chat')?.shadowRoot;
  if (!root) throw new Error('No <agent-chat>');
  return root;
}

/** Waits for `count` typeset formulas and `notes` notes. */
function expectMath(count: number, notes = 0): Story['play'] {
  return async ({ canvasElement }) => {
    await waitFor(
      () => {
        const root = shadowOf(canvasElement);
        expect(root.querySelectorAll('.markdown math').length).toBe(count);
        expect(root.querySelectorAll('.math-note').length).toBe(notes);
      },
      { timeout: 15_000 },
    );
  };
}

type Args = Record<string, unknown>;
type Story = StoryObj<Args>;

const meta: Meta<Args> = {
  title: 'Elements/agent-chat/Math',
  component: 'agent-chat',
  excludeStories: ['mathScenario'],
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
          'Math in answers: `$…$` inline, `$$…$$` and `math` fences as blocks, typeset as native MathML (Temml, ' +
          'loaded with the first formula). A currency `$` stays text; a formula that does not parse shows its TeX ' +
          'with a note. Small scripted agents, no server.',
      },
    },
  },
};
export default meta;

const story = (scenario: MathScenario, play?: Story['play']): Story => ({
  render: (args, context) => chatIn(args, context, scenario),
  play,
});

/** Inline formulas, a `$$` block and a `math` fence; each block has Copy TeX. */
export const InlineAndBlock = story('inline-and-block', async (context) => {
  await expectMath(4)?.(context);
  const buttons = [...shadowOf(context.canvasElement).querySelectorAll('[data-copy-math]')];
  expect(buttons.map((button) => button.textContent)).toEqual(['Copy TeX', 'Copy TeX']);
});

/** Still streaming: the inline formula is typeset, the open block shows its TeX until its `$$` arrives. */
export const Streaming = story('streaming', async (context) => {
  await expectMath(1)?.(context);
  await waitFor(
    () =>
      expect(shadowOf(context.canvasElement).querySelector('pre.math-tex')?.textContent).toContain(
        '\\varepsilon',
      ),
    { timeout: 15_000 },
  );
});

/** Prices with `$` stay text (and load no math at all). */
export const Currency = story('currency', async ({ canvasElement }) => {
  await waitFor(
    () => expect(shadowOf(canvasElement).querySelector('.markdown')?.textContent).toContain('seat'),
    { timeout: 15_000 },
  );
  expect(shadowOf(canvasElement).querySelectorAll('.markdown math').length).toBe(0);
});

/** Formulas that do not parse: their TeX as code, with a short note. */
export const BadFormula = story('bad', expectMath(0, 2));

/** `\href` and `\includegraphics` are refused: no link, no image. */
export const Refused = story('refused', expectMath(0, 2));

export const Dark: Story = {
  args: { theme: 'dark' },
  render: (args, context) => onDarkPage(chatIn(args, context, 'inline-and-block')),
  play: expectMath(4),
};

/** At the width of a phone (390 px): a wide formula scrolls in its own box, the page never does. */
export const Narrow: Story = {
  name: 'Narrow (390 px)',
  render: (args, context) => atPhoneWidth(chatIn(args, context, 'inline-and-block')),
  play: async (context) => {
    await expectMath(4)?.(context);
    const wrapper = context.canvasElement.querySelector<HTMLElement>('.story-narrow');
    await expect(wrapper?.scrollWidth).toBeLessThanOrEqual(wrapper?.clientWidth ?? 0);
  },
};
