import { expect } from '@open-wc/testing';
import '../components/define.js';
import type { Token } from 'marked';
import { MarkdownEngine } from '../components/agent-chat/markdown.js';
import { RunStore } from '../src/store/run-store.js';
import { finished, manualAgent, started, waitForStatus } from './support/agents.js';
import { chatFor, settle, textDelta, textEnd, textStart } from './support/chat.js';
import { allInShadow, until } from './support/elements.js';
import type { AgentChat } from '../components/agent-chat/agent-chat.js';

const MATHML = 'http://www.w3.org/1998/Math/MathML';

const requested = (path: string) =>
  performance.getEntriesByType('resource').some((entry) => entry.name.includes(path));
const mathRequested = () => requested('/components/agent-chat/rich/math.ts');

async function answeringChat() {
  const agent = manualAgent();
  const store = new RunStore({ agent });
  const chat = await chatFor(store);
  return { chat, store, agent };
}

/** Sends a question and streams `deltas` as the answer; `finish` ends the run. */
async function streamAnswer(
  { store, agent }: { store: RunStore; agent: ReturnType<typeof manualAgent> },
  id: string,
  deltas: readonly string[],
  finish = true,
) {
  store.send('math please');
  // The first run loads the event pipeline module by module (slow on a busy machine).
  await until(() => agent.runs.length >= 1 && agent.inputs.length >= 1, 20_000);
  const input = agent.inputs[agent.inputs.length - 1]!;
  agent.emit(started(input));
  agent.emit(textStart(id));
  for (const delta of deltas) agent.emit(textDelta(id, delta));
  if (!finish) return () => {};
  agent.emit(textEnd(id));
  agent.emit(finished(input));
  await waitForStatus(store, 'Completed');
  return () => {};
}

/** Like renderedUntil, with room for the math part's first load (Temml's modules one by one, on a busy machine). */
async function renderedUntil(chat: AgentChat, predicate: () => boolean): Promise<void> {
  await until(predicate, 20_000);
  await chat.updateComplete;
}

const formulas = (chat: AgentChat) => allInShadow<Element>(chat, '.markdown math');
const typeset = (chat: AgentChat, count: number) =>
  renderedUntil(chat, () => formulas(chat).length >= count);

/** The formula tokens of a markdown source, as `kind:TeX` (I inline, D display inline, B block). */
function mathTokens(source: string, complete = true): string[] {
  const engine = new MarkdownEngine({ copyCode: 'c', copyCsv: 'c', code: 'c', image: 'i' });
  const out: string[] = [];
  const walk = (tokens: readonly Token[]) => {
    for (const token of tokens) {
      if (token.type === 'math') {
        const kind = token['block'] ? (token['open'] ? 'open' : 'B') : token['display'] ? 'D' : 'I';
        out.push(`${kind}:${token.text}`);
      }
      const children = [
        ...((token as { tokens?: Token[] }).tokens ?? []),
        ...((token as { items?: { tokens: Token[] }[] }).items?.flatMap((item) => item.tokens) ??
          []),
      ];
      walk(children);
    }
  };
  walk(engine.lex(source, {}, complete));
  return out;
}

function stubClipboard(copied: string[]): () => void {
  const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
  Object.defineProperty(navigator, 'clipboard', {
    value: { writeText: (text: string) => (copied.push(text), Promise.resolve()) },
    configurable: true,
  });
  return () => {
    if (original) Object.defineProperty(navigator, 'clipboard', original);
    else Reflect.deleteProperty(navigator, 'clipboard');
  };
}

