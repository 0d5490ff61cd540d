import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { expect, waitFor } from 'storybook/test';
import type { AgentLauncher } from '../components/agent-launcher/agent-launcher.js';
import type { AgentRun } from '../components/agent-run/agent-run.js';
import { onDarkPage } from './support/layout.js';
import { manifestArgs, manifestArgTypes } from './support/manifest.js';

type Args = Record<string, unknown>;
type Story = StoryObj<Args>;

const WAIT = { timeout: 15_000 };

/** A launcher around the replay agent (no server): its panel shows a chat played from the prepared recipe. */
const launcher = (args: Args) =>
  html`<agent-launcher ${manifestArgs('agent-launcher', args)}>
    <agent-run source="replay"><agent-chat></agent-chat></agent-run>
  </agent-launcher>`;

const launcherOf = (canvas: HTMLElement) => canvas.querySelector('agent-launcher') as AgentLauncher;
const badgeLabel = (canvas: HTMLElement) =>
  launcherOf(canvas).shadowRoot?.querySelector('[part~="badge"]')?.getAttribute('aria-label');

/** Sends a question while the panel is closed and waits for the reply to finish. */
async function replyWhileClosed(canvas: HTMLElement, question: string): Promise<void> {
  const provider = await waitFor(() => {
    const found = launcherOf(canvas)?.provider as AgentRun | null;
    expect(found?.store).toBeTruthy();
    return found!;
  });
  provider.store.send(question);
  await waitFor(() => expect(provider.store.getState().run.status).toBe('Completed'), WAIT);
}

const meta: Meta<Args> = {
  title: 'Elements/agent-launcher',
  component: 'agent-launcher',
  tags: ['autodocs'],
  argTypes: manifestArgTypes('agent-launcher'),
  parameters: {
    layout: 'fullscreen',
    docs: {
      story: { inline: false, iframeHeight: 760 },
      description: {
        component:
          'The chat bubble a site adds with one line: a button in a bottom corner that opens the chat in a panel ' +
          '(a popover when wide, full-screen at 480 px and below), counts replies while closed and keeps its state ' +
          'across the pages of a site with `persist`. These stories wrap the replay agent, so no server is needed.',
      },
    },
  },
};
export default meta;

/** Closed: the Open chat button in the bottom-end corner. */
export const Closed: Story = {
  render: (args) => launcher(args),
};

/** A greeting beside the closed button, with Dismiss greeting. */
export const Greeting: Story = {
  args: { greeting: 'Questions about the services? Ask me.' },
  render: (args) => launcher(args),
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(launcherOf(canvasElement).shadowRoot?.textContent).toContain(
        'Questions about the services?',
      ),
    );
  },
};

/** Open: the panel above the button, named Conversation. */
export const Open: Story = {
  args: { open: true },
  render: (args) => launcher(args),
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(
        launcherOf(canvasElement).shadowRoot?.querySelector(':popover-open, :modal'),
      ).toBeTruthy(),
    );
  },
};

/** A reply finished while the panel was closed: the badge says "1 new reply". */
export const NewReply: Story = {
  render: (args) => launcher(args),
  play: async ({ canvasElement }) => {
    await replyWhileClosed(canvasElement, 'Why is API latency up?');
    await waitFor(() => expect(badgeLabel(canvasElement)).toBe('1 new reply'));
  },
};

/** At the bottom-start corner of a right-to-left page: the right-hand side. */
export const BottomStartRtl: Story = {
  name: 'bottom-start, right to left',
  args: { position: 'bottom-start', greeting: 'اسألني عن الخدمات' },
  render: (args) => html`<div dir="rtl" lang="ar">${launcher(args)}</div>`,
};

export const Dark: Story = {
  args: { theme: 'dark', greeting: 'Questions? Ask me.' },
  render: (args) => onDarkPage(launcher(args)),
};
