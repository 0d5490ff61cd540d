// Taking a conversation away: store.exportMarkdown(), the chat's Download conversation (with its cancelable
// conversation-export event), and Copy as CSV on the tables of an answer.
import { expect, fixture, html } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import '../components/define.js';
import type { AgentChat } from '../components/agent-chat/agent-chat.js';
import type { ConversationExportEvent } from '../components/agent-chat/rich/conversation-export.js';
import { createInitialState } from '../src/store/reducer.js';
import { RunStore } from '../src/store/run-store.js';
import type { RunStoreState } from '../src/store/types.js';
import { answer, button, chatFor, renderedUntil } from './support/chat.js';
import { scriptedAgent, waitForStatus } from './support/agents.js';
import { allInShadow, inShadow, recordEvents, until } from './support/elements.js';

/** A finished thread with a file, a workflow tool call, a render tool's artifact and a ui_render artifact. */
function savedThread(): RunStoreState {
  const initial = createInitialState('thread-export');
  return JSON.parse(
    JSON.stringify({
      ...initial,
      run: { ...initial.run, status: 'Completed', number: 1, id: 'run-1', kind: 'chat' },
      messages: [
        {
          id: 'u1',
          role: 'user',
          run: 0,
          streaming: false,
          parts: [
            { kind: 'text', text: 'Why is API latency up?' },
            {
              kind: 'attachment',
              media: 'document',
              name: 'latency report.pdf',
              mimeType: 'application/pdf',
              size: 2048,
              source: { type: 'url', value: 'https://files.example.com/report.pdf' },
              uploaded: true,
            },
          ],
        },
        {
          id: 'a1',
          role: 'assistant',
          run: 1,
          streaming: false,
          parts: [
            {
              kind: 'tool-call',
              id: 't1',
              name: 'query_metrics',
              family: 'workflow',
              argsText: '{"service":"api",\n "window": "1h"}',
              args: { service: 'api', window: '1h' },
              status: 'done',
              result: '{"p95":145}',
            },
            {
              kind: 'tool-call',
              id: 't2',
              name: 'render_diagnostic_card',
              family: 'render',
              argsText: '{}',
              args: {},
              status: 'done',
            },
            { kind: 'text', text: 'API latency rose to **145 ms** after the deploy.' },
            { kind: 'artifact', artifactId: 'banner-1' },
          ],
        },
      ],
      artifacts: [
        {
          id: 't2',
          source: 'tool-call',
          name: 'render_diagnostic_card',
          props: { title: 'Connection pool exhausted' },
          complete: true,
          toolCallId: 't2',
          run: 1,
        },
        {
          id: 'banner-1',
          source: 'ui_render',
          name: 'alert_banner',
          props: {},
          complete: true,
          run: 1,
        },
      ],
    }),
  ) as RunStoreState;
}

const EXPECTED = [
  '# Conversation',
  '## You',
  'Why is API latency up?',
  '> Attachment: latency report.pdf (application/pdf)',
  '## Agent',
  '> Tool call: `query_metrics({"service":"api", "window": "1h"})`, done',
  '> Artifact: Connection pool exhausted',
  'API latency rose to **145 ms** after the deploy.',
  '> Artifact: alert banner',
].join('\n\n');

function stubClipboard(copied: string[]): () => void {
  const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
  const writeText = (text: string) => {
    copied.push(text);
    return Promise.resolve();
  };
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return () => {
    if (original) Object.defineProperty(navigator, 'clipboard', original);
    else Reflect.deleteProperty(navigator, 'clipboard');
  };
}

