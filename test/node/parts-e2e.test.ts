// End-to-end: the classic script loads its optional parts (the code highlighter) from `chunks/` beside itself, says
// in the block where it looked when it cannot (no `chunks/`, another origin without CORS), and needs nothing more
// than 'self' under the README's strict policy; highlighted code under that policy with Trusted Types, from both
// bundles: streamed blocks coloured as they grow, a finished line left alone, every language and alias, the page's
// own Prism and `<code class="language-js">` untouched.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROME_ARGS, findChrome } from '../../scripts/chrome.mjs';
import { startPartsServers, type PartsPage, type PartsServers } from '../e2e/parts-server.js';
import type { PartsHarness, ShownBlock, StreamFrame } from '../e2e/parts-harness.js';
import { SAMPLES } from '../support/code-samples.js';

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

const CODE = [
  'const first = 1;',
  'function second(name: string): string {',
  '  return `hello ${name}`;',
  '}',
  '// done',
].join('\n');
const ANSWER = `Here it is:\n\n\`\`\`ts\n${CODE}\n\`\`\`\n\nThat is all.`;

interface PartsPageHandle {
  readonly page: Page;
  /** Page errors, and console messages but the browser's own notes on a refused or missing file. */
  readonly problems: string[];
  /** The browser's own console errors (a 404, a CORS refusal). */
  readonly browserErrors: string[];
  send(text: string, chunk?: number): Promise<string>;
  blocks(): Promise<ShownBlock[]>;
  frames(): Promise<StreamFrame[]>;
  firstLineKept(): Promise<boolean>;
  answers(): Promise<string[]>;
  pageUntouched(): Promise<boolean>;
  reports(): Promise<string[]>;
  speakWithHook(): Promise<void>;
  voiceNotes(): Promise<string[]>;
  spoken(): Promise<{ texts: string[]; played: string[] }>;
  close(): Promise<void>;
}

async function openPage(name: PartsPage, query = ''): Promise<PartsPageHandle> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  const browserErrors: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    const text = message.text();
    if (
      message.type() === 'error' &&
      /^(Failed to load resource|Access to script at .* has been blocked by CORS policy)/.test(text)
    ) {
      browserErrors.push(text);
    } else {
      problems.push(`console ${message.type()}: ${text}`);
    }
  });
  await page.goto(`${servers.origin}/parts/${name}.html${query}`);
  await page.waitForSelector('html[data-parts-ready="true"]');
  const call = <T>(method: keyof PartsHarness, ...args: unknown[]) =>
    page.evaluate(
      ([name, values]) => {
        const harness = window.partsHarness as unknown as Record<string, unknown>;
        const member = harness[name as string];
        return typeof member === 'function'
          ? (member as (...rest: unknown[]) => unknown).apply(harness, values as unknown[])
          : member;
      },
      [method, args] as const,
    ) as Promise<T>;
  return {
    page,
    problems,
    browserErrors,
    send: (text, chunk) => call<string>('send', text, chunk),
    blocks: () => call<ShownBlock[]>('blocks'),
    frames: () => call<StreamFrame[]>('frames'),
    firstLineKept: () => call<boolean>('firstLineKept'),
    answers: () => call<string[]>('answers'),
    pageUntouched: () => call<boolean>('pageUntouched'),
    reports: () => call<string[]>('reports'),
    speakWithHook: () => call<void>('speakWithHook'),
    voiceNotes: () => call<string[]>('voiceNotes'),
    spoken: () => call<{ texts: string[]; played: string[] }>('spoken'),
    close: () => context.close(),
  };
}

/** Waits until the first code block is coloured or carries its note. */
async function settled(chat: PartsPageHandle): Promise<ShownBlock[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const blocks = await chat.blocks();
    if (blocks[0] && (blocks[0].groups.length > 0 || blocks[0].note !== null)) return blocks;
    if (Date.now() > deadline)
      throw new Error(`no highlighting and no note: ${JSON.stringify(blocks)}`);
    await chat.page.waitForTimeout(50);
  }
}

