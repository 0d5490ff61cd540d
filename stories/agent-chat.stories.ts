import type { Meta, StoryContext, StoryObj } from '@storybook/web-components-vite';
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import { html, type TemplateResult } from 'lit';
import { Observable } from 'rxjs';
import { expect, waitFor } from 'storybook/test';
import type { AgentChat } from '../components/agent-chat/agent-chat.js';
import { createArtifactRenderer } from '../components/shared/artifact-view.js';
import { setDisclosure } from '../components/shared/disclosure.js';
import { createAnalysisPlugin } from '../src/analysis/index.js';
import { createReplayAgent } from '../src/fixtures/replay-agent.js';
import { RunStore } from '../src/store/run-store.js';
import type { AgentLike, RunStoreState } from '../src/store/types.js';
import { RunFailureError } from '../src/transport/errors.js';
import { atPhoneWidth, onDarkPage } from './support/layout.js';
import { manifestArgs, manifestArgTypes } from './support/manifest.js';
import { STORY_WAIT_MS, SYNTHETIC_DISCLOSURE } from './support/store-states.js';

/** The prompts the demo offers. */
export const DEMO_PROMPTS = [
  'Run the analysis',
  'Why is API latency up?',
  'Open a work order',
  'Delegate the checks to subagents',
];

/** A pause in a story agent's run. */
interface Wait {
  readonly wait: number;
}

/** One step of a story agent's run: an event, a pause, or `hold` (the run stays open). */
type Step = BaseEvent | Wait | 'hold';

const isWait = (step: BaseEvent | Wait): step is Wait => typeof (step as Wait).wait === 'number';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A scripted agent for stories: plays its steps in the page, no server. */
function storyAgent(script: (input: RunAgentInput, index: number) => readonly Step[]): AgentLike {
  let runs = 0;
  return {
    run(input) {
      const index = runs;
      runs += 1;
      return new Observable<BaseEvent>((subscriber) => {
        let cancelled = false;
        void (async () => {
          for (const step of script(input, index)) {
            if (cancelled || step === 'hold') return;
            if (isWait(step)) {
              await sleep(step.wait);
              continue;
            }
            subscriber.next(step);
            await Promise.resolve();
          }
          if (!cancelled) subscriber.complete();
        })();
        return () => {
          cancelled = true;
        };
      });
    },
  };
}

const ev = (event: Record<string, unknown>) => event as unknown as BaseEvent;
const startedOf = (input: RunAgentInput) =>
  ev({ type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId });
const finishedOf = (input: RunAgentInput, outcome?: unknown) =>
  ev({
    type: 'RUN_FINISHED',
    threadId: input.threadId,
    runId: input.runId,
    ...(outcome ? { outcome } : {}),
  });

/** A markdown answer as streamed tokens (a word and its trailing space each). */
function say(messageId: string, markdown: string, tokenMs = 0): Step[] {
  const tokens = markdown.match(/\S+\s*|\s+/g) ?? [];
  return [
    ev({ type: 'TEXT_MESSAGE_START', messageId, role: 'assistant' }),
    ...tokens.flatMap((delta) => [
      ...(tokenMs > 0 ? [{ wait: tokenMs }] : []),
      ev({ type: 'TEXT_MESSAGE_CONTENT', messageId, delta }),
    ]),
  ];
}

const end = (messageId: string) => ev({ type: 'TEXT_MESSAGE_END', messageId });

function call(id: string, name: string, args: unknown, parent: string, result?: string): Step[] {
  const json = JSON.stringify(args);
  return [
    ev({ type: 'TOOL_CALL_START', toolCallId: id, toolCallName: name, parentMessageId: parent }),
    ev({ type: 'TOOL_CALL_ARGS', toolCallId: id, delta: json.slice(0, 20) }),
    ev({ type: 'TOOL_CALL_ARGS', toolCallId: id, delta: json.slice(20) }),
    ev({ type: 'TOOL_CALL_END', toolCallId: id }),
    ...(result === undefined
      ? []
      : [ev({ type: 'TOOL_CALL_RESULT', toolCallId: id, messageId: `${id}-r`, content: result })]),
  ];
}