describe('Exporting a conversation', () => {
  afterEach(async () => {
    await setViewport({ width: 1365, height: 900 });
  });

  it('writes the current branch as Markdown: turns, tool calls, artifacts by title, files by name', () => {
    const store = new RunStore({ restore: savedThread() });
    expect(store.exportMarkdown()).to.equal(`${EXPECTED}\n`);
    store.dispose();
  });

  it('downloads it from Download conversation unless a conversation-export listener takes it', async () => {
    const store = new RunStore({ restore: savedThread() });
    const el = await chatFor(store);
    const events = recordEvents(el, ['conversation-export']) as ConversationExportEvent[];
    const created: Blob[] = [];
    const createObjectURL = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      created.push(blob as Blob);
      return createObjectURL(blob);
    };
    const veto = (event: Event) => event.preventDefault();
    try {
      el.addEventListener('conversation-export', veto);
      button(el, 'Download conversation').click();
      expect(events).to.have.length(1);
      expect(events[0]?.detail.markdown).to.equal(`${EXPECTED}\n`);
      expect(events[0]?.detail.fileName).to.equal('conversation-thread-export.md');
      expect(created, 'a vetoed export downloads nothing').to.have.length(0);

      el.removeEventListener('conversation-export', veto);
      button(el, 'Download conversation').click();
      expect(created).to.have.length(1);
      expect(created[0]?.type).to.equal('text/markdown');
      expect(await created[0]?.text()).to.equal(`${EXPECTED}\n`);
    } finally {
      URL.createObjectURL = createObjectURL;
      store.dispose();
    }
  });

  it('is disabled with nothing to export', async () => {
    const store = new RunStore({ agent: scriptedAgent(() => []) });
    const el = await chatFor(store);
    expect(button(el, 'Download conversation').disabled).to.equal(true);
    store.dispose();
  });
});

describe('Tables in answers', () => {
  const TABLE = [
    'Latency by service:',
    '',
    '| Service | p95 (ms) | Note |',
    '| --- | ---: | --- |',
    '| API, public | 145 | rose after "deploy 42" |',
    '| Search | 80 | steady |',
    '',
  ].join('\n');

  it('copies a table as RFC 4180 CSV', async () => {
    const agent = scriptedAgent((input) => answer(input, 'a1', TABLE));
    const store = new RunStore({ agent });
    const el = await chatFor(store);
    const copied: string[] = [];
    const restore = stubClipboard(copied);
    try {
      store.send('Table please');
      await waitForStatus(store, 'Completed');
      await renderedUntil(el, () => allInShadow(el, '.markdown table').length === 1);
      expect(allInShadow(el, '.markdown th').map((cell) => cell.textContent)).to.deep.equal([
        'Service',
        'p95 (ms)',
        'Note',
      ]);
      button(el, 'Copy as CSV').click();
      await until(() => copied.length === 1);
      expect(copied[0]).to.equal(
        'Service,p95 (ms),Note\r\n"API, public",145,"rose after ""deploy 42"""\r\nSearch,80,steady',
      );
      await until(() => inShadow(el, '[data-copy-csv]').textContent === 'Copied');
    } finally {
      restore();
      store.dispose();
    }
  });

  it('scrolls a wide table inside its own box at 390 px', async () => {
    await setViewport({ width: 390, height: 844 });
    const wide = `| ${Array.from({ length: 12 }, (_, i) => `Column${i}`).join(' | ')} |\n| ${Array.from(
      { length: 12 },
      () => '---',
    ).join(' | ')} |\n| ${Array.from({ length: 12 }, (_, i) => `value-${i}-long`).join(' | ')} |\n`;
    const agent = scriptedAgent((input) => answer(input, 'a1', wide));
    const store = new RunStore({ agent });
    const el = await fixture<AgentChat>(
      html`<agent-chat .store=${store} style="display:block; inline-size: 100%"></agent-chat>`,
    );
    store.send('Wide table');
    await waitForStatus(store, 'Completed');
    await renderedUntil(el, () => allInShadow(el, '.markdown table').length === 1);
    const scroller = inShadow(el, '.table-scroll');
    const transcript = inShadow(el, '.transcript');
    expect(scroller.scrollWidth, 'the table is wider than the chat').to.be.greaterThan(
      scroller.clientWidth,
    );
    expect(
      transcript.scrollWidth,
      'the conversation itself does not scroll sideways',
    ).to.be.at.most(transcript.clientWidth);
    expect(document.documentElement.scrollWidth).to.be.at.most(390);
    // A cell breaks between words, never inside one: each single-word header stays on one line.
    for (const header of allInShadow(el, '.markdown th')) {
      const range = document.createRange();
      range.selectNodeContents(header);
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      expect(lines.size, `"${header.textContent}" is on one line`).to.equal(1);
    }
    store.dispose();
  });
});
