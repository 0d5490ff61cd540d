// The classic script's parts mechanism (scripts/parts.mjs) at build level: a part's pass turns what the script lends
// into reads of the lent object (no second copy of @lit/context, rxjs or the store), refuses a shared package the
// script does not lend, and the script's pass lends exactly its table and records where its chunks sit.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { build, type Rolldown } from 'vite';
import { borrowsFromIife, iifeLendsShared, type Lends } from '../../scripts/parts.mjs';

const LENDS: Lends = {
  '@lit/context': ['ContextConsumer'],
  rxjs: ['map'],
  'src/context.ts': ['runStoreContext'],
};
const KEY = Symbol.for('agui-elements.iife-shared');
const VERSION = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;

async function bundle(
  entry: string,
  format: 'es' | 'iife',
  plugin: ReturnType<typeof borrowsFromIife>,
): Promise<Rolldown.OutputChunk> {
  const result = (await build({
    configFile: false,
    logLevel: 'silent',
    plugins: [plugin],
    build: {
      write: false,
      minify: false,
      lib: { entry, formats: [format], name: 'Fixture', fileName: () => 'fixture.js' },
      rolldownOptions: { output: { codeSplitting: false } },
    },
  })) as Rolldown.RolldownOutput[];
  const chunk = result[0]?.output.find((item) => item.type === 'chunk');
  assert.ok(chunk);
  return chunk;
}

const asModule = (code: string) =>
  import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`) as Promise<
    Record<string, unknown>
  >;

describe("the classic script's parts", () => {
  it('a part reads what the script lends, and bundles no copy of it', async () => {
    const chunk = await bundle(
      'test/fixtures/iife-part.ts',
      'es',
      borrowsFromIife('fixture', LENDS),
    );
    const bundled = Object.keys(chunk.modules);
    assert.deepEqual(
      bundled.filter((id) => id.includes('node_modules') || id.includes('/src/')),
      [],
      'nothing of @lit/context, rxjs or src/ is bundled',
    );
    const lent = {
      ContextConsumer: class {},
      map: () => 'lent map',
      runStoreContext: Symbol('store'),
    };
    (globalThis as Record<symbol, unknown>)[KEY] = {
      version: VERSION,
      modules: {
        '@lit/context': { ContextConsumer: lent.ContextConsumer },
        rxjs: { map: lent.map },
        'src/context.ts': { runStoreContext: lent.runStoreContext },
      },
    };
    try {
      const module = await asModule(chunk.code);
      assert.deepEqual(module.borrowed, lent);
    } finally {
      delete (globalThis as Record<symbol, unknown>)[KEY];
    }
  });

  it('a part refuses to load without the script (or beside another version of it)', async () => {
    const chunk = await bundle(
      'test/fixtures/iife-part.ts',
      'es',
      borrowsFromIife('fixture', LENDS),
    );
    await assert.rejects(
      asModule(`${chunk.code}\n//${Math.random()}`),
      /belongs to agui-elements\.iife\.js/,
    );
  });

  it('a part that imports a shared package the script does not lend fails the build', async () => {
    await assert.rejects(
      bundle(
        'test/fixtures/iife-part.ts',
        'es',
        borrowsFromIife('fixture', { '@lit/context': ['ContextConsumer'] }),
      ),
      /imports rxjs, which the classic script does not lend: add the names it uses to IIFE_SHARED/,
    );
  });

  it('the script lends its table and records chunks/ beside its own src', async () => {
    const chunk = await bundle(
      'test/fixtures/iife-part.ts',
      'iife',
      iifeLendsShared('test/fixtures/iife-part.ts', LENDS),
    );
    const document = {
      currentScript: { src: 'https://cdn.example/agui/1.0/agui-elements.iife.js' },
    };
    new Function('document', chunk.code)(document);
    try {
      const shared = (globalThis as Record<symbol, unknown>)[KEY] as {
        version: string;
        base: string;
        modules: Record<string, Record<string, unknown>>;
      };
      assert.equal(shared.version, VERSION);
      assert.equal(shared.base, 'https://cdn.example/agui/1.0/chunks/');
      assert.deepEqual(Object.keys(shared.modules), Object.keys(LENDS));
      assert.equal(typeof shared.modules.rxjs?.map, 'function');
      assert.equal(typeof shared.modules['@lit/context']?.ContextConsumer, 'function');
    } finally {
      delete (globalThis as Record<symbol, unknown>)[KEY];
    }
  });
});
