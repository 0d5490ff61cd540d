// End-to-end: math in answers from the built bundles. The classic script without `chunks/` shows the TeX and says
// where it looked for the math part (asked for once); under the README's strict policy with Trusted Types, from the
// classic script and from the ES module: a currency sentence left alone with no part asked for, inline and block
// math typeset and named by its TeX in Chromium's accessibility tree, a formula streamed in 3-character pieces (the
// open block shown as TeX and never typeset early), a bad formula and `\href` / `\includegraphics` refused with no
// link and no image; no violation reported, nothing on the console.
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

/** What the answers show of their math, read through every shadow root. */
interface ShownMath {
  /** Each `<math>`: its aria-label, whether it is display math, and whether every node in it is MathML. */
  readonly formulas: { label: string; display: boolean; mathml: boolean }[];
  readonly notes: string[];
  /** TeX shown as code (`.math-tex`). */
  readonly tex: string[];
  /** Links and images inside the answers. */
  readonly linksAndImages: number;
}

interface MathPage {
  readonly page: Page;
  readonly problems: string[];
  readonly browserErrors: string[];
  /** Requests for the math part's file. */
  readonly partRequests: string[];
  send(text: string, chunk?: number): Promise<string>;
  shown(): Promise<ShownMath>;
  reports(): Promise<string[]>;
  close(): Promise<void>;
}

async function openPage(name: PartsPage): Promise<MathPage> {
  const context = await browser.newContext();
  // tsx keeps function names with a `__name` helper that the functions evaluated in the page below carry along.
  await context.addInitScript('globalThis.__name = (target) => target;');
  const page = await context.newPage();
  const problems: string[] = [];
  const browserErrors: string[] = [];
  const partRequests: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && /^Failed to load resource/.test(text))
      browserErrors.push(text);
    else problems.push(`console ${message.type()}: ${text}`);
  });
  page.on('request', (request) => {
    if (/\/chunks\/(?:iife-)?math[-.]/.test(request.url())) partRequests.push(request.url());
  });
  await page.goto(`${servers.origin}/parts/${name}.html`);
  await page.waitForSelector('html[data-parts-ready="true"]');
  return {
    page,
    problems,
    browserErrors,
    partRequests,
    send: (text, chunk) =>
      page.evaluate(([text, chunk]) => window.partsHarness!.send(text as string, chunk as number), [
        text,
        chunk ?? 1_000_000,
      ] as const),
    shown: () =>
      page.evaluate(() => {
        const all: Element[] = [];
        const walk = (root: Document | ShadowRoot) => {
          for (const element of root.querySelectorAll('*')) {
            all.push(element);
            if (element.shadowRoot) walk(element.shadowRoot);
          }
        };
        walk(document);
        const inAnswers = all.filter((element) => element.closest('.markdown'));
        return {
          formulas: inAnswers
            .filter((element) => element.localName === 'math')
            .map((math) => ({
              label: math.getAttribute('aria-label') ?? '',
              display: math.getAttribute('display') === 'block',
              mathml: [math, ...math.querySelectorAll('*')].every(
                (node) => node.namespaceURI === 'http://www.w3.org/1998/Math/MathML',
              ),
            })),
          notes: inAnswers
            .filter((element) => element.classList.contains('math-note'))
            .map((note) => note.textContent?.trim() ?? ''),
          tex: inAnswers
            .filter((element) => element.classList.contains('math-tex'))
            .map((code) => code.textContent ?? ''),
          linksAndImages: inAnswers.filter((element) => element.matches('a, img')).length,
        };
      }),
    reports: () => page.evaluate(() => window.partsHarness!.reports),
    close: () => context.close(),
  };
}

/** The accessible names of the page's `math` nodes, from Chromium's accessibility tree. */
async function axMathNames(page: Page): Promise<string[]> {
  const session = await page.context().newCDPSession(page);
  const { nodes } = (await session.send('Accessibility.getFullAXTree')) as {
    nodes: { role?: { value?: string }; name?: { value?: string } }[];
  };
  await session.detach();
  return nodes
    .filter((node) => /math/i.test(node.role?.value ?? ''))
    .map((node) => node.name?.value ?? '');
}

const INLINE = '\\frac{145-60}{60}';
const BLOCK = '\\sum_{i=1}^{n} x_i^2';
const ANSWER = `The rise is $${INLINE}$ of the base.\n\n$$\n${BLOCK}\n$$\n\nThat is all.`;

