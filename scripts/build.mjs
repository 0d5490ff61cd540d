// Builds the npm library (dist/lib, with types), the self-registering ES module with its lazy chunks
// (dist/agui-elements.js), the single-file classic script (dist/agui-elements.iife.js) and the inspector's two
// files (dist/agui-inspector.js, dist/agui-inspector.iife.js).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'vite';
import { cssTemplates } from './css-templates.mjs';
import { htmlTemplates } from './html-templates.mjs';
import { markedLexerOnly } from './marked-lexer-only.mjs';
import { agUiMiddlewareSlim } from './ag-ui-middleware-slim.mjs';
import { onLog } from './build-logs.mjs';
import { a2uiReplaced, borrowsFromIife, iifeLendsShared, PARTS } from './parts.mjs';
import { PRISM_MODULE, prismModule, prismPrivate } from './prism-private.mjs';
import { writeFrameworkTypes } from './framework-types.mjs';
import { writeSandbox } from './mcp-sandbox.mjs';
import { writeFrame } from './diagram-frame.mjs';

const ES_ENTRY = 'components/agui-elements.ts';
const IIFE_ENTRY = 'components/agui-elements-all.ts';
const INSPECTOR_ENTRY = 'components/agent-inspector/define-inspector.ts';

rmSync('dist', { recursive: true, force: true });
mkdirSync('dist', { recursive: true });

execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], {
  stdio: 'inherit',
});
// The private Prism is generated (scripts/prism-private.mjs): the library gets it as a file beside its importer.
writeFileSync(`dist/lib/${PRISM_MODULE}`, prismModule());
copyFileSync(
  PRISM_MODULE.replace(/\.js$/, '.d.ts'),
  `dist/lib/${PRISM_MODULE.replace(/\.js$/, '.d.ts')}`,
);
// The types-only entries agui-elements/jsx, /vue, /svelte and /solid, from the manifest.
await writeFrameworkTypes(
  JSON.parse(readFileSync('custom-elements.json', 'utf8')),
  'dist/lib/frameworks',
);
// What `import 'agui-elements/jsx'` loads, and what a server (the `node` condition) gets for the script-tag bundles,
// which define classes that extend HTMLElement as they load.
writeFileSync(
  'dist/lib/empty.js',
  '// Nothing to run here: types only, or a server.\nexport {};\n',
);

const PIPELINE = [
  '/node_modules/@ag-ui/',
  '/node_modules/zod/',
  '/node_modules/fast-json-patch/',
  '/node_modules/untruncate-json/',
  '/node_modules/uuid/',
  '/node_modules/compare-versions/',
  '/src/state/',
  '/src/transport/',
  '/src/zod-setup.ts',
  '/src/store/',
  '/src/analysis/schema.ts',
];
const MARKDOWN = [
  '/node_modules/marked/',
  '/components/agent-chat/markdown',
  '/components/agent-chat/rich/math-formula.ts',
  '/components/agent-chat/rich/math-syntax.ts',
];
const inGroup = (id, fragments) =>
  fragments.some((fragment) => id.replaceAll('\\', '/').includes(fragment));

/** The modules of each output file and what it imports, for `npm run size` (which reads the bytes from the source maps). */
const stats = {};

function record(format) {
  return {
    name: 'agui-record-sizes',
    generateBundle(_options, bundle) {
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk') continue;
        stats[fileName] = {
          format,
          isEntry: output.isEntry,
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          modules: Object.keys(output.modules).map((id) => id.replace(process.cwd(), '.')),
        };
      }
    },
  };
}

/** Output settings both script-tag bundles share. */
const output = {
  outDir: 'dist',
  emptyOutDir: false,
  minify: true,
  sourcemap: true,
  target: 'es2022',
};

const shared = {
  configFile: false,
  logLevel: 'warn',
  // Lit's production build: no dev-mode warnings in the bundles.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  // rxjs's ES2015 build needs no tslib helpers; everything (@ag-ui/client too) resolves the same copy.
  resolve: { conditions: ['es2015', 'module', 'browser', 'production'] },
};

/** Every module's static imports, as the bundler resolved them (filled by the ES builds). */
const staticImports = new Map();

