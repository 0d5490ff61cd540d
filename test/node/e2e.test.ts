// End-to-end: the built demo and the script-tag embed page in Chromium, against the real fixture endpoint,
// at desktop and mobile sizes.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROME_ARGS, findChrome } from '../../scripts/chrome.mjs';
import { ALL_TAGS } from '../../src/tags.js';
import { startE2eServer, type E2eServer } from '../e2e/e2e-server.js';
import type { LocaleTable } from '../../src/i18n/messages.js';
import he from '../../src/i18n/locales/he.js';
import ja from '../../src/i18n/locales/ja.js';

// Scenarios run ten times faster than a person sees them; the slow scenario still waits 400 ms per step.
const TIME_SCALE = 0.1;

const VIEWPORTS = [
  { name: 'desktop', width: 1365, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
] as const;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let server: E2eServer;
let browser: Browser;

before(async () => {
  server = await startE2eServer(TIME_SCALE);
  browser = await chromium.launch({ executablePath: findChrome(), args: CHROME_ARGS });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

interface OpenPage {
  readonly page: Page;
  readonly problems: string[];
  close(): Promise<void>;
}

async function open(path: string, viewport: (typeof VIEWPORTS)[number]): Promise<OpenPage> {
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await page.exposeFunction('reportCspViolation', (text: string) => problems.push(text));
  await page.addInitScript(
    "document.addEventListener('securitypolicyviolation', (event) => window.reportCspViolation('CSP violation: ' + event.violatedDirective + ' ' + event.blockedURI))",
  );
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`console ${message.type()}: ${message.text()}`);
    }
  });
  await page.goto(`${server.origin}${path}`);
  await page.locator('run-controls').getByRole('button', { name: 'Run', exact: true }).waitFor();
  return { page, problems, close: () => context.close() };
}

/** Runs the pages asked the agent for (POST /api/agent-analysis; stop and connect requests are counted apart). */
function agentPosts(): number {
  return server.apiRequests.filter(
    (request) => request.method === 'POST' && request.path === '/api/agent-analysis',
  ).length;
}

/** Stop requests (the demo sets stop-endpoint: a cancel for the person also tells the server). */
function stopPosts(): number {
  return server.apiRequests.filter(
    (request) => request.method === 'POST' && request.path.startsWith('/api/agent-analysis/stop/'),
  ).length;
}

async function status(page: Page): Promise<string> {
  return (await page.locator('run-controls [role="status"]').innerText()).trim();
}

async function waitForStatus(page: Page, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const text = await status(page);
    if (pattern.test(text)) return text;
    if (Date.now() > deadline)
      throw new Error(`The status stayed "${text}", never matching ${pattern}`);
    await pause(25);
  }
}

async function rows(page: Page): Promise<string[][]> {
  return page
    .locator('service-chart tbody tr')
    .evaluateAll((elements) =>
      elements.map((row) =>
        [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim()),
      ),
    );
}

async function serviceNames(page: Page): Promise<string[]> {
  return (await rows(page)).map((cells) => cells[0]?.replace(/\s*Selected$/, '') ?? '');
}

/** The latency cell's number (a selected row adds its change since the run began below it). */
async function latencyOf(page: Page, name: string): Promise<string | undefined> {
  const row = (await rows(page)).find((cells) => cells[0]?.startsWith(name));
  return row?.[row.length - 1]?.split(/\s+/)[0];
}

async function run(page: Page, scenario: 'Normal' | 'Invalid patch' | 'Slow'): Promise<void> {
  await page.getByLabel('Scenario').selectOption({ label: scenario });
  await page.locator('run-controls').getByRole('button', { name: 'Run', exact: true }).click();
}

/** Records, every animation frame, whether the chart ever showed the text. */
async function watchChartFor(page: Page, text: string): Promise<() => Promise<boolean>> {
  // A string, so the test's TypeScript transform cannot add helpers the page does not have.
  await page.evaluate(`(() => {
    const state = { seen: false };
    window.chartWatch = state;
    const sample = () => {
      const chart = document.querySelector('service-chart');
      if (chart && chart.shadowRoot && chart.shadowRoot.textContent.includes(${JSON.stringify(text)})) {
        state.seen = true;
      }
      requestAnimationFrame(sample);
    };
    sample();
  })()`);
  return async () => (await page.evaluate('window.chartWatch.seen')) as boolean;
}

