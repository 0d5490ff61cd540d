// End-to-end: the built bundles load a language pack only when a page needs it — the ES module as its own chunk, the
// classic script from `chunks/` beside itself — and show English with a note in place, throwing nothing, when the
// pack's file is not there.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { CHROME_ARGS, findChrome } from '../../scripts/chrome.mjs';

let server: Server;
let origin: string;
let browser: Browser;
const requested: string[] = [];

function page(script: string, lang: string): string {
  const tag = script.endsWith('.iife.js')
    ? `<script src="${script}" defer></script>`
    : `<script type="module" src="${script}"></script>`;
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Packs</title>
<link rel="icon" href="data:,">${tag}</head>
<body><agent-run id="run" source="replay"></agent-run><run-controls run="run"></run-controls></body></html>`;
}

before(async () => {
  for (const built of ['dist/agui-elements.iife.js', 'dist/chunks/iife-locale-fr.js']) {
    if (!existsSync(built)) throw new Error(`${built} is missing: run \`npm run build\` first.`);
  }
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requested.push(url.pathname);
    const html = /^\/(classic|module|bare)-(\w+)\.html$/.exec(url.pathname);
    if (html) {
      const script = {
        classic: '/cdn/agui-elements.iife.js',
        module: '/cdn/agui-elements.js',
        bare: '/bare/agui-elements.iife.js',
      }[html[1] as 'classic' | 'module' | 'bare'];
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(page(script, html[2]!));
      return;
    }
    // /bare/ holds the classic script without its chunks/ folder.
    const match = /^\/(cdn|bare)\/(.+)$/.exec(url.pathname);
    const path = match?.[2] ?? '';
    const file = resolve('dist', path);
    if (
      !match ||
      (match[1] === 'bare' && path.startsWith('chunks/')) ||
      !file.startsWith(resolve('dist')) ||
      !existsSync(file) ||
      !statSync(file).isFile()
    ) {
      res.writeHead(404).end('not found');
      return;
    }
    res
      .writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' })
      .end(readFileSync(file));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: findChrome(), args: CHROME_ARGS });
});

after(async () => {
  await browser?.close();
  await new Promise((done) => server?.close(done));
});

/** The Run button's text, the run-controls' note (if any) and the page's errors, once the button shows `expected`. */
async function open(path: string, expected: string, withNote = false) {
  const context = await browser.newContext();
  const tab = await context.newPage();
  const errors: string[] = [];
  tab.on('pageerror', (error) => errors.push(error.message));
  requested.length = 0;
  await tab.goto(`${origin}${path}`);
  const button = tab.locator('run-controls').getByRole('button', { name: expected, exact: true });
  await button.waitFor({ timeout: 10_000 });
  const note = tab.locator('run-controls').getByRole('note');
  if (withNote) await note.waitFor({ timeout: 10_000 });
  const noteText = (await note.count()) > 0 ? await note.textContent() : null;
  const dir = await tab.locator('run-controls').getAttribute('dir');
  await context.close();
  return { noteText, errors, dir, requested: [...requested] };
}

describe('language packs in the built bundles', () => {
  it('the classic script loads the French pack from chunks/ beside itself, and only it', async () => {
    const shown = await open('/classic-fr.html', 'Lancer');
    assert.equal(shown.noteText, null);
    assert.deepEqual(shown.errors, []);
    assert.ok(shown.requested.includes('/cdn/chunks/iife-locale-fr.js'));
    assert.ok(!shown.requested.some((path) => path.includes('locale-ar')));
  });

  it('the ES module loads the Arabic pack as its own chunk and lays out right to left', async () => {
    const shown = await open('/module-ar.html', 'تشغيل');
    assert.deepEqual(shown.errors, []);
    assert.equal(shown.dir, 'rtl');
    assert.ok(shown.requested.some((path) => /^\/cdn\/chunks\/locale-ar-[\w-]+\.js$/.test(path)));
    assert.ok(!shown.requested.some((path) => path.includes('locale-fr')));
  });

  it('an English page loads no pack', async () => {
    const shown = await open('/classic-en.html', 'Run');
    assert.ok(!shown.requested.some((path) => path.includes('locale-')));
  });

  it('without the pack file, English with a note in place and nothing thrown', async () => {
    const shown = await open('/bare-fr.html', 'Run', true);
    assert.match(
      shown.noteText ?? '',
      /^The French texts could not be loaded \(.+\), so English is shown\.$/,
    );
    assert.deepEqual(shown.errors, []);
  });
});