function recordImports() {
  return {
    name: 'agui-record-imports',
    generateBundle() {
      for (const id of this.getModuleIds()) {
        staticImports.set(id, this.getModuleInfo(id)?.importedIds ?? []);
      }
    },
  };
}

/** The ES module build; `groups` merges modules into named chunks. */
function buildEsModule(groups) {
  return build({
    ...shared,
    plugins: [
      cssTemplates(),
      htmlTemplates(),
      markedLexerOnly(),
      agUiMiddlewareSlim(),
      prismPrivate(),
      a2uiReplaced(),
      record('es'),
      // The module graph is read once, in the first pass that finds the shell.
      ...(groups ? [] : [recordImports()]),
    ],
    build: {
      ...output,
      lib: { entry: ES_ENTRY, formats: ['es'], fileName: () => 'agui-elements.js' },
      rolldownOptions: {
        onLog,
        output: {
          // An artifact kind's schema is `schema-<kind>`, beside its element's `<kind>` chunk.
          chunkFileNames: (chunk) =>
            chunk.facadeModuleId?.replaceAll('\\', '/').includes('/src/artifacts/schemas/')
              ? 'chunks/schema-[name]-[hash].js'
              : 'chunks/[name]-[hash].js',
          // Vite minifies library ES output only when told to here (build.minify alone keeps the whitespace).
          minify: true,
          ...(groups ? { codeSplitting: { groups } } : {}),
        },
      },
    },
  });
}

/** The modules of an ES output file and of every file it imports statically. */
function chunkModules(entryFile) {
  const seen = new Set();
  const modules = new Set();
  const visit = (file) => {
    if (seen.has(file) || !stats[file]) return;
    seen.add(file);
    for (const id of stats[file].modules) modules.add(id);
    for (const imported of stats[file].imports) visit(imported);
  };
  visit(entryFile);
  return modules;
}

/** A module and everything it imports statically, followed through the module graph. */
function graphModules(entryId) {
  const seen = new Set();
  const visit = (id) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const imported of staticImports.get(id) ?? []) visit(imported);
  };
  visit(entryId);
  return new Set([...seen].map((id) => id.replace(process.cwd(), '.')));
}

// Each file is compressed alone, so many small shared chunks cost bytes. A first pass finds what the entry needs
// before anything lazy; the second pass puts exactly that in one `shell` chunk and each lazy feature in one chunk:
// the event pipeline (first run), markdown (first answer), rxjs's operators; every element (and every artifact kind's
// schema) is a chunk of its own, loaded when a page first shows it.
// What the entry needs is in both: the chunks the first pass loads at once (tree-shaken, but holding modules the
// bundler hoisted there although only lazy chunks use them) and the entry's static module graph (exact, but through
// a package's index it reaches modules whose code is shaken away).
await buildEsModule(null);
const firstEntry = Object.keys(stats).find(
  (file) => stats[file].format === 'es' && stats[file].isEntry,
);
const reachable = graphModules(resolve(ES_ENTRY));
const shell = new Set([...chunkModules(firstEntry)].filter((id) => reachable.has(id)));
for (const file of Object.keys(stats)) if (stats[file].format === 'es') delete stats[file];
rmSync('dist/chunks', { recursive: true, force: true });
const relative = (id) => id.replace(process.cwd(), '.');
await buildEsModule([
  { name: 'shell', test: (id) => shell.has(relative(id)), priority: 40 },
  // Lit's directives the shell does not use (repeat, guard, ref, until…), shared by the elements: in one chunk of their
  // own, so a group below never takes them along (an element that only needs `repeat` would load markdown).
  {
    name: 'lit-directives',
    test: (id) =>
      inGroup(id, ['/node_modules/lit/', '/node_modules/lit-html/', '/node_modules/@lit/']),
    priority: 39,
  },
  // Each optional part is its own chunk, loaded on first use (as the classic script loads its iife-<part>.js): after
  // the shell, which keeps lit (a group takes the dependencies it reaches that no earlier group took).
  ...Object.entries(PARTS).map(([name, part]) => ({
    name,
    test: (id) => inGroup(id, part.modules),
    priority: 38,
  })),
  // rxjs operators the shell does not use, shared by the lazy chunks: on their own, so that using one of them
  // (the chat, the replay agent) never loads the whole pipeline.
  {
    name: 'rxjs',
    test: (id) => inGroup(id, ['/node_modules/rxjs/', '/node_modules/tslib/']),
    priority: 35,
  },
  // What the chat and the artifact list read of an A2UI activity (no imports of its own): the store reads it too, so
  // left alone it went with the pipeline, and a page with a chat loaded the whole pipeline before any run.
  { name: 'a2ui-content', test: (id) => inGroup(id, ['/src/a2ui/content.ts']), priority: 31 },
  { name: 'pipeline', test: (id) => inGroup(id, PIPELINE), priority: 30 },
  { name: 'markdown', test: (id) => inGroup(id, MARKDOWN), priority: 20 },
]);

