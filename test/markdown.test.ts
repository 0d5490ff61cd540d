import { expect } from '@open-wc/testing';
import { html, render } from 'lit';
import { guard } from 'lit/directives/guard.js';
import { repeat } from 'lit/directives/repeat.js';
import {
  IncrementalMarkdown,
  MarkdownEngine,
  type MarkdownBlock,
  type MarkdownLabels,
} from '../components/agent-chat/markdown.js';
import { markupOf } from './support/elements.js';
import { deepElements, problemsOf } from './support/xss-payloads.js';

const LABELS: MarkdownLabels = {
  copyCode: 'Copy code',
  copyCsv: 'Copy as CSV',
  code: 'Code',
  image: 'Image: {alt}',
};
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** Renders blocks the way the chat does: one keyed wrapper per block, each finished block guarded. */
function paint(container: HTMLElement, blocks: readonly MarkdownBlock[]): void {
  render(
    html`${repeat(
      blocks,
      (block) => block.key,
      (block) => html`<div class="block">${guard([block.content], () => block.content)}</div>`,
    )}`,
    container,
  );
}

function rendered(source: string, labels: MarkdownLabels = LABELS): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  paint(container, new IncrementalMarkdown(new MarkdownEngine(labels)).update(source, true));
  return container;
}

describe('markdown as Lit templates', () => {
  afterEach(() => {
    document.body.replaceChildren();
  });

  it('renders headings, lists, tasks, a table in its scroll wrapper, code with its toolbar and links', () => {
    const root = rendered(
      '### Report\n\n1. first\n2. second\n\nthen\n\n5. five\n\n- [x] done\n- [ ] open\n  - nested *em*\n\n' +
        '| A | B |\n| :-- | --: |\n| `x` | **2** |\n\n```ts extra\nconst a = 1 < 2;\n```\n\n' +
        '> quoted ~~old~~\n\n---\n\nSee [docs](https://example.com/a "Docs") and <https://example.org>.',
    );
    expect(root.querySelector('h3')?.textContent).to.equal('Report');
    expect(root.querySelectorAll('ol')[0]?.hasAttribute('start')).to.equal(false);
    expect(root.querySelectorAll('ol')[1]?.getAttribute('start')).to.equal('5');
    const tasks = Array.from(root.querySelectorAll('ul')[0]!.children, (item) => item.textContent);
    expect(tasks).to.deep.equal(['☑ done', '☐ opennested em']);
    expect(root.querySelector('ul ul em')?.textContent).to.equal('em');
    expect(root.querySelector('input'), 'task boxes are text, never inputs').to.equal(null);
    const table = root.querySelector('.table-scroll > table');
    expect(table?.querySelector('thead th[align="left"]')?.textContent).to.equal('A');
    expect(table?.querySelector('tbody td[align="right"] strong')?.textContent).to.equal('2');
    expect(table?.querySelector('tbody td code')?.textContent).to.equal('x');
    const code = root.querySelector('.code-block');
    expect(code?.querySelector('.code-language')?.textContent).to.equal('ts');
    expect(code?.querySelector('button.code-copy[data-copy-code]')?.textContent).to.equal(
      'Copy code',
    );
    expect(code?.querySelector('pre code')?.textContent).to.equal('const a = 1 < 2;');
    expect(root.querySelector('blockquote del')?.textContent).to.equal('old');
    expect(root.querySelector('hr')).not.to.equal(null);
    const links = Array.from(root.querySelectorAll('a'));
    expect(links.map((link) => link.getAttribute('href'))).to.deep.equal([
      'https://example.com/a',
      'https://example.org/',
    ]);
    expect(links[0]?.title).to.equal('Docs');
    expect(links.map((link) => `${link.target} ${link.rel}`)).to.deep.equal([
      '_blank noopener noreferrer',
      '_blank noopener noreferrer',
    ]);
    expect(links[1]?.textContent).to.equal('https://example.org');
  });

  it('labels a code block without a language, and keeps the Copy label settable after a Copied swap', () => {
    const container = document.createElement('div');
    document.body.append(container);
    const markdown = new IncrementalMarkdown(new MarkdownEngine(LABELS));
    paint(container, markdown.update('```\nnpm start', false));
    const button = container.querySelector<HTMLButtonElement>('.code-copy')!;
    expect(container.querySelector('.code-language')?.textContent).to.equal('Code');
    button.textContent = 'Copied';
    paint(container, markdown.update('```\nnpm start\nnpm test', false));
    expect(container.querySelector('pre code')?.textContent).to.equal('npm start\nnpm test');
    expect(container.querySelector('.code-copy')).to.equal(button);
    expect(button.textContent).to.equal('Copied');
    const german = new IncrementalMarkdown(
      new MarkdownEngine({ ...LABELS, copyCode: 'Code kopieren' }),
    );
    paint(container, german.update('```\nnpm start\nnpm test\n```', true));
    expect(container.querySelector('.code-copy')?.textContent).to.equal('Code kopieren');
  });

  it('shows raw HTML and character references as text the way the browser would have read them', () => {
    const root = rendered(
      'A &amp; B &copy; &#x41;&#66; &unknown; \\<b> <i onclick="x()">tag</i> `&amp; <b>`\n\n' +
        '<div onclick="x()">\n  <img src=x onerror=x()>\n</div>',
    );
    const paragraphs = root.querySelectorAll('p');
    expect(paragraphs[0]?.textContent).to.equal(
      'A & B © AB &unknown; <b> <i onclick="x()">tag</i> &amp; <b>',
    );
    expect(paragraphs[0]?.querySelector('i, b')).to.equal(null);
    expect(paragraphs[0]?.querySelector('code')?.textContent).to.equal('&amp; <b>');
    expect(markupOf(paragraphs[1])).to.equal(
      '&lt;div onclick="x()"&gt;<br>  &lt;img src=x onerror=x()&gt;<br>&lt;/div&gt;',
    );
    expect(root.querySelectorAll('div.block > div, img')).to.have.length(0);
    expect(deepElements(root).flatMap((element) => problemsOf(element, true))).to.deep.equal([]);
  });

  it('keeps only http(s) and mailto links, and shows only inline images unless remote images are allowed', () => {
    const source =
      '[a](javascript:alert(1)) [b](&#106;avascript:alert(2)) [c](mailto:x@example.com) [d](/relative)\n\n' +
      `![dot](${PNG}) ![chart](https://images.example.test/c.png) ![svg](data:image/svg+xml,<svg>)`;
    const root = rendered(source);
    const links = Array.from(root.querySelectorAll('a'));
    expect(links.map((link) => link.getAttribute('href'))).to.deep.equal([
      null,
      null,
      'mailto:x@example.com',
      null,
      'https://images.example.test/c.png',
      null,
    ]);
    expect(
      links.filter((link) => !link.hasAttribute('href')).map((link) => link.target),
    ).to.deep.equal(['', '', '', '']);
    expect(links[4]?.textContent).to.equal('Image: chart');
    expect(
      Array.from(root.querySelectorAll('img')).map((img) => img.getAttribute('src')),
    ).to.deep.equal([PNG]);
    expect(root.querySelector('img')?.alt).to.equal('dot');
    const allowed = rendered(source, { ...LABELS, remoteImages: true });
    expect(
      Array.from(allowed.querySelectorAll('img')).map((img) => img.getAttribute('src')),
    ).to.deep.equal([PNG, 'https://images.example.test/c.png']);
    // Beyond the images checked above (an inline image is a data: URL), nothing carries a URL to worry about.
    for (const root of [rendered(source), allowed]) {
      const elements = deepElements(root).filter((element) => element.localName !== 'img');
      expect(elements.flatMap((element) => problemsOf(element, true))).to.deep.equal([]);
    }
  });

  it('lexes only the open block again, and keeps the template and DOM of every finished block', () => {
    const engine = new MarkdownEngine(LABELS);
    const lexed: string[] = [];
    const lex = engine.lex.bind(engine);
    engine.lex = (source, links) => {
      lexed.push(source);
      return lex(source, links);
    };
    const markdown = new IncrementalMarkdown(engine);
    const container = document.createElement('div');
    document.body.append(container);
    const text =
      '# One\n\nFirst *para*.\n\n[ref]: https://example.com\n\nSecond [link][ref] and more';
    let shown = '';
    const firsts: unknown[] = [];
    for (const piece of text.match(/[\s\S]{1,7}/g) ?? []) {
      shown += piece;
      const blocks = markdown.update(shown, false);
      paint(container, blocks);
      firsts.push(blocks[0]?.content);
    }
    const heading = container.querySelector('h1');
    const first = container.querySelector('p');
    const last = lexed[lexed.length - 1] ?? '';
    expect(last.startsWith('Second'), `the last lex saw only the open block: ${last}`).to.equal(
      true,
    );
    // Once "# One" was followed by another block, its template object never changed again.
    const settled = firsts.slice(firsts.indexOf(firsts[firsts.length - 1]));
    expect(settled.length).to.be.greaterThan(5);
    const blocks = markdown.update(`${shown}.`, true);
    paint(container, blocks);
    expect(container.querySelector('h1')).to.equal(heading);
    expect(container.querySelector('p')).to.equal(first);
    expect(container.querySelector('a')?.getAttribute('href')).to.equal('https://example.com/');
    expect(container.querySelectorAll('p')[1]?.textContent).to.equal('Second link and more.');
  });

  it('starts over when text before the open block changes (a snapshot replaced it)', () => {
    const container = document.createElement('div');
    document.body.append(container);
    const markdown = new IncrementalMarkdown(new MarkdownEngine(LABELS));
    paint(container, markdown.update('First *one*.\n\nSecond', false));
    expect(container.querySelector('p')?.textContent).to.equal('First one.');
    paint(container, markdown.update('Other **one**.\n\nSecond and more', false));
    expect(Array.from(container.querySelectorAll('p'), (p) => p.textContent)).to.deep.equal([
      'Other one.',
      'Second and more',
    ]);
    paint(container, markdown.update('Short', false));
    expect(Array.from(container.querySelectorAll('p'), (p) => p.textContent)).to.deep.equal([
      'Short',
    ]);
  });
});
