import type { Meta, StoryContext, StoryObj } from '@storybook/web-components-vite';
import type { BaseEvent } from '@ag-ui/core';
import { html, type TemplateResult } from 'lit';
import { expect, waitFor } from 'storybook/test';
import type { AgentChat } from '../components/agent-chat/agent-chat.js';
import { setDisclosure } from '../components/shared/disclosure.js';
import { createReplayAgent } from '../src/fixtures/replay-agent.js';
import { RunStore } from '../src/store/run-store.js';
import { atPhoneWidth, onDarkPage } from './support/layout.js';
import { ev, finished, started, storyAgent } from './support/story-agent.js';
import { manifestArgs, manifestArgTypes } from './support/manifest.js';
import { SYNTHETIC_DISCLOSURE } from './support/store-states.js';

/** A whole message, optionally a subagent's. */
function say(messageId: string, text: string, subagentRunId?: string): BaseEvent[] {
  const by = subagentRunId ? { subagentRunId } : {};
  return [
    ev({ type: 'TEXT_MESSAGE_START', messageId, role: 'assistant', ...by }),
    ...(text.match(/\S+\s*/g) ?? []).map((delta) =>
      ev({ type: 'TEXT_MESSAGE_CONTENT', messageId, delta, ...by }),
    ),
    ev({ type: 'TEXT_MESSAGE_END', messageId, ...by }),
  ];
}

const subStart = (id: string, name: string, extra: Record<string, unknown> = {}) =>
  ev({ type: 'SUBAGENT_STARTED', subagentRunId: id, name, ...extra });
const subEnd = (id: string, outcome?: unknown) =>
  ev({ type: 'SUBAGENT_FINISHED', subagentRunId: id, ...(outcome ? { outcome } : {}) });

export type ConversationScenario =
  | 'delegation'
  | 'subagents-running'
  | 'subagent-waiting'
  | 'nested'
  | 'versions'
  | 'feedback'
  | 'lane-tool'
  | 'approval-elsewhere';

/** Waits until the store's run is over. */
function settled(store: RunStore): Promise<void> {
  return new Promise((resolve) => {
    const subscription = store.state$.subscribe((state) => {
      if (state.run.status !== 'Connecting' && state.run.status !== 'Streaming') {
        queueMicrotask(() => subscription.unsubscribe());
        resolve();
      }
    });
  });
}

