// Keeps only marked's classes in the script-tag bundles. The chat uses marked's Lexer alone (it renders tokens as
// Lit templates), but marked's module ends with a ready-made `marked` function: a shared `new Marked()` instance
// and property writes that no bundler can prove free of side effects, so they would keep the Parser, Renderer and
// the rest alive. This drops that tail (from the instance to the export list) and the exports declared in it.

/** marked's ES module without its default instance and the `marked` function's exports. */
export function lexerOnly(code) {
  const exportAt = code.lastIndexOf('export{');
  const marked = /(?:\{|,)(\w+) as Marked\b/.exec(code.slice(exportAt))?.[1];
  const instance = marked ? new RegExp(`\\bvar \\w+=new ${marked};`).exec(code) : null;
  if (!instance || exportAt < instance.index) {
    throw new Error(
      "marked-lexer-only: marked's module no longer has the layout this build expects; update scripts/marked-lexer-only.mjs",
    );
  }
  const tail = code.slice(instance.index, exportAt);
  const end = code.indexOf('}', exportAt);
  const declaredInTail = (local) => new RegExp(`(?:\\b(?:var|function) |,)${local}\\b`).test(tail);
  const kept = code
    .slice(exportAt + 'export{'.length, end)
    .split(',')
    .filter((entry) => !declaredInTail(entry.split(' as ')[0].trim()));
  return `${code.slice(0, instance.index)}export{${kept.join(',')}}${code.slice(end + 1)}`;
}

/** A Vite plugin applying `lexerOnly` to marked's ES module. */
export function markedLexerOnly() {
  return {
    name: 'agui-marked-lexer-only',
    transform(code, id) {
      if (!id.replaceAll('\\', '/').endsWith('/node_modules/marked/lib/marked.esm.js')) return null;
      return { code: lexerOnly(code), map: null };
    },
  };
}
