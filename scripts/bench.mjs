// Benchmarks in headless Chromium, judged only by ratios against a baseline measured in the same run.
//
//   npm run bench                 full run (10,000 events, median of 5): reports, never fails
//   npm run bench -- --only=NAME   one benchmark (store-bench, chart-bench, chat-bench, threads-bench, page-bytes)
//   npm run bench -- --ci         shorter run: exits 1 only when a figure is past 1.5x its target
//   npm run bench -- --profile    CPU profiles of the store's cases and the chat's stream instead of the ratios
//   npm run bench -- --only=store-bench --breakdown
//                                 a delta's and a token's cost per stage (each stage timed alone, in us per event)
//   --events=N --reps=N           override the run length
//   --cpu-time                    store-bench: time by the page's main-thread CPU time instead of the wall clock,
//                                 for a machine other work keeps busy (ratios stay within one run; GC helper
//                                 threads are not counted); threads-bench: also the paint's longest task by it
//   --cases=ID,ID                 only these store cases (e.g. store-deltas-validated,ref-deltas); ratios whose
//                                 cases did not run are left out
//   --only=NAME                   one benchmark (store-bench, chart-bench, chat-bench, inspector-bench,
//                                 page-bytes: gzip script bytes of three pages of dist/, needs `npm run build`)
//
// Adding a benchmark: one more entry file under bench/ that defines `window.runBench(options)`, and one more
// function here that drives its page and returns { title, rows, checks } (see `storeBench`), listed in BENCHMARKS.
// A benchmark without an entry (page-bytes) is given the browser instead and opens its own pages.
/* global window -- the page functions passed to page.evaluate run in the browser. */
import { build } from 'esbuild';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { tsImport } from 'tsx/esm/api';
import { CHROME_ARGS, findChrome } from './chrome.mjs';
import { prismPrivateEsbuild } from './prism-private.mjs';

const args = process.argv.slice(2);
const ci = args.includes('--ci');
const profile = args.includes('--profile');
const breakdown = args.includes('--breakdown');
const cpuTime = args.includes('--cpu-time');
const OUT_DIR = resolve('.bench/bench-build');

