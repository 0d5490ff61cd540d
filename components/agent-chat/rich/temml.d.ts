// The types of Temml 0.13.5's source entry and the two tree modules the math part reads: the part of the API it uses
// (`__renderToMathMLTree` is Temml's own way to build custom output from its MathML tree).

declare module 'temml/temml.js' {
  export interface TemmlOptions {
    readonly displayMode?: boolean;
    readonly trust?: boolean;
    readonly throwOnError?: boolean;
    /** The largest width and height a size command may ask for, in em. */
    readonly maxSize?: readonly [number, number];
    readonly maxExpand?: number;
    readonly wrap?: 'none' | 'tex' | '=';
  }
  /** A node of Temml's tree: a MathML element, a text, a fragment, or (for `\ref`, `\includegraphics`) HTML. */
  export type TemmlNode = object;
  interface Temml {
    readonly version: string;
    readonly ParseError: new (...args: never[]) => Error;
    __renderToMathMLTree(tex: string, options: TemmlOptions): TemmlNode;
  }
  const temml: Temml;
  export default temml;
}

declare module 'temml/src/mathMLTree.js' {
  export class MathNode {
    readonly type: string;
    readonly attributes: Readonly<Record<string, string>>;
    readonly children: readonly object[];
    readonly classes: readonly string[];
    readonly style: Readonly<Record<string, string>>;
  }
  export class TextNode {
    readonly text: string;
  }
}

declare module 'temml/src/tree.js' {
  export class DocumentFragment {
    readonly children: readonly object[];
  }
}
