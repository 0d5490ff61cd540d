// The channel client (loaded with the first channel): one connection at a time over WebSocket or SSE GET, jittered
// reconnects on the store's scheduler, and messages decoded, bounded, validated and coalesced into artifacts.
import type { ArtifactRegistry } from '../artifacts/registry.js';
import type { ActivityLoggedAction } from '../store/actions.js';
import type { Artifact } from '../store/types.js';
import type { ChannelAction } from './reducer.js';
import type { ChannelInfo, ChannelOptions, ChannelScheduler, ChannelTransport } from './types.js';

/** A message larger than this (in UTF-8 bytes) is dropped unread. */
export const MAX_MESSAGE_BYTES = 256 * 1024;
/** Artifacts (and drop notes) a second that reach the store one by one; more are coalesced into one update. */
export const FLOOD_RATE = 50;
/** A flood keeps its newest this many: all the store keeps (CHANNEL_ARTIFACT_LIMIT; no import keeps this chunk apart). */
const FLOOD_KEEP = 200;
/** Connections in a row that end before they open, after which the channel stops for good. */
export const MAX_FAILURES = 5;
const FIRST_DELAY = 1000;
const MAX_DELAY = 30_000;
/** Open this long, a connection resets the backoff. */
const STEADY_MS = 60_000;

/** What the channel needs of its store. */
export interface ChannelStore {
  dispatch(action: ChannelAction | ActivityLoggedAction): void;
  /** The store's clock, for activity entries. */
  now(): number;
  /** Whether an artifact belongs to the cell the run shows. */
  matchesCell(artifact: Pick<Artifact, 'name' | 'props' | 'cellId'>): boolean;
}

/** Artifact ids count up for the page, so every store's ids stay unique across channels. */
let artifactCount = 0;

/** The built-in registry (with what the host registered), loaded with the first message to check. */
const builtinRegistry = (): Promise<ArtifactRegistry> =>
  import('../artifacts/builtins.js').then((module) => module.artifactRegistry);

/** The delay before retry `n` (0-based): 1 s doubling to 30 s, each within ±20 % from `random`. */
export function retryDelay(retry: number, random: () => number): number {
  const base = Math.min(MAX_DELAY, FIRST_DELAY * 2 ** retry);
  return Math.min(MAX_DELAY, Math.round(base * (0.8 + 0.4 * random())));
}

const pageScheduler: ChannelScheduler = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function byteLength(text: string): number {
  return text.length * 3 <= MAX_MESSAGE_BYTES ? text.length : new TextEncoder().encode(text).length;
}

interface Ending {
  readonly reason: string;
  /** The server refused the channel: do not retry. */
  readonly refused: boolean;
}

interface Transport {
  close(): void;
}

interface TransportEvents {
  open(): void;
  message(text: string): void;
  end(ending: Ending): void;
}

function openWebSocket(url: string, options: ChannelOptions, on: TransportEvents): Transport {
  const protocols = options.protocols;
  const socket = new WebSocket(
    url,
    typeof protocols === 'string' ? protocols : protocols && [...protocols],
  );
  socket.onopen = () => on.open();
  // A binary frame reads as `[object Blob]`: not JSON, so it is dropped as such.
  socket.onmessage = (event: MessageEvent<unknown>) => on.message(String(event.data));
  socket.onclose = (event) => {
    const refused = event.code === 1008 || (event.code >= 4000 && event.code <= 4999);
    const why = event.reason ? `: ${event.reason}` : '';
    on.end({ reason: `The connection closed (code ${event.code}${why})`, refused });
  };
  return {
    close() {
      socket.onclose = socket.onmessage = socket.onopen = null;
      socket.close(1000);
    },
  };
}

/**
 * Reads an SSE stream (LF, CR or CRLF framed); comments are keep-alives, `data` lines make one message. A message
 * stops growing past the bound, so it arrives oversize and is dropped as such.
 */
async function readEvents(
  body: ReadableStream<Uint8Array>,
  message: (text: string) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string | null = null;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let start = 0;
    for (const match of buffer.matchAll(/\r\n|\r(?!$)|\n/g)) {
      const line = buffer.slice(start, match.index);
      start = match.index + match[0].length;
      if (line === '') {
        if (data !== null) message(data);
        data = null;
      } else if (/^data(:|$)/.test(line)) {
        const text = line.replace(/^data:? ?/, '');
        data = data === null ? text : data.length > MAX_MESSAGE_BYTES ? data : `${data}\n${text}`;
      }
    }
    buffer = buffer.slice(start);
    // A line longer than any message may be: keep what already makes its event oversize, not the rest.
    if (buffer.length > MAX_MESSAGE_BYTES) [data, buffer] = [buffer, ''];
  }
}