const SERVICES = [
  { id: 'api', name: 'API', series: 'Core', volume: 1200, latency: 145 },
  { id: 'search', name: 'Search', series: 'Core', volume: 800, latency: 110 },
  { id: 'queue', name: 'Queue', series: 'Platform', volume: 1700, latency: 90 },
];

const MARKDOWN_ANSWER = `## API latency, cell 1

API latency rose from **60 ms** to **145 ms** at unchanged volume. The other services held steady:

| Service | Latency | Change |
| --- | ---: | ---: |
| API | 145 ms | +142% |
| Search | 110 ms | 0% |
| Queue | 90 ms | 0% |

1. Compare the deploy times with the first slow bucket.
2. Check the connection pool of the API hosts.

\`\`\`sql
SELECT bucket, p95_ms FROM api_latency
WHERE cell_id = 1 ORDER BY bucket DESC LIMIT 12;
\`\`\`

The runbook is at [runbooks/api-latency](https://example.com/runbooks/api-latency). *Synthetic data from a prepared recipe.*`;

/** An answer with code in three languages (the highlighter loads with its first fence). */
const CODE_ANSWER = `The client retries with backoff:

\`\`\`ts
export async function fetchWithRetry(url: string, tries = 3): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(url); // one request per attempt
    if (response.ok || attempt >= tries) return response;
    await new Promise((resolve) => setTimeout(resolve, 2 ** attempt * 100));
  }
}
\`\`\`

Its settings:

\`\`\`json
{ "tries": 3, "baseDelayMs": 100, "retryOn": [502, 503] }
\`\`\`

And the change to the pool size:

\`\`\`diff
- maxConnections: 10
+ maxConnections: 40
\`\`\``;

export type ChatScenario =
  | 'empty'
  | 'conversation'
  | 'code'
  | 'streaming'
  | 'tools'
  | 'tool-streaming'
  | 'approval'
  | 'tool-approval'
  | 'expired'
  | 'error'
  | 'too-long'
  | 'stopped'
  | 'long'
  | 'recipe-analysis'
  | 'recipe-work-order';

function storeOf(agent: AgentLike): RunStore {
  return new RunStore({ agent }).use(createAnalysisPlugin());
}

/** The prepared recipe played in the page at time scale 0 (synthetic data, and the disclosure says so). */
function replayStore(message: string): RunStore {
  const store = storeOf(createReplayAgent({ timeScale: 0 }));
  setDisclosure(store, SYNTHETIC_DISCLOSURE);
  store.send(message);
  void whenIdle(store).then(() => store.setAgent(createReplayAgent()));
  return store;
}

function whenState(
  store: RunStore,
  predicate: (state: RunStoreState) => boolean,
): Promise<RunStoreState> {
  return new Promise((resolve) => {
    const subscription = store.state$.subscribe((state) => {
      if (predicate(state)) {
        queueMicrotask(() => subscription.unsubscribe());
        resolve(state);
      }
    });
  });
}

function whenIdle(store: RunStore): Promise<RunStoreState> {
  return whenState(
    store,
    (state) => state.run.status !== 'Connecting' && state.run.status !== 'Streaming',
  );
}

/** How much assistant text has arrived. */
function answeredLength(state: RunStoreState): number {
  let length = 0;
  for (const message of state.messages) {
    if (message.role !== 'assistant') continue;
    for (const part of message.parts) if (part.kind === 'text') length += part.text.length;
  }
  return length;
}

