// The page-bytes bench case (issue 24): the gzip script bytes a page downloads, counted in Chromium from outside
// (CDP Network events), for three pages of the ES module served beside the real fixture endpoint.

import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { createFixtureApi, isFixtureApiPath, toNodeListener } from '../demo/server/index.js';
import { chatIntent, chatScript, finalDiagnosticCard } from '../src/fixtures/index.js';

const KIB = 1024;
/** The chat page's question: it matches no intent, so the recipe answers in plain markdown (no code fence). */
export const CHAT_QUESTION = 'Hello';
/** Fixture delays are scaled this much: the bytes do not depend on the pacing, the bench's duration does. */
const TIME_SCALE = 0.1;
/** Quiet needed after the page is done before the count is taken: no request pending for this long. */
const SETTLE_MS = 500;
const SETTLE_TIMEOUT_MS = 10_000;
const DRIVE_TIMEOUT_MS = 60_000;

const ENDPOINT = '/api/agent-analysis';
const MODULE = '/dist/agui-elements.js';
const DISCLOSURE = 'Synthetic data from a prepared demo recipe — not a live system.';

export interface PageBytesCase {
  readonly id: 'chat' | 'analysis' | 'idle';
  /** The page and when the count is taken, in a few words (the check's name). */
  readonly name: string;
  /** What the page holds and when the count is taken. */
  readonly label: string;
  /** The body of the page; the head loads the ES module. */
  readonly body: string;
  /** Issue 24's target for the page's script bytes. */
  readonly targetBytes: number;
  /** Drives the page to the point the count is taken at (before the settle). */
  readonly drive: (page: Page) => Promise<void>;
}

export interface ScriptResponse {
  /** The path the page asked for, as served (never a hard-coded chunk name). */
  readonly url: string;
  /** Body bytes on the wire: `encodedDataLength` less the response's header bytes. */
  readonly bytes: number;
  readonly headerBytes: number;
  readonly status: number;
}

export interface PageBytesResult {
  readonly id: PageBytesCase['id'];
  readonly name: string;
  readonly label: string;
  readonly targetBytes: number;
  readonly scripts: readonly ScriptResponse[];
  readonly totalBytes: number;
  /** Page errors, console errors and warnings, failed requests: a count with any of these is not trusted. */
  readonly problems: readonly string[];
}

/** The plain-text reply the chat recipe gives the question: its last paragraph is what the page must show. */
function chatReply(): { lastParagraph: string } {
  const intent = chatIntent(CHAT_QUESTION);
  const script = chatScript(intent, {
    threadId: 'page-bytes',
    runId: 'page-bytes',
    messages: [{ id: 'q', role: 'user', content: CHAT_QUESTION }],
    tools: [],
    context: [],
    state: {},
    forwardedProps: {},
  });
  const text = script
    .map(({ event }) => event)
    .filter((event) => event.type === 'TEXT_MESSAGE_CONTENT')
    .map((event) => (event as { delta?: string }).delta ?? '')
    .join('');
  if (intent !== 'help' || text.includes('```')) {
    throw new Error(
      `The chat page's question ${JSON.stringify(CHAT_QUESTION)} no longer gets the recipe's plain answer ` +
        `(intent ${intent}${text.includes('```') ? ', with a code fence' : ''}): pick another question.`,
    );
  }
  const lastParagraph =
    text
      .trim()
      .split(/\n\s*\n/)
      .at(-1)
      ?.trim() ?? '';
  if (lastParagraph === '' || /[*_`[\]#<>]/.test(lastParagraph)) {
    throw new Error(
      `The chat recipe's plain answer ends with ${JSON.stringify(lastParagraph)}, which is not plain text: ` +
        'the page-bytes bench cannot find it on the page as written.',
    );
  }
  return { lastParagraph };
}

async function runStatus(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    const provider = document.querySelector('agent-run') as
      (Element & { store?: { getState(): { run: { status: string } } } }) | null;
    return provider?.store?.getState().run.status;
  });
}

async function waitForStatus(page: Page, status: string): Promise<void> {
  await page.waitForFunction(
    (wanted) => {
      const provider = document.querySelector('agent-run') as
        (Element & { store?: { getState(): { run: { status: string } } } }) | null;
      return provider?.store?.getState().run.status === wanted;
    },
    status,
    { timeout: DRIVE_TIMEOUT_MS },
  );
}

async function driveChat(page: Page): Promise<void> {
  const { lastParagraph } = chatReply();
  const chat = page.locator('agent-chat');
  await chat.getByRole('textbox', { name: 'Message' }).fill(CHAT_QUESTION);
  await chat.getByRole('button', { name: 'Send', exact: true }).click();
  // Playwright's locators pierce open shadow roots: this is the reply drawn in <agent-chat>'s shadow DOM.
  await chat.getByText(lastParagraph, { exact: true }).waitFor({ state: 'visible' });
  await waitForStatus(page, 'Completed');
}

