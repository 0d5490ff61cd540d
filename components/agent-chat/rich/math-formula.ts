// The `formula()` directive (in the markdown chunk): a formula's `<math>` once the math part has typeset it, its TeX as
// code until then, and its TeX with a short note when it does not parse or the part could not load. A typeset formula
// keeps its nodes while its TeX stays the same, so later deltas of a streamed answer never rebuild it.
import { html, noChange, nothing } from 'lit';
import { Directive, directive, type PartInfo } from 'lit/directive.js';

/** A formula as MathML (a fresh copy), or why it is not typeset. */
export type TypesetFormula = { readonly node: Element } | { readonly error: string };

/** Math in answers: the chat's loader of the math part (asking for a formula is loading it). */
export interface MathTypesetting {
  /** `tex` typeset, or null while the part loads and after it failed to (then the TeX shows as code). */
  typeset(tex: string, display: boolean): TypesetFormula | null;
  /** Where the part was looked for, once it failed to load; else null. */
  readonly failedAt: string | null;
}

/** What a formula shows besides itself. */
export interface FormulaContext {
  readonly math: MathTypesetting | null;
  /** The note of a formula that does not parse; `{reason}` is filled in. */
  readonly mathInvalid: string;
  /** The note of a formula the part could not typeset (it did not load); `{where}` is filled in. */
  readonly mathUnavailable: string;
}

class FormulaDirective extends Directive {
  private tex: string | null = null;
  private display = false;
  private typeset = false;

  constructor(part: PartInfo) {
    super(part);
  }

  render(tex: string, display: boolean, open: boolean, context: FormulaContext): unknown {
    const result = open ? null : (context.math?.typeset(tex, display) ?? null);
    this.tex = tex;
    this.display = display;
    this.typeset = result !== null && 'node' in result;
    if (result && 'node' in result) return result.node;
    const note = result
      ? context.mathInvalid.replace('{reason}', result.error)
      : !open && context.math?.failedAt
        ? context.mathUnavailable.replace('{where}', context.math.failedAt)
        : null;
    if (display) {
      return html`<pre class="math-tex"><code>${tex}</code></pre>
        ${note === null ? nothing : html`<p class="math-note">${note}</p>`}`;
    }
    return html`<code class="math-tex">${tex}</code>${
        note === null ? nothing : html` <span class="math-note">(${note})</span>`
      }`;
  }

  override update(_part: unknown, [tex, display, open, context]: Parameters<this['render']>) {
    if (this.typeset && !open && tex === this.tex && display === this.display) return noChange;
    return this.render(tex, display, open, context);
  }
}

/** A formula: its MathML when typeset, its TeX (and a note when it will not be) otherwise. */
export const formula = directive(FormulaDirective);
