// ReplyText: the agent's text parts as markdown templates, one incremental renderer per part, loading marked's
// Lexer with the first assistant message that has text.
import { html, type CSSResult } from 'lit';
import { guard } from 'lit/directives/guard.js';
import { repeat } from 'lit/directives/repeat.js';
import type { ChatMessage } from '../../src/store/types.js';
import { isA2uiActivity } from './chat-a2ui.js';
import type * as MarkdownNamespace from './markdown.js';
import { CodeHighlight } from './rich/code-highlight.js';
import { MathTypesetting } from './rich/math-typeset.js';
import { DiagramDrawing, type DiagramHost } from './rich/diagram-drawing.js';
import type { AgentChatStrings } from './strings.js';

type MarkdownModule = typeof MarkdownNamespace;

export class ReplyText {
  private module: MarkdownModule | null = null;
  private loading = false;
  private engine: MarkdownNamespace.MarkdownEngine | null = null;
  /** One incremental renderer per text part, by message id. */
  private readonly renderers = new Map<string, MarkdownNamespace.IncrementalMarkdown[]>();
  private seenMessageCount = 0;

  /** Loads the highlighter with the first fenced block that names a language; then every answer renders again. */
  private readonly highlight: CodeHighlight;
  /** Loads the math part with the first formula; then every answer renders again. */
  private readonly math: MathTypesetting;

  /** Draws `mermaid` fences in the chat's hidden diagram frame (used only with `rich-content="mermaid"`). */
  private readonly diagrams: DiagramDrawing;
  private diagramsOn = false;

  /**
   * `onLoad` runs when the markdown module or the highlighter arrives (every answer renders again); the highlighter
   * brings `styles` for the chat to adopt. `host` is the chat: its shadow root holds the diagram frame.
   */
  constructor(
    host: DiagramHost,
    private readonly onLoad: (styles?: CSSResult) => void,
  ) {
    this.diagrams = new DiagramDrawing(host, () => {
      this.reset();
      this.onLoad();
    });
    this.highlight = new CodeHighlight((styles) => {
      this.reset();
      this.onLoad(styles ?? undefined);
    });
    this.math = new MathTypesetting((styles) => {
      this.reset();
      this.onLoad(styles ?? undefined);
    });
  }

  /** Whether agent images at http(s) URLs may load (`allow-remote-images`). */
  private remoteImages = false;

  /**
   * Forgets every renderer (the strings, `allow-remote-images`, `rich-content` or the theme changed: all are in the
   * output).
   */
  reset(remoteImages = this.remoteImages, richContent?: string | null): void {
    this.remoteImages = remoteImages;
    if (richContent !== undefined)
      this.diagramsOn = /(?:^|\s)mermaid(?:\s|$)/.test(richContent ?? '');
    this.engine = null;
    this.renderers.clear();
  }

  /** Loads the module with the first assistant message that has text; forgets renderers of messages that went. */
  follow(messages: readonly ChatMessage[]): void {
    this.sweep(messages);
    if (this.module || this.loading) return;
    const needed = messages.some(
      (message) =>
        (message.role === 'assistant' &&
          message.parts.some((part) => part.kind === 'text' && part.text !== '')) ||
        isA2uiActivity(message),
    );
    if (!needed) return;
    this.loading = true;
    import('./markdown.js').then(
      (module) => {
        this.module = module;
        this.onLoad();
      },
      () => {
        // Without the markdown module answers stay plain text: still readable, still safe.
      },
    );
  }

  /** The chat's URL rules, once the markdown module (which holds them) has loaded. */
  urls(): Pick<MarkdownModule, 'imageSource' | 'mediaSource' | 'safeHref'> | null {
    return this.module;
  }

  /** A short text outside the transcript's parts (an A2UI surface's Text): its blocks, plain until loaded. */
  snippet(source: string, text: AgentChatStrings): unknown {
    const engine = this.ensureEngine(text);
    if (!engine) return source;
    return engine.lex(source, {}).map((token) => engine.render(token));
  }

  private ensureEngine(text: AgentChatStrings): MarkdownNamespace.MarkdownEngine | null {
    const module = this.module;
    if (!module) return null;
    this.engine ??= new module.MarkdownEngine({
      copyCode: text.copyCode,
      copyCsv: text.copyCsv,
      code: text.code,
      highlightUnavailable: text.highlightUnavailable,
      image: text.image,
      remoteImages: this.remoteImages,
      highlight: this.highlight,
      copyMath: text.copyMath,
      mathInvalid: text.mathInvalid,
      mathUnavailable: text.mathUnavailable,
      math: this.math,
      diagrams: this.diagramsOn ? this.diagrams : null,
      diagramsOff: text.diagramsOff,
      diagramDrawing: text.diagramDrawing,
      diagramInvalid: text.diagramInvalid,
      diagramsUnavailable: text.diagramsUnavailable,
      showSource: text.showSource,
    });
    return this.engine;
  }

  /** One text part of an agent's message: plain text until the module has loaded. */
  render(message: ChatMessage, partIndex: number, source: string, text: AgentChatStrings) {
    const engine = this.ensureEngine(text);
    if (!engine) return html`<div class="plain reply-text" dir="auto">${source}</div>`;
    let list = this.renderers.get(message.id);
    if (!list) {
      list = [];
      this.renderers.set(message.id, list);
    }
    let renderer = list[partIndex];
    if (!renderer) {
      renderer = new this.module!.IncrementalMarkdown(engine);
      list[partIndex] = renderer;
    }
    const blocks = renderer.update(source, !message.streaming);
    return html`<div part="markdown" class="markdown reply-text" dir="auto">
      ${repeat(
        blocks,
        (block) => block.key,
        // A finished block keeps its template object: guard skips it without walking its parts again.
        (block) => html`<div class="block">${guard([block.content], () => block.content)}</div>`,
      )}
    </div>`;
  }

  /** Removes the diagram frame (the chat left the page); it comes back with the next diagram. */
  dispose(): void {
    this.diagrams.dispose();
  }

  /** Forgets the renderers of messages that are gone (a new thread, a regenerated answer). */
  private sweep(messages: readonly ChatMessage[]): void {
    if (messages.length >= this.seenMessageCount && this.renderers.size <= messages.length) {
      this.seenMessageCount = messages.length;
      return;
    }
    this.seenMessageCount = messages.length;
    const ids = new Set(messages.map((message) => message.id));
    for (const id of this.renderers.keys()) if (!ids.has(id)) this.renderers.delete(id);
  }
}