/** A store in the named state (the replay agent or a small story agent; no server). */
export function conversationScenario(scenario: ConversationScenario): RunStore {
  switch (scenario) {
    case 'delegation': {
      const store = new RunStore({ agent: createReplayAgent({ timeScale: 0 }) });
      setDisclosure(store, SYNTHETIC_DISCLOSURE);
      store.send('Delegate the checks to subagents');
      return store;
    }
    case 'subagents-running': {
      const store = new RunStore({
        agent: storyAgent((input) => [
          started(input),
          ...say('p1', 'Two subagents are checking cell 1 at once.'),
          subStart('s-logs', 'log-reader', {
            description: 'Reads the gateway logs',
            parentMessageId: 'p1',
          }),
          subStart('s-metrics', 'metrics-query', { parentMessageId: 'p1' }),
          ...say('l1', 'Searching the last hour of logs for slow requests.', 's-logs'),
          ...say('m1', 'Querying the error budget.', 's-metrics'),
          'hold',
        ]),
      });
      store.send('Check cell 1');
      return store;
    }
    case 'subagent-waiting': {
      const store = new RunStore({
        agent: storyAgent((input) => [
          started(input),
          subStart('s-plan', 'change-planner', { description: 'Plans the rollback' }),
          ...say('w1', 'The rollback of cell 1 needs a go-ahead before it runs.', 's-plan'),
          subEnd('s-plan', { type: 'suspended', interruptIds: ['rollback'] }),
          finished(input, {
            type: 'interrupt',
            interrupts: [{ id: 'rollback', reason: 'approval', message: 'Roll back cell 1?' }],
          }),
        ]),
      });
      store.send('Plan a rollback of cell 1');
      return store;
    }
    case 'nested': {
      const store = new RunStore({
        agent: storyAgent((input) => [
          started(input),
          subStart('s-lead', 'incident-lead'),
          ...say('n1', 'Asking a helper for the deploy history.', 's-lead'),
          subStart('s-help', 'deploy-history', { parentSubagentRunId: 's-lead' }),
          ...say('n2', 'Three deploys in the last day; the last one at 09:40.', 's-help'),
          subEnd('s-help'),
          subEnd('s-lead'),
          ...say('n3', 'The last deploy is the likeliest cause.'),
          finished(input),
        ]),
      });
      store.send('What changed on cell 1?');
      return store;
    }
    case 'versions':
    case 'feedback': {
      const store = new RunStore({
        agent: storyAgent((input, index) => [
          started(input),
          ...say(
            `a${index}`,
            `Answer ${index + 1}: the API latency on cell 1 doubled after the 09:40 deploy.`,
          ),
          finished(input),
        ]),
      });
      store.send('Why is API latency up?');
      void settled(store).then(() => {
        if (scenario === 'feedback') {
          store.setFeedback('a0', { value: 'good', comment: 'Clear and short.' });
          return;
        }
        store.regenerate();
        void settled(store).then(() => {
          const first = store.getState().messages[0];
          if (first) store.edit(first.id, 'Why is API latency up on cell 1?');
        });
      });
      return store;
    }
    case 'lane-tool': {
      const store = new RunStore({
        agent: storyAgent((input, index) =>
          index === 0
            ? [
                started(input),
                subStart('s-acct', 'account-checker'),
                ev({
                  type: 'TOOL_CALL_START',
                  toolCallId: 'c-plan',
                  toolCallName: 'read_plan',
                  parentMessageId: 'k1',
                  subagentRunId: 's-acct',
                }),
                ev({
                  type: 'TOOL_CALL_ARGS',
                  toolCallId: 'c-plan',
                  delta: '{"cell":1}',
                  subagentRunId: 's-acct',
                }),
                ev({ type: 'TOOL_CALL_END', toolCallId: 'c-plan', subagentRunId: 's-acct' }),
                subEnd('s-acct'),
                finished(input),
              ]
            : [started(input), ...say('k2', 'Cell 1 is on the standard plan.'), finished(input)],
        ),
      });
      store.registerTool({
        name: 'read_plan',
        description: 'Reads the cell’s plan from the page.',
        handler: () => ({ plan: 'standard' }),
      });
      store.send('Which plan is cell 1 on?');
      return store;
    }
    case 'approval-elsewhere': {
      const store = new RunStore({
        agent: storyAgent((input, index) =>
          index === 0
            ? [
                started(input),
                ...say('e1', 'API latency doubled after the 09:40 deploy.'),
                finished(input),
              ]
            : [
                started(input),
                ...say('e2', 'Rolling back cell 1 needs your go-ahead.'),
                finished(input, {
                  type: 'interrupt',
                  interrupts: [
                    { id: 'rollback', reason: 'approval', message: 'Roll back cell 1?' },
                  ],
                }),
              ],
        ),
      });
      store.send('Why is API latency up?');
      void settled(store).then(() => {
        const first = store.getState().messages[0];
        if (first) store.edit(first.id, 'Roll back cell 1 if the deploy caused it');
        void settled(store).then(() => store.selectVersion(null, 0));
      });
      return store;
    }
    default: {
      const unknown: never = scenario;
      throw new Error(`Unknown scenario ${String(unknown)}`);
    }
  }
}

const stores = new Map<string, RunStore>();

function chatIn(
  args: Args,
  context: StoryContext<Args>,
  scenario: ConversationScenario,
): TemplateResult {
  stores.get(context.id)?.dispose();
  const store = conversationScenario(scenario);
  stores.set(context.id, store);
  return html`<agent-chat ${manifestArgs('agent-chat', args)} .store=${store}></agent-chat>`;
}