for (const viewport of VIEWPORTS) {
  describe(`the demo page, ${viewport.name} ${viewport.width}x${viewport.height}`, () => {
    it('sends nothing while idle', async () => {
      const before = server.apiRequests.length;
      const { page, problems, close } = await open('/', viewport);
      await pause(500);
      assert.equal(server.apiRequests.length, before);
      assert.equal(await status(page), 'Idle');
      assert.deepEqual(problems, []);
      await close();
    });

    it("shows the sentinel's cell-1 banners beside the analysis before any run, the newest three", async () => {
      const before = server.channelConnections();
      const { page, problems, close } = await open('/', viewport);
      const banners = page.locator('section.chart alert-banner');
      const texts = () =>
        banners.evaluateAll((elements) =>
          elements.map((element) => (element.shadowRoot?.textContent ?? '').replace(/\s+/g, ' ')),
        );
      // Cells take turns (1, 2, 3, 1, …): reading 10 is the fourth banner for cell 1.
      await page.getByText('(reading 10)').waitFor({ timeout: 15_000 });
      const shown = await texts();
      assert.equal(shown.length, 3);
      assert.ok(
        shown.every((text) => text.includes('on cell 1')),
        shown.join(' | '),
      );
      assert.ok(shown[2]?.includes('(reading 10)'));
      assert.equal(
        (await page.locator('run-controls [part="channel"]').innerText()).trim(),
        'Live updates: connected',
      );
      assert.equal(await status(page), 'Idle');
      assert.equal(server.channelConnections(), before + 1);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= viewport.width, `the page scrolls sideways: ${width} > ${viewport.width}`);
      assert.deepEqual(problems, []);
      await close();
    });

    it('fills four rows after the reorder and the addition, on one request', async () => {
      const { page, problems, close } = await open('/', viewport);
      const posts = agentPosts();
      await run(page, 'Normal');
      await waitForStatus(page, /^Completed/);
      assert.deepEqual(await serviceNames(page), ['Queue', 'Search', 'API', 'Events']);
      assert.equal(await latencyOf(page, 'API'), '145');
      // The agent selected API: it is compared with the run's first snapshot, beside the table and in its row.
      assert.deepEqual(await page.locator('service-chart .comparison p').allInnerTexts(), [
        'API since run 1 began',
        'Latency 145 ms, was 60 ms: +85 ms (+142%)',
        'Volume 1,200 requests, was 1,200: no change',
      ]);
      assert.match((await rows(page))[2]?.[3] ?? '', /\+85 ms \(\+142%\)$/);
      assert.equal(agentPosts(), posts + 1);
      await page
        .locator('diagnostic-card[latest]')
        .getByText('API latency 2.4× baseline')
        .waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= viewport.width, `the page scrolls sideways: ${width} > ${viewport.width}`);
      await page.screenshot({ path: `.bench/e2e-normal-${viewport.name}.png`, fullPage: true });
      assert.deepEqual(problems, []);
      await close();
    });

    it('never shows 999 on the invalid patch, keeps latency 60, fails, and does not restart', async () => {
      const { page, problems, close } = await open('/', viewport);
      const seen999 = await watchChartFor(page, '999');
      const posts = agentPosts();
      await run(page, 'Invalid patch');
      const failed = await waitForStatus(page, /^Failed/);
      assert.match(failed, /patch rejected/i);
      assert.equal(await latencyOf(page, 'API'), '60');
      await pause(800);
      assert.equal(await seen999(), false, 'the chart showed 999');
      assert.equal(agentPosts(), posts + 1, 'the failed run was retried');
      assert.match(await status(page), /^Failed/);
      await page.screenshot({ path: `.bench/e2e-invalid-${viewport.name}.png`, fullPage: true });

      // Recover: exactly one new request, a fresh snapshot, then the normal data.
      await page.locator('run-controls').getByRole('button', { name: 'Recover' }).click();
      await waitForStatus(page, /^Completed/);
      assert.equal(agentPosts(), posts + 2);
      assert.deepEqual(await serviceNames(page), ['Queue', 'Search', 'API', 'Events']);
      assert.deepEqual(problems, []);
      await close();
    });

    it('cancels a slow run after the first snapshot: three rows stay, Cancel is disabled, nothing more is sent', async () => {
      const { page, problems, close } = await open('/', viewport);
      const posts = agentPosts();
      const stops = stopPosts();
      await run(page, 'Slow');
      await page.locator('service-chart tbody tr').nth(2).waitFor({ timeout: 10_000 });
      const cancel = page.locator('run-controls').getByRole('button', { name: 'Cancel' });
      await cancel.click();
      await waitForStatus(page, /^Cancelled/);
      assert.equal(await cancel.isDisabled(), true);
      assert.equal((await rows(page)).length, 3);
      await pause(1000);
      assert.equal((await rows(page)).length, 3);
      assert.equal(agentPosts(), posts + 1);
      assert.equal(stopPosts(), stops + 1, 'the cancel told the server to stop the run');
      assert.deepEqual(problems, []);
      await close();
    });
  });

  describe(`demo/embed.html with one classic script tag, ${viewport.name}`, () => {
    it('sends nothing while idle, then runs the normal scenario', async () => {
      const before = server.apiRequests.length;
      const { page, problems, close } = await open('/embed.html', viewport);
      await pause(300);
      assert.equal(server.apiRequests.length, before);
      const scripts = await page.evaluate(() =>
        [...document.scripts].map((script) => ({
          src: script.getAttribute('src'),
          type: script.type,
        })),
      );
      assert.deepEqual(scripts, [{ src: '/dist/agui-elements.iife.js', type: '' }]);
      await run(page, 'Normal');
      await waitForStatus(page, /^Completed/);
      assert.deepEqual(await serviceNames(page), ['Queue', 'Search', 'API', 'Events']);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= viewport.width, `the page scrolls sideways: ${width} > ${viewport.width}`);
      assert.deepEqual(problems, []);
      await close();
    });

    it('keeps latency 60 and fails on the invalid patch', async () => {
      const { page, problems, close } = await open('/embed.html', viewport);
      await run(page, 'Invalid patch');
      await waitForStatus(page, /^Failed/);
      assert.equal(await latencyOf(page, 'API'), '60');
      assert.deepEqual(problems, []);
      await close();
    });
  });
}