describe('math in answers', () => {
  it('leaves a currency sentence alone and loads no math for it', async () => {
    const chat = await answeringChat();
    await streamAnswer(chat, 'm1', ['It costs $5 and $10 today, or $', '5-$10 with `$HOME` set.']);
    await renderedUntil(chat.chat, () =>
      (allInShadow(chat.chat, '.markdown')[0]?.textContent ?? '').includes('today'),
    );
    await settle(chat.chat);
    const text = allInShadow(chat.chat, '.markdown')[0]!.textContent!.replace(/\s+/g, ' ').trim();
    expect(text).to.equal('It costs $5 and $10 today, or $5-$10 with $HOME set.');
    expect(formulas(chat.chat)).to.have.length(0);
    expect(allInShadow(chat.chat, '.markdown code')[0]?.textContent).to.equal('$HOME');
    expect(mathRequested()).to.equal(false);
  });

  it('finds formulas by the rules the common renderers use', () => {
    expect(mathTokens('It costs $5 and $10.')).to.deep.equal([]);
    expect(mathTokens('From $5-$10, or $ x$ and $x $.')).to.deep.equal([]);
    expect(mathTokens('costs $10 or `$HOME` and $x$.')).to.deep.equal(['I:x']);
    expect(mathTokens('The rise is $\\frac{145-60}{60}$.')).to.deep.equal(['I:\\frac{145-60}{60}']);
    expect(mathTokens('An escaped \\$5 and $a \\$ b$.')).to.deep.equal(['I:a \\$ b']);
    expect(mathTokens('Inline display $$x^2$$ here.')).to.deep.equal(['D:x^2']);
    expect(mathTokens('Before\n$$\n\\sum_i x_i\n$$\nAfter')).to.deep.equal(['B:\\sum_i x_i']);
    expect(mathTokens('- one $a$\n- two\n\n  $$\n  b\n  $$\n')).to.deep.equal(['I:a', 'B:b']);
    // Streaming: an unclosed block is one open token; once the answer is complete it is text again.
    expect(mathTokens('Text\n\n$$\n\\frac{1}{2', false)).to.deep.equal(['open:\\frac{1}{2']);
    expect(mathTokens('Text\n\n$$\n\\frac{1}{2', true)).to.deep.equal([]);
    expect(mathTokens('```math\nx^2\n```')).to.deep.equal([]);
  });

  it('typesets inline and block math as MathML named by its TeX, with Copy TeX', async () => {
    const copied: string[] = [];
    const restore = stubClipboard(copied);
    try {
      const chat = await answeringChat();
      const source =
        'The rise is $\\frac{145-60}{60}$ of the base.\n\n$$\n\\sum_{i=1}^{n} x_i^2\n$$\n\n```math\n\\sqrt{2}\n```\n';
      await streamAnswer(chat, 'm2', [source]);
      await typeset(chat.chat, 3);
      const [inline, block, fence] = formulas(chat.chat);
      expect(inline!.namespaceURI).to.equal(MATHML);
      expect(inline!.getAttribute('display')).to.equal(null);
      expect(inline!.getAttribute('aria-label')).to.equal('\\frac{145-60}{60}');
      expect(inline!.querySelector('mfrac')?.textContent).to.equal('145−6060');
      expect(block!.getAttribute('display')).to.equal('block');
      expect(block!.getAttribute('aria-label')).to.equal('\\sum_{i=1}^{n} x_i^2');
      expect(block!.querySelector('munderover, msubsup')).to.not.equal(null);
      expect(fence!.querySelector('msqrt')).to.not.equal(null);
      // A math fence never loads the highlighter.
      expect(requested('/components/agent-chat/rich/highlighter.ts')).to.equal(false);
      expect(allInShadow(chat.chat, '.code-block')).to.have.length(0);
      // Copy TeX on each display formula; the answer's own Copy keeps the TeX in its markdown.
      const copyTex = allInShadow<HTMLButtonElement>(chat.chat, '[data-copy-math]');
      expect(copyTex.map((item) => item.textContent)).to.deep.equal(['Copy TeX', 'Copy TeX']);
      copyTex[0]!.click();
      await until(() => copied.length === 1);
      expect(copied[0]).to.equal('\\sum_{i=1}^{n} x_i^2');
      allInShadow<HTMLButtonElement>(
        chat.chat,
        '[data-role="assistant"] [part~="copy-button"]',
      )[0]!.click();
      await until(() => copied.length === 2);
      expect(copied[1]).to.equal(source);
      await expect(chat.chat).to.be.accessible();
    } finally {
      restore();
    }
  });

  it('streams a formula in pieces: TeX while open, typeset once it closes, kept after later deltas', async () => {
    const chat = await answeringChat();
    await streamAnswer(chat, 'm3', ['First $x^', '2$ then', '\n\n$$\n\\frac{a}', '{b'], false);
    await renderedUntil(chat.chat, () => allInShadow(chat.chat, 'pre.math-tex').length === 1);
    await typeset(chat.chat, 1);
    const inline = formulas(chat.chat)[0]!;
    expect(inline.getAttribute('aria-label')).to.equal('x^2');
    // The open block shows its TeX, and no Copy TeX yet.
    expect(allInShadow(chat.chat, 'pre.math-tex')[0]?.textContent).to.equal('\\frac{a}{b');
    expect(allInShadow(chat.chat, '[data-copy-math]')).to.have.length(0);
    expect(formulas(chat.chat)).to.have.length(1);
    chat.agent.emit(textDelta('m3', '}\n$$\n\nDone.'));
    chat.agent.emit(textEnd('m3'));
    chat.agent.emit(finished(chat.agent.inputs[0]!));
    await waitForStatus(chat.store, 'Completed');
    await typeset(chat.chat, 2);
    await settle(chat.chat);
    expect(formulas(chat.chat)[1]!.getAttribute('aria-label')).to.equal('\\frac{a}{b}');
    expect(allInShadow(chat.chat, 'pre.math-tex')).to.have.length(0);
    // The inline formula finished before: the same node, still in place.
    expect(formulas(chat.chat)[0]).to.equal(inline);
    expect(inline.isConnected).to.equal(true);
  });

  it('shows a bad formula as its TeX with a short note', async () => {
    const chat = await answeringChat();
    await streamAnswer(chat, 'm4', ['Broken: $\\frac{1}{$ and\n\n$$\n\\left( x\n$$\n']);
    await renderedUntil(chat.chat, () => allInShadow(chat.chat, '.math-note').length === 2);
    expect(formulas(chat.chat)).to.have.length(0);
    expect(allInShadow(chat.chat, 'code.math-tex')[0]?.textContent).to.equal('\\frac{1}{');
    const notes = allInShadow(chat.chat, '.math-note').map((note) => note.textContent!.trim());
    expect(notes[0]).to.equal(
      "(Not typeset: Unexpected end of input in a macro argument, expected '}'.)",
    );
    expect(notes[1]).to.match(/^Not typeset: .+[^.]\.$/);
    expect(allInShadow(chat.chat, 'pre.math-tex code')[0]?.textContent).to.equal('\\left( x');
    await expect(chat.chat).to.be.accessible();
  });

  it('refuses \\href, \\includegraphics and \\ref: no link, no image', async () => {
    const chat = await answeringChat();
    await streamAnswer(chat, 'm5', [
      'A $\\href{https://example.com}{link}$, an $\\includegraphics{x.png}$ and a $\\ref{eq}$.',
    ]);
    await renderedUntil(chat.chat, () => allInShadow(chat.chat, '.math-note').length === 3);
    const notes = allInShadow(chat.chat, '.math-note').map((note) => note.textContent!.trim());
    expect(notes).to.deep.equal([
      '(Not typeset: Unsupported function name: \\href.)',
      '(Not typeset: Function "\\includegraphics" is not trusted.)',
      '(Not typeset: it holds a link or an image.)',
    ]);
    expect(allInShadow(chat.chat, '.markdown a, .markdown img')).to.have.length(0);
    expect(formulas(chat.chat)).to.have.length(0);
  });

  it('builds only MathML, styles through the CSSOM, bounded sizes, rules in the text colour', async () => {
    const chat = await answeringChat();
    await streamAnswer(chat, 'm6', [
      'Colour $\\color{red}{x}$, bold $\\pmb{y}$, rule $\\rule{1em}{1em}$, big $\\rule{9000em}{1em}$, ' +
        'a loop $\\def\\a{\\a\\a}\\a$ done.',
    ]);
    await renderedUntil(
      chat.chat,
      () => formulas(chat.chat).length === 4 && allInShadow(chat.chat, '.math-note').length === 1,
    );
    const all = formulas(chat.chat);
    for (const math of all) {
      for (const element of [math, ...math.querySelectorAll('*')]) {
        expect(element.namespaceURI, element.localName).to.equal(MATHML);
        expect(element.hasAttribute('id')).to.equal(false);
        expect(element.hasAttribute('href')).to.equal(false);
      }
    }
    const red = all[0]!.querySelector('mi')!;
    expect(getComputedStyle(red).color).to.equal('rgb(255, 0, 0)');
    expect(getComputedStyle(all[1]!.querySelector('mi')!).fontWeight).to.equal('700');
    const rule = all[2]!.querySelector('mspace')!;
    expect(rule.hasAttribute('mathbackground')).to.equal(false);
    expect(getComputedStyle(rule).backgroundColor).to.equal(getComputedStyle(all[2]!).color);
    // The 9000em rule is cut to the part's bound (50em); a macro that expands forever is stopped.
    const big = all[3]!.querySelector('mspace')!;
    expect(big.getAttribute('width')).to.equal('50em');
    const em = Number.parseFloat(getComputedStyle(all[3]!).fontSize);
    expect(big.getBoundingClientRect().width).to.be.at.most(50 * em + 1);
    expect(allInShadow(chat.chat, '.math-note')[0]?.textContent).to.contain('Too many expansions');
  });
});