function shadowOf(canvas: HTMLElement): ShadowRoot {
  const root = canvas.querySelector<AgentChat>('agent-chat')?.shadowRoot;
  if (!root) throw new Error('No <agent-chat>');
  return root;
}

const buttonNames = (canvas: HTMLElement) =>
  [...shadowOf(canvas).querySelectorAll('button')].map(
    (button) =>
      button.getAttribute('aria-label') ?? button.textContent?.replace(/\s+/g, ' ').trim(),
  );

function expectButton(name: string): Story['play'] {
  return async ({ canvasElement }) => {
    await waitFor(() => expect(buttonNames(canvasElement)).toContain(name), { timeout: 10_000 });
  };
}

function expectBlocks(count: number): Story['play'] {
  return async ({ canvasElement }) => {
    await waitFor(
      () =>
        expect(shadowOf(canvasElement).querySelectorAll('[part~="subagent"]').length).toBe(count),
      { timeout: 10_000 },
    );
  };
}

type Args = Record<string, unknown>;
type Story = StoryObj<Args>;

const meta: Meta<Args> = {
  title: 'Elements/agent-chat/Conversation',
  component: 'agent-chat',
  excludeStories: ['conversationScenario'],
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
          'Subagent runs as blocks in the reply, Edit with branches (Previous version / Next version), and ' +
          'feedback on answers. The delegation story plays the prepared recipe in the page; the others use small ' +
          'scripted agents.',
      },
    },
  },
};
export default meta;

const story = (scenario: ConversationScenario, play?: Story['play']): Story => ({
  render: (args, context) => chatIn(args, context, scenario),
  ...(play ? { play } : {}),
});

/** The prepared recipe: two subagents at once, log-reader done (with its own tool call), metrics-query failed. */
export const Delegation = story('delegation', expectBlocks(2));

/** Two subagents still streaming: their blocks are open, each with its own text. */
export const SubagentsRunning = story('subagents-running', expectButton('Stop'));

/** A subagent that finished suspended: waiting for input while the run asks for approval. */
export const SubagentWaiting = story('subagent-waiting', expectButton('Approve'));

/** A subagent that started another: the helper's block sits inside the lead's. */
export const NestedSubagents = story('nested', expectBlocks(2));

/** A regenerated answer and then an edited question: Previous version / Next version with N / M. */
export const Versions = story('versions', expectButton('Previous version'));

/** A subagent called a frontend tool: it ran in the page, done in the subagent's block, and the run went on. */
export const SubagentFrontendTool = story('lane-tool', expectButton('Regenerate'));

/** Version 1 of 2 shown while version 2 waits for approval: the approval stays with its version, out of view. */
export const ApprovalInAnotherVersion = story('approval-elsewhere', async (context) => {
  await waitFor(() => expect(shadowOf(context.canvasElement).textContent).toContain('1 / 2'), {
    timeout: 10_000,
  });
  expect(buttonNames(context.canvasElement)).not.toContain('Approve');
});

/** Edit opens the message in place; the composer is inert meanwhile. */
export const Editing = story('feedback', async (context) => {
  await expectButton('Edit')?.(context);
  const edit = [...shadowOf(context.canvasElement).querySelectorAll('button')].find(
    (button) => button.textContent?.trim() === 'Edit',
  );
  edit?.click();
  await expectButton('Save and send')?.(context);
});

/** A rated answer: Good response pressed, with a comment. */
export const Feedback = story('feedback', expectButton('Good response'));

export const Dark: Story = {
  args: { theme: 'dark' },
  render: (args, context) => onDarkPage(chatIn(args, context, 'delegation')),
  play: expectBlocks(2),
};

/** At the width of a phone (390 px). */
export const Narrow: Story = {
  name: 'Narrow (390 px)',
  render: (args, context) => atPhoneWidth(chatIn(args, context, 'versions')),
  play: async (context) => {
    await expectButton('Previous version')?.(context);
    const wrapper = context.canvasElement.querySelector<HTMLElement>('.story-narrow');
    await expect(wrapper?.scrollWidth).toBeLessThanOrEqual(wrapper?.clientWidth ?? 0);
  },
};
