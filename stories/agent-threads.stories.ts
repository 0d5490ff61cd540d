import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { expect, waitFor } from 'storybook/test';
import { toRecord } from '../src/persist/records.js';
import { createInitialState } from '../src/store/reducer.js';
import { RunStore } from '../src/store/run-store.js';
import type { ChatMessage, RunStoreState } from '../src/store/types.js';
import { atPhoneWidth, onDarkPage } from './support/layout.js';
import { manifestArgs, manifestArgTypes } from './support/manifest.js';
import { memoryThreadDb } from './support/memory-threads.js';

type Args = Record<string, unknown>;
type Story = StoryObj<Args>;

const HOUR = 3_600_000;
const NOW = Date.parse('2026-12-01T09:30:00Z');

/** A finished conversation that starts with this question. */
function thread(id: string, question: string, answer: string): RunStoreState {
  const messages: ChatMessage[] = [
    {
      id: `${id}-u`,
      role: 'user',
      parts: [{ kind: 'text', text: question }],
      streaming: false,
      run: 0,
    },
    {
      id: `${id}-a`,
      role: 'assistant',
      parts: [{ kind: 'text', text: answer }],
      streaming: false,
      run: 1,
    },
  ];
  const initial = createInitialState(id);
  return {
    ...initial,
    messages,
    run: { ...initial.run, status: 'Completed', number: 1, id: `run-${id}`, kind: 'chat' },
  };
}

const THREADS = [
  thread(
    't-latency',
    'Why is API latency up on cell 1 since this morning?',
    'The p95 rose to 145 ms.',
  ),
  thread('t-queue', 'Is the queue backlog growing?', 'It is flat at 1,200 messages.'),
  thread(
    't-order',
    'Open a work order for the vibration on cell 3, and tell the on-call team',
    'Opened WO-1001.',
  ),
];

/** A store whose saved threads live in memory (the stories never touch the browser's storage). */
function savedStore(count: number): RunStore {
  const records = THREADS.slice(0, count).map((state, index) =>
    toRecord(state, 'local:story', 1, NOW - index * 5 * HOUR),
  );
  return new RunStore({
    persist: {
      mode: 'local',
      key: 'story',
      db: () => Promise.resolve(memoryThreadDb(records, records[0]?.threadId ?? null)),
    },
  });
}

const list = (args: Args, store: RunStore | null) =>
  html`<agent-threads ${manifestArgs('agent-threads', args)} .store=${store}></agent-threads>`;

async function threadButtons(canvas: HTMLElement, count: number): Promise<HTMLButtonElement[]> {
  const element = canvas.querySelector('agent-threads');
  let buttons: HTMLButtonElement[] = [];
  await waitFor(() => {
    buttons = [
      ...(element?.shadowRoot?.querySelectorAll<HTMLButtonElement>('[part~="thread"]') ?? []),
    ];
    expect(buttons).toHaveLength(count);
  });
  return buttons;
}

const meta: Meta<Args> = {
  title: 'Elements/agent-threads',
  component: 'agent-threads',
  tags: ['autodocs'],
  argTypes: manifestArgTypes('agent-threads'),
  parameters: {
    docs: {
      description: {
        component:
          'The saved conversations of a provider with `persist`: newest first, titled by their first message, the ' +
          'current one marked; switch, start a new thread, or delete one after confirming in the page. These ' +
          'stories keep their saved threads in memory.',
      },
    },
  },
};
export default meta;

/** Three saved threads, the newest current. */
export const Saved: Story = {
  render: (args) => list(args, savedStore(3)),
  play: async ({ canvasElement }) => {
    const buttons = await threadButtons(canvasElement, 3);
    await expect(buttons[0]?.getAttribute('aria-current')).toBe('true');
  },
};

/** Delete asks in the page first. */
export const ConfirmingDelete: Story = {
  render: (args) => list(args, savedStore(2)),
  play: async ({ canvasElement }) => {
    await threadButtons(canvasElement, 2);
    const element = canvasElement.querySelector('agent-threads');
    element?.shadowRoot?.querySelector<HTMLButtonElement>('[part~="delete-button"]')?.click();
    await waitFor(() =>
      expect(element?.shadowRoot?.querySelector('[part~="confirm"]')).toBeTruthy(),
    );
  },
};

/** Persisting, nothing saved yet. */
export const Empty: Story = {
  render: (args) => list(args, savedStore(0)),
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(canvasElement.querySelector('agent-threads')?.shadowRoot?.textContent).toContain(
        'No saved conversations yet.',
      ),
    );
  },
};

/** A provider without `persist`: the list says conversations are not saved here. */
export const NotSaved: Story = {
  render: (args) => list(args, new RunStore()),
};

/** Not connected to a run. */
export const NotConnected: Story = {
  render: (args) => list(args, null),
};

export const Dark: Story = {
  render: (args) => onDarkPage(list({ ...args, theme: 'dark' }, savedStore(3))),
  play: async ({ canvasElement }) => {
    await threadButtons(canvasElement, 3);
  },
};

/** In a 390 px drawer beside the chat. */
export const Phone: Story = {
  render: (args) => atPhoneWidth(list(args, savedStore(3))),
  play: async ({ canvasElement }) => {
    await threadButtons(canvasElement, 3);
  },
};
