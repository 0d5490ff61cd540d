import { expect } from '@open-wc/testing';
import '../components/define.js';
import { RunStore } from '../src/store/run-store.js';
import { finished, manualAgent, started, waitForStatus } from './support/agents.js';
import { chatFor, renderedUntil, settle, textDelta, textEnd, textStart } from './support/chat.js';
import { allInShadow, until } from './support/elements.js';
import type { AgentChat } from '../components/agent-chat/agent-chat.js';
import { SAMPLES } from './support/code-samples.js';
import { CodeHighlight } from '../components/agent-chat/rich/code-highlight.js';

/** The highlighter part, imported only after the first test (which checks nobody asked for it yet). */
const highlighter = () => import('../components/agent-chat/rich/highlighter.js');

/** The colour groups in a code block's DOM. */
function groups(block: Element): string[] {
  return [...block.querySelectorAll('pre code span')].map((span) => span.className);
}

async function answeringChat(): Promise<{
  chat: AgentChat;
  store: RunStore;
  agent: ReturnType<typeof manualAgent>;
}> {
  const agent = manualAgent();
  const store = new RunStore({ agent });
  const chat = await chatFor(store);
  return { chat, store, agent };
}

const highlighterRequested = () =>
  performance
    .getEntriesByType('resource')
    .some((entry) => entry.name.includes('/components/agent-chat/rich/highlighter.ts'));

describe('highlighted code', () => {
  it('loads no highlighter for code without a language tag', async () => {
    const { chat, store, agent } = await answeringChat();
    store.send('plain please');
    await until(() => agent.runs.length === 1);
    const input = agent.inputs[0]!;
    agent.emit(started(input));
    agent.emit(textStart('m1'));
    agent.emit(
      textDelta('m1', 'No language:\n\n```\nplain code\n```\n\nIndented:\n\n    also plain\n'),
    );
    agent.emit(textEnd('m1'));
    agent.emit(finished(input));
    await waitForStatus(store, 'Completed');
    await renderedUntil(chat, () => allInShadow(chat, '.code-block').length === 2);
    await settle(chat);
    expect(highlighterRequested()).to.equal(false);
    for (const block of allInShadow(chat, '.code-block')) expect(groups(block)).to.deep.equal([]);
    expect(allInShadow(chat, '.code-language').map((label) => label.textContent)).to.deep.equal([
      'Code',
      'Code',
    ]);
  });

  it('highlights a block as it streams, and a finished line keeps its DOM nodes', async () => {
    const hostCode = document.createElement('pre');
    hostCode.innerHTML = '<code class="language-js">const page = "own";</code>';
    document.body.append(hostCode);
    const pagePrism = { page: 'own' };
    (window as unknown as { Prism: unknown }).Prism = pagePrism;
    const { chat, store, agent } = await answeringChat();
    store.send('code please');
    await until(() => agent.runs.length === 1);
    const input = agent.inputs[0]!;
    agent.emit(started(input));
    agent.emit(textStart('m2'));
    agent.emit(textDelta('m2', '```ts\nconst first = 1;\n'));
    await renderedUntil(chat, () =>
      allInShadow(chat, '.code-block pre code span.code-keyword').some(
        (span) => span.textContent === 'const',
      ),
    );
    // The first line's coloured runs, while it is the only line of the block.
    const firstLine = [...allInShadow(chat, '.code-block pre code')[0]!.querySelectorAll('span')];
    expect(firstLine.map((span) => span.textContent)).to.deep.equal(['const', '=', '1', ';']);
    // Later tokens: the second line grows, then the block ends.
    agent.emit(textDelta('m2', 'function sec'));
    await renderedUntil(chat, () =>
      (allInShadow(chat, '.code-block pre code')[0]?.textContent ?? '').includes('function sec'),
    );
    agent.emit(textDelta('m2', 'ond() { return "two"; }\n```\n\nDone.'));
    agent.emit(textEnd('m2'));
    agent.emit(finished(input));
    await waitForStatus(store, 'Completed');
    await renderedUntil(chat, () =>
      allInShadow(chat, '.code-block pre code span.code-string').some(
        (span) => span.textContent === '"two"',
      ),
    );
    await settle(chat);
    const code = allInShadow(chat, '.code-block pre code')[0]!;
    expect(code.textContent).to.equal('const first = 1;\nfunction second() { return "two"; }');
    // The same nodes, in the same place: the first line's tokens never changed.
    const spans = [...code.querySelectorAll('span')];
    expect(spans.slice(0, firstLine.length)).to.deep.equal(firstLine);
    expect(firstLine.every((span) => span.isConnected)).to.equal(true);
    // The part's colours are adopted by the chat: a keyword is not in the text's colour.
    const keyword = code.querySelector('.code-keyword')!;
    expect(getComputedStyle(keyword).color).to.not.equal(getComputedStyle(code).color);
    expect(allInShadow(chat, '.code-language')[0]?.textContent).to.equal('ts');
    expect(allInShadow(chat, '[data-copy-code]')[0]?.textContent).to.equal('Copy code');
    // The page's own Prism and its own `language-js` block are left alone.
    expect((window as unknown as { Prism: unknown }).Prism).to.equal(pagePrism);
    expect(hostCode.innerHTML).to.equal('<code class="language-js">const page = "own";</code>');
    hostCode.remove();
  });

  it('colours every listed language and alias, and leaves an unknown tag plain', async () => {
    const { grammarOf, highlightLines } = await highlighter();
    for (const [tag, sample] of Object.entries(SAMPLES)) {
      expect(grammarOf(tag), tag).to.be.a('string');
      const lines = highlightLines(sample, tag);
      expect(lines, tag).to.not.equal(null);
      const text = lines!.map((line) => line.content.map(textOf).join('')).join('');
      expect(text, tag).to.equal(sample);
      expect(
        lines!.some((line) => line.content.some((item) => typeof item !== 'string')),
        `${tag} has coloured tokens`,
      ).to.equal(true);
    }
    expect(highlightLines('graph TD; A-->B', 'mermaid')).to.equal(null);
    expect(grammarOf('TS')).to.equal('typescript');
  });

  it('gives a line a new signature exactly when its own tokens change', async () => {
    const { highlightLines } = await highlighter();
    const before = highlightLines('let a = 1;\nlet b', 'js')!;
    const after = highlightLines('let a = 1;\nlet b = "x";\n', 'js')!;
    expect(after[0]!.signature).to.equal(before[0]!.signature);
    expect(after[1]!.signature).to.not.equal(before[1]!.signature);
  });
});

