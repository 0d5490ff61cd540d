// End-to-end: MCP Apps in <agent-chat> against the fixture server, which runs the real @ag-ui/mcp-apps-middleware
// and a real MCP server whose "Service latency explorer" is built on ext-apps' `App`. The page enforces the README's
// Trusted Types policy for MCP Apps. A person clicks inside the app's frame (Playwright reaches it; the page cannot).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROME_ARGS, findChrome } from '../../scripts/chrome.mjs';
import { startE2eServer, type E2eServer } from '../e2e/e2e-server.js';
import { startSandboxServer, type SandboxServer } from '../e2e/mcp-pages.js';

let server: E2eServer;
let sandbox: SandboxServer;
let browser: Browser;

before(async () => {
  server = await startE2eServer(0.3);
  sandbox = await startSandboxServer([server.origin]);
  browser = await chromium.launch({ executablePath: findChrome(), args: CHROME_ARGS });
});

after(async () => {
  await browser?.close();
  await sandbox?.close();
  await server?.close();
});

interface Opened {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly problems: string[];
}

async function open(width = 1365, height = 900, path = '/mcp/host.html'): Promise<Opened> {
  const context = await browser.newContext({ viewport: { width, height } });
  await context.addInitScript(() => {
    const reports: string[] = [];
    (window as unknown as { __reports: string[] }).__reports = reports;
    document.addEventListener('securitypolicyviolation', (event) =>
      reports.push(`${event.violatedDirective}: ${event.blockedURI}`),
    );
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`console ${message.type()}: ${message.text()}`);
    }
  });
  await page.goto(`${server.origin}${path}`);
  await page.locator('agent-chat textarea').waitFor();
  return { context, page, problems };
}

