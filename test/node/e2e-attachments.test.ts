// The built demo with attachments, under the README's strict policy: a picked file is uploaded to the fixture's
// store, the agent receives its URL, the thumbnail loads, and the recipe names the file — without a violation.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { CHROME_ARGS, findChrome } from '../../scripts/chrome.mjs';
import { startE2eServer, type E2eServer } from '../e2e/e2e-server.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

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

describe('the demo chat with an attachment, under the strict policy', () => {
  for (const viewport of [
    { width: 1365, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`uploads, sends the URL, shows the thumbnail and the recipe's answer (${viewport.width} px)`, async () => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await page.exposeFunction('reportCspViolation', (text: string) => problems.push(text));
      await page.addInitScript(
        "document.addEventListener('securitypolicyviolation', (event) => window.reportCspViolation('CSP violation: ' + event.violatedDirective + ' ' + event.blockedURI))",
      );
      const bodies: string[] = [];
      await page.route('**/api/agent-analysis', async (route) => {
        bodies.push(route.request().postData() ?? '');
        await route.continue();
      });
      await page.goto(`${server.origin}/strict/`);
      const chat = page.locator('agent-chat');
      await chat.getByRole('button', { name: 'Attach files' }).waitFor();
      await chat
        .locator('input[type="file"]')
        .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
      await chat.getByRole('button', { name: 'Remove dot.png' }).waitFor();
      const message = chat.getByRole('textbox', { name: 'Message' });
      await message.fill('What is in this picture?');
      await message.press('Enter');
      await chat.getByText('I received 1 file:', { exact: true }).waitFor();
      const input = JSON.parse(bodies[0] ?? '{}') as {
        messages: { role: string; content: unknown }[];
      };
      const content = input.messages.find((item) => item.role === 'user')?.content as {
        type: string;
        source?: { type: string; value: string };
        metadata?: { filename: string };
      }[];
      assert.equal(content[0]?.type, 'text');
      assert.equal(content[1]?.type, 'image');
      assert.equal(content[1]?.source?.type, 'url');
      assert.match(content[1]?.source?.value ?? '', /\/api\/uploads\/[a-f0-9]{32}$/);
      assert.equal(content[1]?.metadata?.filename, 'dot.png');
      const thumbnail = chat.getByRole('button', { name: 'Open dot.png' }).locator('img');
      await page.waitForFunction(
        (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth === 1,
        await thumbnail.elementHandle(),
      );
      await chat.getByRole('button', { name: 'Open dot.png' }).click();
      await chat.getByRole('button', { name: 'Close' }).click();
      assert.equal(new URL(page.url()).pathname, '/strict/');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px`);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});
