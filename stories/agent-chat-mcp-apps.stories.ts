import type { Meta, StoryContext, StoryObj } from '@storybook/web-components-vite';
import { html, type TemplateResult } from 'lit';
import { ref } from 'lit/directives/ref.js';
import { expect, waitFor } from 'storybook/test';
import type { AgentChat } from '../components/agent-chat/agent-chat.js';
import { RunStore } from '../src/store/run-store.js';
import { atPhoneWidth, onDarkPage } from './support/layout.js';
import { manifestArgs, manifestArgTypes } from './support/manifest.js';
import { HANDMADE_APP, SILENT_APP, appResource, mcpAppAgent } from './support/mcp-app-agent.js';

/** The handmade app, asking for the fullscreen display mode once it is ready (the host offers Open in full view). */
const FULL_VIEW_APP = HANDMADE_APP.replace(
  "send({ method: 'ui/notifications/initialized', params: {} });",
  "send({ method: 'ui/notifications/initialized', params: {} }); send({ id: 8, method: 'ui/request-display-mode', params: { mode: 'fullscreen' } });",
);

/** The handmade app, asking also for `tools/list` (the host refuses it with a note). */
const ASKING_APP = HANDMADE_APP.replace(
  "send({ method: 'ui/notifications/initialized', params: {} });",
  "send({ method: 'ui/notifications/initialized', params: {} }); send({ id: 9, method: 'tools/list', params: {} });",
);

export type McpAppScenario = 'running' | 'loading' | 'failed' | 'silent' | 'refused' | 'full-view';

/** A store whose chat run (once sent) shows the app in the named state. */
export function mcpAppScenario(scenario: McpAppScenario): RunStore {
  const html = {
    running: HANDMADE_APP,
    silent: SILENT_APP,
    refused: ASKING_APP,
    'full-view': FULL_VIEW_APP,
  } as const;
  const agent = mcpAppAgent((method) => {
    if (method !== 'resources/read') return {};
    if (scenario === 'loading') return 'hold';
    if (scenario === 'failed') return { error: 'MCP request failed' };
    return appResource(html[scenario]);
  });
  const store = new RunStore({ agent });
  return store;
}

const stores = new Map<string, RunStore>();

type Args = Record<string, unknown>;
type Story = StoryObj<Args>;

const meta: Meta<Args> = {
  title: 'Elements/agent-chat/MCP Apps',
  component: 'agent-chat',
  excludeStories: ['mcpAppScenario'],
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
          'MCP Apps from @ag-ui/mcp-apps-middleware in the assistant turn: an opaque-origin frame ' +
          '(sandbox="allow-scripts") whose HTML and requests go through side runs. These stories use a small ' +
          'handmade app; the end-to-end tests run the real middleware, a real MCP server and an ext-apps app.',
      },
    },
  },
};
export default meta;

function chatIn(args: Args, context: StoryContext<Args>, scenario: McpAppScenario): TemplateResult {
  stores.get(context.id)?.dispose();
  const store = mcpAppScenario(scenario);
  stores.set(context.id, store);
  // Sent once the chat has rendered: it then sees the app arrive in a run (a chat that first meets the store after the
  // run took an app already there for one restored with the thread, and showed Load app).
  let sent = false;
  const sendOnce = (element?: Element) => {
    if (!element || sent) return;
    sent = true;
    void (element as AgentChat).updateComplete.then(() => store.send('Explore API latency'));
  };
  return html`<agent-chat
    ${manifestArgs('agent-chat', args)}
    .store=${store}
    ${ref(sendOnce)}
  ></agent-chat>`;
}

function shadowOf(canvas: HTMLElement): ShadowRoot {
  const root = canvas.querySelector<AgentChat>('agent-chat')?.shadowRoot;
  if (!root) throw new Error('No <agent-chat>');
  return root;
}

function expectText(text: string, timeout = 20_000): Story['play'] {
  return async ({ canvasElement }) => {
    await waitFor(
      () => expect(shadowOf(canvasElement).querySelector('.mcp-app')?.textContent).toContain(text),
      { timeout },
    );
  };
}

const expectRunning: Story['play'] = async ({ canvasElement }) => {
  await waitFor(
    () => {
      const part = shadowOf(canvasElement).querySelector('.mcp-app');
      expect(part?.querySelector('iframe')).toBeTruthy();
      expect(part?.textContent).not.toContain('Loading the app');
    },
    { timeout: 20_000 },
  );
};

const story = (scenario: McpAppScenario, play: Story['play']): Story => ({
  render: (args, context) => chatIn(args, context, scenario),
  play,
});

/** The app initialised and shows its tool result in its frame. */
export const Running = story('running', expectRunning);

/** The app's HTML is on its way (its side run has not answered). */
export const Loading = story('loading', expectText('Loading the app'));

/** The side run that fetches the HTML failed. */
export const FetchFailed = story('failed', expectText('could not be loaded: MCP request failed'));

/** The app never sent `ui/notifications/initialized`: the host gives up after 10 s. */
export const NotStarted = story('silent', expectText('did not start within 10 s', 25_000));

/** The app asked for `tools/list`, which this host does not offer: a JSON-RPC error and a note. */
export const Refused = story('refused', expectText('The app asked for tools/list'));

/** On a dark page: the app hears `theme: "dark"` in its host context. */
export const Dark: Story = {
  render: (args, context) => onDarkPage(chatIn(args, context, 'running')),
  play: expectRunning,
};

/** At the width of a phone (390 px): the frame fits the column. */
export const Narrow: Story = {
  name: 'Narrow (390 px)',
  render: (args, context) => atPhoneWidth(chatIn(args, context, 'running')),
  play: async (context) => {
    await expectRunning(context);
    const wrapper = context.canvasElement.querySelector<HTMLElement>('.story-narrow');
    await expect(wrapper?.scrollWidth).toBeLessThanOrEqual(wrapper?.clientWidth ?? 0);
  },
};

/** The app asked for the fullscreen display mode: Open in full view shows it in a modal dialog over the page. */
export const FullView = story('full-view', async (context) => {
  await expectRunning(context);
  await waitFor(
    () =>
      expect(
        [...shadowOf(context.canvasElement).querySelectorAll('button')].some(
          (button) => button.textContent?.trim() === 'Open in full view',
        ),
      ).toBe(true),
    { timeout: 20_000 },
  );
});