async function driveAnalysis(page: Page): Promise<void> {
  const controls = page.locator('run-controls');
  await controls.getByRole('combobox', { name: 'Scenario' }).selectOption({ label: 'Normal' });
  await controls.getByRole('button', { name: 'Run', exact: true }).click();
  await controls.getByRole('status').filter({ hasText: 'Completed' }).waitFor();
  await page
    .locator('diagnostic-card')
    .getByText(finalDiagnosticCard().title, { exact: true })
    .waitFor({ state: 'visible' });
}

async function driveIdle(page: Page): Promise<void> {
  // Defined and upgraded: the provider has made its store. Nothing is run.
  await page.waitForFunction(
    () => customElements.get('agent-run') !== undefined,
    {},
    {
      timeout: DRIVE_TIMEOUT_MS,
    },
  );
  const status = await runStatus(page);
  if (status !== 'Idle') throw new Error(`The idle page's run is ${String(status)}, not Idle.`);
}

/** Issue 24's three pages, each on the ES module against the fixture endpoint. */
export const PAGE_BYTES_CASES: readonly PageBytesCase[] = [
  {
    id: 'chat',
    name: 'chat-only page through its first answer',
    label: 'chat-only page (<agent-run endpoint> + <agent-chat>), through its first drawn answer',
    body: `<agent-run id="chat" endpoint="${ENDPOINT}"><agent-chat></agent-chat></agent-run>`,
    targetBytes: 95 * KIB,
    drive: driveChat,
  },
  {
    id: 'analysis',
    name: 'analysis page through a completed run',
    label:
      'analysis page (<run-controls>, <service-chart>, <diagnostic-card>), through a completed Normal run',
    body:
      `<agent-run id="analysis" endpoint="${ENDPOINT}" disclosure="${DISCLOSURE}">` +
      '<run-controls></run-controls><service-chart></service-chart>' +
      '<diagnostic-card latest></diagnostic-card></agent-run>',
    targetBytes: 70 * KIB,
    drive: driveAnalysis,
  },
  {
    id: 'idle',
    name: 'idle page',
    label: 'idle page (<agent-run endpoint> only, nothing run)',
    body: `<agent-run id="idle" endpoint="${ENDPOINT}"></agent-run>`,
    targetBytes: 25 * KIB,
    drive: driveIdle,
  },
];

function pageHtml(body: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>page bytes</title>' +
    `<link rel="icon" href="data:,"><script type="module" src="${MODULE}"></script></head>` +
    `<body>${body}</body></html>`
  );
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
};

export interface PageBytesServer {
  readonly origin: string;
  close(): Promise<void>;
}

/**
 * One Node server for the pages, dist/ (scripts gzipped at level 9, with a Content-Length so the body on the wire is
 * exactly the gzip) and the fixture API, so a page downloads what it would against a real endpoint.
 */
export async function startPageBytesServer(
  options: { timeScale?: number; distDir?: string } = {},
): Promise<PageBytesServer> {
  const dist = resolve(options.distDir ?? 'dist');
  const entry = resolve(dist, 'agui-elements.js');
  if (!(await stat(entry).catch(() => null))?.isFile()) {
    throw new Error(`${entry} is missing: run \`npm run build\` first.`);
  }
  const api = toNodeListener(createFixtureApi({ timeScale: options.timeScale ?? TIME_SCALE }));
  const gzipped = new Map<string, Buffer>();
  const pages = new Map(PAGE_BYTES_CASES.map((item) => [`/page-bytes/${item.id}.html`, item]));

  async function serveDist(pathname: string, req: IncomingMessage, res: ServerResponse) {
    const file = resolve(dist, `.${pathname.slice('/dist'.length)}`);
    const info = file.startsWith(dist + sep) ? await stat(file).catch(() => null) : null;
    if (!info?.isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const acceptsGzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    if (extname(file) !== '.js' || !acceptsGzip) {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': type, 'content-length': body.length }).end(body);
      return;
    }
    let body = gzipped.get(file);
    if (!body) {
      body = gzipSync(await readFile(file), { level: 9 });
      gzipped.set(file, body);
    }
    res
      .writeHead(200, {
        'content-type': type,
        'content-encoding': 'gzip',
        'content-length': body.length,
        vary: 'accept-encoding',
        'cache-control': 'no-cache',
      })
      .end(body);
  }

  const server: Server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (isFixtureApiPath(pathname)) {
      api(req, res);
      return;
    }
    const item = pages.get(pathname);
    if (item) {
      res.writeHead(200, { 'content-type': TYPES['.html']! }).end(pageHtml(item.body));
      return;
    }
    if (pathname.startsWith('/dist/')) {
      serveDist(pathname, req, res).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(error));
      });
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