describe('the classic script and its parts', { timeout: 240_000 }, () => {
  it('loads the highlighter from chunks/ beside a script served from a nested path', async () => {
    const chat = await openPage('nested');
    assert.equal(await chat.send(ANSWER), 'Completed');
    const [block] = await settled(chat);
    assert.ok(block?.groups.includes('code-keyword'), JSON.stringify(block));
    assert.equal(block?.note, null);
    assert.equal(block?.text, CODE);
    assert.ok(await chat.pageUntouched(), "the page's own Prism and code block are untouched");
    assert.deepEqual(chat.browserErrors, []);
    assert.deepEqual(chat.problems, []);
    await chat.close();
  });

  it('says in the block where it looked when chunks/ is missing, and the chat still answers', async () => {
    const chat = await openPage('missing');
    assert.equal(await chat.send(ANSWER), 'Completed');
    const [block] = await settled(chat);
    assert.deepEqual(block?.groups, []);
    assert.equal(block?.text, CODE, 'the code stays readable, as plain text');
    assert.equal(
      block?.note,
      `Highlighting is unavailable: could not load ${servers.origin}/bare/chunks/iife-highlighter.js.`,
    );
    assert.ok((await chat.answers())[0]?.includes('That is all.'));
    // A second answer: the chat keeps working, and the part is not asked for again.
    assert.equal(await chat.send('Plain words.'), 'Completed');
    assert.ok((await chat.answers())[1]?.includes('Plain words.'));
    assert.equal(chat.browserErrors.length, 1, chat.browserErrors.join('\n'));
    assert.deepEqual(chat.problems, []);
    await chat.close();
  });

  it('loads from window.AGUI_ELEMENTS_CHUNKS when the page sets it', async () => {
    const chat = await openPage('missing', `?chunks=${encodeURIComponent('/cdn/v1/chunks/')}`);
    assert.equal(await chat.send(ANSWER), 'Completed');
    const [block] = await settled(chat);
    assert.ok(block?.groups.includes('code-keyword'), JSON.stringify(block));
    assert.deepEqual(chat.problems, []);
    await chat.close();
  });

  it('loads from another origin that allows it (Access-Control-Allow-Origin)', async () => {
    const chat = await openPage('other-cors');
    assert.equal(await chat.send(ANSWER), 'Completed');
    const [block] = await settled(chat);
    assert.ok(block?.groups.includes('code-keyword'), JSON.stringify(block));
    assert.deepEqual(chat.browserErrors, []);
    assert.deepEqual(chat.problems, []);
    await chat.close();
  });

  it('says where it looked when another origin does not allow it', async () => {
    const chat = await openPage('other-plain');
    assert.equal(await chat.send(ANSWER), 'Completed');
    const [block] = await settled(chat);
    assert.deepEqual(block?.groups, []);
    assert.equal(
      block?.note,
      `Highlighting is unavailable: could not load ${servers.other}/plain/chunks/iife-highlighter.js.`,
    );
    assert.ok(
      chat.browserErrors.some((text) => text.includes('CORS')),
      chat.browserErrors.join('\n'),
    );
    assert.deepEqual(chat.problems, []);
    await chat.close();
  });
});

for (const name of ['strict', 'strict-module'] as const) {
  describe(
    `highlighted code under the README's policy with Trusted Types (${name === 'strict' ? 'classic script' : 'ES module'})`,
    { timeout: 240_000 },
    () => {
      it('colours a streamed block as it grows, and leaves a finished line alone', async () => {
        const chat = await openPage(name);
        assert.equal(await chat.send(ANSWER, 5), 'Completed');
        await settled(chat);
        const frames = await chat.frames();
        const whole = CODE.length;
        assert.ok(
          frames.some((frame) => frame.coloured > 0 && frame.length < whole),
          `coloured before the block was complete: ${JSON.stringify(frames)}`,
        );
        assert.ok(await chat.firstLineKept(), 'the first line keeps its nodes after later tokens');
        assert.ok(await chat.pageUntouched(), "the page's own Prism and code block are untouched");
        assert.deepEqual(await chat.reports(), [], 'no violation reported');
        assert.deepEqual(chat.browserErrors, []);
        assert.deepEqual(chat.problems, []);
        await chat.close();
      });

      it('colours every listed language and alias, and leaves an unknown tag plain', async () => {
        const chat = await openPage(name);
        const tags = Object.keys(SAMPLES);
        const answer = [
          ...tags.map((tag) => `\`\`\`${tag}\n${SAMPLES[tag]}\n\`\`\``),
          '```mermaid\ngraph TD; A-->B\n```',
        ].join('\n\n');
        assert.equal(await chat.send(answer), 'Completed');
        await settled(chat);
        const blocks = await chat.blocks();
        assert.equal(blocks.length, tags.length + 1);
        for (const [index, tag] of tags.entries()) {
          const block = blocks[index];
          assert.equal(block?.language, tag);
          assert.equal(block?.text, SAMPLES[tag], tag);
          assert.ok((block?.groups.length ?? 0) > 0, `${tag} is coloured`);
        }
        assert.deepEqual(blocks[tags.length]?.groups, [], 'mermaid stays plain');
        assert.ok(await chat.pageUntouched());
        assert.deepEqual(await chat.reports(), []);
        assert.deepEqual(chat.problems, []);
        await chat.close();
      });
    },
  );
}

