// The sentinel channel: a deterministic banner sequence, the SSE route on a fake clock (timers disposed exactly once
// on cancel or abort), and both routes over real HTTP, where a WebSocket from a foreign Origin is refused.

import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { ALERT_BANNER_PROPS } from '../../src/artifacts/schemas.js';
import {
  BANNER_INTERVAL_MS,
  FIRST_BANNER_MS,
  HEARTBEAT_MS,
  UI_EVENTS_PATH,
  UI_EVENTS_WS_PATH,
  attachUiEventsWebSocket,
  createFixtureApi,
  createUiEventsHandler,
  isFixtureApiPath,
  sentinelBanner,
  toNodeListener,
} from '../../demo/server/index.js';
import type { SentinelObservation } from '../../demo/server/index.js';

/** Moves the fake clock 1 ms at a time, so timers set by timers fire in order (see disposal.test.ts). */
function advance(ms: number): void {
  for (let elapsed = 0; elapsed < ms; elapsed += 1) mock.timers.tick(1);
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
const kinds = (observations: SentinelObservation[]) =>
  observations.map((o) => (o.type === 'Sent' ? `${o.kind} ${o.n}` : o.type));

describe('the sentinel', () => {
  it('sends a valid alert banner for cells 1, 2, 3 in turn, the same on every connection', () => {
    const banners = [1, 2, 3, 4, 5, 6, 7].map(sentinelBanner);
    assert.deepEqual(
      banners.map((message) => message.data.cell_id),
      [1, 2, 3, 1, 2, 3, 1],
    );
    for (const message of banners) {
      assert.equal(message.type, 'ui_render');
      assert.equal(message.data.component, 'alert_banner');
      assert.equal(message.data.props.cell_id, message.data.cell_id);
      assert.ok(ALERT_BANNER_PROPS.safeParse(message.data.props).success);
    }
    assert.deepEqual(sentinelBanner(4), sentinelBanner(4));
    assert.equal(new Set(banners.map((message) => message.data.props.anomaly_id)).size, 7);
    assert.ok(isFixtureApiPath(UI_EVENTS_PATH));
  });
});

describe('GET /api/ui-events on a fake clock', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout', 'setInterval'] }));
  afterEach(() => mock.timers.reset());

  async function open(observations: SentinelObservation[]) {
    const handler = createUiEventsHandler({ observeChannel: (o) => observations.push(o) });
    const abort = new AbortController();
    const response = await handler(
      new Request(`http://fixture.test${UI_EVENTS_PATH}`, { signal: abort.signal }),
    );
    return { response, abort };
  }

  it('streams banners and heartbeats by the clock', async () => {
    const observations: SentinelObservation[] = [];
    const { response } = await open(observations);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/event-stream/);
    advance(FIRST_BANNER_MS - 1);
    assert.deepEqual(kinds(observations), ['Opened']);
    advance(1 + BANNER_INTERVAL_MS);
    assert.deepEqual(kinds(observations), ['Opened', 'banner 1', 'banner 2']);
    const reader = response.body!.getReader();
    let text = '';
    while (!text.includes('sentinel-2'))
      text += new TextDecoder().decode((await reader.read()).value);
    const frames = text.split('\n\n').filter(Boolean);
    assert.equal(frames[0], ': sentinel channel');
    assert.deepEqual(JSON.parse(frames[1]!.replace(/^data: /, '')), sentinelBanner(1));
    advance(HEARTBEAT_MS - FIRST_BANNER_MS - BANNER_INTERVAL_MS);
    // Banners at 0.5 s, 3.5 s, 6.5 s, 9.5 s and 12.5 s, then the first heartbeat at 15 s.
    assert.deepEqual(kinds(observations).slice(-2), ['banner 5', 'heartbeat 5']);
    await reader.cancel();
  });

  for (const end of ['cancel', 'abort'] as const) {
    it(`disposes the connection's timers once on ${end} and sends nothing later`, async () => {
      const observations: SentinelObservation[] = [];
      const { response, abort } = await open(observations);
      advance(FIRST_BANNER_MS);
      if (end === 'cancel') await response.body!.cancel();
      else abort.abort();
      await settle();
      if (end === 'abort') await response.body!.cancel();
      advance(HEARTBEAT_MS * 2);
      assert.deepEqual(kinds(observations), ['Opened', 'banner 1', 'Closed']);
    });
  }

  it('answers other methods with 405', async () => {
    const handler = createUiEventsHandler();
    const response = await handler(
      new Request(`http://fixture.test${UI_EVENTS_PATH}`, { method: 'POST', body: '{}' }),
    );
    assert.equal(response.status, 405);
    assert.equal(response.headers.get('allow'), 'GET');
  });
});

describe('the channel routes over HTTP', () => {
  let server: Server;
  let origin: string;
  let observations: SentinelObservation[];
  let detach: () => void;

  beforeEach(async () => {
    observations = [];
    const options = {
      timeScale: 0.01,
      observeChannel: (o: SentinelObservation) => observations.push(o),
    };
    server = createServer(toNodeListener(createFixtureApi(options)));
    detach = attachUiEventsWebSocket(server, options);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterEach(async () => {
    detach();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const until = async (predicate: () => boolean) => {
    for (let tries = 0; !predicate(); tries += 1) {
      if (tries > 500) throw new Error(`Timed out: ${JSON.stringify(observations)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const closed = () => observations.filter((o) => o.type === 'Closed').length;

  it('streams SSE and disposes the sentinel when the client leaves', async () => {
    const abort = new AbortController();
    const response = await fetch(`${origin}${UI_EVENTS_PATH}`, { signal: abort.signal });
    assert.equal(response.status, 200);
    const reader = response.body!.getReader();
    let text = '';
    while (!text.includes('"sentinel-1"'))
      text += new TextDecoder().decode((await reader.read()).value);
    abort.abort();
    await until(() => closed() === 1);
    assert.deepEqual(
      observations.filter((o) => o.type !== 'Sent').map((o) => o.type),
      ['Opened', 'Closed'],
    );
  });

  for (const headers of [{ origin: 'same' }, {}] as const) {
    const label = 'origin' in headers ? 'from its own origin' : 'without an Origin (no page)';
    it(`sends banners over a WebSocket ${label}, and disposes the sentinel on close`, async () => {
      const socket = new WebSocket(`${origin.replace('http', 'ws')}${UI_EVENTS_WS_PATH}`, {
        headers: 'origin' in headers ? { origin } : {},
      });
      const first = await new Promise<unknown>((resolve, reject) => {
        socket.once('message', (data) => resolve(JSON.parse(String(data))));
        socket.once('error', reject);
      });
      assert.deepEqual(first, sentinelBanner(1));
      socket.close();
      await until(() => closed() === 1);
      assert.deepEqual(
        observations.filter((o) => o.type !== 'Sent').map((o) => o.type),
        ['Opened', 'Closed'],
      );
    });
  }

  it('refuses a WebSocket from a foreign Origin with 403, before any sentinel starts', async () => {
    const socket = new WebSocket(`${origin.replace('http', 'ws')}${UI_EVENTS_WS_PATH}`, {
      headers: { origin: 'https://attacker.example' },
    });
    const status = await new Promise<number>((resolve) => {
      socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.once('error', () => resolve(-1));
    });
    assert.equal(status, 403);
    assert.deepEqual(observations, [{ type: 'Refused', origin: 'https://attacker.example' }]);
  });
});
