import type { Meta, StoryContext, StoryObj } from '@storybook/web-components-vite';
import type { BaseEvent } from '@ag-ui/core';
import { html, type TemplateResult } from 'lit';
import { expect, waitFor } from 'storybook/test';
import type { AgentChat } from '../components/agent-chat/agent-chat.js';
import { RunStore } from '../src/store/run-store.js';
import { atPhoneWidth, onDarkPage } from './support/layout.js';
import { ev, finished, started, storyAgent } from './support/story-agent.js';
import { manifestArgs, manifestArgTypes } from './support/manifest.js';

const FLOWCHART =
  '```mermaid\nflowchart LR\n  accTitle: Request path\n  accDescr: Requests go through the gateway to the API, which reads the cache.\n' +
  '  gateway[Gateway] --> api[API]\n  api --> cache[(Cache)]\n  api --> db[(Database)]\n```\n';
const SEQUENCE =
  '```mermaid\nsequenceDiagram\n  Client->>API: GET /services\n  API->>Cache: read\n  Cache-->>API: miss\n' +
  '  API-->>Client: 200 OK\n```\n';
const BAD = '```mermaid\nflowchart LR\n  a[Open --> \n```\n';

const ANSWERS = {
  flowchart: `The request path on cell 1:\n\n${FLOWCHART}`,
  sequence: `What happens on a cache miss:\n\n${SEQUENCE}`,
  bad: `This one has a typo:\n\n${BAD}`,
} as const;

type Scenario = keyof typeof ANSWERS;

function answer(messageId: string, text: string): BaseEvent[] {
  const deltas: BaseEvent[] = [];
  for (let at = 0; at < text.length; at += 16) {
    deltas.push(ev({ type: 'TEXT_MESSAGE_CONTENT', messageId, delta: text.slice(at, at + 16) }));
  }
  return [
    ev({ type: 'TEXT_MESSAGE_START', messageId, role: 'assistant' }),
    ...deltas,
    ev({ type: 'TEXT_MESSAGE_END', messageId }),
  ];
}

const stores = new Map<string, RunStore>();

function chatIn(
  args: Args,
  context: StoryContext<Args>,
  scenario: Scenario,
  optIn: boolean,
): TemplateResult {
  stores.get(context.id)?.dispose();
  const store = new RunStore({
    agent: storyAgent((input) => [
      started(input),
      ...answer('d1', ANSWERS[scenario]),
      finished(input),
    ]),
  });
  store.send('Draw it');
  stores.set(context.id, store);
  return html`<agent-chat
    ${manifestArgs('agent-chat', args)}
    rich-content=${optIn ? 'mermaid' : ''}
    .store=${store}
  ></agent-chat>`;
}

function shadowOf(canvas: HTMLElement): ShadowRoot {
  const root = canvas.querySelector<AgentChat>('agent-chat')?.shadowRoot;
  if (!root) throw new Error('No <agent-chat>');
  return root;
}

type Args = Record<string, unknown>;
type Story = StoryObj<Args>;

/** Waits until the answer shows `images` drawn diagrams (each loaded) and `notes` notes. */
function expectDiagrams(images: number, notes = 0): Story['play'] {
  return async ({ canvasElement }) => {
    await waitFor(
      () => {
        const root = shadowOf(canvasElement);
        const shown = [...root.querySelectorAll<HTMLImageElement>('.diagram-image')];
        expect(shown.filter((image) => image.complete && image.naturalWidth > 0).length).toBe(
          images,
        );
        expect(root.querySelectorAll('.markdown .code-note').length).toBe(notes);
      },
      { timeout: 45_000 },
    );
  };
}

const meta: Meta<Args> = {
  title: 'Elements/agent-chat/Diagrams',
  component: 'agent-chat',
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
          'Mermaid diagrams in answers, opt-in with `rich-content="mermaid"`: drawn in a sandboxed frame ' +
          '(`chunks/diagram-frame.html`) once the fence is finished and shown as an image named by its ' +
          '`accTitle`/`accDescr`, with Show source. Off, a fence stays code with a note. Small scripted agents, no ' +
          'server.',
      },
    },
  },
};
export default meta;

const story = (scenario: Scenario, optIn: boolean, play?: Story['play']): Story => ({
  render: (args, context) => chatIn(args, context, scenario, optIn),
  play,
});

/** A flowchart with accTitle and accDescr: its image is named by them; Show source opens the fence. */
export const Flowchart = story('flowchart', true, async (context) => {
  await expectDiagrams(1)?.(context);
  const image = shadowOf(context.canvasElement).querySelector<HTMLImageElement>('.diagram-image')!;
  expect(image.alt).toBe(
    'Request path. Requests go through the gateway to the API, which reads the cache.',
  );
});

/** A sequence diagram without a title: its source is its text alternative. */
export const Sequence = story('sequence', true, expectDiagrams(1));

/** A diagram Mermaid cannot parse: its source, and Mermaid's message under it. */
export const CannotParse = story('bad', true, expectDiagrams(0, 1));

/** Without the opt-in: the fence is code, with a line saying diagrams are off; nothing of Mermaid loads. */
export const Off = story('flowchart', false, expectDiagrams(0, 1));

/** On a dark page: drawn in Mermaid's dark theme. */
export const Dark: Story = {
  render: (args, context) => onDarkPage(chatIn(args, context, 'flowchart', true)),
  play: expectDiagrams(1),
};

/** At 390 px: the image shrinks to the answer's width; nothing scrolls sideways. */
export const Narrow: Story = {
  render: (args, context) => atPhoneWidth(chatIn(args, context, 'sequence', true)),
  play: expectDiagrams(1),
};
