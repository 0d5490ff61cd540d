// The chat's side of math: asks for the math part with the first formula (never before), and until it arrives, or if
// it cannot, formulas show their TeX; a failure is kept (never retried behind the user's back) and named. Typeset
// formulas are cached (each caller gets its own copy of the nodes), so rendering an answer again costs no TeX work.
import { loadPart, type PartModule } from '../../parts/load-part.js';
import { PartLoadError } from '../../parts/part-loading.js';
import type { MathTypesetting as Typesetting, TypesetFormula } from './math-formula.js';
import type { CSSResult } from 'lit';

/** How many typeset formulas are kept. */
const CACHED = 200;

export class MathTypesetting implements Typesetting {
  private module: PartModule<'math'> | null = null;
  private requested = false;
  private readonly cache = new Map<string, TypesetFormula>();
  failedAt: string | null = null;

  /**
   * `onChange` runs once, when the part has loaded (with the styles its formulas need in the chat's shadow root)
   * or failed to (every formula renders again).
   */
  constructor(private readonly onChange: (styles: CSSResult | null) => void) {}

  typeset(tex: string, display: boolean): TypesetFormula | null {
    const module = this.module;
    if (!module) {
      this.request();
      return null;
    }
    const key = `${display ? 'display' : 'inline'}\u0000${tex}`;
    let result = this.cache.get(key);
    if (result) {
      // The most recently used last: the oldest goes first.
      this.cache.delete(key);
    } else {
      result = module.typesetMath(tex, display);
      if (this.cache.size >= CACHED) this.cache.delete(this.cache.keys().next().value as string);
    }
    this.cache.set(key, result);
    return 'node' in result ? { node: result.node.cloneNode(true) as Element } : result;
  }

  private request(): void {
    if (this.requested) return;
    this.requested = true;
    loadPart('math').then(
      (module) => {
        this.module = module;
        this.onChange(module.mathStyles);
      },
      (error: unknown) => {
        this.failedAt = error instanceof PartLoadError ? error.where : String(error);
        this.onChange(null);
      },
    );
  }
}