/** A store in the named state, driven by a story agent (no server). */
export function chatScenario(scenario: ChatScenario): RunStore {
  switch (scenario) {
    case 'empty':
      return storeOf(storyAgent((input) => [startedOf(input), finishedOf(input)]));
    case 'conversation': {
      const store = storeOf(
        storyAgent((input) => [
          startedOf(input),
          ...say('a1', MARKDOWN_ANSWER),
          end('a1'),
          finishedOf(input),
        ]),
      );
      store.send('Why is API latency up on cell 1?');
      return store;
    }
    case 'code': {
      const store = storeOf(
        storyAgent((input) => [
          startedOf(input),
          ...say('a1', CODE_ANSWER),
          end('a1'),
          finishedOf(input),
        ]),
      );
      store.send('How does the client retry?');
      return store;
    }
    case 'streaming':
    case 'stopped': {
      const cut = MARKDOWN_ANSWER.indexOf('WHERE');
      const store = storeOf(
        storyAgent((input) => [
          startedOf(input),
          ...say('a1', MARKDOWN_ANSWER.slice(0, cut), scenario === 'stopped' ? 0 : 8),
          'hold',
        ]),
      );
      store.send('Why is API latency up on cell 1?');
      if (scenario === 'stopped') {
        // Stop once the partial answer has arrived, as a person pressing Stop would (not after a fixed time).
        void whenState(store, (state) => answeredLength(state) >= cut).then(() => store.cancel());
      }
      return store;
    }
    case 'tools':
    case 'tool-streaming': {
      const store = storeOf(
        storyAgent((input) => [
          startedOf(input),
          ev({ type: 'REASONING_MESSAGE_START', messageId: 'r1', role: 'reasoning' }),
          ev({
            type: 'REASONING_MESSAGE_CONTENT',
            messageId: 'r1',
            delta:
              'The user asks about latency. The prepared recipe reads the measurements first, then focuses the chart on the slowest service.',
          }),
          ev({ type: 'REASONING_MESSAGE_END', messageId: 'r1' }),
          ...say('a1', 'I will read the measurements with the workflow tool `inspect_services`.'),
          end('a1'),
          ...call(
            'c1',
            'inspect_services',
            { services: 'all' },
            'a1',
            JSON.stringify({ services: SERVICES }),
          ),
          ev({ type: 'STATE_SNAPSHOT', snapshot: { services: SERVICES } }),
          ...say(
            'a2',
            'API is the slowest. I will focus it in the chart — this only moves the view.',
          ),
          end('a2'),
          ...call('c2', 'select_service', { id: 'api' }, 'a2'),
          ...call(
            'c3',
            'render_diagnostic_card',
            {
              title: 'API latency 2.4× baseline',
              confidence: 0.59,
              root_cause: 'API latency rose from 60 ms to 145 ms at unchanged volume.',
              contributing_factors: ['Queue and Search latency unchanged against the baseline.'],
              cell_id: 1,
            },
            'a2',
            'rendered',
          ),
          ...(scenario === 'tool-streaming'
            ? [
                ev({
                  type: 'TOOL_CALL_START',
                  toolCallId: 'c4',
                  toolCallName: 'inspect_services',
                  parentMessageId: 'a2',
                }),
                ev({
                  type: 'TOOL_CALL_ARGS',
                  toolCallId: 'c4',
                  delta: '{"services": ["api", "sea',
                }),
                'hold' as const,
              ]
            : [
                ...call('c4', 'read_run_trace', { run: 'run-7' }, 'a2'),
                ev({ type: 'RUN_FINISHED', threadId: input.threadId, runId: input.runId }),
              ]),
        ]),
      );
      store.send('Why is API latency up?');
      return store;
    }
    case 'approval':
    case 'expired': {
      const store = storeOf(
        storyAgent((input, index) =>
          index === 0
            ? [
                startedOf(input),
                ...say(
                  'a1',
                  '**Prepared recipe: work order.** Opening work order WO-1001 for API latency on cell 1 needs your approval, so the run pauses here.',
                ),
                end('a1'),
                finishedOf(input, {
                  type: 'interrupt',
                  interrupts: [
                    {
                      id: 'wo-approval',
                      reason: 'approval',
                      message: 'Open a work order for API latency on cell 1?',
                      ...(scenario === 'expired'
                        ? { expiresAt: new Date(Date.now() - 60_000).toISOString() }
                        : { expiresAt: new Date(Date.now() + 30 * 60_000).toISOString() }),
                    },
                  ],
                }),
              ]
            : [
                startedOf(input),
                ...say(
                  `b${index}`,
                  'Approved. Work order **WO-1001** is open for API latency on cell 1.',
                ),
                end(`b${index}`),
                finishedOf(input),
              ],
        ),
      );
      store.send('Open a work order');
      return store;
    }
    case 'tool-approval': {
      const store = storeOf(
        storyAgent((input, index) =>
          index === 0
            ? [
                startedOf(input),
                ...say('a1', 'Restarting the API pool needs your consent first.'),
                end('a1'),
                ...call('c1', 'restart_pool', { service: 'api', cell_id: 1 }, 'a1'),
                finishedOf(input),
              ]
            : [
                startedOf(input),
                ...say(`b${index}`, 'Done: the pool restarted.'),
                end(`b${index}`),
                finishedOf(input),
              ],
        ),
      );
      store.registerTool({
        name: 'restart_pool',
        description: 'Restart the connection pool of a service.',
        needsApproval: true,
        handler: () => ({ restarted: true }),
      });
      store.send('Restart the API connection pool');
      return store;
    }
    case 'error': {
      const store = storeOf(
        storyAgent((input) => [
          startedOf(input),
          ...say('a1', 'Reading the measurements…'),
          end('a1'),
          ev({
            type: 'RUN_ERROR',
            message: 'The model is overloaded, try again in a minute',
            code: 'overloaded',
          }),
        ]),
      );
      store.send('Diagnose the services');
      return store;
    }
    case 'too-long': {
      const agent: AgentLike = {
        run: () =>
          new Observable<BaseEvent>((subscriber) => {
            subscriber.error(
              new RunFailureError('Transport', 'HTTP 413: Request body is larger than 64 KiB', 413),
            );
          }),
      };
      const store = storeOf(agent);
      store.send('Here is the whole log file again…');
      return store;
    }
    case 'long': {
      const store = storeOf(
        storyAgent((input, index) => [
          startedOf(input),
          ...say(
            `a${index}`,
            `Answer ${index + 1}: API latency is **${60 + index} ms** on cell 1.`,
          ),
          end(`a${index}`),
          finishedOf(input),
        ]),
      );
      void (async () => {
        for (let index = 0; index < 20; index += 1) {
          store.send(`Question ${index + 1}: how is API latency now?`);
          await whenIdle(store);
        }
      })();
      return store;
    }
    case 'recipe-analysis':
      return replayStore('Run the analysis');
    case 'recipe-work-order':
      return replayStore('Open a work order');
    default: {
      const unknown: never = scenario;
      throw new Error(`Unknown scenario ${String(unknown)}`);
    }
  }
}

