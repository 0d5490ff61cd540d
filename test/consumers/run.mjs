// The consumer test: packs the package, installs the tarball into the fresh apps beside this file, and checks what a
// user of each framework meets: the tarball's contents, types for every entry, a strict type check (with one wrong
// attribute per framework that must fail), a build, tree-shaking, the README's examples, and a replay run in Chromium.
// Run from the repository root after `npm run build` and `npm ci --prefix test/consumers`; ends with `N passed, N failed`.
import { execFileSync, spawn } from 'node:child_process';
import {
  createReadStream,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';
import { CHROME_ARGS, findChrome } from '../../scripts/chrome.mjs';

const HERE = resolve('test/consumers');
const BIN = join(HERE, 'node_modules', '.bin');
const results = [];

/** Runs one named check, timing it; a failure is reported and counted, and the other checks still run. */
async function check(name, body) {
  const started = performance.now();
  try {
    await body();
    results.push({ name, ok: true });
    console.log(`ok   ${name} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    results.push({ name, ok: false });
    console.log(`FAIL ${name} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    console.log(
      String(error instanceof Error ? (error.stack ?? error.message) : error).replace(
        /^/gm,
        '     ',
      ),
    );
  }
}

/** Runs a command in the consumers folder; resolves to its output, or rejects with it when `expectFailure` is unmet. */
function run(command, args, { expectFailure = false } = {}) {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: HERE, env: { ...process.env, FORCE_COLOR: '0' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', fail);
    child.on('close', (status) => {
      if (expectFailure ? status !== 0 : status === 0) {
        done(output);
        return;
      }
      const verdict = expectFailure ? 'passed but must fail' : `exited with ${status}`;
      fail(new Error(`${command} ${args.join(' ')} ${verdict}:\n${output}`));
    });
  });
}

/** Runs the tasks, `width` at a time. */
async function inParallel(tasks, width) {
  const queue = [...tasks];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let task = queue.shift(); task; task = queue.shift()) await task();
    }),
  );
}

const assert = (condition, message) => {
  if (!condition) throw new Error(message);
};

const filesUnder = (dir) =>
  readdirSync(dir, { recursive: true })
    .map((file) => join(dir, String(file)))
    .filter((file) => statSync(file).isFile());

// 1. Pack, look inside, install. The tarball is unpacked into node_modules rather than `npm install`ed: a tarball in
// package.json would put its integrity in the lockfile, and it changes with every build, so `npm ci` would refuse.
let tarball = '';
let packed = {};
await check('npm pack ships no tests, stories or benches', () => {
  assert(
    existsSync('dist/lib/components/index.js'),
    'dist/ is missing: run `npm run build` first.',
  );
  const packDir = join(HERE, '.pack');
  rmSync(packDir, { recursive: true, force: true });
  mkdirSync(packDir, { recursive: true });
  const [info] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', packDir], { encoding: 'utf8' }),
  );
  tarball = join(packDir, info.filename);
  const files = info.files.map((file) => file.path);
  const unwanted = files.filter((file) =>
    /(^|\/)(test|tests|__tests__|stories|bench|benches|e2e)(\/|$)|\.(test|spec|stories|bench)\.[cm]?[jt]sx?$/.test(
      file,
    ),
  );
  assert(unwanted.length === 0, `the tarball ships ${unwanted.join(', ')}`);
  assert(
    files.includes('custom-elements.json') && files.includes('dist/lib/frameworks/jsx.d.ts'),
    'files are missing',
  );
  const target = join(HERE, 'node_modules', 'agui-elements');
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
  packed = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8'));
});

await check("the apps have the tarball's dependencies at its versions", () => {
  const ours = JSON.parse(readFileSync(join(HERE, 'package.json'), 'utf8')).dependencies;
  for (const [name, version] of Object.entries(packed.dependencies ?? {})) {
    assert(
      ours[name] === version,
      `test/consumers/package.json must pin ${name} ${version} (has ${ours[name]})`,
    );
    const installed = JSON.parse(
      readFileSync(join(HERE, 'node_modules', name, 'package.json'), 'utf8'),
    ).version;
    assert(
      installed === version,
      `${name} ${installed} is installed, the package needs ${version}`,
    );
  }
});

await check('every exports entry resolves with types (arethetypeswrong)', async () => {
  // ESM only, by design; the script-tag bundles are for <script> tags and carry no types, and the data files and
  // the MCP Apps sandbox page are served or read, not imported.
  const scriptTags = Object.keys(packed.exports).filter((key) =>
    /\.(iife\.)?js$|\.json$|\.html$/.test(key),
  );
  await run(join(BIN, 'attw'), [
    tarball,
    '--profile',
    'esm-only',
    '--exclude-entrypoints',
    ...scriptTags,
  ]);
});

// 2. Each app: strict type check (the wrong attribute inside must be reported), build.
const APPS = [
  { app: 'vanilla', check: ['tsc', ['-p', 'vanilla']] },
  { app: 'react19', check: ['tsc', ['-p', 'react19']] },
  // Its page holds <run-controls> first (taken.ts): the wrapper must render <agui-run-controls>.
  { app: 'react18', check: ['tsc', ['-p', 'react18']], tag: 'agui-run-controls' },
  { app: 'vue', check: ['vue-tsc', ['-p', 'vue']] },
  {
    app: 'svelte',
    check: [
      'svelte-check',
      ['--workspace', 'svelte', '--tsconfig', './tsconfig.json', '--fail-on-warnings'],
    ],
    // svelte-check reads no expect-error comments in markup: the wrong attribute and handler sit in a file of
    // their own, which must fail with exactly those two errors.
    negative: ['svelte-check', ['--workspace', 'svelte/negative', '--tsconfig', './tsconfig.json']],
  },
  { app: 'solid', check: ['tsc', ['-p', 'solid']], build: false },
];

