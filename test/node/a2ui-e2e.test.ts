// End-to-end: an A2UI surface on a real page of the demo site (the classic script, `persist="session"`) under the
// strict Content-Security-Policy with Trusted Types, against the fixture server's real @ag-ui/a2ui-middleware: the
// renderer part loads from beside the script, the person's typing survives a reload, the form stays interactive and
// its action is answered; no policy report, no page error.
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

async function until(what: string, test: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const surfaceButton = (page: Page) => page.locator('agent-chat a2ui-surface button');
const technician = (page: Page) => page.locator('agent-chat a2ui-surface input[type="text"]');

describe('an A2UI surface on a strict page of a site (classic script, persist="session")', () => {
  it('renders, keeps what was typed through a reload, and sends its action', async () => {
    const context = await browser.newContext({ viewport: { width: 1365, height: 900 } });
    await context.addInitScript(() => {
      const reports: string[] = [];
      (window as unknown as { __reports: string[] }).__reports = reports;
      document.addEventListener('securitypolicyviolation', (event) =>
        reports.push(`${event.violatedDirective}: ${event.blockedURI}`),
      );
    });
    const page = await context.newPage();
    const problems = watch(page);
    await page.goto(`${server.origin}/strict/site/one.html`);
    const box = page.locator('agent-chat textarea');
    await box.fill('Schedule maintenance for cell 3');
    await box.press('Enter');
    await surfaceButton(page).waitFor({ timeout: 20_000 });
    const chunks = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    );
    assert.ok(
      chunks.includes('/dist/chunks/iife-a2ui.js'),
      'the renderer came from beside the script',
    );
    assert.equal(await technician(page).inputValue(), 'Ana Souza');
    await technician(page).fill('Jo Park');
    // Edits are saved a moment after the last keystroke.
    await page.waitForTimeout(600);

    await page.reload();
    await surfaceButton(page).waitFor({ timeout: 20_000 });
    await until(
      'the restored edit',
      async () => (await technician(page).inputValue()) === 'Jo Park',
    );
    await page.locator('agent-chat a2ui-surface input[type="date"]').fill('2026-12-03');
    await surfaceButton(page).click();
    await until('the answer', async () =>
      (await page.locator('agent-chat').getByRole('log', { name: 'Conversation' }).innerText())
        .replace(/\s+/g, ' ')
        .includes('Jo Park will service cell 3 on 2026-12-03'),
    );
    const reports = await page.evaluate(
      () => (window as unknown as { __reports: string[] }).__reports,
    );
    assert.deepEqual(reports, []);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