describe('under a strict Content-Security-Policy with Trusted Types', () => {
  for (const path of ['/strict/', '/strict/embed.html']) {
    it(`${path} runs the normal scenario without a violation`, async () => {
      const { page, problems, close } = await open(path, VIEWPORTS[0]);
      await run(page, 'Normal');
      await waitForStatus(page, /^Completed/);
      assert.deepEqual(await serviceNames(page), ['Queue', 'Search', 'API', 'Events']);
      assert.deepEqual(problems, []);
      await close();
    });
  }
});

describe('demo/module.html with the ES module and its lazy chunks', () => {
  it('defines the run elements and the chat from their chunks, loads the pipeline only on the first run, and runs', async () => {
    const { page, problems, close } = await open('/module.html', VIEWPORTS[0]);
    const scripts = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name).pathname)
          .filter((path) => path.startsWith('/dist/')),
      );
    await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    await page.waitForFunction(() => customElements.get('service-chart') !== undefined);
    const fromChunk = async (element: string) =>
      (await scripts()).some((path) => path.startsWith(`/dist/chunks/${element}-`));
    for (const element of ['run-controls', 'service-chart']) {
      assert.ok(await fromChunk(element), `<${element}> came from its own chunk`);
    }
    assert.ok(!(await fromChunk('diagnostic-card')), 'the page shows no diagnostic card yet');
    assert.ok(
      !(await scripts()).some((path) => path.includes('pipeline')),
      'the pipeline loaded while idle',
    );
    await run(page, 'Normal');
    await waitForStatus(page, /^Completed/);
    assert.deepEqual(await serviceNames(page), ['Queue', 'Search', 'API', 'Events']);
    assert.ok((await scripts()).some((path) => path.includes('pipeline')));
    // The run's diagnosis is a render_diagnostic_card call the chat shows: its element comes with it.
    await page.waitForFunction(() => customElements.get('diagnostic-card') !== undefined);
    assert.ok(await fromChunk('diagnostic-card'));
    assert.deepEqual(problems, []);
    await close();
  });
});