await build({
  ...shared,
  plugins: [
    cssTemplates(),
    htmlTemplates(),
    markedLexerOnly(),
    agUiMiddlewareSlim(),
    iifeLendsShared(IIFE_ENTRY),
    record('iife'),
  ],
  build: {
    ...output,
    lib: {
      entry: IIFE_ENTRY,
      formats: ['iife'],
      name: 'AguiElements',
      fileName: () => 'agui-elements.iife.js',
    },
    rolldownOptions: {
      output: { codeSplitting: false },
    },
  },
});

await buildIifeParts();

/**
 * The classic script's optional parts, each in its own ES pass as `dist/chunks/iife-<part>.js` (scripts/parts.mjs):
 * everything it shares with the script comes from the object the script lends, nothing from the ES build's chunks.
 */
async function buildIifeParts() {
  for (const [name, part] of Object.entries(PARTS)) {
    await build({
      ...shared,
      plugins: [
        cssTemplates(),
        htmlTemplates(),
        prismPrivate(),
        a2uiReplaced(),
        borrowsFromIife(name),
        record('iife-part'),
      ],
      build: {
        ...output,
        lib: { entry: part.entry, formats: ['es'], fileName: () => `chunks/iife-${name}.js` },
        rolldownOptions: { output: { codeSplitting: false, minify: true } },
      },
    });
  }
}

/** The inspector's loadPart: language packs only, from `chunks/` beside it (components/parts/load-part-inspector.ts). */
function inspectorLoadsPacksOnly() {
  const loadPart = resolve('components/parts/load-part.ts');
  const packsOnly = resolve('components/parts/load-part-inspector.ts');
  return {
    name: 'agui-inspector-packs-only',
    enforce: 'pre',
    async resolveId(specifier, importer, options) {
      const resolved = await this.resolve(specifier, importer, { ...options, skipSelf: true });
      return resolved?.id === loadPart ? packsOnly : null;
    },
  };
}

// The inspector: its own two files, nothing shared with the main bundles (it finds stores through public surfaces,
// so it works beside either of them, loaded before or after).
for (const [format, fileName] of [
  ['es', 'agui-inspector.js'],
  ['iife', 'agui-inspector.iife.js'],
]) {
  await build({
    ...shared,
    plugins: [
      cssTemplates(),
      htmlTemplates(),
      inspectorLoadsPacksOnly(),
      record(`inspector-${format}`),
    ],
    build: {
      ...output,
      lib: {
        entry: INSPECTOR_ENTRY,
        formats: [format],
        name: 'AguiInspector',
        fileName: () => fileName,
      },
      rolldownOptions: { output: { codeSplitting: false, minify: true } },
    },
  });
}

// The demo page, built from demo/ with the elements bundled, for the end-to-end tests.
await build({ configFile: 'vite.config.ts', logLevel: 'warn' });

// The MCP Apps sandbox proxy (a page a host serves from another origin): one file, its script inline.
await writeSandbox();

// The diagram frame (rich-content="mermaid"): its page, its script and Mermaid's classic build, beside the parts.
await writeFrame('dist/chunks');

writeFileSync('dist/size-stats.json', JSON.stringify(stats));
console.log(
  'Built dist/lib (npm), dist/agui-elements.js (+ chunks/), dist/agui-elements.iife.js and dist/agui-inspector(.iife).js',
);
