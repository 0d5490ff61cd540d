// The page-bytes bench case counts what Chromium downloaded: each script's body exactly as gzip -9 of the file, and
// every script a page ran, lazily imported chunks and their own imports included.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { CHROME_ARGS, findChrome } from '../../scripts/chrome.mjs';
import { measurePageBytes, type PageBytesResult } from '../../scripts/page-bytes.js';

interface FileStats {
  readonly imports: readonly string[];
  readonly isEntry: boolean;
  readonly format: string;
}

let browser: Browser;
let results: PageBytesResult[];

before(async () => {
  browser = await chromium.launch({ executablePath: findChrome(), args: CHROME_ARGS });
  results = await measurePageBytes(browser, ['idle', 'chat', 'analysis']);
});

after(async () => {
  await browser?.close();
});

/** The file under dist/ a served script URL names (`/dist/chunks/x.js` -> `chunks/x.js`). */
const distFile = (url: string) => url.replace(/^\/dist\//, '');
const stats = (): Record<string, FileStats> =>
  JSON.parse(readFileSync('dist/size-stats.json', 'utf8')) as Record<string, FileStats>;
const result = (id: PageBytesResult['id']) => {
  const found = results.find((item) => item.id === id);
  assert.ok(found, `no ${id} page was measured`);
  return found;
};

describe('page bytes, counted from outside', () => {
  it('counts each script body as exactly its file gzipped at level 9, headers left out', () => {
    for (const { id, scripts, problems } of results) {
      assert.deepEqual(problems, [], `the ${id} page had problems`);
      assert.ok(scripts.length > 0, `the ${id} page counted no scripts`);
      for (const script of scripts) {
        const expected = gzipSync(readFileSync(`dist/${distFile(script.url)}`), {
          level: 9,
        }).length;
        assert.equal(script.bytes, expected, `${id}: ${script.url}`);
        assert.ok(script.headerBytes > 0, `${id}: ${script.url} has its header bytes apart`);
      }
    }
  });

  it('counts every file the ES entry imports statically on the idle page', () => {
    const files = stats();
    const entry = Object.keys(files).find(
      (file) => files[file]!.isEntry && files[file]!.format === 'es',
    );
    assert.ok(entry, 'dist/size-stats.json names no ES entry');
    const counted = new Set(result('idle').scripts.map((script) => distFile(script.url)));
    const pending = [entry];
    for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
      assert.ok(counted.has(file), `the idle page did not count ${file}`);
      pending.push(...files[file]!.imports);
    }
  });

  it('counts the chunks the chat loads on use, with what each of them imports', () => {
    const files = stats();
    const idle = new Set(result('idle').scripts.map((script) => distFile(script.url)));
    const chat = result('chat');
    const counted = new Set(chat.scripts.map((script) => distFile(script.url)));
    assert.ok(
      [...counted].some((file) => !idle.has(file)),
      'the chat page counted no script beyond the idle page',
    );
    for (const file of counted) {
      assert.ok(files[file], `${file} is not a file of the build`);
      for (const imported of files[file].imports) {
        assert.ok(counted.has(imported), `${file} ran, but its import ${imported} was not counted`);
      }
    }
  });

  it('loads only what each page shows: no chat, markdown or other artifact on the analysis page', () => {
    const chunkNames = (id: PageBytesResult['id']) =>
      result(id).scripts.map((script) =>
        distFile(script.url)
          .replace(/^chunks\//, '')
          .replace(/-[\w-]{8}\.js$/, ''),
      );
    const analysis = chunkNames('analysis');
    for (const name of ['run-controls', 'service-chart', 'diagnostic-card', 'pipeline']) {
      assert.ok(analysis.includes(name), `the analysis page did not load ${name}`);
    }
    for (const name of [
      'agent-chat',
      'markdown',
      'agent-artifact',
      'highlighter',
      'a2ui',
      'signal-chart',
    ]) {
      assert.ok(
        !analysis.includes(name),
        `the analysis page loaded ${name}: ${analysis.join(', ')}`,
      );
    }
    const chat = chunkNames('chat');
    for (const name of [
      'agent-artifact',
      'diagnostic-card',
      'service-chart',
      'highlighter',
      'a2ui',
    ]) {
      assert.ok(!chat.includes(name), `the chat's plain answer loaded ${name}: ${chat.join(', ')}`);
    }
  });
});