describe('a page with only a chat, from the ES module', () => {
  // Every element's chunk is named after its module (`bar-chart-<hash>.js`); the chat's page holds these two.
  const ELEMENT_CHUNKS = ALL_TAGS.filter((tag) => tag !== 'agent-run' && tag !== 'agent-chat');

  /** The element chunks a page fetched, by element name. */
  async function elementChunks(page: Page): Promise<string[]> {
    const paths = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.startsWith('/dist/chunks/')),
    );
    return ELEMENT_CHUNKS.filter((name) =>
      paths.some((path) => path.startsWith(`/dist/chunks/${name}-`)),
    );
  }

  async function chatPage(body: string, routes: Record<string, string> = {}) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') {
        problems.push(`console ${message.type()}: ${message.text()}`);
      }
    });
    await page.route('**/chat-only.html', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><script type="module" src="/dist/agui-elements.js"></script>${body}`,
      }),
    );
    for (const [path, text] of Object.entries(routes)) {
      await page.route(`**${path}`, (route) =>
        route.fulfill({ contentType: 'application/x-ndjson', body: text }),
      );
    }
    await page.goto(`${server.origin}/chat-only.html`);
    await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    return { page, problems, close: () => context.close() };
  }

  it('loads no element or schema of an artifact while its answers hold none', async () => {
    const { page, problems, close } = await chatPage(
      '<agent-run endpoint="/api/agent-analysis"><agent-chat></agent-chat></agent-run>',
    );
    await page.getByRole('textbox', { name: 'Message' }).fill('hello');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Anything else gets this answer.', { exact: true }).waitFor();
    await pause(300);
    assert.deepEqual(await elementChunks(page), []);
    assert.deepEqual(problems, []);
    await close();
  });

  /** A recording of one run that renders a bar chart. */
  function barChartRecording(): string {
    const runId = 'run-bars';
    const args = {
      title: 'Requests by region',
      x_label: 'Region',
      y_label: 'Requests per second',
      bars: [
        { label: 'North', value: 120 },
        { label: 'South', value: 80 },
      ],
    };
    const events = [
      { type: 'RUN_STARTED', threadId: 'thread-bars', runId },
      { type: 'TOOL_CALL_START', toolCallId: 'call-bars', toolCallName: 'render_bar_chart' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'call-bars', delta: JSON.stringify(args) },
      { type: 'TOOL_CALL_END', toolCallId: 'call-bars' },
      { type: 'RUN_FINISHED', threadId: 'thread-bars', runId },
    ];
    return [
      { format: 'agui-recording', version: 1, runs: [] },
      ...events.map((event, t) => ({ t, event })),
    ]
      .map((line) => JSON.stringify(line))
      .join('\n');
  }

  const BAR_CHART_PAGE =
    '<agent-run source="recording" recording="/bars.jsonl" speed="0"><agent-chat></agent-chat></agent-run>';

  async function askForBars(page: Page): Promise<void> {
    await page.getByRole('textbox', { name: 'Message' }).fill('Chart the regions');
    await page.getByRole('button', { name: 'Send' }).click();
  }

  it('loads the bar chart and its schema, and no other kind, for a render_bar_chart call', async () => {
    const { page, problems, close } = await chatPage(BAR_CHART_PAGE, {
      '/bars.jsonl': barChartRecording(),
    });
    await askForBars(page);
    await page.getByRole('heading', { name: 'Requests by region' }).waitFor();
    assert.deepEqual(await elementChunks(page), ['agent-artifact', 'bar-chart']);
    const schemas = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.startsWith('/dist/chunks/schema-')),
    );
    assert.deepEqual(
      schemas.map((path) => path.replace(/-[\w-]{8}\.js$/, '')),
      ['/dist/chunks/schema-bar-chart'],
    );
    assert.deepEqual(problems, []);
    await close();
  });

  it('says in place which file it could not load when the bar chart is missing, and the chat keeps working', async () => {
    const { page, problems, close } = await chatPage(BAR_CHART_PAGE, {
      '/bars.jsonl': barChartRecording(),
    });
    await page.route(/\/dist\/chunks\/bar-chart-[\w-]{8}\.js$/, (route) =>
      route.fulfill({ status: 404, body: 'not here' }),
    );
    await askForBars(page);
    const note = page.getByText(/Its element could not be loaded: .*\/dist\/chunks\/bar-chart-/);
    await note.waitFor();
    await page.getByRole('heading', { name: 'The bar chart could not be shown' }).waitFor();
    assert.equal(await page.getByRole('textbox', { name: 'Message' }).isEditable(), true);
    // The browser reports the failed request itself; nothing else goes to the console or the page.
    assert.deepEqual(
      problems.filter((problem) => !/Failed to load resource.*404/.test(problem)),
      [],
    );
    await close();
  });
});

describe('the demo chat on the same run', () => {
  it('moves the chart from "Run the analysis", and a selection made in the chart never reaches the agent', async () => {
    const { page, problems, close } = await open('/', VIEWPORTS[0]);
    const bodies: string[] = [];
    await page.route('**/api/agent-analysis', async (route) => {
      bodies.push(route.request().postData() ?? '');
      await route.continue();
    });
    await page.locator('agent-chat').getByRole('button', { name: 'Run the analysis' }).click();
    await waitForStatus(page, /^Completed/);
    assert.deepEqual(await serviceNames(page), ['Queue', 'Search', 'API', 'Events']);
    await page
      .locator('service-chart')
      .getByRole('button', { name: 'Search', exact: true })
      .click();
    assert.equal(
      await page
        .locator('service-chart')
        .getByRole('button', { name: 'Search', exact: true })
        .getAttribute('aria-pressed'),
      'true',
    );
    const message = page.locator('agent-chat').getByRole('textbox', { name: 'Message' });
    await message.fill('What can you do?');
    await message.press('Enter');
    const deadline = Date.now() + 10_000;
    while (bodies.length < 2 && Date.now() < deadline) await pause(25);
    assert.equal(bodies.length, 2);
    const second = JSON.parse(bodies[1] ?? '{}') as { forwardedProps?: unknown; state?: unknown };
    assert.equal('state' in second, false);
    assert.deepEqual(second.forwardedProps, {});
    assert.doesNotMatch(bodies[1] ?? '', /selectedId|"filter":"/);
    await waitForStatus(page, /^Completed/);
    assert.deepEqual(problems, []);
    await close();
  });
});

describe("the demo's language picker", () => {
  it('offers all thirteen languages, sets <html lang> (kept across a reload) and the elements follow it', async () => {
    const { page, problems, close } = await open('/', VIEWPORTS[0]);
    const picker = page.getByLabel('Language of the elements');
    const offered = await picker
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    assert.deepEqual([...offered].sort(), [
      'ar',
      'de',
      'en',
      'es',
      'fr',
      'he',
      'it',
      'ja',
      'ko',
      'nl',
      'pl',
      'pt',
      'zh',
    ]);
    const runIn = (table: LocaleTable) => String(table['run-controls']?.run);
    const runButton = (name: string) =>
      page.locator('run-controls').getByRole('button', { name, exact: true });
    await picker.selectOption('ja');
    await runButton(runIn(ja)).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'ja');
    assert.match(page.url(), /[?&]lang=ja\b/);
    await page.reload();
    await runButton(runIn(ja)).waitFor();
    // Hebrew lays every element out right to left, with nothing set but the language.
    await page.getByLabel('Language of the elements').selectOption('he');
    await runButton(runIn(he)).waitFor();
    assert.equal(
      await page.locator('run-controls').evaluate((element) => element.matches(':dir(rtl)')),
      true,
    );
    assert.deepEqual(problems, []);
    await close();
  });
});
