// Streamed assistant markdown to sanitized HTML strings, block by block: finished blocks keep their HTML, only the
// open last block is parsed again. Loaded with the first assistant message (it brings marked and DOMPurify).
import DOMPurify from 'dompurify';
import { Lexer, Marked, type Token, type Tokens } from 'marked';

/** The words the rendered HTML carries (code-block toolbar, image links). */
export interface MarkdownLabels {
  /** The code block's copy button. */
  readonly copyCode: string;
  /** The toolbar label of a code block without a language. */
  readonly code: string;
  /** The text of the link an image becomes; `{alt}` is filled in. */
  readonly image: string;
  /** Whether images at http(s) URLs the agent chose may load (`allow-remote-images`); else they are links. */
  readonly remoteImages?: boolean;
}

/** Inline image types an agent's markdown image may show (an `<img>` never runs what it loads). */
const INLINE_IMAGE = /^data:image\/(?:png|jpeg|gif|webp|avif);base64,[a-z0-9+/=\s]*$/i;

/** The `src` an agent's markdown image may load: inline image bytes, or http(s) when the host allowed it. */
export function imageSource(value: string, remote: boolean): string | null {
  if (INLINE_IMAGE.test(value)) return value;
  if (!remote) return null;
  const href = safeHref(value);
  return href && !href.startsWith('mailto:') ? href : null;
}

/** Marks the images this engine's own renderer made, so raw `<img>` markup from an agent is dropped. */
const IMAGE_MARK = 'data-agui-image';

