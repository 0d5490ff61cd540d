// The types of the private Prism (scripts/prism-private.mjs generates the module): the part of Prism 1.30's API the
// highlighter uses.

/** One token of Prism's output: its type, optional aliases, and its text or nested tokens. */
export interface PrismToken {
  readonly type: string;
  readonly alias?: string | readonly string[];
  readonly content: PrismTokenStream;
  readonly length: number;
}

export type PrismTokenStream = string | PrismToken | readonly (string | PrismToken)[];

/** A grammar as Prism keeps it (opaque here: only passed back to `tokenize`). */
export type PrismGrammar = Readonly<Record<string, unknown>>;

export interface PrismPrivate {
  readonly manual: boolean;
  readonly languages: Readonly<Record<string, PrismGrammar | undefined>>;
  tokenize(text: string, grammar: PrismGrammar): (string | PrismToken)[];
}

declare const Prism: PrismPrivate;
export default Prism;
