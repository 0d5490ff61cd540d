// Keeps @ag-ui/client's event reducer out of the script-tag bundles. The store composes @ag-ui/client's
// `CompatibilityBoundary`, whose `run` calls `next.run` and nothing else, but it extends the `Middleware` base class,
// and a class keeps every method: `runNextWithState` feeds `defaultApplyEvents` (the client's own reducer, with
// fast-json-patch and its subscriber machinery), which this product never runs, since events go to the RunStore's
// reducer. This replaces that one method's body with a clear error, so the reducer and its dependencies fall out of
// the bundle. The npm library is untouched: there a host's bundler decides.
import ts from 'typescript';

const METHOD = 'runNextWithState';
const ERROR = `@ag-ui/client's Middleware.${METHOD} is not part of the agui-elements bundles (they never run @ag-ui/client's reducer); use the npm package to subclass Middleware`;

/** @ag-ui/client's ES module with `Middleware.runNextWithState` reduced to a throw. */
export function withoutClientReducer(code) {
  const source = ts.createSourceFile(
    'index.mjs',
    code,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.JS,
  );
  const bodies = [];
  const visit = (node) => {
    if (
      ts.isMethodDeclaration(node) &&
      node.body &&
      ts.isIdentifier(node.name) &&
      node.name.text === METHOD &&
      ts.isClassLike(node.parent) &&
      node.parent.members.some(
        (member) => ts.isMethodDeclaration(member) && member.name?.getText(source) === 'runNext',
      )
    ) {
      bodies.push(node.body);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (bodies.length !== 1) {
    throw new Error(
      `ag-ui-middleware-slim: expected one Middleware.${METHOD} in @ag-ui/client, found ${bodies.length}; update scripts/ag-ui-middleware-slim.mjs`,
    );
  }
  const [body] = bodies;
  return `${code.slice(0, body.getStart(source))}{throw new Error(${JSON.stringify(ERROR)})}${code.slice(body.end)}`;
}

/** A Vite plugin applying `withoutClientReducer` to @ag-ui/client's ES module. */
export function agUiMiddlewareSlim() {
  return {
    name: 'agui-ag-ui-middleware-slim',
    transform(code, id) {
      const path = id.replaceAll('\\', '/');
      if (path.endsWith('/node_modules/@ag-ui/client/dist/index.mjs')) {
        return { code: withoutClientReducer(code), map: null };
      }
      // fast-json-patch builds its default export with a call no bundler can prove pure, so an unused import of it
      // would keep the whole library; its modules only define functions and objects.
      if (path.includes('/node_modules/fast-json-patch/'))
        return { code, map: null, moduleSideEffects: false };
      return null;
    },
  };
}
