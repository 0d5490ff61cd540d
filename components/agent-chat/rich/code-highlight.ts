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

  /** The streaming block as last coloured, when, and its length when it was last tokenized whole. */
  private recent: {
    readonly code: string;
    readonly language: string;
    readonly lines: readonly CodeLine[];
    readonly at: number;
    readonly wholeAt: number;
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
   * A block still streaming is coloured again at most every STREAM_RECOLOUR_MS: in between, what arrived since is
   * shown after the coloured lines as plain text. Colouring again resumes at the last line that starts outside every
   * token; the lines before it keep theirs. A resumed tokenization cannot see a token that an earlier line opens and
   * only later text closes (a template string, a docstring), so the block is tokenized whole each time it has doubled
   * since the last time (whole-block work stays linear in its length), and always once its closing fence arrives.
   */
  private streaming(
    module: PartModule<'highlighter'>,
    code: string,
    language: string,
  ): readonly CodeLine[] | null {
    const recent = this.recent;
    const now = performance.now();
    const grown =
      recent !== null &&
      recent.language === language &&
      code.length >= recent.code.length &&
      code.slice(0, recent.code.length) === recent.code;
    if (!grown || code.length >= recent.wholeAt * 2) return this.whole(module, code, language, now);
    if (now - recent.at < STREAM_RECOLOUR_MS) {
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
    let line = recent.lines.length - 1;
    while (line > 0 && recent.lines[line]?.continues) line -= 1;
    const offset = lineStart(recent.code, line, recent.lines.length);
    const tail = offset > 0 ? module.highlightLines(code.slice(offset), language) : null;
    if (!tail) return this.whole(module, code, language, now);
    const lines = [...recent.lines.slice(0, line), ...tail];
    this.recent = { code, language, lines, at: now, wholeAt: recent.wholeAt };
    return lines;
  }

  private whole(
    module: PartModule<'highlighter'>,
    code: string,
    language: string,
    now: number,
  ): readonly CodeLine[] | null {
    const lines = module.highlightLines(code, language);
    this.recent = lines
      ? { code, language, lines, at: now, wholeAt: Math.max(code.length, 1) }
      : null;
    return lines;
  }
}

/** Where line `index` of `code` (which has `count` lines) starts, counted back from its end. */
function lineStart(code: string, index: number, count: number): number {
  if (index === 0) return 0;
  let position = code.length;
  for (let line = count - 1; line >= index; line -= 1) {
    if (position <= 0) return 0;
    position = code.lastIndexOf('\n', position - 1);
    if (position < 0) return 0;
  }
  return position + 1;
}

/** How often a streaming block is coloured again (about three frames). */
const STREAM_RECOLOUR_MS = 50;