for (const name of ['strict', 'strict-module'] as const) {
  describe(
    `Read aloud under the README's policy (${name === 'strict' ? 'classic script' : 'ES module'})`,
    { timeout: 120_000 },
    () => {
      it('loads the voice part on the first press and plays .speak’s audio from a blob: URL, with no report', async () => {
        const chat = await openPage(name);
        await chat.speakWithHook();
        assert.equal(await chat.send('The **north pump** tripped.'), 'Completed');
        const voiceLoads = () =>
          chat.page.evaluate(() =>
            performance
              .getEntriesByType('resource')
              .map((entry) => entry.name)
              .filter((url) => /chunks\/(iife-)?voice\b/.test(url)),
          );
        assert.deepEqual(await voiceLoads(), [], 'nothing of voice before the press');
        // A person's click (Playwright's is trusted), so the page may play audio.
        await chat.page.getByRole('button', { name: 'Read aloud' }).click();
        await chat.page.getByRole('button', { name: 'Stop reading' }).waitFor();
        const deadline = Date.now() + 20_000;
        while ((await chat.spoken()).played.length === 0 && Date.now() < deadline) {
          await chat.page.waitForTimeout(50);
        }
        const { texts, played } = await chat.spoken();
        assert.deepEqual(texts, ['The north pump tripped.']);
        assert.equal(played.length, 1);
        assert.match(played[0] ?? '', /^blob:/);
        const loads = await voiceLoads();
        assert.equal(loads.length, 1, loads.join('\n'));
        if (name === 'strict') assert.match(loads[0] ?? '', /\/cdn\/v1\/chunks\/iife-voice\.js$/);
        // The tenth of a second ends by itself: the button comes back.
        await chat.page.getByRole('button', { name: 'Read aloud' }).waitFor();
        assert.deepEqual(await chat.reports(), [], 'no violation reported (media-src blob:)');
        assert.deepEqual(chat.browserErrors, []);
        assert.deepEqual(chat.problems, []);
        await chat.close();
      });
    },
  );
}

describe('the voice part beside a classic script without chunks/', { timeout: 120_000 }, () => {
  it('says in place, for Read aloud and for Dictate, where it looked; the chat keeps working', async () => {
    const chat = await openPage('missing');
    await chat.speakWithHook();
    assert.equal(await chat.send('An answer.'), 'Completed');
    const where = `${servers.origin}/bare/chunks/iife-voice.js`;
    await chat.page.getByRole('button', { name: 'Read aloud' }).click();
    await chat.page.waitForFunction(() => window.partsHarness!.voiceNotes().length === 1);
    assert.deepEqual(await chat.voiceNotes(), [`Voice is unavailable: could not load ${where}.`]);
    await chat.page.getByRole('button', { name: 'Dictate' }).click();
    await chat.page.waitForFunction(() => window.partsHarness!.voiceNotes().length === 2);
    assert.ok((await chat.voiceNotes()).every((note) => note.includes(where)));
    assert.equal(await chat.send('Still here.'), 'Completed');
    assert.equal(chat.browserErrors.length, 1, chat.browserErrors.join('\n'));
    assert.deepEqual(chat.problems, []);
    await chat.close();
  });
});
