// The classic script is one file with everything inside, so its lazy `import('./x.js')` calls load nothing: left as
// they are, the bundler wraps every lazily imported module in an initialiser (about 4 KiB gzip in all). This plugin
// turns each relative `import()` of our own modules into a static namespace import resolved at once, for the
// classic-script build only; the ES build keeps its chunks.
import ts from 'typescript';

/** The relative dynamic imports of a module: the call's start and end, and the quoted specifier. */
function dynamicImports(code, fileName) {
  const source = ts.createSourceFile(
    fileName,
    code,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TS,
  );
  const found = [];
  const visit = (node) => {
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments.length === 1 &&
      ts.isStringLiteral(node.arguments[0]) &&
      /^\.\.?\//.test(node.arguments[0].text)
    ) {
      found.push({
        start: node.getStart(source),
        end: node.end,
        specifier: node.arguments[0].text,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The module with its relative `import()` calls made static (one namespace import per specifier, at the top). */
export function eagerDynamicImports(code, fileName = 'module.ts') {
  const calls = dynamicImports(code, fileName);
  if (calls.length === 0) return code;
  const names = new Map();
  for (const { specifier } of calls) {
    if (!names.has(specifier)) names.set(specifier, `__aguiEager${names.size}`);
  }
  let body = '';
  let at = 0;
  for (const { start, end, specifier } of calls) {
    body += `${code.slice(at, start)}Promise.resolve(${names.get(specifier)})`;
    at = end;
  }
  body += code.slice(at);
  const imports = [...names].map(([specifier, name]) => `import * as ${name} from '${specifier}';`);
  // On the first line, so the module's own lines keep their numbers in the source map.
  return `${imports.join(' ')} ${body}`;
}

/** A Vite plugin applying `eagerDynamicImports` to the package's own modules. */
export function eagerImports() {
  return {
    name: 'agui-eager-imports',
    transform(code, id) {
      if (id.includes('/node_modules/') || !/\/(components|src)\/.*\.ts$/.test(id)) return null;
      if (!code.includes('import(')) return null;
      return { code: eagerDynamicImports(code, id), map: null };
    },
  };
}
