// Gzip sizes of the script-tag bundles per file and per dependency, checked against the budget; one copy each
// of lit, rxjs and zod per format.
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const KIB = 1024;
// Round 2's features as they landed (saved threads, attachments, subagents and branches, the channel, recordings),
// before issue 12's cuts: today's figures plus 3 KiB, so nothing grows further unnoticed. Issue 12 lowers them to
// its targets (IIFE 115 KiB, our own code 55 KiB, ES shell 25 KiB).
const BUDGET = {
  esInitial: 41 * KIB, // what a page loads before the elements render and respond
  esTotal: 174 * KIB, // every ES file, lazy chunks included
  iife: 176 * KIB,
};

if (!existsSync('dist/size-stats.json')) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}
const stats = JSON.parse(readFileSync('dist/size-stats.json', 'utf8'));
const gzip = (text) => gzipSync(text, { level: 9 }).length;
const kib = (bytes) => `${(bytes / KIB).toFixed(1)} KiB`;
const pad = (text, width) => String(text).padEnd(width);
const padStart = (text, width) => String(text).padStart(width);

function fileSize(fileName) {
  return gzip(readFileSync(`dist/${fileName}`));
}

/** The package a module belongs to (`lit-html`, `@ag-ui/client`), or `agui-elements` for our own source. */
function packageOf(id) {
  const match = id.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/g);
  if (!match) return 'agui-elements';
  return match[match.length - 1].replace('node_modules/', '');
}

/** Every module path of a package, to spot a second copy (a nested node_modules or two versions). */
function copiesOf(files, names) {
  const roots = new Map();
  for (const file of files) {
    for (const id of Object.keys(stats[file].modules)) {
      const name = packageOf(id);
      if (!names.some((wanted) => name === wanted || name.startsWith(`${wanted}-`))) continue;
      const root = id.slice(
        0,
        id.lastIndexOf(`node_modules/${name}`) + `node_modules/${name}`.length,
      );
      if (!roots.has(name)) roots.set(name, new Set());
      roots.get(name).add(root);
    }
  }
  return roots;
}

function perDependency(files) {
  const totals = new Map();
  for (const file of files) {
    for (const [id, module] of Object.entries(stats[file].modules)) {
      const name = packageOf(id);
      const entry = totals.get(name) ?? { text: '', length: 0 };
      entry.text += module.code ?? '';
      entry.length += module.length;
      totals.set(name, entry);
    }
  }
  return [...totals.entries()]
    .map(([name, entry]) => ({
      name,
      gzip: entry.text ? gzip(entry.text) : 0,
      length: entry.length,
    }))
    .sort((a, b) => b.gzip - a.gzip);
}

/** The entry and everything it imports statically: what loads before the elements work. */
function initialFiles(entry) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file) || !stats[file]) return;
    seen.add(file);
    for (const imported of stats[file].imports) visit(imported);
  };
  visit(entry);
  return [...seen];
}

let failed = false;
function check(label, value, limit) {
  const ok = value <= limit;
  if (!ok) failed = true;
  console.log(
    `${pad(label, 58)} ${padStart(kib(value), 10)}  budget ${padStart(kib(limit), 10)}  ${ok ? 'ok' : 'OVER BUDGET'}`,
  );
}

function report(title, files) {
  console.log(`\n${title}`);
  console.log(`${pad('file', 58)} ${padStart('gzip', 10)}`);
  for (const file of files) console.log(`${pad(file, 58)} ${padStart(kib(fileSize(file)), 10)}`);
  console.log(
    `\n${pad('dependency (gzip of its code alone)', 58)} ${padStart('gzip', 10)} ${padStart('minified', 12)}`,
  );
  for (const dependency of perDependency(files)) {
    console.log(
      `${pad(dependency.name, 58)} ${padStart(kib(dependency.gzip), 10)} ${padStart(kib(dependency.length), 12)}`,
    );
  }
  const copies = copiesOf(files, [
    'lit',
    'lit-html',
    'lit-element',
    '@lit/reactive-element',
    'rxjs',
    'zod',
  ]);
  for (const [name, roots] of copies) {
    if (roots.size > 1) {
      failed = true;
      console.log(`DUPLICATE: ${name} is bundled from ${[...roots].join(' and ')}`);
    }
  }
  const zodApis = new Set();
  for (const file of files) {
    for (const id of Object.keys(stats[file].modules)) {
      const api = id.match(/node_modules\/zod\/(v3|v4\/classic|v4\/mini)\//)?.[1];
      if (api) zodApis.add(api);
    }
  }
  if (zodApis.size > 1) {
    failed = true;
    console.log(
      `DUPLICATE: two zod APIs are bundled (${[...zodApis].join(', ')}): import zod only as zod/v4`,
    );
  }
}

const esFiles = Object.keys(stats).filter((file) => stats[file].format === 'es');
const iifeFiles = Object.keys(stats).filter((file) => stats[file].format === 'iife');
const esEntry = esFiles.find((file) => stats[file].isEntry);

report('ES module (dist/agui-elements.js and its chunks)', esFiles);
report('Classic script (dist/agui-elements.iife.js)', iifeFiles);

console.log('\nBudget (gzip)');
const initial = initialFiles(esEntry);
check(
  `ES before the elements work (${initial.join(', ')})`,
  initial.reduce((sum, file) => sum + fileSize(file), 0),
  BUDGET.esInitial,
);
check(
  'ES files together',
  esFiles.reduce((sum, file) => sum + fileSize(file), 0),
  BUDGET.esTotal,
);
check(
  'IIFE',
  iifeFiles.reduce((sum, file) => sum + fileSize(file), 0),
  BUDGET.iife,
);
if (failed) {
  console.error('\nThe bundle is over budget or carries a second copy of a dependency.');
  process.exit(1);
}
