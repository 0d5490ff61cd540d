// marked's tokens as Lit templates. Agent text reaches the DOM only through text and attribute bindings of fixed
// templates, and every URL through safeHref/imageSource: nothing the agent writes is ever parsed as HTML, so no
// sanitizer (and no Trusted Types policy of its own) is needed.
import { imageSource, safeHref } from '../shared/safe-urls.js';
import { html, nothing, type TemplateResult } from 'lit';
import { guard } from 'lit/directives/guard.js';
import type { Token, Tokens } from 'marked';
import type { CodeLine } from './rich/highlighter.js';
import { formula, type FormulaContext } from './rich/math-formula.js';
import { isMath, type MathToken } from './rich/math-syntax.js';
import type { DiagramDrawings } from './rich/diagram-drawing.js';
import { chevronIcon } from './icons.js';

export type { MathTypesetting } from './rich/math-formula.js';

/** What a token renders to: a template, text, nothing, or a list of those. */
export type MarkdownContent = TemplateResult | string | typeof nothing | readonly MarkdownContent[];

/** The words and choices the rendered markdown carries. */
export interface TemplateContext extends FormulaContext {
  readonly copyCode: string;
  /** A display formula's copy button (Copy TeX). */
  readonly copyMath: string;
  readonly copyCsv: string;
  readonly code: string;
  readonly image: string;
  readonly remoteImages: boolean;
  /** The note of a block the highlighter could not colour; `{where}` is filled in. */
  readonly highlightUnavailable: string;
  /** Highlighted fenced code, when the chat offers it. */
  readonly highlight: CodeHighlighting | null;
  /** Diagrams from `mermaid` fences: null unless the chat has `rich-content="mermaid"`. */
  readonly diagrams: DiagramDrawings | null;
  readonly diagramsOff: string;
  readonly diagramDrawing: string;
  readonly diagramInvalid: string;
  readonly diagramsUnavailable: string;
  readonly showSource: string;
}

/** Fenced code in colour: the lines of a block once the highlighter has loaded (asking for it is loading it). */
export interface CodeHighlighting {
  /**
   * `code`'s lines in the language a fence names, or null while the highlighter loads, if it failed, or for a
   * language it does not know: then the block is plain.
   */
  lines(code: string, language: string, open?: boolean): readonly CodeLine[] | null;
  /** Where the highlighter was looked for, once it failed to load; else null. */
  readonly failedAt: string | null;
}

export { imageSource, safeHref };

/**
 * Named character references an answer is likely to use. marked leaves references for the browser to decode;
 * text bindings show them as written, so these are decoded here (any other name stays as the agent wrote it).
 */
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  middot: '·',
  bull: '•',
  deg: '°',
  plusmn: '±',
  times: '×',
  divide: '÷',
  micro: 'µ',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  sect: '§',
  para: '¶',
  larr: '←',
  rarr: '→',
  uarr: '↑',
  darr: '↓',
  harr: '↔',
  rArr: '⇒',
  le: '≤',
  ge: '≥',
  ne: '≠',
  asymp: '≈',
  infin: '∞',
  check: '✓',
  shy: '\u00ad',
  zwj: '\u200d',
  zwnj: '\u200c',
};

const REFERENCE = /&(?:#(\d{1,7})|#[xX]([\da-fA-F]{1,6})|(\w+));/g;

/** Text with its character references decoded, as the browser would show marked's HTML. */
export function decodeReferences(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, (reference, dec?: string, hex?: string, name?: string) => {
    if (name !== undefined) return NAMED[name] ?? reference;
    const code = dec === undefined ? Number.parseInt(hex ?? '', 16) : Number.parseInt(dec, 10);
    return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)
      ? '\ufffd'
      : String.fromCodePoint(code);
  });
}

/** Lines of text with `<br>` between them. */
function lines(text: string): MarkdownContent[] {
  const out: MarkdownContent[] = [];
  for (const [index, line] of text.split('\n').entries()) {
    if (index > 0) out.push(html`<br />`);
    out.push(line);
  }
  return out;
}

