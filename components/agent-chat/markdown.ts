// Streamed assistant markdown to Lit templates, block by block: finished blocks keep their template, only the open
// last block is lexed again. Loaded with the first assistant message (it brings marked's Lexer; nothing else of
// marked, and no sanitizer: see markdown-templates.ts).
import { nothing } from 'lit';
import { Lexer, type MarkedOptions, type Token, type Tokens } from 'marked';
import {
  block,
  type CodeHighlighting,
  type MarkdownContent,
  type MathTypesetting,
  type TemplateContext,
} from './markdown-templates.js';
import { MATH_EXTENSIONS } from './rich/math-syntax.js';
import type { DiagramDrawings } from './rich/diagram-drawing.js';

export { imageSource, safeHref } from './markdown-templates.js';
export { mediaSource } from '../shared/safe-urls.js';

/** The words the rendered markdown carries (code-block toolbar, image links). */
export interface MarkdownLabels {
  /** The code block's copy button. */
  readonly copyCode: string;
  /** A table's copy button (Copy as CSV). */
  readonly copyCsv: string;
  /** The toolbar label of a code block without a language. */
  readonly code: string;
  /** The note of a block the highlighter could not colour (with `highlight`); `{where}` is filled in. */
  readonly highlightUnavailable?: string;
  /** The text of the link an image becomes; `{alt}` is filled in. */
  readonly image: string;
  /** Whether images at http(s) URLs the agent chose may load (`allow-remote-images`); else they are links. */
  readonly remoteImages?: boolean;
  /** Highlighted fenced code (the chat's loader of the highlighter part); without it code stays plain. */
  readonly highlight?: CodeHighlighting;
  /** A display formula's copy button (Copy TeX). */
  readonly copyMath?: string;
  /** The note of a formula that does not parse; `{reason}` is filled in. */
  readonly mathInvalid?: string;
  /** The note of formulas the math part could not typeset (it did not load); `{where}` is filled in. */
  readonly mathUnavailable?: string;
  /** Typeset math (the chat's loader of the math part); without it formulas show their TeX. */
  readonly math?: MathTypesetting;
  /** Drawn `mermaid` fences (`rich-content="mermaid"`); without it they stay code with `diagramsOff` under them. */
  readonly diagrams?: DiagramDrawings | null;
  readonly diagramsOff?: string;
  readonly diagramDrawing?: string;
  readonly diagramInvalid?: string;
  readonly diagramsUnavailable?: string;
  readonly showSource?: string;
}

/** One rendered block: `key` stays the same while the block is open and after it is finished. */
export interface MarkdownBlock {
  readonly key: number;
  readonly content: MarkdownContent;
}

type Links = Record<string, { href: string; title?: string | null }>;

/** Turns block tokens into Lit templates. */
export class MarkdownEngine {
  private readonly context: TemplateContext;

  constructor(labels: MarkdownLabels) {
    this.context = {
      copyCode: labels.copyCode,
      copyCsv: labels.copyCsv,
      code: labels.code,
      highlightUnavailable: labels.highlightUnavailable ?? '',
      image: labels.image,
      remoteImages: labels.remoteImages === true,
      highlight: labels.highlight ?? null,
      copyMath: labels.copyMath ?? 'Copy TeX',
      mathInvalid: labels.mathInvalid ?? '{reason}',
      mathUnavailable: labels.mathUnavailable ?? '{where}',
      math: labels.math ?? null,
      diagrams: labels.diagrams ?? null,
      diagramsOff: labels.diagramsOff ?? '',
      diagramDrawing: labels.diagramDrawing ?? '',
      diagramInvalid: labels.diagramInvalid ?? '{reason}',
      diagramsUnavailable: labels.diagramsUnavailable ?? '{where}',
      showSource: labels.showSource ?? 'Show source',
    };
  }

  /**
   * The block tokens of a markdown source; `links` are reference definitions seen in earlier blocks. While the text
   * is not `complete`, a `$$` block whose closing `$$` has not arrived is one open token to the end of the text.
   */
  lex(source: string, links: Readonly<Links>, complete = true): Token[] {
    // A fresh options object each time: the Lexer keeps its tokenizer on it.
    const options: MarkedOptions = {
      gfm: true,
      breaks: false,
      pedantic: false,
      async: false,
      extensions: complete ? MATH_EXTENSIONS.complete : MATH_EXTENSIONS.streaming,
    };
    const lexer = new Lexer(options);
    Object.assign(lexer.tokens.links, links);
    return lexer.lex(source);
  }

  /** One block token as a template (nothing for spacing and link definitions). */
  render(token: Token): MarkdownContent {
    return block(token, this.context);
  }
}

/** What makes a finished block the same as the open block rendered last: its type and its text. */
function blockSource(token: Token): string {
  return `${token.type}\u0000${token.raw.trimEnd()}`;
}

function normalizeNewlines(text: string): string {
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}

/**
 * The markdown of one streaming text part. Each update lexes only the text after the last finished block: every
 * block followed by another is finished (its template is kept), the last one stays open until the text is complete.
 */
export class IncrementalMarkdown {
  private readonly engine: MarkdownEngine;
  private source = '';
  private complete = false;
  /** Where the open block starts in `source`, and the finished text before it. */
  private stableEnd = 0;
  private stablePrefix = '';
  private readonly finished: MarkdownBlock[] = [];
  private links: Links = {};
  private blocks: readonly MarkdownBlock[] = [];
  /** The open block as last rendered: a finished block with the same source reuses its template. */
  private lastOpen: { readonly source: string; readonly content: MarkdownContent } | null = null;

  constructor(engine: MarkdownEngine) {
    this.engine = engine;
  }

  /** The blocks of this text: the finished ones as before, the open one rendered again. */
  update(text: string, complete: boolean): readonly MarkdownBlock[] {
    const source = normalizeNewlines(text);
    if (source === this.source && complete === this.complete) return this.blocks;
    // Comparing equal slices is a memory compare; `startsWith` on a streamed (concatenated) string is far slower.
    if (source.slice(0, this.stableEnd) !== this.stablePrefix) this.restart();
    this.source = source;
    this.complete = complete;
    const tail = source.slice(this.stableEnd);
    const tokens = this.engine.lex(tail, this.links, complete);
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
      const source = blockSource(token);
      const content =
        this.lastOpen?.source === source ? this.lastOpen.content : this.engine.render(token);
      if (content !== nothing) this.finished.push({ key: this.finished.length, content });
    }
    if (!complete && consumed > 0) {
      this.stableEnd += consumed;
      this.stablePrefix = source.slice(0, this.stableEnd);
    }
    const openTokens = tokens.slice(finishedCount).filter((token) => token.type !== 'space');
    const open = openTokens.map((token) => this.engine.render(token));
    this.lastOpen =
      openTokens.length === 1
        ? { source: blockSource(openTokens[0] as Token), content: open[0] as MarkdownContent }
        : null;
    this.blocks =
      open.length > 0
        ? [
            ...this.finished,
            // One open block is its template itself, so it stays the same DOM when it is finished.
            { key: this.finished.length, content: open.length === 1 ? open[0] : open },
          ]
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
    this.stablePrefix = '';
    this.finished.length = 0;
    this.links = {};
    this.lastOpen = null;
  }
}
