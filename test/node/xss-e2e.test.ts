// End-to-end: the project's whole XSS corpus through every surface of the built chat, on a page served with the
// README's policy (`script-src 'self'`, then with Trusted Types enforced): no violation report, nothing runs, and
// every payload shows as text where the agent wrote it. The agent is a scripted object in the page (.agent).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROME_ARGS, findChrome } from '../../scripts/chrome.mjs';
import { startE2eServer, type E2eServer } from '../e2e/e2e-server.js';
import { readmePolicy, scriptSelfPolicy, XSS_PAGES, type XssPagePath } from '../e2e/xss-pages.js';
import { RAW_PAYLOADS, XSS_PAYLOADS } from '../support/xss-payloads.js';

let server: E2eServer;
let browser: Browser;

before(async () => {
  server = await startE2eServer(0);
  browser = await chromium.launch({ executablePath: findChrome(), args: CHROME_ARGS });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** Whitespace as a reader sees it: runs of spaces and line breaks are one space. */
const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

interface XssPage {
  readonly page: Page;
  /** Page errors, console errors and warnings, and violation reports seen from outside the page. */
  readonly problems: string[];
  send(text: string): Promise<string>;
  texts(selector: string): Promise<string[]>;
  count(selector: string): Promise<number>;
  open(selector: string): Promise<number>;
  until(selector: string, count: number): Promise<void>;
  /** Waits for late handlers (image errors, frame loads), then asserts nothing ran, was reported or is unsafe. */
  expectClean(): Promise<void>;
  close(): Promise<void>;
}

async function openPage(path: XssPagePath): Promise<XssPage> {
  const context = await browser.newContext({ viewport: { width: 1365, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`console ${message.type()}: ${message.text()}`);
    }
  });
  const response = await page.goto(`${server.origin}${path}`);
  assert.equal(
    response?.headers()['content-security-policy'],
    XSS_PAGES[path].policy(),
    'the page is served under its policy',
  );
  await page.waitForSelector('html[data-xss-ready="true"]');
  const call = <T>(expression: string) => page.evaluate(expression) as Promise<T>;
  const harness = (method: string, arg: unknown) =>
    `window.xssHarness.${method}(${JSON.stringify(arg)})`;
  const count = (selector: string) => call<number>(harness('count', selector));
  return {
    page,
    problems,
    send: (text) => call<string>(harness('send', text)),
    texts: (selector) => call<string[]>(harness('texts', selector)),
    count,
    open: (selector) => call<number>(harness('open', selector)),
    async until(selector, wanted) {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const seen = await count(selector);
        if (seen >= wanted) return;
        if (Date.now() > deadline) {
          throw new Error(`${selector}: ${seen} of ${wanted} elements rendered`);
        }
        await page.waitForTimeout(50);
      }
    },
    async expectClean() {
      // Two frames and a settle for image errors and frame loads that a surviving payload would trigger.
      await page.evaluate(
        'new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 300))))',
      );
      assert.deepEqual(await call<string[]>('window.xssHarness.hits'), [], 'no payload ran');
      assert.deepEqual(
        await call<string[]>('window.xssHarness.reports'),
        [],
        'no securitypolicyviolation was reported',
      );
      assert.deepEqual(
        await call<string[]>('window.xssHarness.problems()'),
        [],
        'nothing unsafe is in the DOM',
      );
      assert.deepEqual(problems, [], 'no page error, console error or warning');
    },
    close: () => context.close(),
  };
}

it("serves the README's policy, with and without its Trusted Types directives", () => {
  const policy = readmePolicy();
  assert.match(policy, /script-src 'self'/);
  assert.match(
    policy,
    /require-trusted-types-for 'script'; trusted-types lit-html 'allow-duplicates'/,
  );
  assert.doesNotMatch(policy, /unsafe-inline|unsafe-eval/);
  assert.equal(scriptSelfPolicy().includes('trusted-types'), false);
  assert.match(scriptSelfPolicy(), /script-src 'self'/);
});