function randomMark(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** One rendered block: `key` stays the same while the block is open and after it is finished. */
export interface MarkdownBlock {
  readonly key: number;
  readonly html: string;
}

/**
 * Tags marked's output may contain (agent HTML never gets here: it is shown as text); anything else is dropped,
 * keeping its text.
 */
const ALLOWED_TAGS = [
  'a',
  'blockquote',
  'br',
  'code',
  'del',
  'div',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'li',
  'ol',
  'p',
  'pre',
  'strong',
  'table',
  'tbody',
  'td',
  'th',
  'thead',
  'tr',
  'ul',
];

const ALLOWED_ATTR = ['href', 'title', 'align', 'start', 'class', 'src', 'alt'];

/** Classes the rendered markdown may carry: a code block's language, and the scroll wrapper of a table. */
const ALLOWED_CLASS = /^(?:language-[\w+#.-]{1,40}|table-scroll)$/;

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** An absolute http, https or mailto URL as the browser would read it, or null. */
export function safeHref(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  return LINK_PROTOCOLS.has(url.protocol) ? url.href : null;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** A raw HTML block as a paragraph of its text, line breaks kept. */
function rawHtmlBlock(text: string): string {
  return `<p>${escapeHtml(text.replace(/\n+$/, '')).replace(/\n/g, '<br>')}</p>`;
}

type Sanitize = (html: string) => string;

/** A private DOMPurify instance, so its hooks never touch a host page's own DOMPurify. */
function createSanitizer(mark: string, remote: boolean): Sanitize {
  const purify = DOMPurify(window);
  purify.setConfig({
    ALLOWED_TAGS: [...ALLOWED_TAGS, 'img'],
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    KEEP_CONTENT: true,
  });
  purify.addHook('uponSanitizeElement', (node) => {
    // Only the renderer's own markdown images pass; an agent's raw <img> markup never renders.
    if (node.nodeName === 'IMG' && (node as Element).getAttribute(IMAGE_MARK) !== mark) {
      node.parentNode?.removeChild(node);
    }
  });
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    if (data.attrName === 'src') {
      if (node.nodeName !== 'IMG' || imageSource(data.attrValue, remote) !== data.attrValue) {
        data.keepAttr = false;
      }
    } else if (data.attrName === 'href') {
      const href = safeHref(data.attrValue);
      if (href === null) data.keepAttr = false;
      else data.attrValue = href;
    } else if (data.attrName === 'class' && !ALLOWED_CLASS.test(data.attrValue.trim())) {
      data.keepAttr = false;
    }
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return (html) => purify.sanitize(html);
}

/** A block of marked output with no markup beyond its own bare `<p>` or `<hN>` wrapper. */
const PLAIN_BLOCK = /^<(p|h[1-6])>[^<>]*<\/\1>\s*$/;

/** Turns block tokens into sanitized HTML strings. */
export class MarkdownEngine {
  private readonly marked: Marked;
  private readonly sanitize: Sanitize;
  private readonly labels: MarkdownLabels;

  constructor(labels: MarkdownLabels) {
    this.labels = labels;
    const mark = randomMark();
    const remote = labels.remoteImages === true;
    this.sanitize = createSanitizer(mark, remote);
    this.marked = new Marked({ gfm: true, breaks: false, async: false });
    this.marked.use({
      renderer: {
        // Inline images show; an agent's image URL is a request nobody asked for (and a known way to leak data), so
        // it is a link unless the host allowed remote images.
        image: ({ href, text }: Tokens.Image) => {
          const src = imageSource(href, remote);
          return src
            ? `<img ${IMAGE_MARK}="${mark}" src="${escapeHtml(src)}" alt="${escapeHtml(text)}">`
            : `<a href="${escapeHtml(href)}">${escapeHtml(labels.image.replace('{alt}', text || href))}</a>`;
        },
        checkbox: ({ checked }: Tokens.Checkbox) => (checked ? '☑ ' : '☐ '),
        // Raw HTML in agent markdown is shown as the text the agent wrote, never parsed: DOMPurify then only sees
        // markup marked made, so a strict page's CSP never reports the agent's handler attributes.
        html: ({ text, block }: Tokens.HTML | Tokens.Tag) =>
          block ? rawHtmlBlock(text) : escapeHtml(text),
        // Text inside an inline <pre> or <script> is marked "escaped" by the lexer (it expects the tags to stay
        // HTML); since they are shown as text, so is it. Other text keeps marked's own escaping.
        text: (token: Tokens.Text | Tokens.Escape) =>
          'escaped' in token && token.escaped && !('tokens' in token && token.tokens)
            ? escapeHtml(token.text)
            : false,
        table(this: { parser: { parse(tokens: Token[]): string } }, token: Tokens.Table) {
          return `<div class="table-scroll">${tableHtml(token, this.parser)}</div>`;
        },
      },
    });
  }

  /** The block tokens of a markdown source; `links` are reference definitions seen in earlier blocks. */
  lex(source: string, links: Readonly<Record<string, { href: string; title?: string | null }>>) {
    const lexer = new Lexer(this.marked.defaults);
    Object.assign(lexer.tokens.links, links);
    return lexer.lex(source);
  }

  /**
   * One block token as HTML. Code blocks are built here from escaped text; everything else is marked's output
   * through DOMPurify, the open block too — unless the output is provably plain (see PLAIN_BLOCK): agent text
   * never reaches the DOM unsanitized.
   */
  render(token: Token): string {
    if (token.type === 'space' || token.type === 'def') return '';
    if (token.type === 'code') return this.codeBlock(token as Tokens.Code);
    const html = this.marked.parser([token]);
    // Checked on the output, not the source: one bare paragraph or heading around text with no `<` or `>` holds
    // no element, attribute or URL for DOMPurify to remove, so it is already safe as it is.
    if (PLAIN_BLOCK.test(html)) return html;
    return this.sanitize(html);
  }

  private codeBlock(token: Tokens.Code): string {
    const language = (token.lang ?? '').trim().split(/\s/)[0]?.slice(0, 40) ?? '';
    const label = escapeHtml(language || this.labels.code);
    return (
      `<div class="code-block"><div class="code-toolbar"><span class="code-language">${label}</span>` +
      `<button type="button" class="code-copy" data-copy-code>${escapeHtml(this.labels.copyCode)}</button></div>` +
      `<pre><code>${escapeHtml(token.text)}</code></pre></div>`
    );
  }
}

/** A GFM table (the default renderer, inlined so the table can sit in a scroll wrapper). */
function tableHtml(token: Tokens.Table, parser: { parse(tokens: Token[]): string }): string {
  const inline = (cell: Tokens.TableCell) =>
    (parser as unknown as { parseInline(tokens: Token[]): string }).parseInline(cell.tokens);
  const cell = (item: Tokens.TableCell, tag: 'th' | 'td') =>
    `<${tag}${item.align ? ` align="${item.align}"` : ''}>${inline(item)}</${tag}>`;
  const head = `<tr>${token.header.map((item) => cell(item, 'th')).join('')}</tr>`;
  const rows = token.rows
    .map((row) => `<tr>${row.map((item) => cell(item, 'td')).join('')}</tr>`)
    .join('');
  return `<table><thead>${head}</thead>${rows ? `<tbody>${rows}</tbody>` : ''}</table>`;
}

function normalizeNewlines(text: string): string {
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}

/**
 * The markdown of one streaming text part. Each update lexes only the text after the last finished block: every
 * block followed by another is finished (its HTML is cached), the last one stays open until the text is complete.
 */
export class IncrementalMarkdown {
  private readonly engine: MarkdownEngine;
  private source = '';
  private complete = false;
  /** Where the open block starts in `source`. */
  private stableEnd = 0;
  private readonly finished: MarkdownBlock[] = [];
  private links: Record<string, { href: string; title?: string | null }> = {};
  private blocks: readonly MarkdownBlock[] = [];
  /** The open block as last rendered: a finished block with the same source reuses its sanitized HTML. */
  private lastOpen: { readonly source: string; readonly html: string } | null = null;

  constructor(engine: MarkdownEngine) {
    this.engine = engine;
  }

  /** The blocks of this text: the finished ones as before, the open one rendered again. */
  update(text: string, complete: boolean): readonly MarkdownBlock[] {
    const source = normalizeNewlines(text);
    if (source === this.source && complete === this.complete) return this.blocks;
    if (!source.startsWith(this.source.slice(0, this.stableEnd))) this.restart();
    this.source = source;
    this.complete = complete;
    const tail = source.slice(this.stableEnd);
    const tokens = this.engine.lex(tail, this.links);
    let lastContent = tokens.length - 1;
    while (lastContent >= 0 && tokens[lastContent]?.type === 'space') lastContent -= 1;
    const covered = tokens.reduce((sum, token) => sum + token.raw.length, 0);
    // Offsets are only trusted when the tokens cover the text exactly; otherwise everything stays open.
    const finishedCount = complete ? tokens.length : covered === tail.length ? lastContent : 0;
    let consumed = 0;
    for (let index = 0; index < finishedCount; index += 1) {
      const token = tokens[index] as Token;
      consumed += token.raw.length;
      this.collectLinks(token);
      const source = `${token.type}\u0000${token.raw.trimEnd()}`;
      const html =
        this.lastOpen?.source === source ? this.lastOpen.html : this.engine.render(token);
      if (html) this.finished.push({ key: this.finished.length, html });
    }
    if (!complete) this.stableEnd += consumed;
    const openTokens = tokens.slice(finishedCount).filter((token) => token.type !== 'space');
    let open = '';
    this.lastOpen = null;
    for (const token of openTokens) {
      const html = this.engine.render(token);
      open += html;
      if (openTokens.length === 1) {
        this.lastOpen = { source: `${token.type}\u0000${token.raw.trimEnd()}`, html };
      }
    }
    this.blocks = open
      ? [...this.finished, { key: this.finished.length, html: open }]
      : [...this.finished];
    if (complete) {
      // The whole text is rendered: start over if it ever changes again.
      this.restart();
    }
    return this.blocks;
  }

  private collectLinks(token: Token): void {
    if (token.type !== 'def') return;
    const def = token as Tokens.Def;
    this.links[def.tag] = { href: def.href, title: def.title };
  }

  private restart(): void {
    this.stableEnd = 0;
    this.finished.length = 0;
    this.links = {};
    this.lastOpen = null;
  }
}
