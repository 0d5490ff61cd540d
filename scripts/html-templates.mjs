// Drops the indentation of Lit `html` and `svg` templates in the script-tag bundles: every run of whitespace that
// holds line breaks becomes those line breaks alone (so the source maps keep their lines), which HTML reads the same (the templates put nothing whitespace-
// sensitive, such as <pre> text, on lines of their own). Found with TypeScript's parser, so `${…}` expressions and
// nested templates are never touched.
import ts from 'typescript';

const TAGS = new Set(['html', 'svg']);

/** The literal parts of a tagged template: their start and end in the source, delimiters excluded. */
function literalRanges(template, source) {
  const parts = ts.isNoSubstitutionTemplateLiteral(template)
    ? [template]
    : [template.head, ...template.templateSpans.map((span) => span.literal)];
  return parts.map((part) => {
    const start = part.getStart(source);
    const text = part.getText(source);
    // `…` or `…${ or }…${ or }…`: drop the delimiters at both ends.
    const open = 1;
    const close = text.endsWith('${') ? 2 : 1;
    return [start + open, start + text.length - close];
  });
}

/** The source with the whitespace of every `html` / `svg` template collapsed. */
export function minifyHtmlTemplates(code, fileName = 'module.ts') {
  const source = ts.createSourceFile(
    fileName,
    code,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TS,
  );
  const ranges = [];
  const visit = (node) => {
    if (
      ts.isTaggedTemplateExpression(node) &&
      ts.isIdentifier(node.tag) &&
      TAGS.has(node.tag.text)
    ) {
      ranges.push(...literalRanges(node.template, source));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  let result = '';
  let at = 0;
  for (const [start, end] of ranges.sort((a, b) => a[0] - b[0])) {
    result +=
      code.slice(at, start) +
      code.slice(start, end).replace(/\s*\n\s*/g, (run) => run.replace(/[^\n]/g, ''));
    at = end;
  }
  return result + code.slice(at);
}

/** A Vite plugin applying `minifyHtmlTemplates` to the package's own modules. */
export function htmlTemplates() {
  return {
    name: 'agui-html-templates',
    transform(code, id) {
      if (id.includes('/node_modules/') || !/\/(components|src)\/.*\.ts$/.test(id)) return null;
      if (!code.includes('html`') && !code.includes('svg`')) return null;
      return { code: minifyHtmlTemplates(code, id), map: null };
    },
  };
}