/** The plain text of inline tokens (an image's alt text). */
function plainText(tokens: readonly Token[] | undefined, fallback: string): string {
  if (!tokens) return decodeReferences(fallback);
  return tokens
    .map((token) => {
      if ('tokens' in token && token.tokens) return plainText(token.tokens, '');
      if (token.type === 'text' && !(token as Tokens.Text).escaped) {
        return decodeReferences((token as Tokens.Text).text);
      }
      return 'text' in token && typeof token.text === 'string' ? token.text : '';
    })
    .join('');
}

/** A link: `target=_blank rel="noopener noreferrer"` at a safe URL; without an href (just its text) otherwise. */
function link(href: string, title: string | null | undefined, content: MarkdownContent) {
  const safe = safeHref(decodeReferences(href));
  const titled = title ? decodeReferences(title) : nothing;
  return safe === null
    ? // An unsafe URL is dropped, the link's text stays where it was (not focusable: nowhere to go).
      // eslint-disable-next-line lit-a11y/anchor-is-valid
      html`<a title=${titled}>${content}</a>`
    : html`<a href=${safe} title=${titled} target="_blank" rel="noopener noreferrer"
        >${content}</a
      >`;
}

/** An image: shown when its source may load (see imageSource), else a link to it. */
function image(token: Tokens.Image, context: TemplateContext) {
  const href = decodeReferences(token.href);
  const alt = plainText(token.tokens, token.text);
  const src = imageSource(href, context.remoteImages);
  return src === null
    ? link(token.href, null, context.image.replace('{alt}', alt || href))
    : html`<img src=${src} alt=${alt} />`;
}

/** Inline tokens. Raw HTML tags and text marked kept raw (inside an inline `<pre>`) are shown as written. */
function inline(tokens: readonly Token[] | undefined, context: TemplateContext) {
  const out: MarkdownContent[] = [];
  for (const token of tokens ?? []) out.push(inlineToken(token, context));
  return out;
}

function inlineToken(token: Token, context: TemplateContext): MarkdownContent {
  switch (token.type) {
    case 'text': {
      const text = token as Tokens.Text;
      if (text.tokens) return inline(text.tokens, context);
      return text.escaped ? text.text : decodeReferences(text.text);
    }
    case 'strong':
      return html`<strong>${inline((token as Tokens.Strong).tokens, context)}</strong>`;
    case 'em':
      return html`<em>${inline((token as Tokens.Em).tokens, context)}</em>`;
    case 'del':
      return html`<del>${inline((token as Tokens.Del).tokens, context)}</del>`;
    case 'codespan':
      return html`<code>${(token as Tokens.Codespan).text}</code>`;
    case 'br':
      return html`<br />`;
    case 'link': {
      const item = token as Tokens.Link;
      // An autolink's text is the URL as written: no references in it.
      const content =
        'autolink' in item && item.autolink ? item.text : inline(item.tokens, context);
      return link(item.href, item.title, content);
    }
    case 'image':
      return image(token as Tokens.Image, context);
    case 'checkbox':
      return (token as Tokens.Checkbox).checked ? '☑ ' : '☐ ';
    case 'escape':
    case 'html':
      return (token as Tokens.Escape | Tokens.Tag).text;
    case 'math': {
      const math = token as unknown as MathToken;
      return html`${formula(math.text, math.display, false, context)}`;
    }
    default:
      return 'text' in token && typeof token.text === 'string' ? token.text : nothing;
  }
}

function heading(token: Tokens.Heading, context: TemplateContext) {
  const content = inline(token.tokens, context);
  switch (token.depth) {
    case 1:
      return html`<h1>${content}</h1>`;
    case 2:
      return html`<h2>${content}</h2>`;
    case 3:
      return html`<h3>${content}</h3>`;
    case 4:
      return html`<h4>${content}</h4>`;
    case 5:
      return html`<h5>${content}</h5>`;
    default:
      return html`<h6>${content}</h6>`;
  }
}

