// End-to-end: the inspector's own bundle beside each main bundle, loaded before and after it, under the strict CSP.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROME_ARGS, findChrome } from '../../scripts/chrome.mjs';
import { startE2eServer, STRICT_CSP, type E2eServer } from '../e2e/e2e-server.js';

let server: E2eServer;
let browser: Browser;

before(async () => {
  for (const file of ['dist/agui-inspector.js', 'dist/agui-inspector.iife.js']) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first.`);
  }
  server = await startE2eServer(0.1);
  browser = await chromium.launch({ executablePath: findChrome(), args: CHROME_ARGS });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

const BUNDLES = {
  module: {
    main: '<script type="module" src="/dist/agui-elements.js"></script>',
    inspector: '<script type="module" src="/dist/agui-inspector.js"></script>',
  },
  classic: {
    main: '<script src="/dist/agui-elements.iife.js" defer></script>',
    inspector: '<script src="/dist/agui-inspector.iife.js" defer></script>',
  },
} as const;

function pageHtml(kind: keyof typeof BUNDLES, inspectorFirst: boolean): string {
  const { main, inspector } = BUNDLES[kind];
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Inspector beside the ${kind} bundle</title>
    <link rel="icon" href="data:," />
    ${inspectorFirst ? `${inspector}\n${main}` : `${main}\n${inspector}`}
  </head>
  <body>
    <main>
      <agent-run id="analysis" endpoint="/api/agent-analysis">
        <run-controls></run-controls>
        <agent-inspector id="inside"></agent-inspector>
      </agent-run>
      <agent-inspector id="outside" run="analysis"></agent-inspector>
    </main>
  </body>
</html>`;
}

async function open(kind: keyof typeof BUNDLES, inspectorFirst: boolean) {
  const context = await browser.newContext({
    viewport: { width: 1365, height: 900 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`console ${message.type()}: ${message.text()}`);
    }
  });
  await page.exposeFunction('reportCspViolation', (text: string) => problems.push(text));
  await page.addInitScript(
    "document.addEventListener('securitypolicyviolation', (event) => window.reportCspViolation('CSP violation: ' + event.violatedDirective + ' ' + event.blockedURI))",
  );
  const url = `${server.origin}/inspector-${kind}-${inspectorFirst ? 'first' : 'last'}.html`;
  await page.route(url, (route) =>
    route.fulfill({
      status: 200,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': STRICT_CSP,
      },
      body: pageHtml(kind, inspectorFirst),
    }),
  );
  await page.goto(url);
  return { page, problems, close: () => context.close() };
}

async function eventTypes(page: Page, id: string): Promise<string[]> {
  const table = page.locator(`#${id}`).getByRole('table', { name: 'AG-UI events' });
  return table
    .locator('tbody tr.row td:nth-child(2)')
    .evaluateAll((cells) => cells.map((cell) => (cell.textContent ?? '').trim()));
}

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

for (const kind of ['module', 'classic'] as const) {
  for (const inspectorFirst of [true, false]) {
    describe(`the inspector bundle beside the ${kind} main bundle, loaded ${inspectorFirst ? 'first' : 'last'}`, () => {
      it('finds the store by context and by run="ID", and lists the run’s events', async () => {
        const { page, problems, close } = await open(kind, inspectorFirst);
        try {
          await page.getByRole('button', { name: 'Run', exact: true }).click();
          await waitFor(
            async () =>
              /Completed/.test(await page.locator('run-controls [role="status"]').innerText()),
            'the run to complete',
          );
          for (const id of ['inside', 'outside']) {
            // Following: the newest event is in view; Home (from the keyboard) goes to the run's input.
            await waitFor(
              async () => (await eventTypes(page, id)).at(-1) === 'RUN_FINISHED',
              `${id} to show RUN_FINISHED last`,
            );
            await page.locator(`#${id} tr.row[tabindex="0"]`).focus();
            await page.keyboard.press('Home');
            await waitFor(
              async () => (await eventTypes(page, id))[0] === 'Run input',
              `${id} to scroll to the top`,
            );
            const types = await eventTypes(page, id);
            assert.deepEqual(types.slice(0, 2), ['Run input', 'RUN_STARTED']);
            const current = page.locator(`#${id} tr[aria-current="true"]`);
            assert.match(await current.innerText(), /Run input/);
          }
          // Download recording: JSON Lines, the run's input first, then the events the agent sent.
          const [download] = await Promise.all([
            page.waitForEvent('download'),
            page.locator('#outside').getByRole('button', { name: 'Download recording' }).click(),
          ]);
          assert.match(download.suggestedFilename(), /^agui-recording-.+\.jsonl$/);
          const text = await readFile(await download.path(), 'utf8');
          const [header, ...lines] = text
            .trim()
            .split('\n')
            .map((line) => JSON.parse(line));
          assert.equal(header.format, 'agui-recording');
          assert.equal(header.version, 1);
          assert.deepEqual(header.runs[0].forwardedProps, { scenario: 'normal' });
          assert.equal(lines[0].event.type, 'RUN_STARTED');
          assert.equal(lines.at(-1).event.type, 'RUN_FINISHED');
          assert.ok(lines.every((line: { t: unknown }) => typeof line.t === 'number'));
          assert.deepEqual(problems, []);
        } finally {
          await close();
        }
      });
    });
  }
}
