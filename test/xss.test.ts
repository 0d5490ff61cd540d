import { expect, fixture, html } from '@open-wc/testing';
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import { Observable } from 'rxjs';
import '../components/define.js';
import type { AgentChat } from '../components/agent-chat/agent-chat.js';
import { RunStore } from '../src/store/run-store.js';
import type { AgentLike } from '../src/store/types.js';
import { finished, scriptedAgent, started, tick, waitForState } from './support/agents.js';
import {
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
import { allInShadow, inShadow, markupOf, nextFrame } from './support/elements.js';
import {
  deepElements,
  HTML_PAYLOADS,
  problemsOf,
  RAW_PAYLOADS,
  XSS_PAYLOADS,
} from './support/xss-payloads.js';

declare global {
  interface Window {
    xss?: (id: unknown) => void;
  }
}

/** Calls of the trap: any entry means a payload ran. */
const hits: string[] = [];
const originals = { alert: window.alert, confirm: window.confirm, prompt: window.prompt };

/** One step of a paced run: an event, or a pause until the chat has rendered a frame. */
type Step = BaseEvent | 'frame';

/** An agent whose runs wait for animation frames where the script says so, so partial states get rendered. */
function pacedAgent(script: (input: RunAgentInput, index: number) => readonly Step[]): AgentLike {
  let runs = 0;
  return {
    run(input) {
      const index = runs;
      runs += 1;
      return new Observable<BaseEvent>((subscriber) => {
        let cancelled = false;
        void (async () => {
          for (const step of script(input, index)) {
            if (cancelled) return;
            if (step === 'frame') {
              await nextFrame();
              await nextFrame();
            } else {
              subscriber.next(step);
              await Promise.resolve();
            }
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

/** Records every handler attribute, unsafe URL or forbidden element the chat ever puts in its DOM, at once. */
function watch(el: AgentChat): { readonly problems: string[]; stop(): void } {
  const problems: string[] = [];
  const transcript = inShadow(el, '[part~="transcript"]');
  const check = (node: Node) => {
    if (!(node instanceof Element)) return;
    for (const element of [node, ...node.querySelectorAll('*')]) {
      problems.push(...problemsOf(element, transcript.contains(element)));
    }
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') check(record.target);
      record.addedNodes.forEach(check);
    }
  });
  observer.observe(el.shadowRoot!, { subtree: true, childList: true, attributes: true });
  return { problems, stop: () => observer.disconnect() };
}

/** Every problem in the page now, through every shadow root. */
function problemsInPage(el: AgentChat): string[] {
  const transcript = inShadow(el, '[part~="transcript"]');
  return deepElements(document).flatMap((element) =>
    problemsOf(element, transcript.contains(element)),
  );
}

async function chatWith(agent: AgentLike): Promise<{ el: AgentChat; store: RunStore }> {
  const store = new RunStore({ agent, threadId: 'xss' });
  const el = await fixture<AgentChat>(html`<agent-chat .store=${store}></agent-chat>`);
  await settle(el);
  return { el, store };
}

/** Waits for late handlers (image errors, frame loads), then checks the trap, the watch and the page. */
async function expectNothingRan(el: AgentChat, watcher: { problems: string[]; stop(): void }) {
  await settle(el);
  await tick(300);
  watcher.stop();
  expect(hits, 'no payload ran').to.deep.equal([]);
  expect(watcher.problems, 'nothing unsafe was ever in the DOM').to.deep.equal([]);
  expect(problemsInPage(el), 'nothing unsafe is in the DOM').to.deep.equal([]);
}

const texts = (el: AgentChat, selector: string) =>
  allInShadow(el, selector).map((element) => element.textContent ?? '');

/** Text without its whitespace (a raw HTML block keeps its line breaks as `<br>`, which has no text). */
const squash = (text: string) => text.replace(/\s+/g, '');

/** Each raw payload (not markdown syntax) is shown as the text the agent wrote, in its own answer. */
function expectRawPayloadsAsText(el: AgentChat): void {
  const shown = texts(el, '.markdown').map(squash);
  expect(shown).to.have.length(XSS_PAYLOADS.length);
  const expected = XSS_PAYLOADS.map((payload, index) =>
    RAW_PAYLOADS.includes(payload) ? squash(payload) : shown[index],
  );
  expect(shown).to.deep.equal(expected);
}

describe('XSS corpus through every channel of <agent-chat>', () => {
  before(() => {
    window.xss = (id) => hits.push(String(id));
    window.alert = (message?: unknown) => void hits.push(`alert:${String(message)}`);
    window.confirm = (message?: string) => {
      hits.push(`confirm:${String(message)}`);
      return false;
    };
    window.prompt = (message?: string) => {
      hits.push(`prompt:${String(message)}`);
      return null;
    };
  });

  after(() => {
    Object.assign(window, originals);
    delete window.xss;
  });

  beforeEach(() => {
    hits.length = 0;
  });

  it('has at least 100 payloads, and a checker that finds what it looks for', () => {
    expect(XSS_PAYLOADS.length).to.be.at.least(100);
    expect(new Set(XSS_PAYLOADS).size).to.equal(XSS_PAYLOADS.length);
    const img = document.createElement('img');
    img.setAttribute('onerror', 'xss(0)');
    expect(problemsOf(img, true)).to.deep.equal(['<img> element', 'onerror on <img>']);
    const link = document.createElement('a');
    link.setAttribute('href', ' java\tscript:xss(0)');
    expect(problemsOf(link, true)).to.have.length(1);
    const data = document.createElement('a');
    data.setAttribute('href', 'DATA:text/html,x');
    expect(problemsOf(data, false)).to.have.length(1);
    window.xss?.('probe');
    expect(hits).to.deep.equal(['probe']);
  });

  it('user text: shown as typed, never as markup', async function () {
    this.timeout(60_000);
    const { el, store } = await chatWith(
      scriptedAgent((input) => [started(input), finished(input)]),
    );
    const watcher = watch(el);
    for (const [index, payload] of XSS_PAYLOADS.entries()) {
      store.send(payload);
      await waitForState(
        store,
        (state) => state.run.number === index + 1 && state.run.status === 'Completed',
      );
    }
    await renderedUntil(
      el,
      () => allInShadow(el, '[part~="user-message"]').length === XSS_PAYLOADS.length,
    );
    expect(texts(el, '[part~="user-message"] .plain')).to.deep.equal(
      XSS_PAYLOADS.map((payload) => payload.trim()),
    );
    await expectNothingRan(el, watcher);
  });

  it('assistant text: every payload as its own streamed markdown answer', async () => {
    const agent = scriptedAgent((input) => [
      started(input),
      ...XSS_PAYLOADS.flatMap((payload, index) => [
        textStart(`a${index}`),
        textDelta(`a${index}`, payload.slice(0, 5)),
        textDelta(`a${index}`, payload.slice(5)),
        textEnd(`a${index}`),
      ]),
      finished(input),
    ]);
    const { el, store } = await chatWith(agent);
    const watcher = watch(el);
    store.send('Show me');
    await waitForState(store, (state) => state.run.status === 'Completed');
    await renderedUntil(el, () => allInShadow(el, '.markdown').length === XSS_PAYLOADS.length);
    await expectNothingRan(el, watcher);
    expectRawPayloadsAsText(el);
  });

  it('assistant text: HTML split across deltas, every partial state rendered', async function () {
    this.timeout(60_000);
    const agent = pacedAgent((input) => [
      started(input),
      ...XSS_PAYLOADS.flatMap((payload, index): Step[] => {
        const cuts = [Math.ceil(payload.length / 3), Math.ceil((payload.length * 2) / 3)];
        return [
          textStart(`s${index}`),
          textDelta(`s${index}`, payload.slice(0, cuts[0])),
          'frame',
          textDelta(`s${index}`, payload.slice(cuts[0], cuts[1])),
          'frame',
          textDelta(`s${index}`, payload.slice(cuts[1])),
          textEnd(`s${index}`),
        ];
      }),
      finished(input),
    ]);
    const { el, store } = await chatWith(agent);
    const watcher = watch(el);
    store.send('Stream it');
    await waitForState(store, (state) => state.run.status === 'Completed', 50_000);
    await renderedUntil(el, () => allInShadow(el, '.markdown').length === XSS_PAYLOADS.length);
    expect(HTML_PAYLOADS.length).to.be.greaterThan(60);
    await expectNothingRan(el, watcher);
    expectRawPayloadsAsText(el);
  });

  it('assistant text: the whole corpus as one answer, streamed a few characters per frame', async function () {
    this.timeout(60_000);
    const corpus = HTML_PAYLOADS.join('\n\n');
    const chunks = corpus.match(/[\s\S]{1,23}/g) ?? [];
    const agent = pacedAgent((input) => [
      started(input),
      textStart('one'),
      ...chunks.flatMap((chunk): Step[] => [textDelta('one', chunk), 'frame']),
      textEnd('one'),
      finished(input),
    ]);
    const { el, store } = await chatWith(agent);
    const watcher = watch(el);
    store.send('All of it');
    await waitForState(store, (state) => state.run.status === 'Completed', 50_000);
    await renderedUntil(el, () => allInShadow(el, '.markdown').length === 1);
    await expectNothingRan(el, watcher);
    const shown = squash(texts(el, '.markdown').join(''));
    for (const payload of RAW_PAYLOADS.filter((item) => item.includes('<'))) {
      expect(shown.includes(squash(payload)), `shows ${payload}`).to.equal(true);
    }
  });

  it('assistant text: raw HTML is the text the agent wrote, and markdown around it still renders', async () => {
    const source =
      '**Bold** and <b onclick="xss(1)">not bold</b> &amp; <kbd>k</kbd>\n\n' +
      '<div class="x">\n  <img src=x onerror=xss(2)>\n</div>\n\n' +
      'x <pre> a < b & <img src=x onerror=xss(3)';
    const agent = scriptedAgent((input) => [
      started(input),
      textStart('m'),
      textDelta('m', source),
      textEnd('m'),
      finished(input),
    ]);
    const { el, store } = await chatWith(agent);
    const watcher = watch(el);
    store.send('Mixed');
    await waitForState(store, (state) => state.run.status === 'Completed');
    await renderedUntil(el, () => allInShadow(el, '.markdown p').length === 3);
    await expectNothingRan(el, watcher);
    const paragraphs = allInShadow(el, '.markdown p');
    expect(paragraphs[0]?.querySelector('strong')?.textContent).to.equal('Bold');
    expect(paragraphs[0]?.textContent).to.equal(
      'Bold and <b onclick="xss(1)">not bold</b> & <kbd>k</kbd>',
    );
    expect(paragraphs[0]?.querySelector('b, kbd')).to.equal(null);
    // A raw HTML block keeps its lines.
    expect(markupOf(paragraphs[1])).to.equal(
      '&lt;div class="x"&gt;<br>  &lt;img src=x onerror=xss(2)&gt;<br>&lt;/div&gt;',
    );
    expect(paragraphs[2]?.textContent).to.equal('x <pre> a < b & <img src=x onerror=xss(3)');
    expect(allInShadow(el, '.markdown pre, .markdown img, .markdown div.x')).to.deep.equal([]);
  });

  it('reasoning: shown as text', async () => {
    const agent = scriptedAgent((input) => [
      started(input),
      ...XSS_PAYLOADS.flatMap((payload, index) => reasoning(`r${index}`, payload)),
      finished(input),
    ]);
    const { el, store } = await chatWith(agent);
    const watcher = watch(el);
    store.send('Think');
    await waitForState(store, (state) => state.run.status === 'Completed');
    await renderedUntil(
      el,
      () => allInShadow(el, '[part~="reasoning"]').length === XSS_PAYLOADS.length,
    );
    for (const details of allInShadow<HTMLDetailsElement>(el, '[part~="reasoning"]')) {
      details.open = true;
    }
    expect(texts(el, '.thinking-text')).to.deep.equal([...XSS_PAYLOADS]);
    await expectNothingRan(el, watcher);
  });

  it('tool names, arguments and results: shown as text', async () => {
    const agent = scriptedAgent((input) => [
      started(input),
      ...XSS_PAYLOADS.flatMap((payload, index) => {
        const json = JSON.stringify({ query: payload });
        return [
          toolStart(`name-${index}`, payload),
          toolArgs(`name-${index}`, '{}'),
          toolEnd(`name-${index}`),
          toolResult(`name-${index}`, payload),
          toolStart(`args-${index}`, 'search'),
          toolArgs(`args-${index}`, json.slice(0, 9)),
          toolArgs(`args-${index}`, json.slice(9)),
          toolEnd(`args-${index}`),
          toolStart(`raw-${index}`, 'search'),
          toolArgs(`raw-${index}`, payload),
          toolEnd(`raw-${index}`),
        ];
      }),
      finished(input),
    ]);
    const { el, store } = await chatWith(agent);
    const watcher = watch(el);
    store.send('Use tools');
    await waitForState(store, (state) => state.run.status === 'Completed');
    await renderedUntil(
      el,
      () => allInShadow(el, '[part~="tool-call"]').length === XSS_PAYLOADS.length * 3,
    );
    for (const details of allInShadow<HTMLDetailsElement>(el, '[part~="tool-call"]')) {
      details.open = true;
    }
    await settle(el);
    const names = texts(el, '.tool-name');
    expect(names.filter((name) => name !== 'search')).to.deep.equal([...XSS_PAYLOADS]);
    const results = texts(el, '[data-field="result"]');
    for (const payload of XSS_PAYLOADS) expect(results).to.include(payload);
    const args = texts(el, '[data-field="arguments"]').join('\n');
    expect(args).to.contain(JSON.stringify(XSS_PAYLOADS[0]).slice(1, -1));
    await expectNothingRan(el, watcher);
  });

  it('error messages: shown as text', async function () {
    this.timeout(60_000);
    const agent = scriptedAgent((input, index) => [
      started(input),
      runError(XSS_PAYLOADS[index] ?? 'done'),
    ]);
    const { el, store } = await chatWith(agent);
    const watcher = watch(el);
    for (const [index, payload] of XSS_PAYLOADS.entries()) {
      store.send(`Attempt ${index}: ${payload}`);
      await waitForState(
        store,
        (state) => state.run.number === index + 1 && state.run.status === 'Failed',
      );
    }
    await renderedUntil(
      el,
      () => allInShadow(el, '[part~="error"]').length === XSS_PAYLOADS.length,
    );
    expect(texts(el, '.error-reason')).to.deep.equal([...XSS_PAYLOADS]);
    await expectNothingRan(el, watcher);
  });

  it('approval requests, activity, artifacts from ui_render and system messages: shown as text', async () => {
    const agent = scriptedAgent((input) => [
      started(input),
      {
        type: 'MESSAGES_SNAPSHOT',
        messages: XSS_PAYLOADS.map((payload, index) => ({
          id: `sys-${index}`,
          role: index % 2 === 0 ? 'system' : 'developer',
          content: payload,
        })),
      } as BaseEvent,
      ...XSS_PAYLOADS.flatMap((payload, index) => [
        {
          type: 'ACTIVITY_SNAPSHOT',
          messageId: `act-${index}`,
          activityType: payload,
          content: { title: payload },
        } as BaseEvent,
        {
          type: 'CUSTOM',
          name: 'ui_render',
          value: { component: payload, props: { message: payload }, agent: payload },
        } as BaseEvent,
      ]),
      { type: 'CUSTOM', name: 'on_interrupt', value: XSS_PAYLOADS[0] } as BaseEvent,
      finished(input, {
        type: 'interrupt',
        interrupts: XSS_PAYLOADS.map((payload, index) => ({
          id: `int-${index}`,
          reason: payload,
          message: payload,
        })),
      }),
    ]);
    const { el, store } = await chatWith(agent);
    const watcher = watch(el);
    store.send('Ask me');
    await waitForState(store, (state) => state.run.status === 'Needs approval');
    // Messages that arrive faster than frames fill in from the newest a batch per frame: wait for every row.
    await renderedUntil(
      el,
      () =>
        allInShadow(el, 'section[part~="approval"]').length === XSS_PAYLOADS.length + 1 &&
        allInShadow(el, '.messages > .row').length >= store.getState().messages.length,
    );
    expect(texts(el, '.approval-message')).to.include.members([...XSS_PAYLOADS]);
    const activity = texts(el, '[part~="activity"] summary').join('\n');
    for (const payload of XSS_PAYLOADS) expect(activity).to.contain(payload);
    expect(texts(el, '[data-role="system"] .plain')).to.deep.equal([...XSS_PAYLOADS]);
    await expectNothingRan(el, watcher);
  });
});