/** Stores made for a story canvas (one per scenario), so a control change keeps the conversation. */
const canvasStores = new WeakMap<HTMLElement, Map<ChatScenario, RunStore>>();
const storiesStores = new Map<string, Set<RunStore>>();

function storyChatStore(context: StoryContext<Args>, scenario: ChatScenario): RunStore {
  const byScenario = canvasStores.get(context.canvasElement) ?? new Map<ChatScenario, RunStore>();
  canvasStores.set(context.canvasElement, byScenario);
  const known = byScenario.get(scenario);
  if (known && !known.isDisposed) return known;
  const store = chatScenario(scenario);
  byScenario.set(scenario, store);
  const stores = storiesStores.get(context.id) ?? new Set<RunStore>();
  stores.add(store);
  storiesStores.set(context.id, stores);
  return store;
}

type Args = Record<string, unknown>;
type Story = StoryObj<Args>;

const meta: Meta<Args> = {
  title: 'Elements/agent-chat',
  component: 'agent-chat',
  tags: ['autodocs'],
  excludeStories: ['DEMO_PROMPTS', 'chatScenario'],
  argTypes: manifestArgTypes('agent-chat'),
  args: { prompts: DEMO_PROMPTS },
  // When the story goes away, its stores end their runs.
  beforeEach: (context) => () => {
    for (const store of storiesStores.get(context.id) ?? []) store.dispose();
    storiesStores.delete(context.id);
  },
  parameters: {
    layout: 'padded',
    docs: {
      description: {
        component:
          "The conversation with a run's agent: streamed markdown (sanitized), reasoning, tool calls labelled by " +
          'family (workflow, page, presentation, artifact) and status, approvals at the call they answer, errors ' +
          'with Retry, and a composer with preset prompts and Stop. The recipe stories play the prepared demo recipe ' +
          'in the page (synthetic data, no server); the others use small scripted agents in the page.',
      },
    },
  },
};
export default meta;

