// The classic script's optional parts: each is built in its own ES pass as `dist/chunks/iife-<part>.js` (a fixed
// name) and loaded from beside the script by load-part-iife.ts. A part takes lit, @lit/context, rxjs and our shared
// modules from the object the script lends on `globalThis[Symbol.for('agui-elements.iife-shared')]`, so the page
// keeps one copy of each. A later part is one row of PARTS (and the names it borrows in IIFE_SHARED).
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const KIB = 1024;

/**
 * Each part: its entry (what `loadPart(name)` resolves to; components/parts/load-part.ts imports the same module in
 * the ES build), the modules only it uses (its own chunk in the ES build too) and its gzip budget.
 */
export const PARTS = {
  highlighter: {
    entry: 'components/agent-chat/rich/highlighter.ts',
    modules: [
      '/components/agent-chat/rich/highlighter.ts',
      '/components/agent-chat/rich/highlight-languages.ts',
      '/components/agent-chat/rich/highlight.styles.ts',
      '/node_modules/prismjs/',
    ],
    budget: 30 * KIB,
  },
  // Temml's source entry (what its temml.min.js is built from), not its dist/temml.mjs, which bundles the mhchem
  // extension (\ce, \pu): 58 KiB alone, over issue 31's 52 KiB.
  math: {
    entry: 'components/agent-chat/rich/math.ts',
    modules: [
      '/components/agent-chat/rich/math.ts',
      '/components/agent-chat/rich/math.styles.ts',
      '/node_modules/temml/',
    ],
    budget: 52 * KIB,
  },
  a2ui: {
    entry: 'components/a2ui/a2ui-renderer.ts',
    modules: [
      '/components/a2ui/',
      '/node_modules/@a2ui/',
      '/node_modules/@preact/signals-core/',
      '/node_modules/date-fns/',
      '/node_modules/zod/index.js',
      '/node_modules/zod/v3/',
      '/node_modules/zod-to-json-schema/',
    ],
    // @a2ui/web_core is written against zod's v3 API: this part alone bundles it (never lent, never elsewhere).
    bundles: ['zod'],
    budget: 55.2 * KIB,
  },
  mcpApps: {
    entry: 'components/agent-chat/genui/mcp-app-host.ts',
    modules: ['/components/agent-chat/genui/mcp-app-host.ts'],
    budget: 6 * KIB,
  },
  // Diagrams (issue 35): the host side of the sandboxed frame; Mermaid is in chunks/diagram-frame.html's own files.
  diagrams: {
    entry: 'components/agent-chat/rich/diagrams.ts',
    modules: ['/components/agent-chat/rich/diagrams.ts'],
    budget: 3 * KIB,
  },
  // The language packs (src/i18n/locales/<tag>.ts): data only, nothing borrowed. English stays in the bundles.
  'locale-fr': {
    entry: 'src/i18n/locales/fr.ts',
    modules: ['/src/i18n/locales/fr.ts'],
    budget: 10 * KIB,
  },
  'locale-ar': {
    entry: 'src/i18n/locales/ar.ts',
    modules: ['/src/i18n/locales/ar.ts'],
    budget: 12 * KIB,
  },
  'locale-de': {
    entry: 'src/i18n/locales/de.ts',
    modules: ['/src/i18n/locales/de.ts'],
    budget: 11 * KIB,
  },
  'locale-es': {
    entry: 'src/i18n/locales/es.ts',
    modules: ['/src/i18n/locales/es.ts'],
    budget: 11 * KIB,
  },
  'locale-it': {
    entry: 'src/i18n/locales/it.ts',
    modules: ['/src/i18n/locales/it.ts'],
    budget: 11 * KIB,
  },
  'locale-pt': {
    entry: 'src/i18n/locales/pt.ts',
    modules: ['/src/i18n/locales/pt.ts'],
    budget: 11 * KIB,
  },
  'locale-nl': {
    entry: 'src/i18n/locales/nl.ts',
    modules: ['/src/i18n/locales/nl.ts'],
    budget: 11 * KIB,
  },
  'locale-pl': {
    entry: 'src/i18n/locales/pl.ts',
    modules: ['/src/i18n/locales/pl.ts'],
    budget: 12 * KIB,
  },
  'locale-ja': {
    entry: 'src/i18n/locales/ja.ts',
    modules: ['/src/i18n/locales/ja.ts'],
    budget: 12 * KIB,
  },
  'locale-zh': {
    entry: 'src/i18n/locales/zh.ts',
    modules: ['/src/i18n/locales/zh.ts'],
    budget: 11 * KIB,
  },
  'locale-ko': {
    entry: 'src/i18n/locales/ko.ts',
    modules: ['/src/i18n/locales/ko.ts'],
    budget: 12 * KIB,
  },
  'locale-he': {
    entry: 'src/i18n/locales/he.ts',
    modules: ['/src/i18n/locales/he.ts'],
    budget: 12 * KIB,
  },
  // Dictation and Read aloud (issue 33): recording, recognition, transcription and speech, framework-free.
  voice: {
    entry: 'src/voice/index.ts',
    modules: ['/src/voice/'],
    budget: 5 * KIB,
  },
};

