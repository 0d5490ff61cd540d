// Builds the npm library (dist/lib, with types), the self-registering ES module with its lazy chunks
// (dist/agui-elements.js) and the single-file classic script (dist/agui-elements.iife.js).
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'vite';

const ENTRY = 'components/agui-elements.ts';

rmSync('dist', { recursive: true, force: true });
mkdirSync('dist', { recursive: true });

execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], {
  stdio: 'inherit',
});

/** Module sizes per output file, for `npm run size`. */
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
          modules: Object.fromEntries(
            Object.entries(output.modules).map(([id, info]) => [
              id.replace(process.cwd(), '.'),
              { length: info.renderedLength, code: info.code ?? null },
            ]),
          ),
        };
      }
    },
  };
}

const shared = {
  configFile: false,
  logLevel: 'warn',
  // Lit's production build: no dev-mode warnings in the bundles.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  // rxjs's ES2015 build needs no tslib helpers; everything (@ag-ui/client too) resolves the same copy.
  resolve: { conditions: ['es2015', 'module', 'browser', 'production'] },
};

await build({
  ...shared,
  plugins: [record('es')],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    minify: true,
    sourcemap: true,
    target: 'es2022',
    lib: { entry: ENTRY, formats: ['es'], fileName: () => 'agui-elements.js' },
    rolldownOptions: {
      output: { chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});

await build({
  ...shared,
  plugins: [record('iife')],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    minify: true,
    sourcemap: true,
    target: 'es2022',
    lib: {
      entry: ENTRY,
      formats: ['iife'],
      name: 'AguiElements',
      fileName: () => 'agui-elements.iife.js',
    },
    rolldownOptions: {
      output: { codeSplitting: false },
    },
  },
});

// The demo page, built from demo/ with the elements bundled, for the end-to-end tests.
await build({ configFile: 'vite.config.ts', logLevel: 'warn' });

writeFileSync('dist/size-stats.json', JSON.stringify(stats));
console.log(
  'Built dist/lib (npm), dist/agui-elements.js (+ chunks/) and dist/agui-elements.iife.js',
);
