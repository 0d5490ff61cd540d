// End-to-end: diagrams from the built bundles on the README's strict page (no inline code, Trusted Types enforced),
// from the classic script and from the ES module, with the frame served from chunks/ under the README's own headers
// for it: a flowchart and a sequence diagram drawn as images with no violation reported in the page and nothing on
// the console; and the same fences without the opt-in, where nothing of Mermaid is asked for.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROME_ARGS, findChrome } from '../../scripts/chrome.mjs';
import { until } from '../e2e/until.js';
import { startPartsServers, type PartsPage, type PartsServers } from '../e2e/parts-server.js';

let servers: PartsServers;
let browser: Browser;

before(async () => {
  servers = await startPartsServers();
  browser = await chromium.launch({ executablePath: findChrome(), args: CHROME_ARGS });
});

after(async () => {
  await browser?.close();
  await servers?.close();
});

const FLOWCHART = 'flowchart LR\n  accTitle: Request path\n  gateway[Gateway] --> api[API]';
const SEQUENCE = 'sequenceDiagram\n  Client->>API: GET /services\n  API-->>Client: 200 OK';
const ANSWER = `Two diagrams.\n\n\`\`\`mermaid\n${FLOWCHART}\n\`\`\`\n\n\`\`\`mermaid\n${SEQUENCE}\n\`\`\`\n`;

interface Shown {
  readonly images: { alt: string; width: number; data: boolean }[];
  readonly notes: string[];
  readonly frames: number;
}

async function open(name: PartsPage, optIn: boolean) {
  const context = await browser.newContext();
  await context.addInitScript('globalThis.__name = (target) => target;');
  const page: Page = await context.newPage();
  const problems: string[] = [];
  const requests: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('request', (request) => {
    if (/diagram-frame|mermaid\.min|diagrams[-.]/.test(request.url())) requests.push(request.url());
  });
  await page.goto(`${servers.origin}/parts/${name}.html`);
  await page.waitForSelector('html[data-parts-ready="true"]');
  if (optIn) {
    await page.evaluate(() =>
      document.querySelector('agent-chat')!.setAttribute('rich-content', 'mermaid'),
    );
  }
  const shown = () =>
    page.evaluate((): Shown => {
      const chat = document.querySelector('agent-chat')!;
      const root = chat.shadowRoot!;
      return {
        images: [...root.querySelectorAll<HTMLImageElement>('.diagram-image')].map((image) => ({
          alt: image.alt,
          width: image.complete ? image.naturalWidth : 0,
          data: image.src.startsWith('data:image/svg+xml'),
        })),
        notes: [...root.querySelectorAll('.markdown .code-note')].map(
          (note) => note.textContent?.trim() ?? '',
        ),
        frames: root.querySelectorAll('iframe').length,
      };
    });
  return {
    page,
    problems,
    requests,
    shown,
    send: (text: string) => page.evaluate((text) => window.partsHarness!.send(text), text),
    reports: () => page.evaluate(() => window.partsHarness!.reports),
    close: () => context.close(),
  };
}

for (const name of ['strict', 'strict-module'] as const) {
  describe(`diagrams on the strict page (${name})`, { timeout: 180_000 }, () => {
    it('draws a flowchart and a sequence diagram as images, with no report and nothing on the console', async () => {
      const chat = await open(name, true);
      try {
        assert.equal(await chat.send(ANSWER), 'Completed');
        const shown = await until(
          () => chat.shown(),
          (value) => value.images.length === 2 && value.images.every((image) => image.width > 0),
          'not drawn',
          60_000,
        );
        assert.deepEqual(
          shown.images.map((image) => [image.alt, image.data]),
          [
            ['Request path', true],
            [SEQUENCE, true],
          ],
        );
        assert.equal(shown.frames, 1);
        assert.ok(chat.requests.some((url) => url.endsWith('/chunks/diagram-frame.html')));
        assert.ok(chat.requests.some((url) => url.endsWith('/chunks/mermaid.min.js')));
        assert.deepEqual(await chat.reports(), []);
        assert.deepEqual(chat.problems, []);
      } finally {
        await chat.close();
      }
    });

    it('leaves the fences as code with a note without the opt-in, and asks for nothing of Mermaid', async () => {
      const chat = await open(name, false);
      try {
        assert.equal(await chat.send(ANSWER), 'Completed');
        const shown = await until(
          () => chat.shown(),
          (value) => value.notes.length === 2,
          'no note',
          60_000,
        );
        assert.deepEqual(shown.images, []);
        assert.equal(shown.frames, 0);
        assert.deepEqual(chat.requests, []);
        assert.deepEqual(await chat.reports(), []);
        assert.deepEqual(chat.problems, []);
      } finally {
        await chat.close();
      }
    });
  });
}
