// End-to-end: the one-line <agent-launcher> on two real pages of a site joined by a plain link, in Chromium against
// the built ES module and the fixture endpoint: a closed launcher loads no chat code, and the panel follows the visitor.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
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

function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`console ${message.type()}: ${message.text()}`);
    }
  });
  return problems;
}

/** The chunks a page fetched, by name without the hash (`agent-chat`, `markdown`…). */
async function chunks(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.startsWith('/dist/chunks/'))
      .map((path) => path.slice('/dist/chunks/'.length).replace(/-[\w-]{8}\.js$/, '')),
  );
}

const CHAT_CODE = ['agent-chat', 'markdown'];

async function launcherReady(page: Page): Promise<void> {
  await page.waitForFunction(() => customElements.get('agent-launcher') !== undefined);
  await page.locator('agent-launcher').getByRole('button', { name: 'Open chat' }).waitFor();
}

async function runStatus(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    const launcher = document.querySelector('agent-launcher') as
      | (Element & { provider: { store: { getState(): { run: { status: string } } } } | null })
      | null;
    return launcher?.provider?.store.getState().run.status;
  });
}

async function until(what: string, test: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const transcript = async (page: Page) =>
  (await page.locator('agent-chat').getByRole('log', { name: 'Conversation' }).innerText())
    .replace(/\s+/g, ' ')
    .trim();

describe('the one-line launcher on a site of two pages (demo/site/launcher-*.html)', () => {
  it('loads no chat code while closed, and the chat on first open', async () => {
    const context = await browser.newContext({ viewport: { width: 1365, height: 900 } });
    const page = await context.newPage();
    const problems = watch(page);
    await page.goto(`${server.origin}/site/launcher-one.html`);
    await launcherReady(page);
    await page.waitForTimeout(300);
    const closed = await chunks(page);
    assert.ok(closed.includes('agent-launcher'), `the launcher's chunk: ${closed.join(', ')}`);
    for (const name of CHAT_CODE) assert.ok(!closed.includes(name), `closed, it loaded ${name}`);
    assert.deepEqual(server.apiRequests, [], 'a closed launcher asks the agent nothing');
    await page.locator('agent-launcher').getByRole('button', { name: 'Open chat' }).click();
    await page.locator('agent-chat').getByRole('textbox', { name: 'Message' }).waitFor();
    assert.ok((await chunks(page)).includes('agent-chat'));
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('defers a wrapped chat the same way until the launcher opens', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = watch(page);
    await page.route('**/wrapped-launcher.html', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body:
          '<!doctype html><html lang="en"><title>wrapped</title><script type="module" src="/dist/agui-elements.js"></script>' +
          '<agent-launcher><agent-run endpoint="/api/agent-analysis"><agent-chat></agent-chat></agent-run></agent-launcher>',
      }),
    );
    await page.goto(`${server.origin}/wrapped-launcher.html`);
    await launcherReady(page);
    await page.waitForTimeout(300);
    for (const name of CHAT_CODE)
      assert.ok(!(await chunks(page)).includes(name), `closed, it loaded ${name}`);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const box = page.locator('agent-chat').getByRole('textbox', { name: 'Message' });
    await box.waitFor();
    await until('focus in the composer', () =>
      box.evaluate((element) => element.matches(':focus')),
    );
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('follows a plain link to the next page with the panel open and the conversation in it (persist="session")', async () => {
    const context = await browser.newContext({ viewport: { width: 1365, height: 900 } });
    const page = await context.newPage();
    const problems = watch(page);
    await page.goto(`${server.origin}/site/launcher-one.html`);
    await launcherReady(page);
    const launcher = page.locator('agent-launcher');
    assert.match(
      await launcher.locator('[part~="greeting"]').innerText(),
      /Questions about the services/,
    );
    await launcher.getByRole('button', { name: 'Open chat' }).click();
    const box = page.locator('agent-chat').getByRole('textbox', { name: 'Message' });
    await box.fill('Why is API latency up?');
    await box.press('Enter');
    await until('the answer', async () => (await runStatus(page)) === 'Completed', 30_000);
    const before = await transcript(page);
    assert.match(before, /Why is API latency up\?/);
    // The page stays usable beside the open panel: its own link is followed as it is.
    await page.getByRole('link', { name: 'Go to the Docs page' }).click();
    await page.waitForURL(/launcher-two\.html$/);
    await page.waitForFunction(() => customElements.get('agent-launcher') !== undefined);
    await page.waitForFunction(
      () => (document.querySelector('agent-launcher') as { open?: boolean } | null)?.open === true,
    );
    await until(
      'the restored transcript',
      async () => (await transcript(page).catch(() => '')) === before,
    ).catch(async (error: unknown) => {
      throw new Error(`${String(error)}: "${await transcript(page)}" instead of "${before}"`);
    });
    assert.equal(
      await page.evaluate(() => document.activeElement === document.body),
      true,
      'a panel restored open takes no focus',
    );
    assert.equal(
      await launcher.locator('[part~="greeting"]').count(),
      0,
      'opened once, the greeting is gone',
    );
    assert.deepEqual(
      JSON.parse(
        (await page.evaluate(() =>
          sessionStorage.getItem('agui-elements.launcher./api/agent-analysis'),
        )) ?? 'null',
      ),
      { open: true, greetingDismissed: true },
    );
    await launcher.getByRole('button', { name: 'Close chat' }).click();
    await page.getByRole('link', { name: 'Go to the Pricing page' }).click();
    await page.waitForURL(/launcher-one\.html$/);
    await launcherReady(page);
    await page.waitForTimeout(300);
    assert.equal(
      await page.evaluate(
        () => (document.querySelector('agent-launcher') as { open?: boolean }).open,
      ),
      false,
    );
    for (const name of CHAT_CODE)
      assert.ok(!(await chunks(page)).includes(name), `closed again, it loaded ${name}`);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('at 390 × 844 restores the panel closed, and opens it full-screen over the page', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const problems = watch(page);
    await page.goto(`${server.origin}/site/launcher-one.html`);
    await page.evaluate(() =>
      sessionStorage.setItem(
        'agui-elements.launcher./api/agent-analysis',
        JSON.stringify({ open: true, greetingDismissed: true }),
      ),
    );
    await page.reload();
    await launcherReady(page);
    assert.equal(
      await page.evaluate(
        () => (document.querySelector('agent-launcher') as { open?: boolean }).open,
      ),
      false,
    );
    await page.locator('agent-launcher').getByRole('button', { name: 'Open chat' }).click();
    const dialog = page.locator('agent-launcher').getByRole('dialog', { name: 'Conversation' });
    await dialog.waitFor();
    await page.waitForTimeout(300);
    const box = await dialog.boundingBox();
    assert.deepEqual(box && [box.x, box.y, box.width, box.height], [0, 0, 390, 844]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    assert.deepEqual(problems, []);
    await context.close();
  });
});