function openSse(url: string, options: ChannelOptions, on: TransportEvents): Transport {
  const abort = new AbortController();
  let opened = false;
  const fail = (reason: string, refused = false) => {
    if (!abort.signal.aborted) on.end({ reason, refused });
  };
  void (async () => {
    const headers =
      typeof options.headers === 'function' ? await options.headers() : options.headers;
    const response = await fetch(url, {
      headers: { ...headers, accept: 'text/event-stream' },
      cache: 'no-store',
      signal: abort.signal,
    });
    if (!response.ok || !response.body) {
      const text = await response.text().catch(() => '');
      // The fixture server's (and most APIs') errors are `{"error": "..."}`: show the sentence.
      const detail = /"error":\s*"([^"]{1,200})/.exec(text)?.[1] ?? text.slice(0, 200);
      fail(`HTTP ${response.status}${detail ? `: ${detail}` : ''}`, response.status < 500);
      return;
    }
    if (!/^text\/event-stream/i.test(response.headers.get('content-type') ?? '')) {
      await response.body.cancel();
      return fail('The reply is not an event stream');
    }
    opened = true;
    on.open();
    await readEvents(response.body, (text) => on.message(text));
    fail('The server closed the stream');
  })().catch((error: unknown) =>
    fail(`The connection ${opened ? 'dropped' : 'failed'} (${messageOf(error)})`),
  );
  return { close: () => abort.abort() };
}

/** What the store holds of an open channel. */
export interface ChannelHandle {
  /** Closes the connection and cancels every timer; nothing reaches the store after this. */
  close(): void;
}

/** Resolves the URL against the page and picks the transport (`ws:`/`wss:` default to WebSocket, else SSE). */
function target(options: ChannelOptions): { url: URL | null; transport: ChannelTransport } {
  let url: URL | null = null;
  try {
    url = new URL(options.url, options.base ?? globalThis.document?.baseURI);
  } catch {
    // Reported as a stopped channel.
  }
  const ws = !!url && /^wss?:$/.test(url.protocol);
  const transport = options.transport ?? (ws ? 'websocket' : 'sse');
  if (url && ws !== (transport === 'websocket')) {
    const secure = /^(https|wss):$/.test(url.protocol);
    url.protocol = ws ? (secure ? 'https:' : 'http:') : secure ? 'wss:' : 'ws:';
  }
  return { url, transport };
}

