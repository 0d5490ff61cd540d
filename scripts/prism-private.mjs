// A private Prism for the code highlighter: Prism 1.30's core and the chat's grammars evaluated inside one function
// whose `window` is a local object, so Prism never reads or writes the page's `window.Prism`, never highlights the
// page's own `<code class="language-*">` (`manual` is set before the core runs) and installs no worker handler. The
// same module serves every tool that builds or serves the source: Vite (build, demo, Storybook) and
// @web/test-runner, and the build writes it into dist/lib for the npm library.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';

/** The grammars, dependencies first (each `require` of Prism's components.json comes before its user). */
export const PRISM_GRAMMARS = [
  'markup',
  'css',
  'clike',
  'javascript',
  'typescript',
  'jsx',
  'tsx',
  'json',
  'sql',
  'python',
  'bash',
  'yaml',
  'go',
  'rust',
  'java',
  'c',
  'cpp',
  'csharp',
  'diff',
  'markdown',
  'kotlin',
  'swift',
  'markup-templating',
  'php',
  'ruby',
  'docker',
  'toml',
  'ini',
];

/** Where the source imports the private Prism from (the module is generated; prism.d.ts gives its types). */
export const PRISM_MODULE = 'components/agent-chat/rich/prism.js';
const PRISM_IMPORT = resolve(PRISM_MODULE);
/** The bundler's id for it: under prismjs, so `npm run size` counts its bytes as Prism's, not as our own code. */
export const PRISM_ID = resolve('node_modules/prismjs/agui-private-prism.js');
const PRISM_URL = `/${PRISM_MODULE}`;

const require = createRequire(import.meta.url);

let source = null;

/** The private Prism as an ES module whose default export is the Prism object. */
export function prismModule() {
  if (source) return source;
  const root = dirname(require.resolve('prismjs/package.json'));
  const { version } = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8'));
  if (version !== '1.30.0') {
    throw new Error(`prism-private: expected prismjs 1.30.0, found ${version}`);
  }
  const read = (name) => readFileSync(resolve(root, `components/prism-${name}.js`), 'utf8');
  const core = read('core');
  // The core picks its scope from `window`; these checks fail loudly if a new release reads the page elsewhere.
  if (!core.includes("typeof window !== 'undefined'") || !core.includes('_self.Prism = _;')) {
    throw new Error("prism-private: Prism's core no longer has the layout this build expects");
  }
  source = [
    `// Prism ${version} (MIT, https://prismjs.com): core and ${PRISM_GRAMMARS.length} grammars, private to agui-elements.`,
    'const Prism = (function (window, self, WorkerGlobalScope, module, global) {',
    core,
    ...PRISM_GRAMMARS.map(read),
    'return Prism;',
    // `window` is the core's whole view of the page: manual, no worker handler, no document to highlight.
    '})({ Prism: { manual: true, disableWorkerMessageHandler: true } });',
    'export default Prism;',
    '',
  ].join('\n');
  return source;
}

/** A Vite/rolldown plugin that provides the generated module (build, demo, Storybook). */
export function prismPrivate() {
  return {
    name: 'agui-prism-private',
    enforce: 'pre',
    resolveId(specifier, importer, options) {
      if (!importer || !specifier.endsWith('/prism.js')) return null;
      const path = resolve(dirname(importer.split('?')[0]), specifier);
      if (path !== PRISM_IMPORT) return null;
      // The dev server's dependency scan reads files itself: the generated module is nothing for it to pre-bundle.
      return options?.scan ? { id: PRISM_ID, external: true } : PRISM_ID;
    },
    load(id) {
      return id === PRISM_ID ? { code: prismModule(), map: null } : null;
    },
  };
}

/** The same module for @web/test-runner, which serves the source as it is. */
export function prismPrivateServe() {
  return {
    name: 'agui-prism-private',
    serve(context) {
      return context.path === PRISM_URL ? { body: prismModule(), type: 'js' } : undefined;
    },
  };
}

/** The same module for esbuild (the benchmarks' bundles). */
export function prismPrivateEsbuild() {
  return {
    name: 'agui-prism-private',
    setup(build) {
      build.onResolve({ filter: /\/prism\.js$/ }, ({ path, resolveDir }) =>
        resolve(resolveDir, path) === PRISM_IMPORT
          ? { path: PRISM_ID, namespace: 'agui-prism' }
          : null,
      );
      build.onLoad({ filter: /.*/, namespace: 'agui-prism' }, () => ({
        contents: prismModule(),
        loader: 'js',
      }));
    },
  };
}
