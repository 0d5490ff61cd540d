// End-to-end: conversations that outlive the page — two real pages of one site joined by a plain link, a reload,
// two tabs on one thread, and a full storage quota — in Chromium against the built bundle and the fixture endpoint.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROME_ARGS, findChrome } from '../../scripts/chrome.mjs';
import { startE2eServer, type E2eServer } from '../e2e/e2e-server.js';

let server: E2eServer;
let browser: Browser;

before(async () => {
  server = await startE2eServer(0.05);
  browser = await chromium.launch({ executablePath: findChrome(), args: CHROME_ARGS });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** Page errors and console errors of a page (a 404 of the connect route is not one: it is a handled outcome). */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('404')) {
      problems.push(`console error: ${message.text()}`);
    }
  });
  return problems;
}

async function openPage(
  context: BrowserContext,
  path: string,
): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  const problems = watch(page);
  await page.goto(`${server.origin}${path}`);
  await page.locator('agent-chat').getByRole('textbox', { name: 'Message' }).waitFor();
  return { page, problems };
}

async function send(page: Page, text: string): Promise<void> {
  const box = page.locator('agent-chat').getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

/** The transcript's text, whitespace collapsed. */
async function transcript(page: Page): Promise<string> {
  const text = await page
    .locator('agent-chat')
    .getByRole('log', { name: 'Conversation' })
    .innerText();
  return text.replace(/\s+/g, ' ').trim();
}

async function until(what: string, test: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until the chat shows this many replies, each with its Copy button, and no run is going on. */
const answered = (page: Page, count: number) =>
  until(
    `${count} replies`,
    async () => {
      const chat = page.locator('agent-chat');
      const log = chat.getByRole('log', { name: 'Conversation' });
      const idle = (await log.getAttribute('aria-busy')) === 'false';
      const replies = await chat
        .locator('[part~="assistant-message"] [part~="copy-button"]')
        .count();
      return idle && replies >= count;
    },
    30_000,
  );

describe('conversations that outlive the page', () => {
  it('follows a plain link to the next page of the site with the conversation (persist="session")', async () => {
    const context = await browser.newContext({ viewport: { width: 1365, height: 900 } });
    const { page, problems } = await openPage(context, '/site/one.html');
    await send(page, 'Why is API latency up?');
    await answered(page, 1);
    const before = await transcript(page);
    assert.match(before, /Why is API latency up\?/);
    await page.getByRole('link', { name: 'Go to page two' }).click();
    await page.waitForURL(/two\.html$/);
    await until('the restored transcript', async () => (await transcript(page)) === before).catch(
      async (error: unknown) => {
        throw new Error(`${String(error)}: "${await transcript(page)}" instead of "${before}"`);
      },
    );
    const threads = page
      .locator('agent-threads')
      .getByRole('list', { name: 'Conversations' })
      .getByRole('button');
    await until('the thread list', async () => (await threads.count()) >= 1);
    assert.equal(await threads.first().getAttribute('aria-current'), 'true');
    assert.match(await threads.first().innerText(), /Why is API latency up\?/);
    await page.reload();
    await until('the transcript after a reload', async () => (await transcript(page)) === before);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('keeps session threads to their tab: a new tab starts empty', async () => {
    const context = await browser.newContext();
    const { page } = await openPage(context, '/site/one.html');
    await send(page, 'Only in this tab');
    await answered(page, 1);
    const other = await openPage(context, '/site/one.html');
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.doesNotMatch(await transcript(other.page), /Only in this tab/);
    await context.close();
  });

  it('lets an idle tab take in the turns another tab adds to the same thread (persist="local")', async () => {
    const context = await browser.newContext();
    const first = await openPage(context, '/site/local.html');
    await send(first.page, 'Why is API latency up?');
    await answered(first.page, 1);
    const second = await openPage(context, '/site/local.html');
    await until('the second tab restored', async () =>
      /Why is API latency up\?/.test(await transcript(second.page)),
    );
    await send(first.page, 'Why is API latency up?');
    await answered(first.page, 2);
    const asked = /You: Why is API latency up\?/g;
    await until('the idle tab took in the new turn', async () => {
      return ((await transcript(second.page)).match(asked) ?? []).length === 2;
    });
    assert.deepEqual(first.problems, []);
    assert.deepEqual(second.problems, []);
    await context.close();
  });

  it('says a conversation could not be saved when the origin has no quota left, and keeps working', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = watch(page);
    await page.goto(`${server.origin}/site/local.html`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.overrideQuotaForOrigin', {
      origin: server.origin,
      quotaSize: 64 * 1024,
    });
    // Fill the origin's quota first, in shrinking steps: a browser may refuse a 32 KiB write with room left for
    // the product's small ones (Chromium 150 at 36 KB of 64 KiB), so fill until a 64-byte write fails too.
    const failedAt = await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('filler', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('junk');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      let key = 0;
      let failure: string | null = null;
      for (const size of [32 * 1024, 4 * 1024, 512, 64]) {
        // 64 KiB of quota holds at most 1,024 writes of 64 bytes.
        for (let count = 0; count < 2_048; count += 1) {
          failure = await new Promise<string | null>((resolve) => {
            const transaction = db.transaction('junk', 'readwrite');
            transaction.objectStore('junk').put('x'.repeat(size), key);
            transaction.oncomplete = () => resolve(null);
            transaction.onabort = () => resolve(transaction.error?.name ?? 'AbortError');
          });
          if (failure) break;
          key += 1;
        }
        if (!failure) return { size, failure: 'none' };
      }
      return { size: 64, failure };
    });
    assert.deepEqual(failedAt, { size: 64, failure: 'QuotaExceededError' }, 'the quota filled up');
    await page.locator('agent-chat').getByRole('textbox', { name: 'Message' }).waitFor();
    await send(page, 'Why is API latency up?');
    await answered(page, 1);
    const notice = page.locator('agent-chat').locator('[data-notice="storage"]');
    await until('the storage note', async () => (await notice.count()) === 1);
    assert.match(
      await notice.innerText(),
      /This conversation could not be saved: the browser has no room left for this site\./,
    );
    await send(page, 'Why is API latency up?');
    await answered(page, 2);
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe('reattaching to a running run after a reload (the demo page, the fixture endpoint retaining runs)', () => {
  let retaining: E2eServer;

  before(async () => {
    // Slow enough that the run is still going when the reloaded page reattaches (2 s between steps).
    retaining = await startE2eServer(0.5, { retainRunsMs: 60_000 });
  });

  after(async () => {
    await retaining?.close();
  });

  const statusOf = async (page: Page) =>
    (await page.locator('run-controls [role="status"]').innerText()).trim();

  const serviceRows = async (page: Page) =>
    (await page.locator('service-chart tbody tr').allInnerTexts()).map((row) => row.split('\t')[0]);

  async function slowRun(page: Page): Promise<void> {
    await page.goto(`${retaining.origin}/`);
    await page.locator('run-controls').getByRole('button', { name: 'Run', exact: true }).waitFor();
    await page.getByLabel('Scenario').selectOption({ label: 'Slow' });
    await page.locator('run-controls').getByRole('button', { name: 'Run', exact: true }).click();
    await until('the slow run streaming with data', async () => {
      return (await statusOf(page)) === 'Streaming' && (await serviceRows(page)).length > 0;
    });
  }

  it('continues the Slow run after a reload: no duplicated data, then Completed', async () => {
    const context = await browser.newContext({ viewport: { width: 1365, height: 900 } });
    const page = await context.newPage();
    const problems = watch(page);
    await slowRun(page);
    await page.reload();
    await until('the run reattached', async () => (await statusOf(page)) === 'Streaming', 15_000);
    assert.ok(
      retaining.apiRequests.some((request) => request.path === '/api/agent-analysis/connect'),
    );
    await until('the run completed', async () => (await statusOf(page)) === 'Completed', 60_000);
    const rows = await serviceRows(page);
    assert.equal(new Set(rows).size, rows.length, `no duplicated rows: ${rows.join(', ')}`);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('stops the reattached run on Cancel, POSTing the stop endpoint', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await slowRun(page);
    await page.reload();
    await until('the run reattached', async () => (await statusOf(page)) === 'Streaming', 15_000);
    const stopsBefore = retaining.apiRequests.filter((request) =>
      request.path.includes('/stop/'),
    ).length;
    await page.locator('run-controls').getByRole('button', { name: 'Cancel' }).click();
    await until(
      'the stop request',
      async () =>
        retaining.apiRequests.filter((request) => request.path.includes('/stop/')).length >
        stopsBefore,
    );
    assert.equal(await statusOf(page), 'Cancelled');
    await context.close();
  });
});
