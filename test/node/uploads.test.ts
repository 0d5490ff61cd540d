// The fixture's upload store over real HTTP (`POST /api/uploads`), and the handler's bounds with a test clock.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_UPLOAD_BYTES, createUploadHandler } from '../../demo/server/index.js';
import { startFixtureServer } from './fixture-server.js';
import type { FixtureServer } from './fixture-server.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function post(
  handler: ReturnType<typeof createUploadHandler>,
  body: Uint8Array<ArrayBuffer>,
  type: string,
) {
  return handler(
    new Request('http://fixture.test/api/uploads', {
      method: 'POST',
      headers: { 'content-type': type },
      body,
    }),
  );
}

describe('fixture uploads over HTTP', () => {
  let server: FixtureServer;
  before(async () => {
    server = await startFixtureServer({ timeScale: 0 });
  });
  after(async () => {
    await server.close();
  });

  it('keeps a file and serves it back from the URL it answers, with its type', async () => {
    const response = await fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: { 'content-type': 'image/png' },
      body: PNG,
    });
    assert.equal(response.status, 201);
    const body = (await response.json()) as { url: string; size: number; mimeType: string };
    assert.equal(body.size, PNG.byteLength);
    assert.equal(body.mimeType, 'image/png');
    assert.match(body.url, new RegExp(`^${server.url}/api/uploads/[a-f0-9]{32}$`));
    const back = await fetch(body.url);
    assert.equal(back.status, 200);
    assert.equal(back.headers.get('content-type'), 'image/png');
    assert.equal(back.headers.get('x-content-type-options'), 'nosniff');
    assert.deepEqual(Buffer.from(await back.arrayBuffer()), PNG);
  });

  it('refuses a type it does not keep (415) and a file over 10 MiB (413) without keeping it', async () => {
    const html = await fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: { 'content-type': 'text/html' },
      body: '<script>alert(1)</script>',
    });
    assert.equal(html.status, 415);
    assert.match(((await html.json()) as { error: string }).error, /text\/html/);
    const big = await fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: { 'content-type': 'application/pdf' },
      body: new Uint8Array(MAX_UPLOAD_BYTES + 1),
    });
    assert.equal(big.status, 413);
    assert.match(((await big.json()) as { error: string }).error, /at most 10485760 bytes/);
  });

  it('answers 404 for an unknown upload and 405 for other methods', async () => {
    assert.equal((await fetch(`${server.url}/api/uploads/${'0'.repeat(32)}`)).status, 404);
    assert.equal((await fetch(`${server.url}/api/uploads`)).status, 405);
    const put = await fetch(`${server.url}/api/uploads/${'0'.repeat(32)}`, { method: 'PUT' });
    assert.equal(put.status, 405);
  });
});

describe('fixture upload store bounds', () => {
  it('forgets a file after its time limit', async () => {
    let now = 0;
    const handler = createUploadHandler({ ttlMs: 1000, now: () => now });
    const { url } = (await (await post(handler, new Uint8Array(PNG), 'image/png')).json()) as {
      url: string;
    };
    now = 999;
    assert.equal((await handler(new Request(url))).status, 200);
    now = 1000;
    assert.equal((await handler(new Request(url))).status, 404);
  });

  it('keeps memory bounded: the oldest files go when the total would pass the bound', async () => {
    const handler = createUploadHandler({ maxTotalBytes: 250, maxBytes: 100 });
    const urls: string[] = [];
    for (let index = 0; index < 4; index += 1) {
      const response = await post(handler, new Uint8Array(100).fill(index), 'text/plain');
      urls.push(((await response.json()) as { url: string }).url);
    }
    const statuses = await Promise.all(
      urls.map(async (url) => (await handler(new Request(url))).status),
    );
    assert.deepEqual(statuses, [404, 404, 200, 200]);
  });

  it('keeps at most maxFiles files, and reads no more than the limit of a body that lies about its length', async () => {
    const handler = createUploadHandler({ maxFiles: 2, maxBytes: 10 });
    const first = (await (
      await post(handler, new Uint8Array(PNG.subarray(0, 5)), 'image/png')
    ).json()) as {
      url: string;
    };
    await post(handler, new Uint8Array(PNG.subarray(0, 5)), 'image/png');
    await post(handler, new Uint8Array(PNG.subarray(0, 5)), 'image/png');
    assert.equal((await handler(new Request(first.url))).status, 404);
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(8));
      },
    });
    const response = await handler(
      new Request('http://fixture.test/api/uploads', {
        method: 'POST',
        headers: { 'content-type': 'image/png' },
        body: endless,
        duplex: 'half',
      } as RequestInit),
    );
    assert.equal(response.status, 413);
    assert.ok(pulled <= 3, `read ${pulled} chunks`);
  });
});
