import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { BaseEvent } from '@ag-ui/core';
import '../components/define.js';
import type { AgentChat, ArtifactRenderer } from '../components/agent-chat/agent-chat.js';
import { MessageSendEvent } from '../components/agent-chat/events.js';
import { setDisclosure } from '../components/shared/disclosure.js';
import { createAnalysisPlugin } from '../src/analysis/index.js';
import { RunStore } from '../src/store/run-store.js';
import type { AgentLike } from '../src/store/types.js';
import {
  API,
  finished,
  manualAgent,
  scriptedAgent,
  snapshot,
  started,
  waitForState,
  waitForStatus,
} from './support/agents.js';
import {
  answer,
  button,
  buttonsNamed,
  chatFor,
  lastUserText,
  liveText,
  messageBox,
  reasoning,
  renderedUntil,
  runError,
  settle,
  textDelta,
  textEnd,
  textStart,
  toolArgs,
  toolEnd,
  toolResult,
  toolStart,
} from './support/chat.js';
import {
  allInShadow,
  countSubscriptions,
  inShadow,
  markupOf,
  nextFrame,
  until,
} from './support/elements.js';

function storeWith(agent: AgentLike): RunStore {
  return new RunStore({ agent, threadId: 'thread-chat' }).use(createAnalysisPlugin());
}

const interruptOutcome = (id: string, extra: Record<string, unknown> = {}) => ({
  type: 'interrupt',
  interrupts: [{ id, reason: 'approval', message: 'Open a work order for API?', ...extra }],
});

/** Sends a message the way a person does: types it and presses Enter. */
async function typeAndSend(el: AgentChat, text: string): Promise<void> {
  messageBox(el).focus();
  await sendKeys({ type: text });
  await sendKeys({ press: 'Enter' });
}

function toolPart(el: AgentChat, name: string): HTMLDetailsElement {
  const part = allInShadow<HTMLDetailsElement>(el, '[part~="tool-call"]').find(
    (candidate) => candidate.querySelector('.tool-name')?.textContent === name,
  );
  if (!part) throw new Error(`No tool part for ${name}`);
  return part;
}

function statusOf(part: Element): string {
  return part.querySelector('.tool-status')?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
}

function approvalCard(el: AgentChat): HTMLElement {
  return inShadow(el, 'section[part~="approval"]');
}

function stubClipboard(writeText: (text: string) => Promise<void>): () => void {
  const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return () => {
    if (original) Object.defineProperty(navigator, 'clipboard', original);
    else Reflect.deleteProperty(navigator, 'clipboard');
  };
}

