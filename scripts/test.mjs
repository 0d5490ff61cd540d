// Runs every test (browser tests in Chromium, then Node tests) and ends with one line: `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { findChrome } from './chrome.mjs';

const args = process.argv.slice(2);
const browserOnly = args.includes('--browser-only');
const nodeOnly = args.includes('--node-only');
const passThrough = args.filter(
  (arg) => !arg.startsWith('--browser-only') && !arg.startsWith('--node-only'),
);

const totals = { passed: 0, failed: 0, skipped: 0 };
let crashed = false;
mkdirSync('.bench', { recursive: true });

function readCounts(file) {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function add(counts, label, status) {
  if (!counts) {
    console.error(`${label}: the runner exited with ${status} and reported no counts.`);
    crashed = true;
    return;
  }
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped ?? 0;
  if (counts.sessionErrors) {
    console.error(
      `${label}: ${counts.sessionErrors} test file(s) failed to load or threw outside a test.`,
    );
    crashed = true;
  }
  if (status !== 0 && counts.failed === 0) crashed = true;
}

// The end-to-end tests load the built bundles and demo, so every full run builds first.
if (!browserOnly && !args.includes('--no-build')) {
  const built = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (built.status !== 0) {
    console.error('The build failed, so the end-to-end tests cannot run.');
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

if (!nodeOnly) {
  let chrome;
  try {
    chrome = findChrome();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  // Without chosen files, the story tests run on their own after the other browser tests: a minute of axe,
  // and bundling Storybook's test modules, beside them would slow the tests that measure loading and long tasks.
  // The voice tests run in a Chromium with a fake microphone (web-test-runner.voice.config.mjs): chosen voice files
  // go there, and a full run has them as a phase of their own, counted like the others.
  const chosenFiles = passThrough.some((arg) => arg === '--files' || arg.startsWith('--files='));
  const MAIN = 'web-test-runner.config.mjs';
  const VOICE = 'web-test-runner.voice.config.mjs';
  const voiceChosen = passThrough.some((arg) => /(^|[=/])test\/voice\//.test(arg));
  const phases = chosenFiles
    ? [{ label: 'Browser tests', stories: '', config: voiceChosen ? VOICE : MAIN }]
    : [
        { label: 'Browser tests', stories: 'skip', config: MAIN },
        { label: 'Voice tests', stories: '', config: VOICE },
        { label: 'Story tests', stories: 'only', config: MAIN },
      ];
  for (const [index, phase] of phases.entries()) {
    const file = `.bench/wtr-counts-${index}.json`;
    rmSync(file, { force: true });
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'node_modules/@web/test-runner/dist/bin.js',
        '--config',
        phase.config,
        ...passThrough,
      ],
      {
        stdio: 'inherit',
        env: {
          ...process.env,
          CHROME_PATH: chrome,
          WTR_COUNT_FILE: file,
          WTR_STORIES: phase.stories,
        },
      },
    );
    const counts = readCounts(file);
    add(counts, phase.label, run.status ?? 1);
    const stories = counts?.stories;
    if (stories && stories.passed + stories.failed > 0) {
      console.log(
        `Story tests (every story rendered, played and checked with axe): ${stories.passed} passed, ${stories.failed} failed`,
      );
    }
  }
}

function nodeTestFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return nodeTestFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

if (!browserOnly && nodeTestFiles('test/node').length > 0) {
  const file = '.bench/node-counts.json';
  rmSync(file, { force: true });
  const run = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=./scripts/node-count-reporter.mjs',
      `--test-reporter-destination=${file}`,
      ...nodeTestFiles('test/node'),
    ],
    { stdio: 'inherit', env: { ...process.env, SUPPRESS_TRANSFORMATION_WARNINGS: 'true' } },
  );
  add(readCounts(file), 'Node tests', run.status ?? 1);
}

if (crashed && totals.failed === 0) totals.failed = 1;
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 || crashed ? 1 : 0);