function chatIn(args: Args, context: StoryContext<Args>, scenario: ChatScenario): TemplateResult {
  return html`<agent-chat
    ${manifestArgs('agent-chat', args)}
    .store=${storyChatStore(context, scenario)}
  ></agent-chat>`;
}

function chatOf(canvas: HTMLElement): AgentChat {
  const chat = canvas.querySelector<AgentChat>('agent-chat');
  if (!chat) throw new Error('No <agent-chat>');
  return chat;
}

/** The chat's buttons by their accessible text. */
function buttonNames(canvas: HTMLElement): string[] {
  return [...(chatOf(canvas).shadowRoot?.querySelectorAll('button') ?? [])].map(
    (button) => button.textContent?.replace(/\s+/g, ' ').trim() ?? '',
  );
}

/** Waits until the chat shows a button with this name. */
function expectButton(name: string) {
  return async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await waitFor(() => expect(buttonNames(canvasElement)).toContain(name), {
      timeout: STORY_WAIT_MS,
    });
  };
}

function scenarioStory(scenario: ChatScenario, play?: Story['play']): Story {
  return { render: (args, context) => chatIn(args, context, scenario), ...(play ? { play } : {}) };
}

/**
 * The replay agent answers the prompts with the prepared recipe, in the page; the artifact registry's renderer
 * (`renderArtifact = createArtifactRenderer()`) shows its `render_*` calls inline.
 */
export const Playground: Story = {
  args: { theme: 'light' },
  render: (args) =>
    html`<agent-run source="replay">
      <agent-chat
        ${manifestArgs('agent-chat', args)}
        .renderArtifact=${createArtifactRenderer()}
      ></agent-chat>
    </agent-run>`,
};

/** "Why is API latency up?" played by the replay agent, the signal chart rendered inline by the registry. */
export const RecipeWithArtifact: Story = {
  name: 'Recipe with an inline artifact',
  render: Playground.render,
  play: async ({ canvasElement }) => {
    const chat = chatOf(canvasElement);
    await waitFor(() => expect(buttonNames(canvasElement)).toContain('Why is API latency up?'), {
      timeout: STORY_WAIT_MS,
    });
    const prompt = [...(chat.shadowRoot?.querySelectorAll('button') ?? [])].find(
      (button) => button.textContent?.trim() === 'Why is API latency up?',
    );
    prompt?.click();
    await waitFor(() => expect(buttonNames(canvasElement)).toContain('Regenerate'), {
      timeout: 30_000,
    });
  },
};

export const Empty: Story = scenarioStory('empty', async ({ canvasElement }) => {
  await waitFor(
    () =>
      expect(
        chatOf(canvasElement)
          .shadowRoot?.querySelector('textarea')
          ?.labels?.[0]?.textContent?.trim(),
      ).toBe('Message'),
    { timeout: STORY_WAIT_MS },
  );
  await expectButton('Send')({ canvasElement });
});

/** Headings, a table, a list, a code block with Copy code, and a link that opens in a new tab. */
export const Markdown: Story = scenarioStory('conversation', expectButton('Copy code'));

/** An answer still streaming: Send gives way to Stop. */
export const Streaming: Story = scenarioStory('streaming', expectButton('Stop'));

/** Stopped mid-answer: the partial answer stays, marked Stopped. */
export const Stopped: Story = scenarioStory('stopped', expectButton('Regenerate'));

/** Reasoning, workflow, presentation, artifact and page tools, with their statuses (expand one). */
export const ToolCalls: Story = scenarioStory('tools', async ({ canvasElement }) => {
  // Three tool parts; the render_diagnostic_card call renders through the artifact registry instead.
  await waitFor(
    () => {
      const root = chatOf(canvasElement).shadowRoot;
      expect(root?.querySelectorAll('[part~="tool-call"]').length).toBe(3);
      const artifacts = root?.querySelectorAll('agent-artifact') ?? [];
      expect(artifacts.length).toBe(1);
      // A valid card, not the invalid-props fallback.
      expect(artifacts[0]?.shadowRoot?.querySelector('diagnostic-card')).not.toBeNull();
    },
    { timeout: STORY_WAIT_MS },
  );
});

