// Math in marked's lexer: `$…$` inline (Pandoc's rule, so a currency `$` stays text), `$$…$$` inline as display math,
// and `$$…$$` on lines of its own as a block that interrupts a paragraph as a fence does. These run at every
// position of every streamed frame, so each one bails out on its first character unless it sees a `$`, and no call
// scans past the paragraph it is in (a ```` ```math ```` fence stays a code token: markdown-templates.ts typesets it).
import type { MarkedOptions, TokenizerExtensionFunction, TokenizerStartFunction } from 'marked';

/** A formula: `text` is its TeX; `block` for `$$` on lines of their own; `open` while its closing `$$` is missing. */
export interface MathToken {
  type: 'math';
  raw: string;
  text: string;
  display: boolean;
  block: boolean;
  open: boolean;
}

const DOLLAR = 36;
const NEWLINE = 10;
const SPACE = 32;
const TAB = 9;
const BACKSLASH = 92;
const BACKTICK = '`';

const isBlank = (code: number) => code === SPACE || code === TAB || code === NEWLINE;
const isDigit = (code: number) => code >= 48 && code <= 57;

/**
 * `$$` on lines of its own at the start of `src` (up to three spaces before it). While the text streams (`open`), a
 * block whose closing `$$` has not arrived runs to the end of the text; once complete, it is no block at all.
 */
function blockMath(src: string, open: boolean): MathToken | undefined {
  let at = 0;
  while (at < 3 && src.charCodeAt(at) === SPACE) at += 1;
  if (src.charCodeAt(at) !== DOLLAR || src.charCodeAt(at + 1) !== DOLLAR) return undefined;
  const body = at + 2;
  const close = src.indexOf('$$', body);
  if (close < 0) {
    if (!open || !src.slice(body).trim()) return undefined;
    return {
      type: 'math',
      raw: src,
      text: src.slice(body).trim(),
      display: true,
      block: true,
      open,
    };
  }
  // The closing `$$` ends its line; `$$a$$ and more` is a paragraph with display math in it.
  let end = close + 2;
  while (src.charCodeAt(end) === SPACE || src.charCodeAt(end) === TAB) end += 1;
  if (end < src.length && src.charCodeAt(end) !== NEWLINE) return undefined;
  const tex = src.slice(body, close).trim();
  if (!tex) return undefined;
  if (end < src.length) end += 1;
  return {
    type: 'math',
    raw: src.slice(0, end),
    text: tex,
    display: true,
    block: true,
    open: false,
  };
}

/**
 * Where the next line that starts with `$$` begins, within the paragraph that starts `src` (never past a blank
 * line), so a block formula interrupts the paragraph before it.
 */
const startBlock: TokenizerStartFunction = (src) => {
  let line = src.indexOf('\n');
  while (line >= 0) {
    let at = line + 1;
    const code = src.charCodeAt(at);
    if (code === NEWLINE || Number.isNaN(code)) return undefined;
    while (at < line + 4 && src.charCodeAt(at) === SPACE) at += 1;
    if (src.charCodeAt(at) === DOLLAR && src.charCodeAt(at + 1) === DOLLAR) return line + 1;
    line = src.indexOf('\n', at);
  }
  return undefined;
};

/**
 * A formula at the start of inline `src`. `$…$` follows Pandoc: no space just inside either delimiter, the closing
 * `$` (the first unescaped one) not followed by a digit, and no backtick inside (so "`$HOME`" stays a code span).
 */
const inlineMath: TokenizerExtensionFunction = (src) => {
  if (src.charCodeAt(0) !== DOLLAR) return undefined;
  if (src.charCodeAt(1) === DOLLAR) {
    const close = src.indexOf('$$', 2);
    if (close < 0) return undefined;
    const tex = src.slice(2, close);
    if (!tex.trim() || tex.includes(BACKTICK)) return undefined;
    const token: MathToken = {
      type: 'math',
      raw: src.slice(0, close + 2),
      text: tex.trim(),
      display: true,
      block: false,
      open: false,
    };
    return token;
  }
  const first = src.charCodeAt(1);
  if (Number.isNaN(first) || isBlank(first)) return undefined;
  let close = src.indexOf('$', 1);
  while (close > 0 && src.charCodeAt(close - 1) === BACKSLASH) close = src.indexOf('$', close + 1);
  if (close < 0) return undefined;
  if (isBlank(src.charCodeAt(close - 1)) || isDigit(src.charCodeAt(close + 1))) return undefined;
  const tex = src.slice(1, close);
  if (tex.includes(BACKTICK)) return undefined;
  const token: MathToken = {
    type: 'math',
    raw: src.slice(0, close + 1),
    text: tex,
    display: false,
    block: false,
    open: false,
  };
  return token;
};

/** Where inline text must stop for `inlineMath` to look: the next `$` of this run of text. */
const startInline: TokenizerStartFunction = (src) => {
  const at = src.indexOf('$');
  return at < 0 ? undefined : at;
};

/**
 * marked's `extensions` option with math in it, in the shape `marked.use()` gives (the script-tag bundles keep only
 * the Lexer: scripts/marked-lexer-only.mjs). `streaming`: an unclosed `$$` block is open to the end of the text.
 */
function mathExtensions(streaming: boolean): NonNullable<MarkedOptions['extensions']> {
  return {
    renderers: {},
    childTokens: {},
    block: [(src) => blockMath(src, streaming)],
    inline: [inlineMath],
    startBlock: [startBlock],
    startInline: [startInline],
  };
}

/** The extensions for a text still streaming, and for a complete one. */
export const MATH_EXTENSIONS = {
  streaming: mathExtensions(true),
  complete: mathExtensions(false),
} as const;

/** Whether a token is a formula. */
export function isMath(token: { type: string }): token is MathToken {
  return token.type === 'math';
}