/** A line's text. */
function lineText(line: { content: readonly unknown[] }): string {
  return line.content.map(textOf).join('');
}

describe('a streaming block coloured again from its last line', () => {
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  async function loaded(): Promise<CodeHighlight> {
    let ready: () => void = () => {};
    const loadedOnce = new Promise<void>((resolve) => (ready = resolve));
    const highlight = new CodeHighlight(() => ready());
    expect(highlight.lines('x', 'ts', true)).to.equal(null);
    await loadedOnce;
    return highlight;
  }

  it('keeps every character and, without tokens across lines, gives what a whole tokenization gives', async () => {
    const { highlightLines } = await highlighter();
    const highlight = await loaded();
    const code = Array.from(
      { length: 14 },
      (_, index) => `const v${index} = f(${index}, "s${index}");\n`,
    ).join('');
    for (let end = 7; end <= code.length; end += 37) {
      const part = code.slice(0, end);
      const lines = highlight.lines(part, 'ts', true)!;
      expect(lines.map(lineText).join(''), `at ${end}`).to.equal(part);
      await pause(60); // past the re-colour interval: the next call colours again
      const again = highlight.lines(part + ' ', 'ts', true)!;
      expect(
        again.map((line) => line.signature),
        `coloured again at ${end}`,
      ).to.deep.equal(highlightLines(part + ' ', 'ts')!.map((line) => line.signature));
    }
  });

  it('lets a token that spans lines colour the lines it covers, and a finished block is tokenized whole', async () => {
    const { highlightLines } = await highlighter();
    const highlight = await loaded();
    const pieces = [
      'const a = 1;\n',
      '/* a comment\n',
      'still the comment\n',
      '*/\nconst t = `one\n',
      'two`;\nconst z = 2;\n',
    ];
    let code = '';
    for (const piece of pieces) {
      code += piece;
      await pause(60);
      const lines = highlight.lines(code, 'ts', true)!;
      expect(lines.map(lineText).join('')).to.equal(code);
    }
    // The comment's lines are the comment's colour while it streams: it was open when they arrived.
    const streamed = highlight.lines(code, 'ts', true)!;
    expect(streamed[2]!.signature).to.equal(highlightLines(code, 'ts')![2]!.signature);
    // The closing fence: exactly the whole tokenization.
    const finished = highlight.lines(code, 'ts', false)!;
    expect(finished.map((line) => line.signature)).to.deep.equal(
      highlightLines(code, 'ts')!.map((line) => line.signature),
    );
  });
});

/** The text a line's item shows (a coloured run's text binding, or plain text). */
function textOf(item: unknown): string {
  if (typeof item === 'string') return item;
  // A coloured run's values are its class and its text.
  const values = (item as { values: unknown[] }).values;
  return String(values[values.length - 1]);
}
