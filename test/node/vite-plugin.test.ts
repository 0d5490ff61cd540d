// The Vite plugin serves the sentinel channel in the dev server beside Vite's own HMR socket: SSE through the
// middleware, the WebSocket through the server's upgrade requests.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { createServer, type ViteDevServer } from 'vite';
import WebSocket from 'ws';
import { UI_EVENTS_PATH, UI_EVENTS_WS_PATH, sentinelBanner } from '../../demo/server/index.js';
import { agentAnalysisPlugin } from '../../demo/server/vite-plugin.js';

function firstMessage(socket: WebSocket): Promise<unknown> {
  return new Promise((resolve, reject) => {
    socket.once('message', (data) => resolve(JSON.parse(String(data))));
    socket.once('error', reject);
  });
}

describe('the Vite dev server with agentAnalysisPlugin', () => {
  let server: ViteDevServer;
  let origin: string;

  before(async () => {
    server = await createServer({
      configFile: false,
      root: 'demo',
      logLevel: 'silent',
      plugins: [agentAnalysisPlugin({ timeScale: 0.01 })],
      server: { host: '127.0.0.1', port: 0, strictPort: false },
    });
    await server.listen();
    origin = `http://127.0.0.1:${(server.httpServer?.address() as AddressInfo).port}`;
  });

  after(async () => {
    await server?.close();
  });

  it('streams the sentinel over SSE', async () => {
    const abort = new AbortController();
    const response = await fetch(`${origin}${UI_EVENTS_PATH}`, { signal: abort.signal });
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/event-stream/);
    const reader = response.body!.getReader();
    let text = '';
    while (!text.includes('"sentinel-1"'))
      text += new TextDecoder().decode((await reader.read()).value);
    abort.abort();
  });

  it('sends banners over the WebSocket route and leaves the HMR socket to Vite', async () => {
    const channel = new WebSocket(`${origin.replace('http', 'ws')}${UI_EVENTS_WS_PATH}`, {
      headers: { origin },
    });
    assert.deepEqual(await firstMessage(channel), sentinelBanner(1));
    channel.close();
    // Vite's own socket (with its page token) still answers on the same server.
    const token = encodeURIComponent(server.config.webSocketToken);
    const hmr = new WebSocket(`${origin.replace('http', 'ws')}/?token=${token}`, 'vite-hmr', {
      headers: { origin },
    });
    assert.deepEqual(await firstMessage(hmr), { type: 'connected' });
    hmr.close();
  });
});