// Two at a time (this machine has two CPUs): each app's type check, then its build.
await inParallel(
  APPS.map(({ app, check: [tool, args], negative, build = true }) => async () => {
    await check(
      `${app}: strict type check; a wrong attribute and a wrong handler fail it`,
      async () => {
        await run(join(BIN, tool), args);
        if (negative) {
          const output = await run(join(BIN, negative[0]), negative[1], { expectFailure: true });
          assert(
            /'number' is not assignable to type 'RunControlsScenario'/.test(output) &&
              /is not assignable to type '\(event: RunEndEvent\) => void'/.test(output) &&
              /found 2 errors/.test(output),
            `the negative cases failed otherwise than expected:\n${output}`,
          );
        }
      },
    );
    if (!build) return;
    await check(`${app}: builds`, async () => {
      rmSync(join(HERE, app, 'dist'), { recursive: true, force: true });
      // Relative asset paths: the server below serves each app under its own folder.
      await run(join(BIN, 'vite'), ['build', app, '--base', './', '--logLevel', 'warn']);
    });
  }),
  2,
);

// 3. Tree-shaking: a page importing only AgentRun and ServiceChart leaves the chat out; the full page has it.
const CHAT_ONLY = [
  'Message the agent…',
  'Enter sends · Shift+Enter adds a line',
  'Download conversation',
];
const jsText = (dir) =>
  filesUnder(dir)
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
// Each `<app>/shake` page is checked against its app's full page, which calls define() and so holds the chat.
for (const [app, imports] of [
  ['vanilla', 'AgentRun and ServiceChart from agui-elements'],
  ['react18', 'the AgentRun and ServiceChart wrappers from agui-elements/react'],
]) {
  await check(`sideEffects: a page importing only ${imports} leaves the chat out`, async () => {
    const out = join(HERE, app, 'shake', 'dist');
    rmSync(out, { recursive: true, force: true });
    await run(join(BIN, 'vite'), ['build', `${app}/shake`, '--logLevel', 'warn']);
    const shaken = jsText(out);
    assert(
      shaken.includes('Synthetic service measurements'),
      'the service chart is missing from the page',
    );
    const full = jsText(join(HERE, app, 'dist'));
    for (const marker of CHAT_ONLY) {
      assert(
        full.includes(marker),
        `the full page lacks "${marker}": pick another chat-only marker`,
      );
      assert(!shaken.includes(marker), `the page without the chat still contains "${marker}"`);
    }
  });
}

// 4. The README's Frameworks examples are the apps' own code, between `readme:start` and `readme:end`.
await check("the README's Frameworks examples are the apps' code", () => {
  const readme = readFileSync('README.md', 'utf8');
  const blocks = [...readme.matchAll(/<!-- example: (\S+) -->\n\n?```\w+\n([\s\S]*?)\n```/g)];
  assert(blocks.length >= 5, `the README has ${blocks.length} marked examples`);
  for (const [, file, code] of blocks) {
    const source = readFileSync(join(HERE, file), 'utf8');
    const region =
      /(?:\/\/|<!--) readme:start(?: -->)?\n([\s\S]*?)\n[ \t]*(?:\/\/|<!--) readme:end/.exec(
        source,
      )?.[1];
    assert(region !== undefined, `${file} has no readme:start / readme:end region`);
    assert(
      region === code,
      `the README's example of ${file} differs from the app:\n--- README\n${code}\n--- app\n${region}`,
    );
  }
});

// 5. In Chromium: the replay runs end to end, the framework's typed run-end handler writes its line, and the
// button's name comes from `strings`, a property the framework set.
const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
};
const server = createServer((request, response) => {
  const [, app, ...rest] = new URL(request.url ?? '/', 'http://localhost').pathname.split('/');
  if (app === 'favicon.ico') {
    response.writeHead(204).end();
    return;
  }
  const root = join(HERE, app, 'dist');
  const file = join(root, rest.join('/') || 'index.html');
  if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(response);
});
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const origin = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({ executablePath: findChrome(), args: CHROME_ARGS });
try {
  // The replays take seconds of their own: all pages at once.
  await Promise.all(
    APPS.filter(({ build = true }) => build).map(({ app, tag = 'run-controls' }) =>
      check(
        `${app}: a replay run in Chromium, the typed run-end handler, a property set from ${app}`,
        async () => {
          const page = await browser.newPage();
          const problems = [];
          page.on('console', (message) => {
            if (message.type() === 'error' || message.type() === 'warning')
              problems.push(message.text());
          });
          page.on('pageerror', (error) => problems.push(String(error)));
          try {
            await page.goto(`${origin}/${app}/`);
            await page
              .locator(tag)
              .getByRole('button', { name: 'Start analysis' })
              .click({ timeout: 15_000 });
            await page.getByText('Run 1 ended: Completed').waitFor({ timeout: 30_000 });
            const rows = await page
              .getByRole('table', { name: 'Synthetic service measurements' })
              .locator('tbody tr')
              .count();
            assert(rows > 0, 'the service table shows no service after the run');
            assert(problems.length === 0, `the console reported:\n${problems.join('\n')}`);
          } finally {
            await page.close();
          }
        },
      ),
    ),
  );
} finally {
  await browser.close();
  server.close();
}

const failed = results.filter((result) => !result.ok).length;
console.log(`consumers: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