function numberFlag(name) {
  const flag = args.find((arg) => arg.startsWith(`--${name}=`));
  if (!flag) return undefined;
  const value = Number(flag.slice(name.length + 3));
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} needs a positive integer`);
  return value;
}

const EVENTS = numberFlag('events') ?? (ci ? 2_000 : 10_000);
const REPS = numberFlag('reps') ?? 5;
const ONLY = args.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const CASES = args
  .find((arg) => arg.startsWith('--cases='))
  ?.slice('--cases='.length)
  .split(',');

/** Each benchmark: an entry bundled for the browser, and the function that drives its page. */
const BENCHMARKS = [
  { name: 'store-bench', entry: 'bench/store-bench.ts', run: storeBench },
  { name: 'chart-bench', entry: 'bench/chart-bench.ts', run: chartBench },
  { name: 'chat-bench', entry: 'bench/chat-bench.ts', run: chatBench },
  { name: 'threads-bench', entry: 'bench/threads-bench.ts', run: threadsBench },
  { name: 'inspector-bench', entry: 'bench/inspector-bench.ts', run: inspectorBench },
  { name: 'page-bytes', run: pageBytesBench },
];

// -----------------------------------------------------------------------------------------------
// The store benchmark: tokens into 10 and 1,000 messages, one-operation deltas into 100 services.

const STORE_CASES = {
  'store-tokens-small': 'this store: tokens, 10 messages',
  'store-tokens-large': 'this store: tokens, 1,000 messages',
  'ref-tokens-small': 'defaultApplyEvents: tokens, 10 messages',
  'ref-tokens-large': 'defaultApplyEvents: tokens, 1,000 messages',
  'store-deltas': 'this store: deltas, 100 services',
  'ref-deltas': 'defaultApplyEvents: deltas, 100 services',
  'store-deltas-validated': 'this store + analysis plugin (zod): deltas',
};

async function storeBench(page) {
  const options = {
    events: EVENTS,
    reps: REPS,
    warmupEvents: Math.min(EVENTS, ci ? 500 : 2_000),
    smallConversation: 10,
    largeConversation: 1_000,
    services: 100,
    ...(CASES ? { cases: CASES } : {}),
  };
  if (profile) return profileStore(page, options);
  if (cpuTime) await timeByCpu(page);
  if (breakdown) return breakdownStore(page, options);
  const loadBefore = loadavg()[0];
  const results = await page.evaluate((opts) => window.runBench(opts), options);
  const loadAfter = loadavg()[0];
  const byId = new Map(results.cases.map((result) => [result.id, result]));
  // A case that did not run (--cases) makes every ratio that needs it NaN: those are left out.
  const medianMs = (id) => (byId.has(id) ? median(byId.get(id).runs) : NaN);
  const throughput = (id) => (options.events / medianMs(id)) * 1000;
  const rows = results.cases.map((result) => ({
    label: STORE_CASES[result.id] ?? result.id,
    eventsPerSecond: throughput(result.id),
    medianMs: medianMs(result.id),
    minMs: Math.min(...result.runs),
    maxMs: Math.max(...result.runs),
    consoleCalls: result.consoleCalls,
    consoleSamples: result.consoleSamples,
    emissionsPerEvent: result.emissionsPerEvent,
  }));
  const checks = [
    {
      label: "(a) this store's per-token cost, 1,000 vs 10 messages",
      value: medianMs('store-tokens-large') / medianMs('store-tokens-small'),
      target: 1.5,
      better: 'lower',
    },
    {
      label: '(b) token throughput at 1,000 messages, this store / reference',
      value: throughput('store-tokens-large') / throughput('ref-tokens-large'),
      target: 10,
      better: 'higher',
    },
    {
      // Judged with the analysis plugin installed, as the demo runs: its schema validates `services`.
      label: '(c) delta throughput with the analysis plugin, this store / reference',
      value: throughput('store-deltas-validated') / throughput('ref-deltas'),
      target: 10,
      better: 'higher',
    },
    {
      label: 'info: delta throughput without a plugin, this store / reference',
      value: throughput('store-deltas') / throughput('ref-deltas'),
    },
    {
      label: "info: the reference's per-token cost, 1,000 vs 10 messages",
      value: medianMs('ref-tokens-large') / medianMs('ref-tokens-small'),
    },
    {
      label: 'info: token throughput at 10 messages, this store / reference',
      value: throughput('store-tokens-small') / throughput('ref-tokens-small'),
    },
  ];
  const ran = checks.filter((check) => !Number.isNaN(check.value));
  const browser = results.userAgent.match(/(?:HeadlessChrome|Chrome)\/[\d.]+/)?.[0] ?? 'Chromium';
  const notes = [
    `load average ${formatNumber(loadBefore, 2)} before, ${formatNumber(loadAfter, 2)} after, on ${cpus().length} CPUs` +
      (Math.max(loadBefore, loadAfter) > cpus().length ? ' (busy: every figure is noisier)' : ''),
  ];
  if (!results.gcExposed)
    notes.push('gc() was not exposed: measurements start without a collection.');
  return {
    title:
      `Store: ${browser}, ${options.events.toLocaleString('en-US')} events per measurement, ` +
      `median of ${options.reps} after a warm-up${cpuTime ? ', by main-thread CPU time' : ''}`,
    rows,
    checks: ran,
    notes,
  };
}

/** `--cpu-time`: each timed section reports the main thread's CPU time (CDP ThreadTime) instead of the wall time. */
async function timeByCpu(page) {
  const session = await page.context().newCDPSession(page);
  await session.send('Performance.enable', { timeDomain: 'threadTicks' });
  const threadMs = async () => {
    const { metrics } = await session.send('Performance.getMetrics');
    return (metrics.find((metric) => metric.name === 'ThreadTime')?.value ?? NaN) * 1000;
  };
  let started = 0;
  await page.exposeFunction('benchTimedStart', async () => {
    started = await threadMs();
  });
  await page.exposeFunction('benchTimedEnd', async () => (await threadMs()) - started);
}

/**
 * `--breakdown`: each stage timed alone on the same events, in microseconds per event (medians). The client's
 * stages are cumulative (each row adds one stage); "the rest" is the whole store less the pipeline and the reducer:
 * the active run, the settler, the event tap and the state$ emission.
 */
async function breakdownStore(page, options) {
  const cases = await page.evaluate((opts) => window.runBreakdown(opts), options);
  const load = loadavg()[0];
  console.log(
    `\nPer-event cost by stage: ${options.events.toLocaleString('en-US')} events, median of ${options.reps}, ` +
      `us per event${cpuTime ? ' of main-thread CPU time' : ''} (load average ${formatNumber(load, 2)} on ${cpus().length} CPUs)`,
  );
  for (const { id, stages } of cases) {
    const us = new Map(stages.map((stage) => [stage.stage, median(stage.us)]));
    const spread = new Map(
      stages.map((stage) => [stage.stage, [Math.min(...stage.us), Math.max(...stage.us)]]),
    );
    console.log(`\n${STORE_CASES[id]}`);
    let previous = 0;
    for (const [stage, value] of us) {
      const [low, high] = spread.get(stage);
      const step = stage.startsWith('client: ') ? `  (+${formatNumber(value - previous, 2)})` : '';
      if (stage.startsWith('client: ')) previous = value;
      console.log(
        `  ${stage.padEnd(54)}${formatNumber(value, 2).padStart(8)} us${step.padEnd(10)}` +
          `  ${formatNumber(low, 2)}-${formatNumber(high, 2)}`,
      );
    }
    const whole = us.get('whole store (state$ emission per event)');
    const piped = us.get('runThroughPipeline (the above + the store wrappers)');
    const reduced = us.get('reducer alone');
    console.log(
      `  ${'the rest (active run, settler, tap, state$)'.padEnd(54)}${formatNumber(whole - piped - reduced, 2).padStart(8)} us`,
    );
  }
  return { title: null, rows: [], checks: [], notes: [] };
}

/** CPU profiles of the timed sections: self time by function and by module of the bundle. */
async function profileStore(page, options) {
  const bundle = await readFile(join(OUT_DIR, 'store-bench.js'), 'utf8');
  const modules = moduleLines(bundle);
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 100 });
  let sampling = false;
  let captured = null;
  await page.exposeFunction('benchTimedStart', async () => {
    if (sampling) await session.send('Profiler.start');
  });
  await page.exposeFunction('benchTimedEnd', async () => {
    if (sampling) captured = (await session.send('Profiler.stop')).profile;
  });
  const runCase = (id, events) =>
    page.evaluate(
      ([caseId, count, opts]) => window.runCase(caseId, count, opts),
      [id, events, options],
    );
  const profiled = [
    ['store-tokens-small', options.events],
    ['store-tokens-large', options.events],
    ['store-deltas', options.events],
    ['store-deltas-validated', options.events],
    ['ref-deltas', options.events],
    // The reference at 1,000 messages costs milliseconds per token: a shorter run shows the same profile.
    ['ref-tokens-large', Math.min(options.events, 1_000)],
  ];
  const sections = [];
  for (const [id, events] of profiled) {
    sampling = false;
    await runCase(id, options.warmupEvents);
    sampling = true;
    const ms = await runCase(id, events);
    sampling = false;
    sections.push({ id, events, ms, ...selfTimes(captured, modules) });
  }
  await session.detach();
  console.log('CPU profiles of the timed sections (sampled every 0.1 ms, idle excluded)');
  for (const section of sections) {
    const { total } = section;
    console.log(
      `\n${STORE_CASES[section.id]}: ${section.events.toLocaleString('en-US')} events, ` +
        `${section.ms.toFixed(1)} ms timed, ${total.toFixed(1)} ms sampled`,
    );
    console.log('  by owner (the nearest project or @ag-ui/client frame on the stack):');
    for (const [name, time] of section.byOwner.slice(0, 8)) {
      console.log(`    ${pct(time, total)}  ${time.toFixed(1).padStart(8)} ms  ${name}`);
    }
    console.log('  by function (self time):');
    for (const [name, time] of section.byFunction.slice(0, 12)) {
      console.log(`    ${pct(time, total)}  ${time.toFixed(1).padStart(8)} ms  ${name}`);
    }
    console.log('  by project or @ag-ui/client function (total time, callees included):');
    for (const [name, time] of section.inclusive.slice(0, 16)) {
      console.log(`    ${pct(time, total)}  ${time.toFixed(1).padStart(8)} ms  ${name}`);
    }
  }
  return { title: null, rows: [], checks: [], notes: [] };
}

/** `--profile`: where the chat's stream spends its scripting time: after 10 and 200 earlier messages, and the mixed reply. */
async function profileChat(page) {
  const modules = moduleLines(await readFile(join(OUT_DIR, 'chat-bench.js'), 'utf8'));
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 200 });
  let captured = null;
  await page.exposeFunction('chatBenchMark', async (label) => {
    if (label === 'start') await session.send('Profiler.start');
    else captured = (await session.send('Profiler.stop')).profile;
  });
  const stream = (history, tokens, reply) =>
    page.evaluate((opts) => window.runBench(opts), { ...CHAT_STREAM, tokens, history, reply });
  await stream(10, 2_000);
  console.log('CPU profiles of the chat stream (sampled every 0.2 ms, idle excluded)');
  for (const [history, reply] of [
    [10, 'report'],
    [200, 'report'],
    [10, 'mixed'],
  ]) {
    await stream(history, CHAT_STREAM.tokens, reply);
    const { total, byOwner, byFunction } = selfTimes(captured, modules);
    console.log(`\n${history} earlier messages, ${reply} reply: ${total.toFixed(1)} ms sampled`);
    console.log('  by owner (the nearest project or @ag-ui/client frame on the stack):');
    for (const [name, time] of byOwner.slice(0, 12)) {
      console.log(`    ${pct(time, total)}  ${time.toFixed(1).padStart(8)} ms  ${name}`);
    }
    console.log('  by function (self time):');
    for (const [name, time] of byFunction.slice(0, 16)) {
      console.log(`    ${pct(time, total)}  ${time.toFixed(1).padStart(8)} ms  ${name}`);
    }
  }
  await session.detach();
  return { title: null, rows: [], checks: [], notes: [] };
}

function pct(part, total) {
  return `${((part / total) * 100).toFixed(1).padStart(5)}%`;
}

/** The bundle's module comments (`// src/store/reducer.ts`) by line, to name the module of a sample. */
function moduleLines(bundle) {
  const marks = [];
  bundle.split('\n').forEach((line, index) => {
    const match = /^\/\/ ((?:src|components|bench|node_modules)\/\S+)$/.exec(line);
    if (match) marks.push({ line: index, name: match[1].replace(/^node_modules\//, '') });
  });
  return marks;
}

function moduleAt(marks, line) {
  let low = 0;
  let high = marks.length - 1;
  let found = null;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (marks[mid].line <= line) {
      found = marks[mid];
      low = mid + 1;
    } else high = mid - 1;
  }
  return found?.name ?? '(bundle)';
}

/** Modules that own time: project code and @ag-ui/client. Library helpers (zod, rxjs…) count for their caller. */
const OWNER = /^(?:src\/|components\/|bench\/|@ag-ui\/)/;

function selfTimes(cpuProfile, marks) {
  const { nodes, samples, timeDeltas } = cpuProfile;
  const byNode = new Map(nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const isBundle = (url) => url.startsWith('http://127.0.0.1') && url.endsWith('.js');
  const moduleOf = (callFrame) =>
    isBundle(callFrame.url)
      ? moduleAt(marks, callFrame.lineNumber)
      : callFrame.url
        ? 'browser'
        : '';
  const ownerOf = (id) => {
    for (let current = id; current !== undefined; current = parent.get(current)) {
      const module = moduleOf(byNode.get(current).callFrame);
      if (OWNER.test(module)) return module;
    }
    const leaf = byNode.get(id).callFrame;
    const module = moduleOf(leaf);
    return module
      ? `${module.split('/')[0]} (no project frame on the stack)`
      : leaf.functionName || '(other)';
  };
  const selfMs = new Map();
  samples.forEach((id, index) =>
    selfMs.set(id, (selfMs.get(id) ?? 0) + (timeDeltas[index] ?? 0) / 1000),
  );
  const byFunction = new Map();
  const byOwner = new Map();
  let total = 0;
  for (const [id, ms] of selfMs) {
    const { callFrame } = byNode.get(id);
    // Idle is the profiler's own round trip around the timed section.
    if (callFrame.functionName === '(idle)') continue;
    const module = moduleOf(callFrame);
    const name = `${callFrame.functionName || '(anonymous)'}${module ? ` [${module}]` : ''}`;
    const owner = ownerOf(id);
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + ms);
    total += ms;
  }
  // Inclusive time: each sample counts once for every project function on its stack (callees included).
  const inclusive = new Map();
  samples.forEach((leaf, index) => {
    const ms = (timeDeltas[index] ?? 0) / 1000;
    if (byNode.get(leaf).callFrame.functionName === '(idle)') return;
    const names = new Set();
    for (let current = leaf; current !== undefined; current = parent.get(current)) {
      const { callFrame } = byNode.get(current);
      const module = moduleOf(callFrame);
      if (OWNER.test(module)) names.add(`${callFrame.functionName || '(anonymous)'} [${module}]`);
    }
    for (const name of names) inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
  });
  const sorted = (map) => [...map.entries()].sort((a, b) => b[1] - a[1]);
  return {
    total,
    byFunction: sorted(byFunction),
    byOwner: sorted(byOwner),
    inclusive: sorted(inclusive),
  };
}

// -----------------------------------------------------------------------------------------------
// The chart benchmark: <signal-chart> drawing 100,000 readings; the longest task while it loads.

async function chartBench(page) {
  const options = { points: 100_000, reps: ci ? 2 : REPS };
  const results = await page.evaluate((opts) => window.runBench(opts), options);
  const longest = Math.max(...results.runs.map((run) => run.longestTaskMs));
  const draw = median(results.runs.map((run) => run.drawMs));
  const { pathPoints, width } = results.runs[0];
  console.log(
    `\n<signal-chart>: ${options.points.toLocaleString('en-US')} readings, ${results.runs.length} draws\n` +
      `  time to the drawn chart (median): ${formatNumber(draw, 1)} ms\n` +
      `  longest task: ${longest > 0 ? `${formatNumber(longest, 1)} ms` : 'none of 50 ms or more'}` +
      ` (${results.runs.map((run) => run.longTasks).join(', ')} long tasks per draw)\n` +
      `  drawn path: ${pathPoints.toLocaleString('en-US')} points for ${width} px of width`,
  );
  return {
    title: null,
    rows: [],
    notes: results.longTaskSupported ? [] : ['longtask entries are not supported here.'],
    checks: [
      {
        label: 'chart: longest task with 100,000 readings, ms',
        value: longest,
        target: 50,
        better: 'lower',
      },
    ],
  };
}

// -----------------------------------------------------------------------------------------------
// Saved threads: a saved 1,000-message thread painted by <agent-chat>, and token ingest with saving on and off.

async function threadsBench(page) {
  const options = { messages: 1_000, tokens: ci ? 2_000 : 10_000, reps: ci ? 3 : REPS };
  // --cpu-time: each measured paint is also traced, for its longest task by main-thread CPU time.
  const threadMs = [];
  const threadParts = [];
  if (cpuTime) {
    const session = await page.context().newCDPSession(page);
    let tracing = null;
    await page.exposeFunction('threadsBenchMark', async (label) => {
      if (label === 'start') {
        tracing = startTrace(session);
        await tracing.started;
      } else {
        const trace = await tracing.stop();
        threadMs.push(trace.longestThreadMs);
        threadParts.push(`${formatNumber(trace.longestTaskMs, 1)} ms: ${trace.longestTaskParts}`);
      }
    });
  }
  const loadBefore = loadavg()[0];
  const results = await page.evaluate((opts) => window.runBench(opts), options);
  const loadAfter = loadavg()[0];
  const paint = median(results.paintMs);
  const longest = Math.max(...results.paintLongestTaskMs);
  const plain = median(results.ingestPlainMs);
  const saved = median(results.ingestSavedMs);
  const spread = (values) => Math.max(...values) / Math.min(...values);
  const noise = Math.max(spread(results.ingestPlainMs), spread(results.ingestSavedMs));
  console.log(
    `\nSaved threads: a ${options.messages.toLocaleString('en-US')}-message thread restored into <agent-chat>, ` +
      `${results.paintMs.length} times\n` +
      `  time to the painted transcript, its latest messages (median): ${formatNumber(paint, 1)} ms; ` +
      `every message rendered: ${formatNumber(median(results.fullMs), 1)} ms\n` +
      `  longest task while it paints: ${longest > 0 ? `${formatNumber(longest, 1)} ms` : 'none of 50 ms or more'}\n` +
      (cpuTime
        ? `  longest task while it paints, by main-thread CPU time: ${formatNumber(Math.max(...threadMs), 1)} ms ` +
          `(per paint: ${threadMs.map((ms) => formatNumber(ms, 1)).join(', ')})\n` +
          `  each paint's longest task by trace event:\n${threadParts.map((line) => `    ${line}`).join('\n')}\n`
        : '') +
      `  load average ${formatNumber(loadBefore, 2)} before, ${formatNumber(loadAfter, 2)} after, on ${cpus().length} CPUs\n` +
      `  token ingest, ${options.tokens.toLocaleString('en-US')} tokens (median): ${formatNumber(plain, 1)} ms without ` +
      `saving, ${formatNumber(saved, 1)} ms with saving (ratio ${formatNumber(saved / plain, 2)}; ` +
      `run-to-run spread ${formatNumber(noise, 2)}x)`,
  );
  return {
    title: null,
    rows: [],
    notes: [],
    checks: [
      {
        label: 'threads: 1,000 saved messages painted, ms',
        value: paint,
        target: 150,
        better: 'lower',
      },
      {
        label: 'threads: longest task while painting, ms',
        value: longest,
        target: 50,
        better: 'lower',
      },
      {
        label: 'threads: ingest with saving / without (within noise)',
        value: saved / plain,
        target: Math.max(1.1, noise),
        better: 'lower',
      },
    ],
  };
}

// -----------------------------------------------------------------------------------------------
// The chat benchmark: <agent-chat> streaming a 10,000-token markdown reply after 10 and after 200 earlier messages.

const CHAT_STREAM = { tokens: 10_000, tokensPerTick: 8, tickMs: 4 };
/** Markdown for the whole reply and the longest task, at 10 and at 200 earlier messages (tracker issue 12). */
const CHAT_TARGETS = { markdownMs: 80, longestTaskMs: 50 };

async function chatBench(page) {
  if (profile) return profileChat(page);
  // The median of three in --ci too: one stream on a shared 2-CPU machine varied 110-180 ms for the same code.
  const reps = 3;
  const session = await page.context().newCDPSession(page);
  await session.send('Performance.enable');
  await session.send('Profiler.enable');
  // Coarse sampling: enough for a total, and light enough not to slow the measured stream down.
  await session.send('Profiler.setSamplingInterval', { interval: 1000 });
  const marks = new Map();
  let tracing = null;
  let instrumented = false;
  // The page calls this when the measured stream starts and ends, so everything covers the stream only (not the
  // set-up of the earlier conversation). An instrumented stream also records a trace (the longest task) and a CPU
  // profile (scripting); a plain one gives the figures that instrumentation would slow down (markdown, frames).
  await page.exposeFunction('chatBenchMark', async (label) => {
    if (label === 'start') {
      if (instrumented) {
        tracing = startTrace(session);
        await tracing.started;
        await session.send('Profiler.start');
      }
      marks.set('start', taskMetrics(await session.send('Performance.getMetrics')));
      return;
    }
    marks.set('end', taskMetrics(await session.send('Performance.getMetrics')));
    if (instrumented) {
      const { profile: cpu } = await session.send('Profiler.stop');
      marks.set('scriptMs', scriptingMs(cpu));
      marks.set('trace', await tracing.stop());
    }
  });
  const stream = (history, tokens, reply) =>
    page.evaluate((opts) => window.runBench(opts), { ...CHAT_STREAM, tokens, history, reply });
  const measure = async (history, tokens = CHAT_STREAM.tokens, reply = 'report') => {
    instrumented = false;
    const result = await stream(history, tokens, reply);
    const start = marks.get('start');
    const end = marks.get('end');
    instrumented = true;
    await stream(history, tokens, reply);
    instrumented = false;
    return {
      ...result,
      scriptMs: marks.get('scriptMs'),
      busyMs: (end.TaskDuration - start.TaskDuration) * 1000,
      layoutMs:
        (end.LayoutDuration +
          end.RecalcStyleDuration -
          start.LayoutDuration -
          start.RecalcStyleDuration) *
        1000,
      longestTaskMs: marks.get('trace').longestTaskMs,
      longestThreadMs: marks.get('trace').longestThreadMs,
      longestTaskParts: marks.get('trace').longestTaskParts,
    };
  };
  const load = loadavg()[0];
  // Warm-up, not recorded: the first stream compiles the code paths.
  await measure(10, 2_000);
  const runs = { small: [], large: [], mixed: [] };
  for (let rep = 0; rep < reps; rep += 1) {
    runs.small.push(await measure(10));
    runs.large.push(await measure(200));
    // Issue 30: a reply that is mostly highlighted code in six languages, with tables.
    runs.mixed.push(await measure(10, CHAT_STREAM.tokens, 'mixed'));
  }
  await session.detach();
  const summary = (list) => ({
    longestTaskMs: Math.max(...list.map((run) => run.longestTaskMs)),
    longestThreadMs: Math.max(...list.map((run) => run.longestThreadMs)),
    longestTaskParts: list.reduce((worst, run) =>
      run.longestTaskMs > worst.longestTaskMs ? run : worst,
    ).longestTaskParts,
    p95FrameMs: median(list.map((run) => percentile(run.frameMs, 0.95))),
    frames: median(list.map((run) => run.frameMs.length)),
    scriptMs: median(list.map((run) => run.scriptMs)),
    busyMs: median(list.map((run) => run.busyMs)),
    layoutMs: median(list.map((run) => run.layoutMs)),
    markdownMs: median(list.map((run) => run.markdownMs)),
    lexMs: median(list.map((run) => run.lexMs)),
    highlightMs: median(list.map((run) => run.highlightMs)),
    streamMs: median(list.map((run) => run.streamMs)),
    fullParseMs: median(list.map((run) => run.fullParseMs)),
  });
  const small = summary(runs.small);
  const large = summary(runs.large);
  const mixed = summary(runs.mixed);
  const sample = runs.large[0];
  const lines = [
    ['longest task, ms', (s) => s.longestTaskMs],
    ['  by main-thread CPU time, ms', (s) => s.longestThreadMs],
    ['p95 frame time, ms', (s) => s.p95FrameMs],
    ['scripting total, ms', (s) => s.scriptMs],
    ['main thread busy, ms', (s) => s.busyMs],
    ['  of it style and layout, ms', (s) => s.layoutMs],
    ['markdown, ms', (s) => s.markdownMs],
    ['  of it lexing (marked), ms', (s) => s.lexMs],
    ['  of it colouring code, ms', (s) => s.highlightMs],
    ['stream to rendered end, ms', (s) => s.streamMs],
    ['frames', (s) => s.frames],
  ];
  console.log(
    `\n<agent-chat>: a ${sample.tokens.toLocaleString('en-US')}-token reply (${formatNumber(sample.replyChars / 1024, 1)} KB ` +
      `of markdown, ${CHAT_STREAM.tokensPerTick} tokens every ${CHAT_STREAM.tickMs} ms), ` +
      `${reps === 1 ? 'one run' : `median of ${reps}`} after a warm-up; load average ${formatNumber(load, 2)} ` +
      `on ${cpus().length} CPUs.\nEach stream runs twice: plain (frames, busy, markdown) and traced with a CPU profile ` +
      `(longest task, scripting).\n`,
  );
  console.log(
    `${''.padEnd(30)}${'10 earlier'.padStart(12)}${'200 earlier'.padStart(13)}${'mixed, 10'.padStart(12)}`,
  );
  for (const [label, read] of lines) {
    const digits = label === 'frames' ? 0 : 1;
    console.log(
      `${label.padEnd(30)}${formatNumber(read(small), digits).padStart(12)}` +
        `${formatNumber(read(large), digits).padStart(13)}${formatNumber(read(mixed), digits).padStart(12)}`,
    );
  }
  console.log(
    `mixed: a ${formatNumber(runs.mixed[0].replyChars / 1024, 1)} KB reply of code in six languages (highlighted as ` +
      `it streams) and tables, after 10 earlier messages.`,
  );
  console.log(
    `one full parse of the finished reply: ${formatNumber(large.fullParseMs, 1)} ms ` +
      `(parsing the whole answer on each of ${formatNumber(large.frames)} frames would cost about ` +
      `${formatNumber((large.fullParseMs * large.frames) / 2 / 1000, 1)} s)`,
  );
  for (const [figures, earlier] of [
    [small, '10 earlier'],
    [large, '200 earlier'],
    [mixed, 'mixed, 10 earlier'],
  ]) {
    console.log(`longest task (${earlier}), ms by trace event: ${figures.longestTaskParts}`);
  }
  const ratio = large.scriptMs / small.scriptMs;
  // Judged at both history lengths; --ci fails only past 1.5x a target (a shared machine is noisy). The longest task
  // is judged by the wall clock (a commit that waits on the compositor blocks the page too); its main-thread CPU time
  // is printed beside it to tell a busy machine from slower code (at load 4-6 on 2 CPUs the mixed reply's longest
  // task measured 122-131 ms by the wall clock, and 42 ms at load 1.7 with 16 ms of CPU time, for the same code).
  const timed = [
    ['markdown for the reply', 'markdownMs', CHAT_TARGETS.markdownMs],
    ['longest task', 'longestTaskMs', CHAT_TARGETS.longestTaskMs],
  ].flatMap(([label, key, target]) =>
    [
      [small, '10 earlier'],
      [large, '200 earlier'],
      [mixed, 'mixed reply, 10 earlier'],
    ].map(([figures, earlier]) => ({
      label: `chat: ${label} (${earlier}), ms`,
      value: figures[key],
      target,
      better: 'lower',
      unit: ' ms',
    })),
  );
  const targets = [
    ...timed.map((check) => [check.label.slice('chat: '.length), check.value, check.target, 'ms']),
    ['p95 frame within 16.7 ms (200 earlier)', large.p95FrameMs, 16.7, 'ms'],
    ['scripting at 200 messages within 1.5x of 10', ratio, 1.5, 'x'],
  ];
  console.log('\ntargets');
  for (const [label, value, target, unit] of targets) {
    const shown = `${formatNumber(value, unit === 'x' ? 2 : 1)}${unit === 'x' ? 'x' : ' ms'}`;
    console.log(`  ${label.padEnd(52)}${shown.padStart(10)}  ${value <= target ? 'PASS' : 'MISS'}`);
  }
  console.log(
    `  --ci fails past ${CI_SLACK}x a target (markdown > ${CHAT_TARGETS.markdownMs * CI_SLACK} ms, ` +
      `a task > ${CHAT_TARGETS.longestTaskMs * CI_SLACK} ms, scripting at 200 messages over ${1.5 * CI_SLACK}x that at 10).`,
  );
  if (load > cpus().length) {
    console.log(
      `  note: the machine was busy (load ${formatNumber(load, 2)} on ${cpus().length} CPUs): absolute times are inflated; run again on a quieter machine.`,
    );
  }
  return {
    title: null,
    rows: [],
    notes: [],
    checks: [
      {
        label: 'chat: scripting with 200 earlier messages / with 10',
        value: ratio,
        target: 1.5,
        better: 'lower',
      },
      ...timed,
      {
        label: 'chat: p95 frame, ms',
        value: large.p95FrameMs,
        target: 16.7,
        better: 'lower',
        informational: true,
        unit: ' ms',
      },
    ],
  };
}

// -----------------------------------------------------------------------------------------------
// The inspector benchmark: 100,000 events in the log, then 2,000 events a second through a real store.

async function inspectorBench(page) {
  if (profile) return { title: null, rows: [], checks: [], notes: [] };
  const options = { preload: 100_000, rate: 2_000, seconds: ci ? 2 : 5 };
  const result = await page.evaluate((opts) => window.runBench(opts), options);
  const longest = result.longTasks.length > 0 ? Math.max(...result.longTasks) : 0;
  console.log(
    `\n<agent-inspector>: ${options.preload.toLocaleString('en-US')} events logged, then ` +
      `${options.rate.toLocaleString('en-US')} events/s for ${options.seconds} s through a RunStore\n` +
      `  events logged while streaming: ${result.events.toLocaleString('en-US')} in ${formatNumber(result.streamMs, 0)} ms, ` +
      `${result.frames} frames, ${result.rowsInDom} rows in the DOM\n` +
      `  longest task: ${longest > 0 ? `${formatNumber(longest, 1)} ms` : 'none of 50 ms or more'}` +
      ` (${result.longTasks.length} long tasks)`,
  );
  return {
    title: null,
    rows: [],
    notes: result.longTaskSupported ? [] : ['longtask entries are not supported here.'],
    checks: [
      {
        label: 'inspector: longest task, 2,000 events/s over 100,000, ms',
        value: longest,
        target: 50,
        better: 'lower',
      },
    ],
  };
}

// -----------------------------------------------------------------------------------------------
// Page bytes (issue 24): the gzip script bytes three pages of dist/ download, counted in Chromium from outside.

async function pageBytesBench(browser) {
  const { measurePageBytes } = await tsImport('./page-bytes.ts', import.meta.url);
  const title =
    'Page bytes: gzip script bytes each page downloads (CDP body bytes: encodedDataLength less the response ' +
    'headers), dist/ served with gzip -9 beside the fixture endpoint, each page in a fresh context';
  const loadBefore = loadavg()[0];
  let results;
  try {
    results = await measurePageBytes(browser);
  } catch (error) {
    // Said at once and in the report, and the run fails: a count that was not taken never passes.
    const message = error instanceof Error ? error.message : String(error);
    console.error(`[page-bytes] not measured: ${message}`);
    process.exitCode = 1;
    return { title, rows: [], checks: [], notes: [`not measured: ${message}`] };
  }
  const loadAfter = loadavg()[0];
  const kib = (bytes) => bytes / 1024;
  const lines = [];
  for (const result of results) {
    lines.push(
      `${result.label}: ${formatNumber(kib(result.totalBytes), 1)} KiB in ${result.scripts.length} script responses`,
    );
    const width = Math.max(...result.scripts.map((script) => script.url.length), 6);
    lines.push(`  ${'script'.padEnd(width)}  ${'gzip bytes'.padStart(10)}`);
    for (const script of result.scripts) {
      lines.push(`  ${script.url.padEnd(width)}  ${formatNumber(script.bytes).padStart(10)}`);
    }
    lines.push(`  ${'total'.padEnd(width)}  ${formatNumber(result.totalBytes).padStart(10)}`, '');
  }
  const notes = [
    `load average ${formatNumber(loadBefore, 2)} before, ${formatNumber(loadAfter, 2)} after, on ${cpus().length} CPUs ` +
      '(the bytes do not depend on it)',
    ...results.flatMap((result) =>
      result.problems.map((problem) => `the ${result.id} page's count is not trusted: ${problem}`),
    ),
  ];
  if (ci && results.some((result) => result.problems.length > 0)) {
    console.error(
      '[page-bytes] --ci: a page had errors, warnings or failed requests (see the notes)',
    );
    process.exitCode = 1;
  }
  return {
    title,
    lines,
    rows: [],
    checks: results.map((result) => ({
      label: `page bytes: ${result.name}, KiB`,
      value: kib(result.totalBytes),
      target: kib(result.targetBytes),
      better: 'lower',
      unit: ' KiB',
    })),
    notes,
  };
}

/** JavaScript time in a CPU profile: every sample but idle, native rendering ("program") and the root. */
function scriptingMs(cpuProfile) {
  const byId = new Map(cpuProfile.nodes.map((node) => [node.id, node]));
  let total = 0;
  cpuProfile.samples.forEach((id, index) => {
    const name = byId.get(id)?.callFrame.functionName;
    if (name === '(idle)' || name === '(program)' || name === '(root)') return;
    total += (cpuProfile.timeDeltas[index] ?? 0) / 1000;
  });
  return total;
}

/** The value below which this share of the samples fall. */
function percentile(values, share) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
}

/** Cumulative main-thread metrics (seconds) from CDP Performance.getMetrics. */
function taskMetrics({ metrics }) {
  const byName = Object.fromEntries(metrics.map((metric) => [metric.name, metric.value]));
  return {
    TaskDuration: byName.TaskDuration ?? 0,
    LayoutDuration: byName.LayoutDuration ?? 0,
    RecalcStyleDuration: byName.RecalcStyleDuration ?? 0,
  };
}

/** A trace of the renderer's tasks; `stop()` resolves with the longest task on the page's main thread. */
function startTrace(session) {
  const events = [];
  const collect = ({ value }) => events.push(...value);
  session.on('Tracing.dataCollected', collect);
  const started = session.send('Tracing.start', {
    categories: 'disabled-by-default-devtools.timeline',
    transferMode: 'ReportEvents',
  });
  const stop = async () => {
    const complete = new Promise((resolve) => session.once('Tracing.tracingComplete', resolve));
    await session.send('Tracing.end');
    await complete;
    session.off('Tracing.dataCollected', collect);
    const main = new Set(
      events
        .filter(
          (item) =>
            item.ph === 'M' && item.name === 'thread_name' && item.args?.name === 'CrRendererMain',
        )
        .map((item) => `${item.pid}:${item.tid}`),
    );
    // The bench's own DevTools commands (starting the CPU profiler costs ~45 ms) run as tasks on the page's thread:
    // they are the measurement, not the page, so they never count.
    const commands = events.filter(
      (item) => item.ph === 'X' && item.name === 'DevToolsSession::DispatchProtocolCommand',
    );
    const isCommand = (task) =>
      commands.some(
        (item) =>
          item.tid === task.tid &&
          item.pid === task.pid &&
          item.ts >= task.ts &&
          item.ts <= task.ts + (task.dur ?? 0),
      );
    let longest = null;
    for (const item of events) {
      if (item.ph !== 'X' || item.name !== 'RunTask' || !main.has(`${item.pid}:${item.tid}`))
        continue;
      if ((!longest || (item.dur ?? 0) > (longest.dur ?? 0)) && !isCommand(item)) longest = item;
    }
    // The same by the main thread's CPU time (`tdur`): what a busy machine's preemption does not stretch.
    let longestThreadMs = 0;
    for (const item of events) {
      if (item.ph !== 'X' || item.name !== 'RunTask' || !main.has(`${item.pid}:${item.tid}`))
        continue;
      if ((item.tdur ?? 0) / 1000 > longestThreadMs && !isCommand(item))
        longestThreadMs = item.tdur / 1000;
    }
    if (!longest) return { longestTaskMs: 0, longestTaskParts: '', longestThreadMs };
    // What the longest task was made of: the trace events inside it on its thread, by name (nested ones overlap).
    const parts = new Map();
    for (const item of events) {
      if (
        item.ph !== 'X' ||
        item === longest ||
        item.tid !== longest.tid ||
        item.pid !== longest.pid
      )
        continue;
      if (item.ts < longest.ts || item.ts + (item.dur ?? 0) > longest.ts + longest.dur) continue;
      parts.set(item.name, (parts.get(item.name) ?? 0) + (item.dur ?? 0) / 1000);
    }
    const longestTaskParts = [...parts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
      .join(', ');
    return { longestTaskMs: (longest.dur ?? 0) / 1000, longestTaskParts, longestThreadMs };
  };
  return { started, stop };
}

// -----------------------------------------------------------------------------------------------
// Shared: statistics, printing, build, server, browser.

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** How far past its target a figure may be before `--ci` fails: noise on a shared machine, never a regression. */
const CI_SLACK = 1.5;

/** Past 1.5x the target: over 1.5x a "lower is better" target, under a "higher" one divided by 1.5. */
function ciLimit(check) {
  return check.better === 'lower' ? check.target * CI_SLACK : check.target / CI_SLACK;
}

function failsCi(check) {
  return check.better === 'lower' ? check.value > ciLimit(check) : check.value < ciLimit(check);
}

function meetsTarget(check) {
  return check.better === 'lower' ? check.value <= check.target : check.value >= check.target;
}

function formatNumber(value, digits = 0) {
  return value.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

function printReport(report) {
  if (!report.title) return;
  console.log(`\n${report.title}\n`);
  for (const line of report.lines ?? []) console.log(line);
  if (report.rows.length > 0) printRows(report.rows);
  printChecks(report);
  for (const note of report.notes) console.log(`note: ${note}`);
}

function printRows(rows) {
  const width = Math.max(...rows.map((row) => row.label.length), 4);
  console.log(
    `${'case'.padEnd(width)}  ${'events/s'.padStart(11)}  ${'median ms'.padStart(10)}  ${'min-max ms'.padStart(17)}  ${'state$/event'.padStart(12)}  console`,
  );
  for (const row of rows) {
    const spread = `${formatNumber(row.minMs, 1)}-${formatNumber(row.maxMs, 1)}`;
    const emissions =
      row.emissionsPerEvent === undefined ? '' : formatNumber(row.emissionsPerEvent, 2);
    console.log(
      `${row.label.padEnd(width)}  ${formatNumber(row.eventsPerSecond).padStart(11)}  ${formatNumber(row.medianMs, 1).padStart(10)}  ${spread.padStart(17)}  ${emissions.padStart(12)}  ${row.consoleCalls}`,
    );
  }
  for (const row of rows.filter((item) => item.consoleCalls > 0)) {
    console.log(`  console output in "${row.label}" (counted, not printed while timing):`);
    for (const sample of row.consoleSamples) console.log(`    ${sample}`);
  }
}

function printChecks(report) {
  if (report.checks.length === 0) return;
  const checkWidth = Math.max(...report.checks.map((check) => check.label.length));
  const shown = (check) => `${formatNumber(check.value, 2)}${check.unit ?? 'x'}`;
  const valueWidth = Math.max(8, ...report.checks.map((check) => shown(check).length));
  console.log(
    `\n${'ratio'.padEnd(checkWidth)}  ${'value'.padStart(valueWidth)}  ${'target'.padStart(8)}  result  --ci fails when`,
  );
  for (const check of report.checks) {
    const value = shown(check).padStart(valueWidth);
    if (check.target === undefined || check.informational) {
      const against =
        check.target === undefined
          ? ''
          : ` (${meetsTarget(check) ? 'meets' : 'misses'} ${check.better === 'lower' ? '<=' : '>='} ${check.target}; not judged)`;
      console.log(`${check.label.padEnd(checkWidth)}  ${value}${against}`);
      continue;
    }
    const target = `${check.better === 'lower' ? '<=' : '>='} ${check.target}`.padStart(8);
    const floor = `${check.better === 'lower' ? '>' : '<'} ${formatNumber(ciLimit(check), 2)}`;
    const result = meetsTarget(check) ? 'PASS' : 'FAIL';
    console.log(
      `${check.label.padEnd(checkWidth)}  ${value}  ${target}  ${result.padEnd(6)}  ${floor}`,
    );
  }
}

/** Bundles the entries of the benchmarks that run (a benchmark without one opens its own pages). */
async function buildEntries() {
  const entries = BENCHMARKS.filter((bench) => bench.entry && (!ONLY || bench.name === ONLY));
  if (entries.length === 0) return;
  await build({
    entryPoints: Object.fromEntries(entries.map((bench) => [bench.name, bench.entry])),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outdir: OUT_DIR,
    logLevel: 'warning',
    plugins: [prismPrivateEsbuild()],
  });
}

const TYPES = { '.js': 'text/javascript', '.html': 'text/html', '.map': 'application/json' };

/** Serves the bundles, and `/<name>.html` pages that load them, on 127.0.0.1 (cross-origin isolated). */
function startServer() {
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const headers = {
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
      'Cache-Control': 'no-store',
    };
    const page = /^\/([\w-]+)\.html$/.exec(path);
    if (page) {
      response.writeHead(200, { ...headers, 'Content-Type': TYPES['.html'] });
      response.end(
        `<!doctype html><meta charset="utf-8"><script type="module" src="/${page[1]}.js"></script>`,
      );
      return;
    }
    const file = normalize(join(OUT_DIR, path));
    if (!file.startsWith(OUT_DIR)) {
      response.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      response.writeHead(200, {
        ...headers,
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

async function main() {
  const started = Date.now();
  await buildEntries();
  const server = await startServer();
  const { port } = server.address();
  let browser;
  const reports = [];
  try {
    browser = await chromium.launch({
      executablePath: findChrome(),
      args: [...CHROME_ARGS, '--js-flags=--expose-gc'],
    });
    for (const bench of BENCHMARKS.filter((item) => !ONLY || item.name === ONLY)) {
      if (!bench.entry) {
        reports.push(await bench.run(browser));
        continue;
      }
      const page = await browser.newPage();
      page.on('pageerror', (error) =>
        console.error(`[${bench.name}] page error: ${error.message}`),
      );
      await page.exposeFunction('benchProgress', (line) => console.log(`[${bench.name}] ${line}`));
      await page.goto(`http://127.0.0.1:${port}/${bench.name}.html`);
      await page.waitForFunction(() => typeof window.runBench === 'function');
      reports.push(await bench.run(page));
      await page.close();
    }
  } finally {
    await browser?.close();
    await new Promise((done) => server.close(done));
  }
  for (const report of reports) printReport(report);
  const checks = reports
    .flatMap((report) => report.checks)
    .filter((check) => check.target !== undefined && !check.informational);
  const failing = checks.filter(failsCi);
  const missed = checks.filter((check) => !meetsTarget(check));
  console.log(
    `\n${checks.length - missed.length}/${checks.length} ratios meet their targets; ` +
      `${failing.length} past 1.5x the target; ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (ci && failing.length > 0) {
    console.error(`--ci: failing on ${failing.map((check) => check.label).join('; ')}`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
});