/** Opens a channel: connects, reconnects with backoff, stops for good when refused or after too many failures. */
export function openChannel(options: ChannelOptions, store: ChannelStore): ChannelHandle {
  const scheduler = options.scheduler ?? pageScheduler;
  const random = options.random ?? Math.random;
  const { url, transport } = target(options);
  const shownUrl = url ? url.origin + url.pathname : options.url;
  let connection: Transport | null = null;
  let timer: unknown = null;
  let flushTimer: unknown = null;
  let failures = 0;
  let retries = 0;
  let openedAt: number | null = null;
  let closed = false;
  let queue = Promise.resolve();
  // The flood window: updates sent in this second, and what waits for its end.
  let windowStart = -Infinity;
  let sent = 0;
  let pending: Artifact[] = [];
  let coalesced = 0;
  let unlogged = 0;
  const types = new Set<string>();
  const log = (text: string) =>
    store.dispatch({
      type: 'activity-logged',
      code: 'channelNote',
      params: { text },
      at: store.now(),
    });
  const artifacts = (list: readonly Artifact[], text?: string) =>
    store.dispatch({ type: 'channel-artifacts', artifacts: list, log: text, at: store.now() });

  const close = () => {
    closed = true;
    connection?.close();
    connection = null;
    scheduler.clearTimeout(timer);
    scheduler.clearTimeout(flushTimer);
  };

  const status = (
    state: ChannelInfo['status'],
    reason: string | null,
    log?: string,
    delay?: number,
  ) =>
    store.dispatch({
      type: 'channel-changed',
      channel: {
        status: state,
        url: shownUrl,
        transport,
        nextAttemptAt: delay === undefined ? null : scheduler.now() + delay,
        failures,
        reason,
      },
      log,
      at: store.now(),
    });

  const stop = (reason: string) => {
    close();
    status('closed', reason, `Channel stopped: ${reason}`);
  };

  /** Whether one more update fits in this second (a new one-second window starts when the last is over). */
  const fits = () => {
    const now = scheduler.now();
    if (now - windowStart >= 1000) {
      windowStart = now;
      sent = 0;
    }
    return flushTimer === null && ++sent <= FLOOD_RATE;
  };

  const flush = () => {
    flushTimer = null;
    const batch = pending;
    const text = `Channel flood: ${coalesced} artifacts coalesced (${batch.length} kept), ${unlogged} drops not logged`;
    pending = [];
    coalesced = unlogged = 0;
    windowStart = -Infinity;
    artifacts(batch, text);
  };

  const later = () => {
    flushTimer ??= scheduler.setTimeout(flush, Math.max(0, windowStart + 1000 - scheduler.now()));
  };

  /** Logs a dropped message (`what` completes "Dropped a channel …"). */
  const note = (what: string) => {
    if (fits()) return log(`Dropped a channel ${what}`);
    unlogged += 1;
    later();
  };

  const deliver = (artifact: Artifact) => {
    if (fits()) return artifacts([artifact]);
    // The store keeps 200 at most, so a longer flood only needs its newest 200.
    if (pending.push(artifact) > FLOOD_KEEP) pending.shift();
    coalesced += 1;
    later();
  };

  const handle = async (text: string): Promise<void> => {
    if (closed) return;
    if (byteLength(text) > MAX_MESSAGE_BYTES) {
      return note('a message larger than 256 KiB');
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return note('a message that is not valid JSON');
    }
    if (isObject(data) && typeof data.type === 'string') {
      const type = data.type;
      if (type !== 'ui_render') {
        if (type !== 'heartbeat' && !types.has(type)) {
          types.add(type);
          log(`Ignored channel messages of type ${type.slice(0, 60)}`);
        }
        return;
      }
      data = data.data;
    }
    if (!isObject(data) || typeof data.component !== 'string') {
      return note('a message without a component name');
    }
    const { component, props } = data;
    const cell = data.cell_id ?? (isObject(props) ? props.cell_id : undefined);
    const cellId = typeof cell === 'string' || typeof cell === 'number' ? String(cell) : undefined;
    const candidate = { name: component, props, ...(cellId ? { cellId } : {}) };
    if (!store.matchesCell(candidate)) return;
    const registry = options.registry ?? (await builtinRegistry());
    const check =
      registry.checkNow(component, props, 'ui_render') ??
      (await registry.check(component, props, 'ui_render'));
    if (closed) return;
    if (check.status !== 'valid') {
      const why = check.status === 'unknown' ? 'no artifact has that name' : check.problems[0];
      return note(`${component.slice(0, 60)}: ${why}`);
    }
    deliver({
      ...candidate,
      id: `channel-${(artifactCount += 1)}`,
      source: 'channel',
      complete: true,
      ...(typeof data.agent === 'string' ? { agent: data.agent } : {}),
      ...(typeof data.turn_id === 'string' ? { turnId: data.turn_id } : {}),
      run: 0,
    });
  };

  const ended = ({ reason, refused }: Ending) => {
    connection = null;
    if (openedAt === null) failures += 1;
    else if (scheduler.now() - openedAt >= STEADY_MS) retries = 0;
    openedAt = null;
    if (refused) return stop(`The server refused the channel: ${reason}`);
    if (failures >= MAX_FAILURES) {
      return stop(`${MAX_FAILURES} attempts in a row failed to connect: ${reason}`);
    }
    const delay = retryDelay(retries, random);
    retries += 1;
    status('retrying', reason, `Channel lost: ${reason}; retrying in ${delay / 1000} s`, delay);
    timer = scheduler.setTimeout(connect, delay);
  };

  function connect(): void {
    timer = null;
    if (closed || !url) return;
    status('connecting', null);
    let current: Transport | null = null;
    const live = () => !closed && connection === current;
    const events: TransportEvents = {
      open: () => {
        if (!live()) return;
        failures = 0;
        openedAt = scheduler.now();
        status('open', null, `Channel open (${transport})`);
      },
      message: (text) => {
        if (!live()) return;
        queue = queue
          .then(() => handle(text))
          .catch((error: unknown) => note(`a message: ${messageOf(error)}`));
      },
      end: (ending) => {
        if (live()) ended(ending);
      },
    };
    try {
      current = (transport === 'websocket' ? openWebSocket : openSse)(url.href, options, events);
    } catch (error) {
      // The page refused to open it (an invalid subprotocol, a blocked URL): retrying cannot help.
      return stop(`The connection could not be opened: ${messageOf(error)}`);
    }
    connection = current;
  }

  if (url) connect();
  else stop('The channel URL is not valid');
  return { close };
}