/**
 * A code block with its toolbar. The Copy button's name is its text, set through `.textContent`: no child part
 * inside it for the chat's brief "Copied" swap to break (the lint rule cannot see a property-set name).
 */
/* eslint-disable lit-a11y/accessible-name */
function codeBlock(token: Tokens.Code, context: TemplateContext) {
  const language = (token.lang ?? '').trim().split(/\s/)[0]?.slice(0, 40) ?? '';
  // A fence still streaming (no closing fence yet) may be coloured a moment late; a finished one never is.
  const open = (token.raw.match(/^ {0,3}(?:`{3,}|~{3,})/gm)?.length ?? 0) < 2;
  // A `math` fence is a formula (and never loads the highlighter).
  if (language.toLowerCase() === 'math') return mathBlock(token.text.trim(), open, context);
  // A `mermaid` fence is drawn once it is finished, and only with the opt-in; until then it is its source.
  if (language.toLowerCase() === 'mermaid') {
    const diagrams = context.diagrams;
    if (!diagrams) return html`${plainBlock(token, language, context)}${note(context.diagramsOff)}`;
    if (!open) return diagram(token.text.trim(), diagrams, token, language, context);
  }
  const lines = language ? (context.highlight?.lines(token.text, language, open) ?? null) : null;
  const failedAt = language ? (context.highlight?.failedAt ?? null) : null;
  return plainBlock(token, language, context, lines, failedAt);
}

/** A line under a code block; `kept`: its line breaks are its own (Mermaid points at the error under its line). */
function note(text: string, status = false, kept = false) {
  // No white space around the text: under pre-wrap it would show.
  const className = kept ? 'code-note kept-lines' : 'code-note';
  return html`<p class=${className} role=${status ? 'status' : nothing}>${text}</p>`;
}

/** A code block: its toolbar (language, Copy code), its lines (coloured when `lines`), and the highlighter's note. */
function plainBlock(
  token: Tokens.Code,
  language: string,
  context: TemplateContext,
  lines: readonly CodeLine[] | null = null,
  failedAt: string | null = null,
) {
  return html`<div class="code-block">
    <div class="code-toolbar">
      <span class="code-language">${language || context.code}</span>
      <button
        type="button"
        class="code-copy"
        data-copy-code
        .textContent=${context.copyCode}
      ></button>
    </div>
    <pre><code>${
      // A line keeps its DOM while its own tokens stay the same, however the block grows after it.
      lines ? lines.map((line) => guard([line.signature], () => line.content)) : token.text
    }</code></pre>
    ${
      failedAt === null
        ? nothing
        : html`<p class="code-note">
            ${context.highlightUnavailable.replace('{where}', failedAt)}
          </p>`
    }
  </div>`;
}
/* eslint-enable lit-a11y/accessible-name */

/**
 * A finished `mermaid` fence: the drawn diagram as an image (its SVG never enters the page as markup), named by its
 * `accTitle`/`accDescr` or else its source, with Show source beside it; its source with a note while it is drawn,
 * when Mermaid could not draw it (Mermaid's message), or when the diagram frame could not be loaded.
 */
function diagram(
  source: string,
  diagrams: DiagramDrawings,
  token: Tokens.Code,
  language: string,
  context: TemplateContext,
) {
  const drawn = diagrams.drawn(source);
  if (!drawn || 'error' in drawn) {
    const sentence = drawn
      ? context.diagramInvalid.replace('{reason}', drawn.error)
      : diagrams.failedAt !== null
        ? context.diagramsUnavailable.replace('{where}', diagrams.failedAt)
        : context.diagramDrawing;
    const drawing = !drawn && diagrams.failedAt === null;
    return html`${plainBlock(token, language, context)}${note(sentence, drawing, Boolean(drawn))}`;
  }
  const named = [drawn.title, drawn.description].filter(Boolean).join('. ');
  return html`<figure class="diagram" data-diagram>
    <img
      class="diagram-image"
      src=${`data:image/svg+xml;charset=utf-8,${encodeURIComponent(drawn.svg)}`}
      alt=${named || source}
    />
    <details class="diagram-source">
      <summary>
        <span>${context.showSource}</span><span class="chevron">${chevronIcon}</span>
      </summary>
      ${plainBlock(token, language, context)}
    </details>
  </figure>`;
}

/**
 * A display formula on lines of its own, with Copy TeX (its TeX kept in `data-tex`; the button's name set through
 * `.textContent`, as Copy code's is). While its closing delimiter has not arrived (`open`) it shows its TeX.
 */
/* eslint-disable lit-a11y/accessible-name */
function mathBlock(tex: string, open: boolean, context: TemplateContext) {
  return html`<div class="math-block" data-tex=${tex}>
    <div class="math-formula">${formula(tex, true, open, context)}</div>
    ${
      open
        ? nothing
        : html`<button
            type="button"
            class="code-copy math-copy"
            data-copy-math
            .textContent=${context.copyMath}
          ></button>`
    }
  </div>`;
}
/* eslint-enable lit-a11y/accessible-name */

function cell(item: Tokens.TableCell, header: boolean, context: TemplateContext) {
  const align = item.align ?? nothing;
  const content = inline(item.tokens, context);
  return header
    ? html`<th align=${align} dir="auto">${content}</th>`
    : html`<td align=${align} dir="auto">${content}</td>`;
}

/** A GFM table in its scroll wrapper, with Copy as CSV (the chat copies the rendered cells' text). */
/* eslint-disable lit-a11y/accessible-name */
function table(token: Tokens.Table, context: TemplateContext) {
  const head = token.header.map((item) => cell(item, true, context));
  const rows = token.rows.map(
    (row) =>
      html`<tr>
        ${row.map((item) => cell(item, false, context))}
      </tr>`,
  );
  return html`<div class="table-block">
    <div class="table-toolbar">
      <button
        type="button"
        class="code-copy"
        data-copy-csv
        .textContent=${context.copyCsv}
      ></button>
    </div>
    <div class="table-scroll">
      <table>
        <thead>
          <tr>
            ${head}
          </tr>
        </thead>
        ${
          rows.length > 0
            ? html`<tbody>
                ${rows}
              </tbody>`
            : nothing
        }
      </table>
    </div>
  </div>`;
}
/* eslint-enable lit-a11y/accessible-name */

function list(token: Tokens.List, context: TemplateContext) {
  const items = token.items.map((item) => html`<li>${blocks(item.tokens, context)}</li>`);
  // prettier-ignore
  if (!token.ordered) return html`<ul>${items}</ul>`;
  const start = token.start === '' || token.start === 1 ? nothing : token.start;
  // prettier-ignore
  return html`<ol start=${start}>${items}</ol>`;
}

/** Block tokens. A raw HTML block is a paragraph of the text the agent wrote, its line breaks kept. */
function blocks(tokens: readonly Token[], context: TemplateContext): MarkdownContent[] {
  return tokens.map((token) => block(token, context));
}

export function block(token: Token, context: TemplateContext): MarkdownContent {
  switch (token.type) {
    case 'paragraph':
      return html`<p>${inline((token as Tokens.Paragraph).tokens, context)}</p>`;
    case 'heading':
      return heading(token as Tokens.Heading, context);
    case 'code':
      return codeBlock(token as Tokens.Code, context);
    case 'table':
      return table(token as Tokens.Table, context);
    case 'list':
      return list(token as Tokens.List, context);
    case 'blockquote':
      return html`<blockquote>${blocks((token as Tokens.Blockquote).tokens, context)}</blockquote>`;
    case 'hr':
      return html`<hr />`;
    case 'html': {
      const raw = token as Tokens.HTML;
      return raw.block ? html`<p>${lines(raw.text.replace(/\n+$/, ''))}</p>` : raw.text;
    }
    case 'space':
    case 'def':
      return nothing;
    default:
      if (isMath(token) && token.block) return mathBlock(token.text, token.open, context);
      return inlineToken(token, context);
  }
}