/**
 * What the classic script lends its parts, by import specifier (our own modules by repository path, e.g.
 * `'src/context.ts': ['runStoreContext']`): the names a part may import. Everything lent is already in the classic
 * script, so lending costs only the object that holds it: a part that needs more adds its names here.
 */
export const IIFE_SHARED = {
  lit: ['html', 'css', 'nothing', 'noChange', 'LitElement'],
  'lit/decorators.js': ['customElement', 'property', 'state'],
  'lit/static-html.js': ['html', 'unsafeStatic'],
  'lit/directive.js': ['directive', 'Directive'],
  'lit/async-directive.js': ['AsyncDirective'],
  'lit/directives/class-map.js': ['classMap'],
  'lit/directives/style-map.js': ['styleMap'],
  'lit/directives/repeat.js': ['repeat'],
  '@lit/context': ['createContext', 'consume', 'provide'],
  'src/a2ui/catalogs.ts': ['registeredA2uiCatalogs', 'onA2uiCatalogRegistered'],
};

/** Modules of @a2ui/web_core this product never runs, replaced in the bundles (scripts/build.mjs). */
export const A2UI_REPLACED = {
  // The basic Text's markdown directive renders a markdown-it string through unsafeHTML; our Text replaces that
  // component, so the bundles carry a plain-text directive and no unsafeHTML at all.
  '/node_modules/@a2ui/web_core/src/v0_9/basic_catalog/directives/markdown.js':
    'export const markdown = (value) => String(value ?? "");',
};

/** The bundle plugin that swaps A2UI_REPLACED in. */
export function a2uiReplaced() {
  return {
    name: 'agui-a2ui-replaced',
    enforce: 'pre',
    load(id) {
      const path = id.split('?')[0];
      const entry = Object.entries(A2UI_REPLACED).find(([suffix]) => path.endsWith(suffix));
      return entry ? { code: entry[1], map: null } : null;
    },
  };
}

export const SHARED_KEY = "Symbol.for('agui-elements.iife-shared')";
const VERSION = JSON.parse(readFileSync('package.json', 'utf8')).version;
const LOAD_PART = resolve('components/parts/load-part.ts');
const LOAD_PART_IIFE = resolve('components/parts/load-part-iife.ts');
const LENT = '\0agui-iife-shared';
const BORROWED = '\0agui-iife-borrowed:';

/** Packages and modules of ours that must never be bundled into a part (the page would hold two copies). */
const SHARED_PACKAGES = /^(?:lit|lit-html|lit-element|@lit\/[^/]+|rxjs|zod)(?:\/|$)/;
const SHARED_MODULES =
  /^(?:src\/store\/|src\/context\.ts$|components\/tag-registry\.ts$|components\/shared\/store-)/;