for (const path of Object.keys(XSS_PAGES) as XssPagePath[]) {
  describe(`the XSS corpus on ${path}`, { timeout: 240_000 }, () => {
    it('user text: shown as typed', async () => {
      const chat = await openPage(path);
      for (const payload of XSS_PAYLOADS) assert.equal(await chat.send(payload), 'Completed');
      await chat.until('[part~="user-message"]', XSS_PAYLOADS.length);
      assert.deepEqual(
        (await chat.texts('[part~="user-message"] .plain')).map(flat),
        XSS_PAYLOADS.map(flat),
      );
      await chat.expectClean();
      await chat.close();
    });

    for (const [surface, label] of [
      ['surface: assistant', 'each payload its own answer, in three deltas'],
      [
        'surface: assistant split',
        'each payload split across deltas, every partial state rendered',
      ],
    ] as const) {
      it(`assistant markdown, ${label}: raw HTML shown as the text the agent wrote`, async () => {
        const chat = await openPage(path);
        assert.equal(await chat.send(surface), 'Completed');
        await chat.until('.markdown', XSS_PAYLOADS.length);
        await chat.expectClean();
        const shown = (await chat.texts('.markdown')).map(flat);
        assert.equal(shown.length, XSS_PAYLOADS.length);
        for (const [index, payload] of XSS_PAYLOADS.entries()) {
          if (RAW_PAYLOADS.includes(payload)) assert.equal(shown[index], flat(payload));
        }
        await chat.close();
      });
    }

    it('assistant markdown, the whole corpus as one answer a few characters per frame', async () => {
      const chat = await openPage(path);
      assert.equal(await chat.send('surface: assistant one answer'), 'Completed');
      await chat.until('.markdown', 1);
      await chat.expectClean();
      const shown = flat((await chat.texts('.markdown')).join(' '));
      for (const payload of RAW_PAYLOADS.filter((item) => item.includes('<'))) {
        assert.ok(shown.includes(flat(payload)), `shows ${payload}`);
      }
      await chat.close();
    });

    it('reasoning: shown as text', async () => {
      const chat = await openPage(path);
      assert.equal(await chat.send('surface: reasoning'), 'Completed');
      await chat.until('[part~="reasoning"]', XSS_PAYLOADS.length);
      assert.equal(await chat.open('[part~="reasoning"]'), XSS_PAYLOADS.length);
      await chat.until('.thinking-text', XSS_PAYLOADS.length);
      assert.deepEqual((await chat.texts('.thinking-text')).map(flat), XSS_PAYLOADS.map(flat));
      await chat.expectClean();
      await chat.close();
    });

    it('tool names, arguments and results: shown as text', async () => {
      const chat = await openPage(path);
      assert.equal(await chat.send('surface: tools'), 'Completed');
      await chat.until('[part~="tool-call"]', XSS_PAYLOADS.length * 3);
      await chat.open('[part~="tool-call"]');
      await chat.until('[data-field="result"]', XSS_PAYLOADS.length);
      const names = (await chat.texts('.tool-name')).filter((name) => name !== 'search');
      assert.deepEqual(names.map(flat), XSS_PAYLOADS.map(flat));
      const results = (await chat.texts('[data-field="result"]')).map(flat);
      for (const payload of XSS_PAYLOADS) assert.ok(results.includes(flat(payload)), payload);
      const args = (await chat.texts('[data-field="arguments"]')).join('\n');
      assert.ok(args.includes(JSON.stringify(XSS_PAYLOADS[0]).slice(1, -1)));
      await chat.expectClean();
      await chat.close();
    });

    it('error messages: shown as text', async () => {
      const chat = await openPage(path);
      for (const index of XSS_PAYLOADS.keys()) {
        assert.equal(await chat.send(`surface: error ${index}`), 'Failed');
      }
      await chat.until('.error-reason', XSS_PAYLOADS.length);
      assert.deepEqual((await chat.texts('.error-reason')).map(flat), XSS_PAYLOADS.map(flat));
      await chat.expectClean();
      await chat.close();
    });

    it('system messages, activity, ui_render artifacts and approvals: shown as text', async () => {
      const chat = await openPage(path);
      assert.equal(await chat.send('surface: page level'), 'Needs approval');
      await chat.until('section[part~="approval"]', XSS_PAYLOADS.length + 1);
      // Messages that arrive faster than frames fill in from the newest a batch per frame: wait for every row.
      await chat.until('[data-role="system"]', XSS_PAYLOADS.length);
      await chat.until('[data-role="activity"]', XSS_PAYLOADS.length);
      const approvals = (await chat.texts('.approval-message')).map(flat);
      for (const payload of XSS_PAYLOADS) assert.ok(approvals.includes(flat(payload)), payload);
      const activity = flat((await chat.texts('[part~="activity"] summary')).join(' '));
      for (const payload of XSS_PAYLOADS) assert.ok(activity.includes(flat(payload)), payload);
      assert.deepEqual(
        (await chat.texts('[data-role="system"] .plain')).map(flat),
        XSS_PAYLOADS.map(flat),
      );
      await chat.expectClean();
      await chat.close();
    });
  });
}
