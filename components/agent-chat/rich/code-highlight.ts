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

  lines(code: string, language: string): readonly CodeLine[] | null {
    if (this.module) return this.module.highlightLines(code, language);
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
}
