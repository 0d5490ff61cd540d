// The package must import on a server (Node, no DOM) without throwing, every `exports` entry as the packed tarball
// ships it, without touching a browser global as it loads; `define` must do nothing where there is no registry.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';

/** Browser globals no module of ours may read while it loads. */
const BROWSER_GLOBALS = [
  'window',
  'document',
  'localStorage',
  'sessionStorage',
  'indexedDB',
  'matchMedia',
];

interface EntryResult {
  readonly entry: string;
  readonly error: string | null;
}

interface ProbeResult {
  readonly entries: readonly EntryResult[];
  /** Browser globals read while loading, with the file that read each. */
  readonly reads: readonly { readonly name: string; readonly file: string }[];
  readonly defineError: string | null;
  readonly registry: string;
  readonly tag: string;
}

// Run in a child Node (no loader, no DOM) beside the unpacked tarball: it imports every entry of the package's
// `exports` by name, as an app would. With NO_REGISTRY, Lit's server shim of `customElements` is kept out too.
const PROBE = `
import { readFileSync } from 'node:fs';
const reads = [];
for (const name of ${JSON.stringify(BROWSER_GLOBALS)}) {
  Object.defineProperty(globalThis, name, {
    configurable: true,
    get() {
      const frame = new Error().stack.split('\\n')[2] ?? '';
      reads.push({ name, file: /(file:\\/\\/[^\\s)]+?)(:\\d+)*\\)?$/.exec(frame)?.[1] ?? frame.trim() });
      return undefined;
    },
  });
}
if (process.env.NO_REGISTRY) {
  Object.defineProperty(globalThis, 'customElements', { configurable: true, get: () => undefined, set() {} });
}
const { exports } = JSON.parse(readFileSync('node_modules/agui-elements/package.json', 'utf8'));
const entries = [];
// Files that are not modules (the manifest, package.json, the MCP Apps sandbox page) are served or read, never imported.
for (const key of Object.keys(exports).filter((key) => !/\\.(json|html)$/.test(key))) {
  try {
    await import('agui-elements' + key.slice(1));
    entries.push({ entry: key, error: null });
  } catch (error) {
    entries.push({ entry: key, error: String(error?.stack ?? error) });
  }
}
const { define, tagName } = await import('agui-elements/define');
let defineError = null;
try {
  define();
} catch (error) {
  defineError = String(error);
}
const registry = typeof customElements;
console.log(JSON.stringify({ entries, reads, defineError, registry, tag: tagName('agent-run') }));
`;

let dir = '';
let exportKeys: string[] = [];

/** Runs the probe in a fresh Node process. */
function probe(env: Record<string, string> = {}): ProbeResult {
  const out = execFileSync(process.execPath, ['probe.mjs'], {
    cwd: dir,
    env: { ...process.env, ...env, NODE_OPTIONS: '' },
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as ProbeResult;
}

before(() => {
  // Under the repository so the unpacked package finds its dependencies in our node_modules; its own package.json
  // keeps Node from resolving `agui-elements` to this checkout (a package may import itself by name).
  mkdirSync('.bench', { recursive: true });
  dir = resolve(mkdtempSync(join('.bench', 'ssr-')));
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', dir], { encoding: 'utf8' }),
  ) as { filename: string }[];
  const unpacked = join(dir, 'node_modules', 'agui-elements');
  mkdirSync(unpacked, { recursive: true });
  execFileSync('tar', [
    '-xzf',
    join(dir, packed[0]!.filename),
    '-C',
    unpacked,
    '--strip-components=1',
  ]);
  writeFileSync(
    join(dir, 'package.json'),
    '{ "name": "ssr-probe", "private": true, "type": "module" }\n',
  );
  writeFileSync(join(dir, 'probe.mjs'), PROBE);
  exportKeys = Object.keys(
    (JSON.parse(readFileSync(join(unpacked, 'package.json'), 'utf8')) as { exports: object })
      .exports,
  ).filter((key) => !/\.(json|html)$/.test(key));
});

after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the packed package on a server', () => {
  it('ships the files its non-module entries name (the MCP Apps sandbox page among them)', () => {
    const unpacked = join(dir, 'node_modules', 'agui-elements');
    const { exports } = JSON.parse(readFileSync(join(unpacked, 'package.json'), 'utf8')) as {
      exports: Record<string, unknown>;
    };
    const files = Object.entries(exports).filter(([key]) => /\.(json|html)$/.test(key));
    assert.ok(files.some(([key]) => key === './mcp-apps-sandbox.html'));
    for (const [key, target] of files) {
      assert.equal(typeof target, 'string', key);
      assert.ok(existsSync(join(unpacked, target as string)), `${key} -> ${String(target)}`);
    }
  });

  it('imports every exports entry in plain Node without throwing', () => {
    const { entries } = probe();
    assert.deepEqual(
      entries.map((result) => result.entry),
      exportKeys,
    );
    assert.ok(exportKeys.includes('./react') && exportKeys.includes('./jsx'));
    for (const result of entries) assert.equal(result.error, null, `${result.entry} threw`);
  });

  it('reads no window, document, storage, indexedDB or matchMedia of its own while loading', () => {
    const { reads } = probe();
    const ours = reads.filter((read) => read.file.includes('/node_modules/agui-elements/'));
    assert.deepEqual(ours, []);
  });

  it('imports every entry and define() does nothing where there is no custom element registry', () => {
    const result = probe({ NO_REGISTRY: '1' });
    for (const entry of result.entries) assert.equal(entry.error, null, `${entry.entry} threw`);
    assert.equal(result.registry, 'undefined');
    assert.equal(result.defineError, null);
    assert.equal(result.tag, 'agent-run');
  });
});

describe('the source entry on a server', () => {
  it('imports without a DOM, and define() does nothing there', async () => {
    assert.equal(typeof (globalThis as { document?: unknown }).document, 'undefined');
    const entry = await import('../../components/index.js');
    assert.equal(typeof entry.AgentRun, 'function');
    assert.equal(typeof entry.RunStartEvent, 'function');
    assert.doesNotThrow(() => entry.define());
    assert.equal(entry.tagName('run-controls'), 'run-controls');
    const event = new entry.RunEndEvent({
      run: 1,
      status: 'Completed',
      cause: null,
      failure: null,
    });
    assert.equal(event.type, 'run-end');
    assert.equal(event.bubbles, true);
  });
});
