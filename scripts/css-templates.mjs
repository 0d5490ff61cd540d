// Collapses the whitespace and comments of Lit `css` templates in the script-tag bundles: the source keeps its
// readable CSS, the bundles stop shipping its indentation. Quoted strings and `${…}` expressions are left as written.

const TEMPLATE = /\bcss`([^`]*)`/g;
/** A quoted string or an interpolation (kept as is), else a comment or a run of whitespace. */
const TOKEN = /('[^'\n]*'|"[^"\n]*"|\$\{[^}]*\})|\/\*[\s\S]*?\*\/|\s+/g;
/** Whitespace beside braces, semicolons and commas, outside strings and interpolations. */
const AROUND = /('[^'\n]*'|"[^"\n]*"|\$\{[^}]*\})|\s*([{};,])\s*/g;
/**
 * Whitespace after a colon (never meaningful: `a: b` in a declaration, `:hover` in a selector; the space before a
 * selector's colon is a combinator and stays), and the last semicolon of a block.
 */
const TIGHT = /('[^'\n]*'|"[^"\n]*"|\$\{[^}]*\})|(:)\s+|;(\})/g;

/** The CSS text of one template with comments dropped and whitespace collapsed. */
export function minifyCss(text) {
  return text
    .replace(TOKEN, (match, kept) => kept ?? (match.startsWith('/*') ? '' : ' '))
    .replace(AROUND, (match, kept, mark) => kept ?? mark)
    .replace(TIGHT, (match, kept, colon, brace) => kept ?? colon ?? brace)
    .trim();
}

/** Every `css` template of a module, minified. */
export function minifyCssTemplates(code) {
  return code.replace(TEMPLATE, (_, body) => `css\`${minifyCss(body)}\``);
}

/** A Vite plugin applying `minifyCssTemplates` to the package's own modules. */
export function cssTemplates() {
  return {
    name: 'agui-css-templates',
    transform(code, id) {
      if (id.includes('/node_modules/') || !/\/(components|src)\/.*\.ts$/.test(id)) return null;
      if (!code.includes('css`')) return null;
      return { code: minifyCssTemplates(code), map: null };
    },
  };
}