async function until(what: string, test: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function send(page: Page, text: string): Promise<void> {
  await page.locator('agent-chat textarea').fill(text);
  await page.locator('agent-chat textarea').press('Enter');
}

const status = (page: Page) =>
  page.evaluate(() => {
    const run = document.querySelector('agent-run') as unknown as {
      store: { getState(): { run: { status: string; number: number } } };
    };
    return run.store.getState().run;
  });

const app = (page: Page) => page.frameLocator('agent-chat iframe.mcp-app-frame');

/** Sends the explorer prompt and waits until the app shows its tool result. */
async function explore(
  page: Page,
  text = 'Explore API latency (test controls)',
  frame = app(page),
): Promise<void> {
  await send(page, text);
  await frame.locator('section[data-service="api"] dd').first().waitFor({ timeout: 45_000 });
  await until('the run to complete', async () => (await status(page)).status === 'Completed');
}

const appStatus = (page: Page) => app(page).locator('#status').textContent();
const notes = (page: Page) => page.locator('agent-chat .mcp-app-note').allTextContents();
const reports = (page: Page) =>
  page.evaluate(() => (window as unknown as { __reports: string[] }).__reports);
/** The policy reports of every frame (the page, the sandbox proxy, the app), by frame URL. */
const allReports = (page: Page) =>
  Promise.all(
    page.frames().map(async (frame) => ({
      url: frame.url(),
      reports: await frame.evaluate(
        () => (window as unknown as { __reports?: string[] }).__reports ?? [],
      ),
    })),
  );

/** What the store's tap recorded, and the transcript's roles. */
async function transcript(page: Page) {
  return page.evaluate(() => {
    const run = document.querySelector('agent-run') as unknown as {
      store: {
        getState(): { messages: { role: string; parts: { kind: string; text?: string }[] }[] };
      };
    };
    return run.store.getState().messages.map((message) => message.role);
  });
}

describe('MCP Apps from @ag-ui/mcp-apps-middleware and a real MCP server', () => {
  it('renders the app in its turn with its tool result, titled, on an opaque origin the page cannot reach', async () => {
    const { context, page, problems } = await open();
    await explore(page, 'Explore API latency');
    const frame = page.locator('agent-chat iframe.mcp-app-frame');
    assert.equal(await frame.getAttribute('sandbox'), 'allow-scripts');
    assert.equal(await frame.getAttribute('allow'), null);
    assert.equal(await frame.getAttribute('title'), 'Service latency explorer');
    assert.deepEqual(await app(page).locator('section[data-service="api"] dd').allTextContents(), [
      '145 ms',
      '276 ms',
      '377 ms',
    ]);
    // The app's own document: an opaque origin ('null'), never the page's.
    const inside = page.frames().find((item) => item !== page.mainFrame());
    assert.ok(inside, 'the app has a frame');
    assert.equal(await inside.evaluate(() => origin), 'null');
    const reach = await page.evaluate(() => {
      const chat = document.querySelector('agent-chat')!;
      const element = chat.shadowRoot!.querySelector('iframe')!;
      let documentReached = true;
      try {
        documentReached = Boolean(element.contentWindow!.document);
      } catch {
        documentReached = false;
      }
      return { contentDocument: element.contentDocument === null, documentReached };
    });
    assert.deepEqual(reach, { contentDocument: true, documentReached: false });
    // The app is in the assistant turn (an activity row after the tool call), announced ready.
    assert.deepEqual(await transcript(page), ['user', 'assistant', 'activity']);
    assert.deepEqual(await reports(page), []);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it("proxies the app's tools/call through a side run, and refuses tools/list with a note", async () => {
    const { context, page, problems } = await open();
    await explore(page);
    const before = await status(page);
    await app(page).getByRole('button', { name: 'Load Search' }).click();
    await app(page).locator('section[data-service="search"] dd').first().waitFor();
    assert.equal(
      await app(page).locator('section[data-service="search"] dd').first().textContent(),
      '110 ms',
    );
    await app(page).getByRole('button', { name: 'List tools' }).click();
    await until(
      'the refusal',
      async () => (await appStatus(page))?.includes('tools/list') ?? false,
    );
    assert.match((await appStatus(page)) ?? '', /tools\/list is not offered by this host/);
    assert.ok((await notes(page)).some((note) => note.includes('The app asked for tools/list')));
    // Side runs never touched the run, the transcript or the page's requests beyond the agent endpoint.
    assert.deepEqual(await status(page), before);
    assert.deepEqual(await transcript(page), ['user', 'assistant', 'activity']);
    assert.deepEqual(await reports(page), []);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('turns ui/message into a turn with a reply, and refuses it while a reply is on its way', async () => {
    const { context, page, problems } = await open();
    await explore(page);
    await app(page).getByRole('button', { name: 'Load Search' }).click();
    await app(page).getByRole('button', { name: 'Ask to compare' }).waitFor();
    // A long run streams: the app's message is refused, in the app and in a note.
    await send(page, 'Run the analysis');
    await until('the analysis to stream', async () => (await status(page)).status === 'Streaming');
    await app(page).getByRole('button', { name: 'Ask to compare' }).click();
    await until('the refusal', async () => (await appStatus(page))?.includes('Wait') ?? false);
    assert.ok((await notes(page)).some((note) => note.includes('ui/message')));
    await until(
      'the analysis to finish',
      async () => (await status(page)).status === 'Completed',
      60_000,
    );
    const number = (await status(page)).number;
    await app(page).getByRole('button', { name: 'Ask to compare' }).click();
    await until('the compare reply', async () => {
      const run = await status(page);
      return run.number === number + 1 && run.status === 'Completed';
    });
    const turns = await page.locator('agent-chat [data-role="user"]').allTextContents();
    assert.match(turns.at(-1) ?? '', /Compare the latency of API and Search/);
    const replies = await page.locator('agent-chat [data-role="assistant"]').allTextContents();
    assert.match(replies.at(-1) ?? '', /API.*p50 145 ms.*Search.*p50 110 ms/s);
    assert.match((await appStatus(page)) ?? '', /Asked the agent to compare/);
    assert.deepEqual(await reports(page), []);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('opens an http(s) link in a new tab without an opener, lets the page veto it, and refuses other schemes', async () => {
    const { context, page, problems } = await open();
    // Offline: the runbook's page is served here, so the new tab has a document to show.
    await context.route('https://example.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Runbook</title>' }),
    );
    await explore(page);
    await page.evaluate(() => {
      const win = window as unknown as { __links: string[]; __veto: boolean };
      win.__links = [];
      win.__veto = true;
      document.querySelector('agent-chat')!.addEventListener('mcp-open-link', (event) => {
        win.__links.push((event as CustomEvent<{ url: string }>).detail.url);
        if (win.__veto) event.preventDefault();
      });
    });
    await app(page).getByRole('button', { name: 'Open runbook' }).click();
    await until(
      'the veto',
      async () => (await appStatus(page)) === 'The host did not open the link.',
    );
    assert.equal(context.pages().length, 1);
    await page.evaluate(() => ((window as unknown as { __veto: boolean }).__veto = false));
    const popup = context.waitForEvent('page');
    await app(page).getByRole('button', { name: 'Open runbook' }).click();
    const tab = await popup;
    assert.equal(tab.url(), 'https://example.com/runbooks/latency');
    assert.equal(await tab.evaluate(() => window.opener), null);
    await tab.close();
    await app(page).getByRole('button', { name: 'Try a javascript link' }).click();
    await until(
      'the refusal',
      async () => (await appStatus(page))?.includes('http and https') ?? false,
    );
    assert.deepEqual(
      await page.evaluate(() => (window as unknown as { __links: string[] }).__links),
      ['https://example.com/runbooks/latency', 'https://example.com/runbooks/latency'],
    );
    assert.deepEqual(await reports(page), []);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('grows the frame with the app up to --agui-mcp-app-max-height, then the app scrolls inside', async () => {
    const { context, page, problems } = await open();
    await explore(page);
    const frame = page.locator('agent-chat iframe.mcp-app-frame');
    const inside = page.frames().find((item) => item !== page.mainFrame())!;
    await until('the frame to fit the app', async () => {
      const box = await frame.boundingBox();
      const content = await inside.evaluate(() => document.documentElement.scrollHeight);
      return box !== null && Math.abs(box.height - content) <= 2;
    });
    const fitted = (await frame.boundingBox())!.height;
    assert.ok(fitted > 160 && fitted < 640, `fits its content (${fitted}px)`);
    await app(page).getByRole('button', { name: 'Show more rows' }).click();
    await until('the cap', async () => (await frame.boundingBox())!.height === 640);
    assert.ok(
      (await inside.evaluate(() => document.documentElement.scrollHeight)) > 640,
      'the app scrolls inside its frame',
    );
    await page.evaluate(() =>
      document.documentElement.style.setProperty('--agui-mcp-app-max-height', '300px'),
    );
    await until('the page cap', async () => (await frame.boundingBox())!.height === 300);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('gives the frame only the permissions the page allows, and names the refused ones', async () => {
    const { context, page, problems } = await open();
    await page.evaluate(() => {
      (
        document.querySelector('agent-chat') as unknown as { mcpAppPermissions: string[] }
      ).mcpAppPermissions = ['clipboard-write', 'camera'];
    });
    await explore(page);
    const frame = page.locator('agent-chat iframe.mcp-app-frame');
    // Asked for clipboard-write and geolocation; the page allows clipboard-write (and camera, not asked for).
    assert.equal(await frame.getAttribute('allow'), 'clipboard-write');
    assert.ok(
      (await notes(page)).includes(
        'The app asked for your location, which this page does not allow.',
      ),
      (await notes(page)).join(' | '),
    );
    const inside = page.frames().find((item) => item !== page.mainFrame())!;
    assert.deepEqual(
      await inside.evaluate(() => {
        const policy = (
          document as unknown as { featurePolicy: { allowsFeature(name: string): boolean } }
        ).featurePolicy;
        return ['clipboard-write', 'geolocation', 'camera'].map((name) =>
          policy.allowsFeature(name),
        );
      }),
      [true, false, false],
    );
    await app(page).getByRole('button', { name: 'Copy figures' }).click();
    await until('the copy', async () => (await appStatus(page)) === 'Copied the figures.');
    assert.deepEqual(await reports(page), []);
    assert.deepEqual(problems, []);
    await context.close();

    // By default the allow-list is empty: no permission, and both are named.
    const second = await open();
    await explore(second.page);
    assert.equal(
      await second.page.locator('agent-chat iframe.mcp-app-frame').getAttribute('allow'),
      null,
    );
    assert.ok(
      (await notes(second.page)).includes(
        'The app asked for your location and writing to the clipboard, which this page does not allow.',
      ),
      (await notes(second.page)).join(' | '),
    );
    await app(second.page).getByRole('button', { name: 'Copy figures' }).click();
    await until(
      'the refusal',
      async () => (await appStatus(second.page)) === 'The host does not allow copying.',
    );
    assert.deepEqual(second.problems, []);
    await second.context.close();
  });

  it('offers full view when the app asks, opens it from the keyboard over the page, and Escape brings it back', async () => {
    const { context, page, problems } = await open();
    await explore(page);
    const inside = page.frames().find((item) => item !== page.mainFrame())!;
    // A mark in the app's document: the same document must survive full view and back (the frame never moves).
    await inside.evaluate(() => ((window as unknown as { mark: number }).mark = 42));
    assert.equal(await page.locator('agent-chat .mcp-app-full-view').count(), 0);
    await app(page).getByRole('button', { name: 'Full view' }).click();
    await until('the offer', async () => (await appStatus(page)) === 'The host offers full view.');
    await page.getByRole('button', { name: 'Open in full view' }).focus();
    await page.keyboard.press('Enter');
    const view = page.locator('agent-chat dialog.mcp-app-view');
    await until('full view', async () => view.evaluate((element) => element.matches(':modal')));
    await until(
      'the app to hear of it',
      async () => (await appStatus(page)) === 'Shown in full view.',
    );
    const focused = () =>
      page.evaluate(() =>
        document.querySelector('agent-chat')!.shadowRoot!.activeElement?.textContent?.trim(),
      );
    assert.equal(await focused(), 'Close full view');
    const box = (await page.locator('agent-chat iframe.mcp-app-frame').boundingBox())!;
    assert.ok(box.height > 700, `the frame fills the view (${box.height}px of 900)`);
    assert.equal(await inside.evaluate(() => (window as unknown as { mark?: number }).mark), 42);
    assert.equal(
      await inside.evaluate(() => document.documentElement.dataset.displayMode),
      'fullscreen',
    );
    await page.keyboard.press('Escape');
    await until(
      'back in place',
      async () => !(await view.evaluate((element) => element.matches(':modal'))),
    );
    await until(
      'the app to hear of it',
      async () => (await appStatus(page)) === 'Shown in the conversation.',
    );
    assert.equal(await focused(), 'Open in full view');
    assert.ok((await page.locator('agent-chat iframe.mcp-app-frame').boundingBox())!.height < 640);
    assert.equal(await inside.evaluate(() => (window as unknown as { mark?: number }).mark), 42);
    // And again with the button inside the view.
    await page.keyboard.press('Enter');
    await until('full view', async () => view.evaluate((element) => element.matches(':modal')));
    await page.keyboard.press('Enter');
    await until(
      'back in place',
      async () => !(await view.evaluate((element) => element.matches(':modal'))),
    );
    assert.deepEqual(await reports(page), []);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('restores a saved app after a reload behind Load app, asking the server for nothing until it is pressed', async () => {
    const { context, page, problems } = await open(1365, 900, '/mcp/saved.html');
    await explore(page, 'Explore API latency');
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.postData() ?? '');
    });
    await page.reload();
    await page.getByRole('button', { name: 'Load app' }).waitFor();
    assert.equal(await page.locator('agent-chat iframe.mcp-app-frame').count(), 0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal(posts.length, 0, `nothing is asked for before Load app: ${posts.join(' | ')}`);
    await page.getByRole('button', { name: 'Load app' }).click();
    await app(page).locator('section[data-service="api"] dd').first().waitFor({ timeout: 45_000 });
    assert.ok(
      posts.some((body) => body.includes('__proxiedMCPRequest') && body.includes('resources/read')),
    );
    assert.deepEqual(await transcript(page), ['user', 'assistant', 'activity']);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('closes an app that navigates itself, with a note', async () => {
    const { context, page, problems } = await open();
    await explore(page);
    await app(page).getByRole('button', { name: 'Navigate away' }).click();
    await page.locator('agent-chat .mcp-app-error').waitFor();
    assert.equal(
      await page.locator('agent-chat .mcp-app-error').textContent(),
      'The app navigated away from itself, so it was closed.',
    );
    assert.equal(await page.locator('agent-chat iframe').count(), 0);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('runs side runs beside a streaming run: neither waits, neither shows in the transcript', async () => {
    const { context, page, problems } = await open();
    await explore(page);
    await send(page, 'Run the analysis');
    await until('the analysis to stream', async () => (await status(page)).status === 'Streaming');
    const run = await status(page);
    await app(page).getByRole('button', { name: 'Load Search' }).click();
    await app(page).locator('section[data-service="search"] dd').first().waitFor();
    // The app's request came back while the visible run was still streaming, and did not end it.
    assert.deepEqual(await status(page), run);
    await until(
      'the analysis to finish',
      async () => (await status(page)).status === 'Completed',
      60_000,
    );
    const roles = await transcript(page);
    assert.equal(roles.filter((role) => role === 'activity').length, 1);
    assert.equal(roles.filter((role) => role === 'user').length, 2);
    assert.deepEqual(await reports(page), []);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('runs from the classic script, which loads the host part from beside itself', async () => {
    const { context, page, problems } = await open(1365, 900, '/mcp/classic.html');
    const loaded: string[] = [];
    page.on('request', (request) => loaded.push(new URL(request.url()).pathname));
    await explore(page, 'Explore API latency');
    assert.ok(loaded.includes('/dist/chunks/iife-mcpApps.js'), loaded.join(', '));
    assert.deepEqual(await reports(page), []);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('fits in 390 px without horizontal overflow', async () => {
    const { context, page, problems } = await open(390, 844);
    await explore(page, 'Explore API latency');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.equal(overflow, 0);
    const box = (await page.locator('agent-chat iframe.mcp-app-frame').boundingBox())!;
    assert.ok(box.x >= 0 && box.x + box.width <= 390, 'the frame fits the column');
    await page.screenshot({ path: '.bench/mcp-app-390.png' });
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe('MCP Apps on a strict page, through the sandbox proxy on another origin', () => {
  const strictPage = (sandboxUrl: string) =>
    `/mcp/strict.html?sandbox=${encodeURIComponent(sandboxUrl)}`;

  it('runs the app in the proxy under a policy without inline script, with 0 policy reports', async () => {
    const { context, page, problems } = await open(
      1365,
      900,
      strictPage(sandbox.url([server.origin])),
    );
    const proxyFrame = page.locator('agent-chat iframe.mcp-app-frame');
    const inner = app(page).frameLocator('iframe');
    await explore(page, 'Explore API latency (test controls)', inner);
    assert.equal(await proxyFrame.getAttribute('sandbox'), 'allow-scripts allow-same-origin');
    assert.equal(await proxyFrame.getAttribute('title'), 'Service latency explorer');
    assert.deepEqual(await inner.locator('section[data-service="api"] dd').allTextContents(), [
      '145 ms',
      '276 ms',
      '377 ms',
    ]);
    // Three documents: the page, the proxy on the sandbox's origin, the app on an opaque one.
    const origins = await Promise.all(page.frames().map((frame) => frame.evaluate(() => origin)));
    assert.deepEqual(origins, [server.origin, new URL(sandbox.url([])).origin, 'null']);
    assert.equal(await app(page).locator('iframe').getAttribute('sandbox'), 'allow-scripts');
    // The app's own tools/call goes through the proxy both ways.
    await inner.getByRole('button', { name: 'Load Search' }).click();
    await inner.locator('section[data-service="search"] dd').first().waitFor({ timeout: 30_000 });
    for (const frame of await allReports(page)) assert.deepEqual(frame.reports, [], frame.url);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('never starts for a parent that is not on its list, and the part says what to check', async () => {
    const elsewhere = 'https://www.example.test';
    const { context, page, problems } = await open(1365, 900, strictPage(sandbox.url([elsewhere])));
    await send(page, 'Explore API latency (test controls)');
    const note = page.getByText(
      `The app sandbox at ${sandbox.url([elsewhere])} did not answer. Check that it is served there and that its parent list names this page's origin.`,
    );
    // Until the part gives up, the proxy is framed and never makes the app's frame: it never heard the resource.
    const sandboxOrigin = new URL(sandbox.url([])).origin;
    let proxySeen = false;
    let appFrames = 0;
    await until('the note', async () => {
      const proxy = page.frames().find((frame) => frame.url().startsWith(sandboxOrigin));
      if (proxy) {
        const count = await proxy
          .evaluate(() => document.querySelectorAll('iframe').length)
          .catch(() => 0);
        proxySeen = true;
        appFrames = Math.max(appFrames, count);
      }
      return note.isVisible();
    });
    assert.ok(proxySeen, 'the proxy was framed');
    assert.equal(appFrames, 0);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it("refuses a proxy on the page's own origin before loading it", async () => {
    const own = `${server.origin}/dist/mcp-apps-sandbox.html?parent=${server.origin}`;
    const { context, page, problems } = await open(1365, 900, strictPage(own));
    await send(page, 'Explore API latency (test controls)');
    await page
      .getByText(`The app sandbox must be a page on another origin than this one, not ${own}.`)
      .waitFor({ timeout: 45_000 });
    assert.equal(page.frames().length, 1);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
