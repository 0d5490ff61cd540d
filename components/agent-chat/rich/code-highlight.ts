// The chat's side of highlighted code: asks for the highlighter part with the first fenced block that names a
// language (never before), and until it arrives, or if it cannot, the block stays plain text; a failure is kept
// (never retried behind the user's back) and named in the block.
import { loadPart, type PartModule } from '../../parts/load-part.js';
import { PartLoadError } from '../../parts/part-loading.js';
import type { CodeHighlighting } from '../markdown-templates.js';
import type { CSSResult } from 'lit';
import type { CodeLine } from './highlighter.js';

export class CodeHighlight implements CodeHighlighting {
  private module: PartModule<'highlighter'> | null = null;
  private requested = false;
  failedAt: string | null = null;

  /**
   * `onChange` runs once, when the highlighter has loaded (with the colours its blocks need in the chat's shadow
   * root) or failed to (every block renders again).
   */
  constructor(private readonly onChange: (styles: CSSResult | null) => void) {}

  /** The streaming block as last tokenized, and when. */
  private recent: {
    readonly code: string;
    readonly language: string;
    readonly lines: readonly CodeLine[];
    readonly at: number;
  } | null = null;

  lines(code: string, language: string, open = false): readonly CodeLine[] | null {
    if (this.module)
      return open
        ? this.streaming(this.module, code, language)
        : this.module.highlightLines(code, language);
    if (!this.requested) {
      this.requested = true;
      loadPart('highlighter').then(
        (module) => {
          this.module = module;
          this.onChange(module.highlightStyles);
        },
        (error: unknown) => {
          this.failedAt = error instanceof PartLoadError ? error.where : String(error);
          this.onChange(null);
        },
      );
    }
    return null;
  }

  /**
   * A block still streaming is tokenized again at most every STREAM_RECOLOUR_MS: in between, what arrived since is
   * shown after the coloured lines as plain text (every token tokenized the whole block again before).
   */
  private streaming(
    module: PartModule<'highlighter'>,
    code: string,
    language: string,
  ): readonly CodeLine[] | null {
    const recent = this.recent;
    const now = performance.now();
    if (
      recent &&
      recent.language === language &&
      now - recent.at < STREAM_RECOLOUR_MS &&
      code.length >= recent.code.length &&
      code.slice(0, recent.code.length) === recent.code
    ) {
      const extra = code.slice(recent.code.length);
      if (!extra) return recent.lines;
      const last = recent.lines[recent.lines.length - 1];
      const rest = recent.lines.slice(0, -1);
      return [
        ...rest,
        {
          signature: `${last?.signature ?? ''}\u0002${extra}`,
          content: [...(last?.content ?? []), extra],
        },
      ];
    }
    const lines = module.highlightLines(code, language);
    this.recent = lines ? { code, language, lines, at: now } : null;
    return lines;
  }
}

/** How often a streaming block is coloured again (about three frames). */
const STREAM_RECOLOUR_MS = 50;