/** A tool call whose arguments are still arriving: the JSON fills in as it streams. */
export const ToolArgumentsStreaming: Story = scenarioStory('tool-streaming', expectButton('Stop'));

/** The prepared recipe's "Run the analysis": a workflow tool, the presentation tool select_service, a diagnostic card. */
export const RecipeAnalysis: Story = scenarioStory('recipe-analysis', async ({ canvasElement }) => {
  await waitFor(
    () => expect(chatOf(canvasElement).shadowRoot?.textContent).toContain('render_diagnostic_card'),
    { timeout: STORY_WAIT_MS },
  );
});

/** The prepared recipe's work order: the run pauses for Approve or Deny, with an optional comment. */
export const RecipeApproval: Story = scenarioStory('recipe-work-order', expectButton('Approve'));

/** An interrupt with a deadline. */
export const Approval: Story = scenarioStory('approval', expectButton('Deny'));

/** A tool of this page that needs consent before it runs. */
export const ToolNeedsConsent: Story = scenarioStory('tool-approval', expectButton('Approve'));

/** An interrupt past its deadline cannot be approved, and says so. */
export const ApprovalExpired: Story = scenarioStory('expired', async ({ canvasElement }) => {
  await waitFor(
    () =>
      expect(chatOf(canvasElement).shadowRoot?.textContent).toContain(
        'it can no longer be approved',
      ),
    { timeout: STORY_WAIT_MS },
  );
});

/** The agent reported an error: its reason inline, and Retry. */
export const RunFailed: Story = scenarioStory('error', expectButton('Retry'));

/** HTTP 413: the conversation is too long for this agent; a new thread is offered. */
export const ConversationTooLong: Story = scenarioStory(
  'too-long',
  expectButton('Start a new thread'),
);

/** Waits until the chat's code is coloured (the highlighter part has loaded). */
async function expectHighlighted({ canvasElement }: { canvasElement: HTMLElement }) {
  await waitFor(
    () => expect(chatOf(canvasElement).shadowRoot?.querySelector('.code-keyword')).toBeTruthy(),
    { timeout: STORY_WAIT_MS },
  );
}

/** Fenced code in TypeScript, JSON and a diff, highlighted, with its language label and Copy code. */
export const HighlightedCode: Story = scenarioStory('code', expectHighlighted);

/** The same answer in the dark theme (the code colours' dark defaults). */
export const HighlightedCodeDark: Story = {
  name: 'Highlighted code (dark)',
  args: { theme: 'dark' },
  render: (args, context) => onDarkPage(chatIn(args, context, 'code')),
  play: expectHighlighted,
};

/** Twenty questions and answers: scroll up and "Jump to latest" appears. */
export const LongConversation: Story = scenarioStory('long');

export const Dark: Story = {
  args: { theme: 'dark' },
  render: (args, context) => onDarkPage(chatIn(args, context, 'tools')),
};

/** At the width of a phone (390 px). */
export const Narrow: Story = {
  name: 'Narrow (390 px)',
  render: (args, context) => atPhoneWidth(chatIn(args, context, 'recipe-work-order')),
  play: async ({ canvasElement }) => {
    await expectButton('Approve')({ canvasElement });
    const wrapper = canvasElement.querySelector<HTMLElement>('.story-narrow');
    await expect(wrapper?.scrollWidth).toBeLessThanOrEqual(wrapper?.clientWidth ?? 0);
  },
};

/** The header and empty-state slots filled by the host page. */
export const CustomSlots: Story = {
  render: (args, context) =>
    html`<agent-chat ${manifestArgs('agent-chat', args)} .store=${storyChatStore(context, 'empty')}>
      <strong slot="header">Service analysis assistant</strong>
      <div slot="empty">
        <p><strong>Ask about the synthetic services.</strong></p>
        <p>A prepared recipe answers: it is not a general assistant.</p>
      </div>
    </agent-chat>`,
};