describe('<agent-chat>', () => {
  describe('anatomy', () => {
    it('names its composer as a person reads it: a Message textbox and a Send button', async () => {
      const el = await chatFor(storeWith(manualAgent()));
      const box = messageBox(el);
      expect(box.labels?.[0]?.textContent?.trim()).to.equal('Message');
      expect(button(el, 'Send').type).to.equal('submit');
      expect(button(el, 'Send').disabled, 'nothing to send yet').to.equal(true);
      const log = inShadow(el, '[role="log"]');
      expect(log.getAttribute('aria-label')).to.equal('Conversation');
      expect(log.getAttribute('aria-live'), 'tokens are not read one by one').to.equal('off');
      expect(inShadow(el, '[part~="empty"]').textContent).to.contain('Start a conversation');
      expect(buttonsNamed(el, 'New thread')[0]?.disabled).to.equal(true);
    });

    it('passes axe empty, and with markdown, tools, an approval and a failure', async () => {
      const agent = scriptedAgent((input, index) =>
        index === 0
          ? [
              started(input),
              ...reasoning('r1', 'Looking at the services.'),
              textStart('a1'),
              textDelta('a1', '## Result\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n```js\nx()\n```'),
              textEnd('a1'),
              toolStart('c1', 'inspect_services', 'a1'),
              toolArgs('c1', '{"services":"all"}'),
              toolEnd('c1'),
              toolResult('c1', '{"services":[]}'),
              finished(input, interruptOutcome('int-1')),
            ]
          : [started(input), runError('model overloaded')],
      );
      const store = storeWith(agent);
      const el = await chatFor(store, ['Run the analysis']);
      await expect(el).to.be.accessible();
      store.send('Hello');
      await waitForStatus(store, 'Needs approval');
      await renderedUntil(el, () => allInShadow(el, '.markdown table').length === 1);
      for (const details of allInShadow<HTMLDetailsElement>(el, 'details')) details.open = true;
      await expect(el).to.be.accessible();
      store.send('Again');
      await waitForStatus(store, 'Failed');
      await settle(el);
      await expect(el).to.be.accessible();
    });

    it('says it is not connected, and sends nothing, without a store', async () => {
      const el = await chatFor(null, ['Run the analysis']);
      expect(inShadow(el, '[part~="empty"]').textContent).to.contain('Not connected to a run.');
      expect(messageBox(el).disabled).to.equal(true);
      expect(button(el, 'Send').disabled).to.equal(true);
      expect(button(el, 'Run the analysis').disabled).to.equal(true);
      expect(button(el, 'New thread').disabled).to.equal(true);
    });

    it('reflects theme and run, and reads prompts from a JSON or line attribute', async () => {
      const el = await fixture<AgentChat>(
        html`<agent-chat
          theme="dark"
          prompts='["Run the analysis","Open a work order"]'
        ></agent-chat>`,
      );
      await settle(el);
      expect(el.prompts).to.deep.equal(['Run the analysis', 'Open a work order']);
      expect(allInShadow(el, '[part~="prompt"]').map((b) => b.textContent?.trim())).to.deep.equal([
        'Run the analysis',
        'Open a work order',
      ]);
      el.setAttribute('prompts', 'One\nTwo\n\nThree');
      el.theme = 'light';
      el.run = 'elsewhere';
      await settle(el);
      expect(el.prompts).to.deep.equal(['One', 'Two', 'Three']);
      expect(el.getAttribute('theme')).to.equal('light');
      expect(el.getAttribute('run')).to.equal('elsewhere');
    });

    it('follows theme="dark" and its own custom properties', async () => {
      const el = await fixture<AgentChat>(
        html`<agent-chat
          .store=${storeWith(manualAgent())}
          theme="light"
          style="--agui-chat-background: rgb(1, 2, 3)"
        ></agent-chat>`,
      );
      await settle(el);
      const base = inShadow(el, '[part~="base"]');
      expect(getComputedStyle(base).backgroundColor).to.equal('rgb(1, 2, 3)');
      el.style.removeProperty('--agui-chat-background');
      await settle(el);
      const light = getComputedStyle(base).backgroundColor;
      el.theme = 'dark';
      await settle(el);
      expect(getComputedStyle(base).backgroundColor).not.to.equal(light);
      expect(getComputedStyle(el).colorScheme).to.equal('dark');
    });

    it('exposes its regions as parts and fills the header and empty slots', async () => {
      const el = await fixture<AgentChat>(
        html`<agent-chat .store=${storeWith(manualAgent())} .prompts=${['Why is API latency up?']}
          ><b slot="header">Assistant</b>
          <p slot="empty">Ask about the services.</p></agent-chat
        >`,
      );
      await settle(el);
      for (const part of [
        'base',
        'header',
        'new-thread-button',
        'transcript',
        'empty',
        'composer',
        'prompts',
        'prompt',
        'input',
        'send-button',
      ]) {
        expect(allInShadow(el, `[part~="${part}"]`), part).to.have.length(1);
      }
      const header = inShadow<HTMLSlotElement>(el, 'slot[name="header"]');
      const empty = inShadow<HTMLSlotElement>(el, 'slot[name="empty"]');
      expect(header.assignedElements()[0]?.textContent).to.equal('Assistant');
      expect(empty.assignedElements()[0]?.textContent).to.equal('Ask about the services.');
    });

    it('shows the run disclosure above the transcript and takes replacement strings', async () => {
      const store = storeWith(manualAgent());
      setDisclosure(store, 'Synthetic data from a prepared demo recipe — no live agent.');
      const el = await fixture<AgentChat>(
        html`<agent-chat
          .store=${store}
          .strings=${{ send: 'Ask', message: 'Question', newThread: 'Start over' }}
        ></agent-chat>`,
      );
      await settle(el);
      const disclosure = inShadow(el, '[part~="disclosure"]');
      expect(disclosure.textContent?.trim()).to.equal(
        'Synthetic data from a prepared demo recipe — no live agent.',
      );
      expect(
        disclosure.compareDocumentPosition(inShadow(el, '[part~="transcript"]')) &
          Node.DOCUMENT_POSITION_FOLLOWING,
      ).to.be.greaterThan(0);
      expect(button(el, 'Ask')).to.be.instanceOf(HTMLButtonElement);
      expect(button(el, 'Start over')).to.be.instanceOf(HTMLButtonElement);
      expect(messageBox(el).labels?.[0]?.textContent?.trim()).to.equal('Question');
      expect(el.shadowRoot?.textContent).not.to.match(/autonomous/i);
    });

    it('finds its store inside <agent-run> and by run="ID", and stops listening once removed', async () => {
      const wrapper = await fixture<HTMLElement>(
        html`<div>
          <agent-run id="chat-run"><agent-chat id="inner"></agent-chat></agent-run>
          <agent-chat id="outer" run="chat-run"></agent-chat>
        </div>`,
      );
      const provider = wrapper.querySelector('agent-run')!;
      const inner = wrapper.querySelector<AgentChat>('#inner')!;
      const outer = wrapper.querySelector<AgentChat>('#outer')!;
      const agent = scriptedAgent((input) => answer(input, 'a1', 'Hi from the run.'));
      provider.agent = agent;
      await settle(inner);
      await settle(outer);
      const open = countSubscriptions(provider.store);
      inner.remove();
      outer.remove();
      wrapper.append(outer);
      wrapper.querySelector('agent-run')!.append(inner);
      await settle(inner);
      await settle(outer);
      expect(open(), 'one subscription each').to.equal(2);
      await typeAndSend(outer, 'Hello');
      await waitForStatus(provider.store, 'Completed');
      await renderedUntil(inner, () => inner.shadowRoot!.textContent!.includes('Hi from the run.'));
      await renderedUntil(outer, () => outer.shadowRoot!.textContent!.includes('Hi from the run.'));
      inner.remove();
      outer.remove();
      expect(open()).to.equal(0);
    });
  });

  describe('transcript', () => {
    it('shows user text as text and the answer as markdown: headings, lists, tables, code, safe links', async () => {
      const agent = scriptedAgent((input) =>
        answer(
          input,
          'a1',
          '# Title\n\n- one\n- two\n\n| Service | ms |\n| --- | ---: |\n| API | 145 |\n\n',
          '```ts\nconst x = 1;\n```\n\nSee [docs](https://example.com/docs) or [bad](javascript:alert(1)).',
        ),
      );
      const store = storeWith(agent);
      const el = await chatFor(store);
      store.send('Show **me** <b>now</b>');
      await waitForStatus(store, 'Completed');
      await renderedUntil(el, () => allInShadow(el, '.markdown h1').length === 1);
      const user = inShadow(el, '[part~="user-message"]');
      expect(user.textContent).to.contain('Show **me** <b>now</b>');
      expect(user.querySelector('b, strong')).to.equal(null);
      expect(allInShadow(el, '.markdown li').map((li) => li.textContent)).to.deep.equal([
        'one',
        'two',
      ]);
      expect(inShadow(el, '.markdown td[align="right"]').textContent).to.equal('145');
      expect(inShadow(el, '.markdown pre code').textContent).to.equal('const x = 1;');
      expect(inShadow(el, '.code-language').textContent).to.equal('ts');
      const links = allInShadow<HTMLAnchorElement>(el, '.markdown a');
      expect(links.map((link) => link.getAttribute('href'))).to.deep.equal([
        'https://example.com/docs',
        null,
      ]);
      expect(links[0]?.rel).to.equal('noopener noreferrer');
      expect(links[0]?.target).to.equal('_blank');
    });

    it('streams markdown block by block: finished blocks stay, a code block split across deltas fills in', async () => {
      const agent = manualAgent();
      const store = storeWith(agent);
      const el = await chatFor(store);
      store.send('Write code');
      await until(() => agent.inputs.length === 1);
      agent.emit(started(agent.inputs[0]!));
      agent.emit(textStart('a1'));
      agent.emit(textDelta('a1', 'Intro **text**.\n\n```js\nconst a'));
      await renderedUntil(el, () => allInShadow(el, '.markdown pre').length === 1);
      await settle(el);
      const intro = inShadow(el, '.markdown p');
      expect(markupOf(intro)).to.equal('Intro <strong>text</strong>.');
      expect(inShadow(el, '.markdown pre code').textContent).to.equal('const a');
      agent.emit(textDelta('a1', ' = 1;\nconsole.'));
      await settle(el);
      agent.emit(textDelta('a1', 'log(a)\n``'));
      await settle(el);
      expect(inShadow(el, '.markdown pre code').textContent).to.equal(
        'const a = 1;\nconsole.log(a)\n``',
      );
      agent.emit(textDelta('a1', '`\n\nDone *now*.'));
      await settle(el);
      expect(inShadow(el, '.markdown pre code').textContent).to.equal(
        'const a = 1;\nconsole.log(a)',
      );
      expect(inShadow(el, '.markdown p').isSameNode(intro), 'the finished block was kept').to.equal(
        true,
      );
      expect(intro.isConnected).to.equal(true);
      const paragraphs = allInShadow(el, '.markdown p');
      expect(markupOf(paragraphs[paragraphs.length - 1])).to.equal('Done <em>now</em>.');
      expect(el.shadowRoot!.querySelector('[data-streaming] .typing'), 'writing…').not.to.equal(
        null,
      );
      agent.emit(textEnd('a1'));
      agent.emit(finished(agent.inputs[0]!));
      await waitForStatus(store, 'Completed');
      await settle(el);
      expect(el.shadowRoot!.querySelector('.typing')).to.equal(null);
      expect(allInShadow(el, '.markdown pre')).to.have.length(1);
    });

    it('keeps reasoning in a collapsed Thinking disclosure, as text', async () => {
      const agent = scriptedAgent((input) => [
        started(input),
        ...reasoning('r1', 'Step one: **read** the data.'),
        ...answer(input, 'a1', 'Done.').slice(1),
      ]);
      const store = storeWith(agent);
      const el = await chatFor(store);
      store.send('Think');
      await waitForStatus(store, 'Completed');
      await renderedUntil(el, () => allInShadow(el, '[part~="reasoning"]').length === 1);
      const thinking = inShadow<HTMLDetailsElement>(el, '[part~="reasoning"]');
      expect(thinking.open).to.equal(false);
      expect(thinking.querySelector('summary')?.textContent?.trim()).to.equal('Thinking');
      expect(thinking.querySelector('.thinking-text')?.textContent).to.equal(
        'Step one: **read** the data.',
      );
    });

    it('shows a tool call that fills in its arguments, runs, and ends with its result', async () => {
      const agent = manualAgent();
      const store = storeWith(agent);
      const el = await chatFor(store);
      store.send('Inspect');
      await until(() => agent.inputs.length === 1);
      agent.emit(started(agent.inputs[0]!));
      agent.emit(toolStart('c1', 'inspect_services'));
      agent.emit(toolArgs('c1', '{"services": ["api", "sea'));
      await renderedUntil(el, () => allInShadow(el, '[part~="tool-call"]').length === 1);
      await settle(el);
      const part = toolPart(el, 'inspect_services');
      expect(statusOf(part)).to.equal('Receiving arguments');
      const args = () => part.querySelector('[data-field="arguments"]')?.textContent ?? '';
      expect(args()).to.equal('{\n  "services": [\n    "api",\n    "sea"\n  ]\n}');
      agent.emit(toolArgs('c1', 'rch"]}'));
      agent.emit(toolEnd('c1'));
      await settle(el);
      expect(statusOf(part)).to.equal('Running');
      expect(args()).to.contain('"search"');
      agent.emit(toolResult('c1', '{"services":[{"id":"api"}]}'));
      await settle(el);
      expect(statusOf(part)).to.equal('Done');
      expect(part.querySelector('[data-field="result"]')?.textContent).to.equal(
        '{\n  "services": [\n    {\n      "id": "api"\n    }\n  ]\n}',
      );
      agent.emit(finished(agent.inputs[0]!));
      await waitForStatus(store, 'Completed');
    });

    it('shows failed, denied and cancelled tool calls', async () => {
      const agent = manualAgent();
      const store = storeWith(agent);
      store.registerTool({
        name: 'explode',
        description: 'Always fails.',
        handler: () => {
          throw new Error('the valve is stuck');
        },
      });
      store.registerTool({ name: 'guarded', description: 'Needs consent.', needsApproval: true });
      const el = await chatFor(store);
      store.send('Go');
      await until(() => agent.inputs.length === 1);
      agent.emit(started(agent.inputs[0]!));
      for (const event of [toolStart('c1', 'explode'), toolArgs('c1', '{}'), toolEnd('c1')]) {
        agent.emit(event);
      }
      for (const event of [toolStart('c2', 'guarded'), toolArgs('c2', '{}'), toolEnd('c2')]) {
        agent.emit(event);
      }
      agent.emit(toolStart('c3', 'half_sent'));
      agent.emit(toolArgs('c3', '{"a":'));
      await settle(el);
      expect(statusOf(toolPart(el, 'explode'))).to.equal('Failed');
      expect(toolPart(el, 'explode').querySelector('.tool-error')?.textContent).to.contain(
        'the valve is stuck',
      );
      expect(statusOf(toolPart(el, 'guarded'))).to.equal('Waiting for approval');
      button(el, 'Deny').click();
      await settle(el);
      expect(statusOf(toolPart(el, 'guarded'))).to.equal('Denied');
      button(el, 'Stop').click();
      await waitForStatus(store, 'Cancelled');
      await settle(el);
      expect(statusOf(toolPart(el, 'half_sent'))).to.equal('Cancelled');
    });

    it('renders a render_* call in place through the artifact registry by default', async () => {
      const agent = scriptedAgent((input) => [
        started(input),
        textStart('a1'),
        textDelta('a1', 'Here is the diagnosis.'),
        textEnd('a1'),
        toolStart('c1', 'render_diagnostic_card', 'a1'),
        toolArgs(
          'c1',
          '{"title":"API latency up","confidence":0.6,"root_cause":"Load","contributing_factors":["x"],"cell_id":1}',
        ),
        toolEnd('c1'),
        toolResult('c1', 'rendered'),
        finished(input),
      ]);
      const store = storeWith(agent);
      const el = await chatFor(store);
      store.send('diagnose');
      await waitForState(store, (state) => state.run.status === 'Completed');
      await renderedUntil(el, () => allInShadow(el, 'agent-artifact').length === 1);
      const artifact = allInShadow(el, 'agent-artifact')[0] as HTMLElement;
      await renderedUntil(el, () => Boolean(artifact.shadowRoot?.querySelector('diagnostic-card')));
      const card = artifact.shadowRoot?.querySelector('diagnostic-card') as HTMLElement;
      await renderedUntil(el, () =>
        (card.shadowRoot?.textContent ?? '').includes('API latency up'),
      );
      expect(card.shadowRoot?.textContent).to.contain('API latency up');
    });

    it('labels workflow, page, presentation and artifact tools apart', async () => {
      // The follow-up that carries read_clock's answer is a plain completion (a server that sent the same ids again
      // would be sending new messages: see reused-ids.test.ts).
      const agent = scriptedAgent((input, index) =>
        index > 0
          ? [started(input), finished(input)]
          : [
              started(input),
              snapshot([API]),
              textStart('a1'),
              textDelta('a1', 'Looking.'),
              textEnd('a1'),
              toolStart('c1', 'inspect_services', 'a1'),
              toolArgs('c1', '{}'),
              toolEnd('c1'),
              toolResult('c1', '{"services":[]}'),
              toolStart('c2', 'select_service', 'a1'),
              toolArgs('c2', '{"id":"api"}'),
              toolEnd('c2'),
              toolStart('c3', 'render_diagnostic_card', 'a1'),
              toolArgs('c3', '{"title":"API"}'),
              toolEnd('c3'),
              toolResult('c3', 'rendered'),
              toolStart('c4', 'read_clock', 'a1'),
              toolArgs('c4', '{}'),
              toolEnd('c4'),
              finished(input),
            ],
      );
      const store = storeWith(agent);
      store.registerTool({ name: 'read_clock', description: 'The time.', handler: () => 'noon' });
      const el = await chatFor(store);
      // The host opts out of artifact rendering, so the render call shows as a tool part too.
      el.renderArtifact = () => undefined;
      store.send('Run the analysis');
      await waitForState(
        store,
        (state) => state.run.number >= 1 && state.run.status === 'Completed',
      );
      await store.getState();
      await renderedUntil(el, () => allInShadow(el, '[part~="tool-call"]').length === 4);
      await settle(el);
      const family = (name: string) =>
        toolPart(el, name).querySelector('.tool-family')?.textContent?.trim();
      const note = (name: string) =>
        toolPart(el, name).querySelector('.tool-note')?.textContent?.trim();
      expect(family('inspect_services')).to.equal('Workflow tool');
      expect(family('select_service')).to.equal('Presentation');
      expect(note('select_service')).to.equal(
        'Presentation only: it moves the view and changes no data.',
      );
      expect(family('render_diagnostic_card')).to.equal('Artifact');
      expect(family('read_clock')).to.equal('Page tool');
      expect(toolPart(el, 'select_service').dataset.family).to.equal('presentation');
      expect(toolPart(el, 'inspect_services').dataset.family).to.equal('workflow');
      store.cancel();
    });

    it('puts render_* calls through renderArtifact at their place, and keeps the tool part when it declines', async () => {
      const agent = scriptedAgent((input) => [
        started(input),
        textStart('a1'),
        textDelta('a1', 'Before.'),
        textEnd('a1'),
        toolStart('c1', 'render_diagnostic_card', 'a1'),
        toolArgs('c1', '{"title":"API latency"}'),
        toolEnd('c1'),
        toolStart('c2', 'render_unknown_thing', 'a1'),
        toolArgs('c2', '{}'),
        toolEnd('c2'),
        textStart('a2'),
        textDelta('a2', 'After.'),
        textEnd('a2'),
        finished(input),
      ]);
      const store = storeWith(agent);
      const el = await chatFor(store);
      const seen: string[] = [];
      const renderArtifact: ArtifactRenderer = (part, message) => {
        if (part.kind !== 'tool-call') return undefined;
        seen.push(`${part.name}@${message?.id ?? ''}`);
        if (part.name !== 'render_diagnostic_card') return undefined;
        const title = (part.args as { title?: string } | undefined)?.title ?? '';
        return html`<div class="test-artifact">Card: ${title}</div>`;
      };
      el.renderArtifact = renderArtifact;
      store.send('Diagnose');
      await waitForStatus(store, 'Completed');
      await renderedUntil(el, () => allInShadow(el, '.test-artifact').length === 1);
      await settle(el);
      expect(inShadow(el, '.test-artifact').textContent).to.equal('Card: API latency');
      expect(toolPart(el, 'render_unknown_thing').dataset.family).to.equal('render');
      const text = el.shadowRoot!.textContent!;
      expect(text.indexOf('Before.')).to.be.lessThan(text.indexOf('Card: API latency'));
      expect(text.indexOf('Card: API latency')).to.be.lessThan(text.indexOf('After.'));
      expect(seen).to.include('render_diagnostic_card@a1');
      el.renderArtifact = () => {
        throw new Error('registry failed');
      };
      await settle(el);
      expect(allInShadow(el, '.test-artifact')).to.have.length(0);
      expect(
        toolPart(el, 'render_diagnostic_card').dataset.family,
        'the tool part instead',
      ).to.equal('render');
    });

    it('re-renders only the message that changed while an answer streams', async () => {
      const agent = manualAgent();
      const store = storeWith(agent);
      store.registerTool({ name: 'render_card', description: 'A card.', render: true });
      const el = await chatFor(store);
      const calls = new Map<string, number>();
      el.renderArtifact = (part) => {
        const id = part.kind === 'tool-call' ? part.id : part.artifactId;
        calls.set(id, (calls.get(id) ?? 0) + 1);
        return html`<span class="card-${id}">card</span>`;
      };
      store.send('First');
      await until(() => agent.inputs.length === 1);
      agent.emit(started(agent.inputs[0]!));
      for (const event of [
        toolStart('early', 'render_card'),
        toolArgs('early', '{}'),
        toolEnd('early'),
      ]) {
        agent.emit(event);
      }
      agent.emit(finished(agent.inputs[0]!));
      await waitForState(store, (state) => state.run.status === 'Completed');
      await settle(el);
      store.send('Second');
      await until(() => agent.inputs.length === 2);
      agent.emit(started(agent.inputs[1]!));
      agent.emit(textStart('a2'));
      agent.emit(textDelta('a2', 'Start. '));
      // Markdown arriving re-renders every message once; measure after that.
      await renderedUntil(el, () => allInShadow(el, '.markdown').length === 1);
      await settle(el);
      const before = calls.get('early') ?? 0;
      expect(before).to.be.greaterThan(0);
      for (let index = 0; index < 10; index += 1) {
        agent.emit(textDelta('a2', `token ${index} `));
        await nextFrame();
      }
      await settle(el);
      expect(inShadow(el, '[data-role="assistant"]:last-of-type').textContent).to.contain(
        'token 9',
      );
      expect(calls.get('early'), 'the earlier message was not rendered again').to.equal(before);
      agent.emit(textEnd('a2'));
      agent.emit(finished(agent.inputs[1]!));
    });

    it('shows a run error inline with its reason, and an activity message', async () => {
      const agent = scriptedAgent((input) => [
        started(input),
        {
          type: 'ACTIVITY_SNAPSHOT',
          messageId: 'act-1',
          activityType: 'PLAN',
          content: { title: 'Read the measurements' },
        } as BaseEvent,
        runError('The model is overloaded'),
      ]);
      const store = storeWith(agent);
      const el = await chatFor(store);
      store.send('Go');
      await waitForStatus(store, 'Failed');
      await renderedUntil(el, () => allInShadow(el, '[part~="error"]').length === 1);
      const error = inShadow(el, '[part~="error"]');
      expect(error.querySelector('.error-title')?.textContent).to.equal(
        'The agent reported an error',
      );
      expect(error.querySelector('.error-reason')?.textContent).to.equal('The model is overloaded');
      expect(inShadow(el, '[part~="activity"] summary').textContent).to.contain('Activity: PLAN');
      expect(inShadow(el, '[part~="activity"] summary').textContent).to.contain(
        'Read the measurements',
      );
    });
  });

  describe('approvals', () => {
    it('answers an interrupt with Approve and a comment, at the message it belongs to', async () => {
      const agent = scriptedAgent((input, index) =>
        index === 0
          ? [
              started(input),
              textStart('a1'),
              textDelta('a1', 'Opening a work order needs your approval.'),
              textEnd('a1'),
              finished(input, interruptOutcome('wo-1')),
            ]
          : answer(input, `b${index}`, 'Approved: WO-1001 is open.'),
      );
      const store = storeWith(agent);
      const el = await chatFor(store);
      store.send('Open a work order');
      await waitForStatus(store, 'Needs approval');
      await renderedUntil(el, () => allInShadow(el, 'section[part~="approval"]').length === 1);
      const card = approvalCard(el);
      expect(card.closest('[data-role="assistant"]')?.textContent).to.contain(
        'Opening a work order needs your approval.',
      );
      expect(card.textContent).to.contain('Open a work order for API?');
      expect(inShadow(el, '[part~="notice"]').textContent).to.contain(
        'Sending a message now cancels the open approval request.',
      );
      const comment = card.querySelector<HTMLTextAreaElement>('textarea')!;
      expect(comment.labels?.[0]?.textContent?.trim()).to.equal('Comment (optional)');
      comment.focus();
      await sendKeys({ type: 'Ship it' });
      button(el, 'Approve').click();
      await waitForState(
        store,
        (state) => state.run.number === 2 && state.run.status === 'Completed',
      );
      expect(agent.inputs[1]?.resume).to.deep.equal([
        {
          interruptId: 'wo-1',
          status: 'resolved',
          payload: { approved: true, comment: 'Ship it' },
        },
      ]);
      await renderedUntil(el, () => el.shadowRoot!.textContent!.includes('WO-1001 is open'));
      await settle(el);
      const record = inShadow(el, '[part~="approval"][data-answer]');
      expect(record.dataset.answer).to.equal('approved');
      expect(record.textContent).to.contain('You approved.');
      expect(record.textContent).to.contain('Ship it');
      expect(buttonsNamed(el, 'Approve')).to.have.length(0);
      expect(el.shadowRoot?.activeElement).to.equal(messageBox(el));
    });

    it('denies an interrupt', async () => {
      const agent = scriptedAgent((input, index) =>
        index === 0
          ? [started(input), finished(input, interruptOutcome('wo-2'))]
          : answer(input, `b${index}`, 'Not opened.'),
      );
      const store = storeWith(agent);
      const el = await chatFor(store);
      store.send('Open a work order');
      await waitForStatus(store, 'Needs approval');
      await renderedUntil(el, () => buttonsNamed(el, 'Deny').length === 1);
      button(el, 'Deny').click();
      await waitForState(
        store,
        (state) => state.run.number === 2 && state.run.status === 'Completed',
      );
      expect(agent.inputs[1]?.resume).to.deep.equal([
        { interruptId: 'wo-2', status: 'resolved', payload: { approved: false } },
      ]);
      await renderedUntil(el, () => allInShadow(el, '[data-answer="denied"]').length === 1);
    });

    it('answers a legacy on_interrupt through forwardedProps.command.resume', async () => {
      const agent = scriptedAgent((input, index) =>
        index === 0
          ? [
              started(input),
              {
                type: 'CUSTOM',
                name: 'on_interrupt',
                value: 'Proceed with the restart?',
              } as BaseEvent,
              finished(input),
            ]
          : answer(input, `b${index}`, 'Restarted.'),
      );
      const store = storeWith(agent);
      const el = await chatFor(store);
      store.send('Restart');
      await waitForStatus(store, 'Needs approval');
      await renderedUntil(el, () => allInShadow(el, 'section[part~="approval"]').length === 1);
      expect(approvalCard(el).dataset.kind).to.equal('legacy');
      expect(approvalCard(el).textContent).to.contain('Proceed with the restart?');
      button(el, 'Approve').click();
      await waitForState(
        store,
        (state) => state.run.number === 2 && state.run.status === 'Completed',
      );
      expect(agent.inputs[1]?.forwardedProps).to.deep.equal({
        command: { resume: { approved: true } },
      });
    });

    it('asks consent for a tool that needs it, at its call: Approve runs it, Deny does not', async () => {
      let runs = 0;
      const agent = scriptedAgent((input, index) =>
        index === 0 || index === 2
          ? [
              started(input),
              toolStart(`v${index}`, 'open_valve'),
              toolArgs(`v${index}`, '{"valve":7}'),
              toolEnd(`v${index}`),
              finished(input),
            ]
          : answer(input, `b${index}`, 'Noted.'),
      );
      const store = storeWith(agent);
      store.registerTool({
        name: 'open_valve',
        description: 'Open a valve.',
        needsApproval: true,
        handler: () => {
          runs += 1;
          return { opened: true };
        },
      });
      const el = await chatFor(store);
      store.send('Open valve 7');
      await waitForStatus(store, 'Needs approval');
      await renderedUntil(el, () => allInShadow(el, 'section[part~="approval"]').length === 1);
      const tool = toolPart(el, 'open_valve');
      expect(tool.nextElementSibling, 'the request sits under its call').to.equal(approvalCard(el));
      expect(approvalCard(el).textContent).to.contain(
        'The tool open_valve runs only if you approve.',
      );
      button(el, 'Approve').click();
      await waitForState(
        store,
        (state) => state.run.number === 2 && state.run.status === 'Completed',
      );
      expect(runs).to.equal(1);
      store.send('Open it again');
      await waitForStatus(store, 'Needs approval');
      await renderedUntil(el, () => buttonsNamed(el, 'Deny').length === 1);
      button(el, 'Deny').click();
      await waitForState(
        store,
        (state) => state.run.number === 4 && state.run.status === 'Completed',
      );
      expect(runs).to.equal(1);
      await settle(el);
      expect(statusOf(toolPart(el, 'open_valve'))).to.equal('Done');
      const parts = allInShadow(el, '[part~="tool-call"]');
      expect(statusOf(parts[parts.length - 1]!)).to.equal('Denied');
    });

    it('says an expired interrupt can no longer be approved, and turns Approve off when it expires', async () => {
      const past = new Date(Date.now() - 60_000).toISOString();
      const soon = new Date(Date.now() + 400).toISOString();
      const agent = scriptedAgent((input, index) => [
        started(input),
        finished(input, interruptOutcome(`wo-${index}`, { expiresAt: index === 0 ? past : soon })),
      ]);
      const store = storeWith(agent);
      const el = await chatFor(store);
      store.send('Open a work order');
      await waitForStatus(store, 'Needs approval');
      await renderedUntil(el, () => allInShadow(el, 'section[part~="approval"]').length === 1);
      expect(button(el, 'Approve').disabled).to.equal(true);
      expect(button(el, 'Deny').disabled).to.equal(true);
      expect(inShadow(el, '.approval-expired').textContent).to.contain(
        'it can no longer be approved',
      );
      store.send('Open another one');
      await waitForState(
        store,
        (state) => state.run.number === 2 && state.run.status === 'Needs approval',
      );
      await renderedUntil(el, () => buttonsNamed(el, 'Approve').length === 1);
      expect(button(el, 'Approve').disabled, 'still open').to.equal(false);
      await renderedUntil(el, () => button(el, 'Approve').disabled);
      expect(inShadow(el, '.approval-expired').textContent).to.contain('expired');
    });

    it('cancels an open approval when a new message is sent, as the notice says', async () => {
      const agent = scriptedAgent((input, index) =>
        index === 0
          ? [started(input), finished(input, interruptOutcome('wo-3'))]
          : answer(input, `b${index}`, 'Something else.'),
      );
      const store = storeWith(agent);
      const el = await chatFor(store);
      store.send('Open a work order');
      await waitForStatus(store, 'Needs approval');
      await renderedUntil(el, () => allInShadow(el, '[data-notice="approval"]').length === 1);
      await typeAndSend(el, 'Never mind');
      await waitForState(
        store,
        (state) => state.run.number === 2 && state.run.status === 'Completed',
      );
      expect(agent.inputs[1]?.resume).to.deep.equal([{ interruptId: 'wo-3', status: 'cancelled' }]);
      await renderedUntil(el, () => allInShadow(el, '[data-answer="cancelled"]').length === 1);
      expect(allInShadow(el, '[data-notice="approval"]')).to.have.length(0);
    });
  });

  describe('run actions', () => {
    it('offers Stop while a run streams; Stop keeps the partial answer, marked stopped', async () => {
      const agent = manualAgent();
      const store = storeWith(agent);
      const el = await chatFor(store);
      await typeAndSend(el, 'Tell me everything');
      await until(() => agent.inputs.length === 1);
      await settle(el);
      expect(buttonsNamed(el, 'Send')).to.have.length(0);
      expect(allInShadow(el, '[data-pending]'), 'the agent is working').to.have.length(1);
      agent.emit(started(agent.inputs[0]!));
      agent.emit(textStart('a1'));
      agent.emit(textDelta('a1', 'The first half'));
      await settle(el);
      button(el, 'Stop').click();
      await waitForStatus(store, 'Cancelled');
      await settle(el);
      expect(agent.open, 'the request ended').to.equal(0);
      const message = inShadow(el, '[data-role="assistant"]');
      expect(message.textContent).to.contain('The first half');
      expect(message.querySelector('[data-badge="stopped"]')?.textContent?.trim()).to.equal(
        'Stopped',
      );
      expect(button(el, 'Send')).to.be.instanceOf(HTMLButtonElement);
      expect(liveText(el)).to.equal('Stopped. The partial answer is kept.');
    });

    it('offers Retry after a failure, which sends the last message again', async () => {
      const agent = scriptedAgent((input, index) =>
        index === 0
          ? [started(input), runError('busy')]
          : answer(input, 'a1', 'Second time lucky.'),
      );
      const store = storeWith(agent);
      const el = await chatFor(store);
      store.send('Diagnose the services');
      await waitForStatus(store, 'Failed');
      await renderedUntil(el, () => buttonsNamed(el, 'Retry').length === 1);
      await settle(el);
      expect(liveText(el)).to.equal('The run failed: busy');
      expect(buttonsNamed(el, 'Regenerate')).to.have.length(0);
      button(el, 'Retry').click();
      await waitForState(
        store,
        (state) => state.run.number === 2 && state.run.status === 'Completed',
      );
      expect(lastUserText(agent.inputs[1])).to.equal('Diagnose the services');
      await renderedUntil(el, () => el.shadowRoot!.textContent!.includes('Second time lucky.'));
      expect(allInShadow(el, '[part~="error"]')).to.have.length(0);
      expect(allInShadow(el, '[part~="user-message"]')).to.have.length(1);
    });

    it('says an HTTP 413 conversation is too long for this agent and offers a new thread', async () => {
      const url = `/__test/sse?${new URLSearchParams({
        key: `chat-413-${Date.now()}`,
        status: '413',
        text: 'Request body is larger than 64 KiB',
      }).toString()}`;
      const store = new RunStore({ endpoint: { url }, threadId: 'thread-413' });
      const el = await chatFor(store);
      store.send('A very long conversation');
      await waitForStatus(store, 'Failed');
      await renderedUntil(el, () => allInShadow(el, '[part~="error"]').length === 1);
      const error = inShadow(el, '[part~="error"]');
      expect(error.querySelector('.error-title')?.textContent).to.equal(
        'This conversation is too long for this agent.',
      );
      expect(error.querySelector('.error-reason')?.textContent).to.equal(
        'HTTP 413: Request body is larger than 64 KiB',
      );
      expect(buttonsNamed(el, 'Retry')).to.have.length(0);
      button(el, 'Start a new thread').click();
      await waitForState(store, (state) => state.messages.length === 0);
      expect(store.getState().threadId).not.to.equal('thread-413');
      await settle(el);
      expect(allInShadow(el, '[part~="empty"]')).to.have.length(1);
    });

    it('regenerates the last answer', async () => {
      const agent = scriptedAgent((input, index) => answer(input, `a${index}`, `Answer ${index}`));
      const store = storeWith(agent);
      const el = await chatFor(store);
      store.send('Question');
      await waitForStatus(store, 'Completed');
      await renderedUntil(el, () => buttonsNamed(el, 'Regenerate').length === 1);
      button(el, 'Regenerate').click();
      await waitForState(
        store,
        (state) => state.run.number === 2 && state.run.status === 'Completed',
      );
      expect(lastUserText(agent.inputs[1])).to.equal('Question');
      await renderedUntil(el, () => el.shadowRoot!.textContent!.includes('Answer 1'));
      expect(el.shadowRoot!.textContent).not.to.contain('Answer 0');
      expect(buttonsNamed(el, 'Regenerate')).to.have.length(1);
    });

    it('starts a new thread: messages and approvals go, the thread id changes', async () => {
      const agent = scriptedAgent((input) => [
        started(input),
        finished(input, interruptOutcome('wo-9')),
      ]);
      const store = storeWith(agent);
      const el = await chatFor(store);
      store.send('Open a work order');
      await waitForStatus(store, 'Needs approval');
      await renderedUntil(el, () => allInShadow(el, 'section[part~="approval"]').length === 1);
      const thread = store.getState().threadId;
      button(el, 'New thread').click();
      await settle(el);
      expect(store.getState().threadId).not.to.equal(thread);
      expect(store.getState().approvals).to.deep.equal([]);
      expect(allInShadow(el, '[part~="message"]')).to.have.length(0);
      expect(allInShadow(el, '[part~="approval"]')).to.have.length(0);
      expect(allInShadow(el, '[part~="empty"]')).to.have.length(1);
      expect(el.shadowRoot?.activeElement).to.equal(messageBox(el));
    });
  });

  describe('composer', () => {
    it('adds a line with Shift+Enter and sends with Enter, returning focus to the composer', async () => {
      const agent = scriptedAgent((input) => answer(input, 'a1', 'Ok.'));
      const store = storeWith(agent);
      const el = await chatFor(store);
      messageBox(el).focus();
      await sendKeys({ type: 'Line one' });
      await sendKeys({ press: 'Shift+Enter' });
      await sendKeys({ type: 'Line two' });
      expect(messageBox(el).value).to.equal('Line one\nLine two');
      expect(agent.inputs).to.have.length(0);
      await settle(el);
      expect(button(el, 'Send').disabled).to.equal(false);
      await sendKeys({ press: 'Enter' });
      await waitForStatus(store, 'Completed');
      expect(lastUserText(agent.inputs[0])).to.equal('Line one\nLine two');
      expect(messageBox(el).value).to.equal('');
      expect(el.shadowRoot?.activeElement).to.equal(messageBox(el));
    });

    it('sends a preset prompt, and disables the prompts while a run streams', async () => {
      const agent = manualAgent();
      const store = storeWith(agent);
      const el = await chatFor(store, [
        'Run the analysis',
        'Why is API latency up?',
        'Open a work order',
      ]);
      button(el, 'Why is API latency up?').click();
      await until(() => agent.inputs.length === 1);
      expect(lastUserText(agent.inputs[0])).to.equal('Why is API latency up?');
      await settle(el);
      expect(
        allInShadow<HTMLButtonElement>(el, '[part~="prompt"]').every((b) => b.disabled),
      ).to.equal(true);
      expect(el.shadowRoot?.activeElement).to.equal(messageBox(el));
      store.cancel();
    });

    it('fires a cancelable message-send: a host may veto it or rewrite the text', async () => {
      const agent = scriptedAgent((input) => answer(input, 'a1', 'Ok.'));
      const store = storeWith(agent);
      const el = await chatFor(store);
      const veto = (event: MessageSendEvent) => event.preventDefault();
      el.addEventListener('message-send', veto);
      await typeAndSend(el, 'secret');
      await settle(el);
      expect(agent.inputs).to.have.length(0);
      expect(store.getState().messages).to.have.length(0);
      expect(messageBox(el).value, 'the text stays for another try').to.equal('secret');
      el.removeEventListener('message-send', veto);
      const seen: MessageSendEvent[] = [];
      document.addEventListener(
        'message-send',
        (event) => {
          seen.push(event);
          event.detail.text = `${event.detail.text} (from the host)`;
        },
        { once: true },
      );
      await sendKeys({ press: 'Enter' });
      await waitForStatus(store, 'Completed');
      expect(seen[0]).to.be.instanceOf(MessageSendEvent);
      expect(seen[0]?.bubbles && seen[0]?.composed && seen[0]?.cancelable).to.equal(true);
      expect(lastUserText(agent.inputs[0])).to.equal('secret (from the host)');
    });

    it('works from the keyboard: prompts, Send, the log, tool details and approvals', async () => {
      const agent = scriptedAgent((input, index) =>
        index === 0
          ? [
              started(input),
              toolStart('c1', 'inspect_services'),
              toolArgs('c1', '{}'),
              toolEnd('c1'),
              toolResult('c1', 'ok'),
              finished(input, interruptOutcome('wo-k')),
            ]
          : answer(input, 'b1', 'Done.'),
      );
      const store = storeWith(agent);
      const el = await chatFor(store, ['Open a work order']);
      button(el, 'New thread').focus();
      await sendKeys({ press: 'Tab' });
      expect(
        el.shadowRoot?.activeElement?.getAttribute('role'),
        'the log scrolls by keyboard',
      ).to.equal('log');
      await sendKeys({ press: 'Tab' });
      expect(el.shadowRoot?.activeElement?.textContent?.trim()).to.equal('Open a work order');
      await sendKeys({ press: 'Enter' });
      await waitForStatus(store, 'Needs approval');
      await renderedUntil(el, () => buttonsNamed(el, 'Approve').length === 1);
      const summary = toolPart(el, 'inspect_services').querySelector('summary')!;
      summary.focus();
      await sendKeys({ press: 'Enter' });
      expect(toolPart(el, 'inspect_services').open).to.equal(true);
      await sendKeys({ press: 'Tab' });
      expect(el.shadowRoot?.activeElement?.getAttribute('part')).to.equal('comment');
      await sendKeys({ type: 'ok' });
      await sendKeys({ press: 'Tab' });
      expect(el.shadowRoot?.activeElement?.textContent?.trim()).to.equal('Approve');
      await sendKeys({ press: 'Enter' });
      await waitForState(
        store,
        (state) => state.run.number === 2 && state.run.status === 'Completed',
      );
      expect(agent.inputs[1]?.resume?.[0]?.payload).to.deep.equal({
        approved: true,
        comment: 'ok',
      });
      expect(el.shadowRoot?.activeElement).to.equal(messageBox(el));
    });

    it('copies a message and a code block, says Copied, and explains when the clipboard is unavailable', async () => {
      const copied: string[] = [];
      let restore = stubClipboard(async (text) => {
        copied.push(text);
      });
      try {
        const agent = scriptedAgent((input) =>
          answer(input, 'a1', 'Run this:\n\n```sh\nnpm start\n```'),
        );
        const store = storeWith(agent);
        const el = await chatFor(store);
        store.send('How do I start?');
        await waitForStatus(store, 'Completed');
        await renderedUntil(el, () => allInShadow(el, '.code-block').length === 1);
        const copyButtons = () =>
          allInShadow<HTMLButtonElement>(el, '[data-role="assistant"] [part~="copy-button"]');
        copyButtons()[0]!.click();
        await until(() => copied.length === 1);
        expect(copied[0]).to.equal('Run this:\n\n```sh\nnpm start\n```');
        await renderedUntil(el, () => copyButtons()[0]?.textContent?.trim() === 'Copied');
        expect(liveText(el)).to.equal('Copied to the clipboard.');
        button(el, 'Copy code').click();
        await until(() => copied.length === 2);
        expect(copied[1]).to.equal('npm start');
        await until(() => inShadow(el, '.code-copy').textContent === 'Copied');
        restore();
        restore = stubClipboard(() => Promise.reject(new Error('denied')));
        inShadow<HTMLButtonElement>(el, '[part~="user-message"] [part~="copy-button"]').click();
        await renderedUntil(el, () => allInShadow(el, '[data-notice="toast"]').length === 1);
        expect(inShadow(el, '[data-notice="toast"]').textContent).to.contain(
          'The clipboard is not available here',
        );
      } finally {
        restore();
      }
    });
  });

  describe('scrolling and announcements', () => {
    /** A 24rem chat whose answer `a1` has started streaming. */
    async function streamingInShortChat() {
      const agent = manualAgent();
      const store = storeWith(agent);
      const el = await fixture<AgentChat>(
        html`<agent-chat .store=${store} style="--agui-chat-height: 24rem"></agent-chat>`,
      );
      await settle(el);
      const log = inShadow(el, '.transcript');
      const atBottom = () => log.scrollHeight - log.scrollTop - log.clientHeight < 2;
      store.send('Long answer please');
      await until(() => agent.inputs.length === 1);
      agent.emit(started(agent.inputs[0]!));
      agent.emit(textStart('a1'));
      return { agent, store, el, log, atBottom };
    }

    it('follows the stream, stops when the person scrolls up, and offers Jump to latest', async () => {
      const { agent, store, el, log, atBottom } = await streamingInShortChat();
      for (let index = 0; index < 30; index += 1) {
        agent.emit(textDelta('a1', `Paragraph ${index} of the answer.\n\n`));
        await nextFrame();
      }
      await settle(el);
      expect(log.scrollHeight).to.be.greaterThan(log.clientHeight * 2);
      expect(atBottom(), 'followed the stream').to.equal(true);
      expect(buttonsNamed(el, 'Jump to latest')).to.have.length(0);
      log.scrollTop = 0;
      log.dispatchEvent(new Event('scroll'));
      for (let index = 30; index < 40; index += 1) {
        agent.emit(textDelta('a1', `Paragraph ${index} of the answer.\n\n`));
        await nextFrame();
      }
      await settle(el);
      expect(log.scrollTop, 'stayed where the person is reading').to.equal(0);
      const jump = button(el, 'Jump to latest');
      jump.click();
      await settle(el);
      expect(atBottom()).to.equal(true);
      expect(buttonsNamed(el, 'Jump to latest')).to.have.length(0);
      agent.emit(textDelta('a1', 'More.\n\n'));
      await settle(el);
      expect(atBottom(), 'following again').to.equal(true);
      store.cancel();
    });

    it('keeps following when the browser moves the view down short of the end (the latest part grew)', async () => {
      const { agent, store, el, log, atBottom } = await streamingInShortChat();
      agent.emit(textDelta('a1', 'Paragraph of the answer.\n\n'.repeat(30)));
      await settle(el);
      await nextFrame();
      expect(atBottom(), 'followed the stream').to.equal(true);
      // The latest part (an app's frame) grows by 300 px, and the browser moves the view down by only part of it.
      const before = log.scrollTop;
      const grown = document.createElement('div');
      grown.style.blockSize = '300px';
      inShadow(el, '.messages').append(grown);
      log.scrollTop = before + 100;
      log.dispatchEvent(new Event('scroll'));
      await settle(el);
      await nextFrame();
      expect(atBottom(), 'still at the latest message').to.equal(true);
      expect(buttonsNamed(el, 'Jump to latest')).to.have.length(0);
      store.cancel();
    });

    it('announces each finished reply once, not every token', async () => {
      const agent = manualAgent();
      const store = storeWith(agent);
      const el = await chatFor(store);
      const texts: string[] = [];
      const region = inShadow(el, '[aria-live="polite"]');
      const observer = new MutationObserver(() => texts.push(region.textContent?.trim() ?? ''));
      observer.observe(region, { childList: true, characterData: true, subtree: true });
      store.send('Hello');
      await until(() => agent.inputs.length === 1);
      agent.emit(started(agent.inputs[0]!));
      agent.emit(textStart('a1'));
      for (const token of ['Hello ', 'there, ', '**friend**.']) {
        agent.emit(textDelta('a1', token));
        await settle(el);
        expect(liveText(el), 'silent while streaming').to.equal('');
      }
      agent.emit(textEnd('a1'));
      agent.emit(finished(agent.inputs[0]!));
      await waitForStatus(store, 'Completed');
      await settle(el);
      await settle(el);
      observer.disconnect();
      expect(liveText(el)).to.equal('The agent replied: Hello there, friend.');
      expect(texts.filter((text) => text.startsWith('The agent replied'))).to.have.length(1);
    });
  });
});