/** A specifier as IIFE_SHARED names it: bare specifiers as written, our own modules by repository path. */
function sharedName(specifier, importer) {
  if (!specifier.startsWith('.')) return specifier;
  if (!importer) return null;
  const path = resolve(dirname(importer), specifier).replace(/\.js$/, '.ts');
  return path.startsWith(`${process.cwd()}/`) ? path.slice(process.cwd().length + 1) : null;
}

/**
 * The classic script's pass: its `loadPart` loads from beside it, and its entry lends IIFE_SHARED (and records
 * `chunks/` beside its own `src`) during its first run, when `document.currentScript` is still the script.
 */
export function iifeLendsShared(entry, lends = IIFE_SHARED) {
  const entryId = resolve(entry);
  return {
    name: 'agui-iife-lends-shared',
    enforce: 'pre',
    async resolveId(specifier, importer, options) {
      if (specifier === LENT) return LENT;
      if (!importer || !specifier.includes('load-part')) return null;
      const resolved = await this.resolve(specifier, importer, { ...options, skipSelf: true });
      return resolved?.id === LOAD_PART ? LOAD_PART_IIFE : null;
    },
    load(id) {
      if (id !== LENT) return null;
      const imports = [];
      const entries = [];
      for (const [index, [specifier, names]] of Object.entries(lends).entries()) {
        const from = specifier.endsWith('.ts') ? resolve(specifier) : specifier;
        imports.push(
          `import { ${names.map((name) => `${name} as s${index}_${name}`).join(', ')} } from ${JSON.stringify(from)};`,
        );
        entries.push(
          `${JSON.stringify(specifier)}: { ${names.map((name) => `${name}: s${index}_${name}`).join(', ')} }`,
        );
      }
      return [
        ...imports,
        'const script = typeof document === "undefined" ? null : document.currentScript;',
        `globalThis[${SHARED_KEY}] ??= {`,
        `  version: ${JSON.stringify(VERSION)},`,
        '  base: script && script.src ? new URL("chunks/", script.src).href : null,',
        `  modules: { ${entries.join(', ')} },`,
        '};',
      ].join('\n');
    },
    transform(code, id) {
      return id === entryId
        ? { code: `import ${JSON.stringify(LENT)};\n${code}`, map: null }
        : null;
    },
  };
}

/** A part's pass: what IIFE_SHARED lends becomes a read of the lent object; any other shared package fails the build. */
export function borrowsFromIife(part, lends = IIFE_SHARED) {
  const own = new Set(PARTS[part]?.bundles ?? []);
  return {
    name: 'agui-borrows-from-iife',
    enforce: 'pre',
    resolveId(specifier, importer) {
      if (specifier.startsWith(BORROWED)) return specifier;
      const name = sharedName(specifier, importer);
      if (name && Object.hasOwn(lends, name)) return `${BORROWED}${name}`;
      const bundled = own.has(specifier.split('/')[0]);
      if (
        (!bundled && SHARED_PACKAGES.test(specifier)) ||
        (name !== null && SHARED_MODULES.test(name))
      ) {
        this.error(
          `the ${part} part imports ${specifier}, which the classic script does not lend: add the names it uses to IIFE_SHARED in scripts/parts.mjs`,
        );
      }
      return null;
    },
    load(id) {
      if (!id.startsWith(BORROWED)) return null;
      const name = id.slice(BORROWED.length);
      const names = lends[name];
      return [
        `const shared = globalThis[${SHARED_KEY}];`,
        `if (!shared || shared.version !== ${JSON.stringify(VERSION)}) {`,
        `  throw new Error(${JSON.stringify(`chunks/iife-${part}.js belongs to agui-elements.iife.js ${VERSION}: load that script (the same version) first`)});`,
        '}',
        `const lent = shared.modules[${JSON.stringify(name)}];`,
        ...names.map((exported) => `export const ${exported} = lent.${exported};`),
      ].join('\n');
    },
  };
}