interface RequestRecord {
  url: string;
  type?: string;
  mimeType?: string;
  status?: number;
  headerBytes?: number;
  encodedBytes?: number;
  failed?: string;
}

/** Every request of a page by CDP request id, and which are still pending. */
function recordNetwork(session: CDPSession) {
  const requests = new Map<string, RequestRecord>();
  const pending = new Set<string>();
  let lastActivity = Date.now();
  const touch = () => {
    lastActivity = Date.now();
  };
  const record = (id: string, url = '') => {
    const existing = requests.get(id);
    if (existing) return existing;
    const created: RequestRecord = { url };
    requests.set(id, created);
    return created;
  };
  session.on('Network.requestWillBeSent', (event) => {
    record(event.requestId, event.request.url).url = event.request.url;
    pending.add(event.requestId);
    touch();
  });
  session.on('Network.responseReceived', (event) => {
    const item = record(event.requestId, event.response.url);
    item.type = event.type;
    item.mimeType = event.response.mimeType;
    item.status = event.response.status;
    touch();
  });
  session.on('Network.responseReceivedExtraInfo', (event) => {
    if (event.headersText !== undefined) {
      record(event.requestId).headerBytes = Buffer.byteLength(event.headersText, 'latin1');
    }
  });
  session.on('Network.loadingFinished', (event) => {
    record(event.requestId).encodedBytes = event.encodedDataLength;
    pending.delete(event.requestId);
    touch();
  });
  session.on('Network.loadingFailed', (event) => {
    record(event.requestId).failed = event.errorText;
    pending.delete(event.requestId);
    touch();
  });
  /** Resolves once nothing has been pending or started for `SETTLE_MS`; rejects naming what never ended. */
  const settled = async () => {
    const deadline = Date.now() + SETTLE_TIMEOUT_MS;
    while (pending.size > 0 || Date.now() - lastActivity < SETTLE_MS) {
      if (Date.now() > deadline) {
        const open = [...pending].map((id) => requests.get(id)?.url ?? id);
        throw new Error(`The page did not settle: still pending ${open.join(', ')}`);
      }
      await new Promise((done) => setTimeout(done, 50));
    }
  };
  return { requests, settled };
}

function isScript(item: RequestRecord): boolean {
  return item.type === 'Script' || /javascript|ecmascript/.test(item.mimeType ?? '');
}

/** Loads one page in a fresh context with the cache off, drives it, waits for the settle and sums its scripts. */
export async function measurePage(
  browser: Browser,
  origin: string,
  pageCase: PageBytesCase,
): Promise<PageBytesResult> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(DRIVE_TIMEOUT_MS);
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') {
        problems.push(`console ${message.type()}: ${message.text()}`);
      }
    });
    const session = await context.newCDPSession(page);
    const network = recordNetwork(session);
    await session.send('Network.enable');
    await session.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.goto(`${origin}/page-bytes/${pageCase.id}.html`);
    await pageCase.drive(page);
    await network.settled();
    const scripts: ScriptResponse[] = [];
    for (const item of network.requests.values()) {
      if (item.failed) problems.push(`request failed: ${item.url} (${item.failed})`);
      if (item.failed || !isScript(item)) continue;
      if (item.encodedBytes === undefined || item.headerBytes === undefined) {
        throw new Error(`No byte count for ${item.url}: CDP reported no raw headers or no finish.`);
      }
      if (item.status !== 200) problems.push(`script ${item.url} answered ${String(item.status)}`);
      const url = item.url.startsWith(origin) ? item.url.slice(origin.length) : item.url;
      scripts.push({
        url,
        bytes: item.encodedBytes - item.headerBytes,
        headerBytes: item.headerBytes,
        status: item.status ?? 0,
      });
    }
    await session.detach();
    return {
      id: pageCase.id,
      name: pageCase.name,
      label: pageCase.label,
      targetBytes: pageCase.targetBytes,
      scripts,
      totalBytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
      problems,
    };
  } finally {
    await context.close();
  }
}

/** Measures every case (or the ones named) on one server; the pages run one after another. */
export async function measurePageBytes(
  browser: Browser,
  ids: readonly PageBytesCase['id'][] = PAGE_BYTES_CASES.map((item) => item.id),
): Promise<PageBytesResult[]> {
  const server = await startPageBytesServer();
  try {
    const results: PageBytesResult[] = [];
    for (const item of PAGE_BYTES_CASES.filter((entry) => ids.includes(entry.id))) {
      results.push(await measurePage(browser, server.origin, item));
    }
    return results;
  } finally {
    await server.close();
  }
}