describe('math from the classic script without its chunks/', { timeout: 240_000 }, () => {
  it('shows the TeX and says where it looked for the math part, asked for once', async () => {
    const chat = await openPage('missing');
    assert.equal(await chat.send(ANSWER), 'Completed');
    const shown = await until(
      () => chat.shown(),
      (value) => value.notes.length >= 2,
      'no note',
    );
    const note = `Math is unavailable: could not load ${servers.origin}/bare/chunks/iife-math.js.`;
    assert.deepEqual(shown.formulas, []);
    assert.deepEqual(shown.tex, [INLINE, BLOCK]);
    assert.deepEqual(shown.notes, [`(${note})`, note]);
    assert.equal(await chat.send(`Again $${INLINE}$.`), 'Completed');
    await until(
      () => chat.shown(),
      (value) => value.notes.length >= 3,
      'no note on the second answer',
    );
    assert.equal(chat.partRequests.length, 1, chat.partRequests.join('\n'));
    assert.equal(chat.browserErrors.length, 1, chat.browserErrors.join('\n'));
    assert.deepEqual(chat.problems, []);
    await chat.close();
  });
});

for (const name of ['strict', 'strict-module'] as const) {
  describe(
    `math under the README's policy with Trusted Types (${name === 'strict' ? 'classic script' : 'ES module'})`,
    { timeout: 240_000 },
    () => {
      it('leaves a currency sentence alone and asks for no math part', async () => {
        const chat = await openPage(name);
        assert.equal(await chat.send('It costs $5 and $10 today.', 3), 'Completed');
        const shown = await chat.shown();
        assert.deepEqual(shown.formulas, []);
        assert.deepEqual(shown.tex, []);
        assert.deepEqual(chat.partRequests, []);
        assert.deepEqual(await chat.reports(), []);
        assert.deepEqual(chat.problems, []);
        await chat.close();
      });

      it('typesets inline and block math, named by its TeX for screen readers', async () => {
        const chat = await openPage(name);
        assert.equal(await chat.send(ANSWER), 'Completed');
        const shown = await until(
          () => chat.shown(),
          (value) => value.formulas.length === 2,
          'not typeset',
        );
        assert.deepEqual(shown.formulas, [
          { label: INLINE, display: false, mathml: true },
          { label: BLOCK, display: true, mathml: true },
        ]);
        const names = await axMathNames(chat.page);
        assert.ok(names.includes(INLINE), JSON.stringify(names));
        assert.ok(names.includes(BLOCK), JSON.stringify(names));
        assert.deepEqual(await chat.reports(), [], 'no violation reported');
        assert.deepEqual(chat.browserErrors, []);
        assert.deepEqual(chat.problems, []);
        await chat.close();
      });

      it('streams a formula in 3-character pieces: the open block is TeX, never typeset early', async () => {
        const chat = await openPage(name);
        // Every `<math>` label the page ever shows, and whether the open block was shown as TeX.
        await chat.page.evaluate(() => {
          const seen = { labels: new Set<string>(), texShown: false };
          (window as unknown as { mathSeen: typeof seen }).mathSeen = seen;
          const look = () => {
            const walk = (root: Document | ShadowRoot) => {
              for (const element of root.querySelectorAll('*')) {
                if (element.localName === 'math')
                  seen.labels.add(element.getAttribute('aria-label') ?? '');
                if (element.matches('pre.math-tex')) seen.texShown = true;
                if (element.shadowRoot) walk(element.shadowRoot);
              }
            };
            walk(document);
            requestAnimationFrame(look);
          };
          look();
        });
        assert.equal(await chat.send(ANSWER, 3), 'Completed');
        await until(
          () => chat.shown(),
          (value) => value.formulas.length === 2,
          'not typeset',
        );
        const seen = await chat.page.evaluate(() => {
          const value = (
            window as unknown as { mathSeen: { labels: Set<string>; texShown: boolean } }
          ).mathSeen;
          return { labels: [...value.labels], texShown: value.texShown };
        });
        assert.ok(seen.texShown, 'the open block showed its TeX');
        assert.deepEqual(seen.labels.sort(), [INLINE, BLOCK].sort(), 'only whole formulas typeset');
        assert.deepEqual(await chat.reports(), []);
        assert.deepEqual(chat.problems, []);
        await chat.close();
      });

      it('shows a bad formula as TeX with a note, and refuses \\href and \\includegraphics', async () => {
        const chat = await openPage(name);
        const answer =
          'Bad $\\frac{1}{$, a $\\href{https://example.com}{link}$ and an $\\includegraphics{x.png}$.';
        assert.equal(await chat.send(answer), 'Completed');
        const shown = await until(
          () => chat.shown(),
          (value) => value.notes.length === 3,
          'no notes',
        );
        assert.deepEqual(shown.formulas, []);
        assert.deepEqual(shown.tex, [
          '\\frac{1}{',
          '\\href{https://example.com}{link}',
          '\\includegraphics{x.png}',
        ]);
        assert.deepEqual(shown.notes, [
          "(Not typeset: Unexpected end of input in a macro argument, expected '}'.)",
          '(Not typeset: Unsupported function name: \\href.)',
          '(Not typeset: Function "\\includegraphics" is not trusted.)',
        ]);
        assert.equal(shown.linksAndImages, 0);
        assert.deepEqual(await chat.reports(), []);
        assert.deepEqual(chat.problems, []);
        await chat.close();
      });
    },
  );
}
