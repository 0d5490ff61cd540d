// The channel client (loaded with the first channel): one connection at a time over WebSocket or SSE GET, jittered
// reconnects on the store's scheduler, and messages decoded, bounded, validated and coalesced into artifacts.
import type { ArtifactRegistry } from '../artifacts/registry.js';
import { artifactMatchesCell } from '../artifacts/view.js';
import type { Artifact } from '../store/types.js';
import { CHANNEL_ARTIFACT_LIMIT } from './reducer.js';
import type { ChannelInfo, ChannelOptions, ChannelScheduler, ChannelTransport } from './types.js';

/** A message larger than this (in UTF-8 bytes) is dropped unread. */
export const MAX_MESSAGE_BYTES = 256 * 1024;
/** Artifacts a second that reach the store one by one; more are coalesced into one update. */
export const FLOOD_RATE = 50;
/** Activity entries a second about dropped messages; more are counted in one entry. */
const NOTE_RATE = 10;
/** Connections in a row that end before they open, after which the channel stops for good. */
export const MAX_FAILURES = 5;
const FIRST_DELAY = 1000;
const MAX_DELAY = 30_000;
/** Open this long, a connection resets the backoff. */
const STEADY_MS = 60_000;
/** Message types that keep a connection alive and mean nothing else. */
const KEEP_ALIVE = ['heartbeat', 'ping', 'pong'];
/** What a transport hands on for a message it did not keep (never valid JSON, so never a real message). */
const OVERSIZE = '\u0000oversize';
const BINARY = '\u0000binary';

/** What the channel tells its store. */
export interface ChannelSink {
  status(info: ChannelInfo, log?: string): void;
  artifacts(artifacts: readonly Artifact[], log?: string): void;
  log(text: string): void;
  /** The cell the run shows (null: every cell). */
  cellId(): string | null;
  /** A new artifact id, unique in the store. */
  nextId(): string;
  /** True the first time a message type is seen (so each unknown type is logged once). */
  firstOfType(type: string): boolean;
}

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
  const Socket = options.WebSocket ?? WebSocket;
  const protocols = options.protocols;
  const socket = new Socket(
    url,
    typeof protocols === 'string' ? protocols : protocols && [...protocols],
  );
  socket.binaryType = 'arraybuffer';
  socket.onopen = () => on.open();
  socket.onmessage = (event: MessageEvent<unknown>) =>
    on.message(typeof event.data === 'string' ? event.data : BINARY);
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

/** Reads an SSE stream (LF, CR or CRLF framed); comments are keep-alives, `data` lines make one message. */
async function readEvents(
  body: ReadableStream<Uint8Array>,
  message: (text: string) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  let size = 0;
  let skipLine = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let start = 0;
    for (const match of buffer.matchAll(/\r\n|\r(?!$)|\n/g)) {
      const line = buffer.slice(start, match.index);
      start = match.index + match[0].length;
      if (skipLine) skipLine = false;
      else if (line === '') {
        if (data.length > 0) message(size > MAX_MESSAGE_BYTES ? OVERSIZE : data.join('\n'));
        data = [];
        size = 0;
      } else if (line.startsWith('data')) {
        const text = line.slice(line[4] === ':' ? (line[5] === ' ' ? 6 : 5) : 4);
        size += byteLength(text) + 1;
        // Past the bound the rest of the message is counted, not kept.
        data.push(size > MAX_MESSAGE_BYTES ? '' : text);
      }
    }
    buffer = buffer.slice(start);
    if (byteLength(buffer) > MAX_MESSAGE_BYTES) {
      // One line longer than any message may be: keep counting it as an oversize message, not its text.
      size = MAX_MESSAGE_BYTES + 1;
      data = [''];
      buffer = '';
      skipLine = true;
    }
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
    const response = await (options.fetch ?? fetch)(url, {
      headers: { ...headers, accept: 'text/event-stream' },
      cache: 'no-store',
      signal: abort.signal,
    });
    if (!response.ok || !response.body) {
      let detail = '';
      try {
        const text = (await response.text()).slice(0, 300);
        const json: unknown = JSON.parse(text);
        detail = isObject(json) && typeof json.error === 'string' ? json.error : text;
      } catch {
        // The body said nothing readable; the status speaks for itself.
      }
      fail(`HTTP ${response.status}${detail ? `: ${detail}` : ''}`, response.status < 500);
      return;
    }
    if (!/^text\/event-stream/i.test(response.headers.get('content-type') ?? '')) {
      await response.body.cancel();
      fail(
        `The reply is not an event stream (${response.headers.get('content-type') ?? 'no type'})`,
      );
      return;
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

/** A channel: connects, reconnects with backoff, stops for good when refused or after too many failures. */
export class Channel {
  private readonly scheduler: ChannelScheduler;
  private readonly random: () => number;
  private readonly url: URL | null;
  private readonly transport: ChannelTransport;
  private readonly shownUrl: string;
  private connection: Transport | null = null;
  private timer: unknown = null;
  private failures = 0;
  private retries = 0;
  private openedAt: number | null = null;
  private closed = false;
  private queue: Promise<void> = Promise.resolve();
  private windowStart = -Infinity;
  private delivered = 0;
  private noted = 0;
  private pending: Artifact[] = [];
  private coalesced = 0;
  private unlogged = 0;
  private flushTimer: unknown = null;

  constructor(
    private readonly options: ChannelOptions,
    private readonly sink: ChannelSink,
  ) {
    this.scheduler = options.scheduler ?? pageScheduler;
    this.random = options.random ?? Math.random;
    let url: URL | null = null;
    try {
      url = new URL(options.url, options.base ?? globalThis.document?.baseURI);
    } catch {
      url = null;
    }
    const ws = url !== null && /^wss?:$/.test(url.protocol);
    this.transport = options.transport ?? (ws ? 'websocket' : 'sse');
    if (url) {
      const secure = /^(https|wss):$/.test(url.protocol);
      if (this.transport === 'websocket') url.protocol = secure ? 'wss:' : 'ws:';
      else if (ws) url.protocol = secure ? 'https:' : 'http:';
    }
    this.url = url;
    this.shownUrl = url ? `${url.origin}${url.pathname}` : options.url;
    if (!url) this.stop('The channel URL is not valid');
    else this.connect();
  }

  /** Closes the connection and cancels every timer; nothing reaches the store after this. */
  close(): void {
    this.closed = true;
    this.connection?.close();
    this.connection = null;
    this.scheduler.clearTimeout(this.timer);
    this.scheduler.clearTimeout(this.flushTimer);
  }

  private info(status: ChannelInfo['status'], reason: string | null, delay: number | null = null) {
    return {
      status,
      url: this.shownUrl,
      transport: this.transport,
      nextAttemptAt: delay === null ? null : this.scheduler.now() + delay,
      retryDelay: delay,
      failures: this.failures,
      reason,
      stopped: status === 'closed',
    };
  }

  private connect(): void {
    this.timer = null;
    if (this.closed || !this.url) return;
    this.sink.status(this.info('connecting', null));
    const open = this.transport === 'websocket' ? openWebSocket : openSse;
    let current: Transport | null = null;
    const live = () => !this.closed && this.connection === current;
    current = open(this.url.href, this.options, {
      open: () => {
        if (!live()) return;
        this.failures = 0;
        this.openedAt = this.scheduler.now();
        this.sink.status(this.info('open', null), `Channel open (${this.transport})`);
      },
      message: (text) => {
        if (!live()) return;
        this.queue = this.queue
          .then(() => this.handle(text))
          .catch((error: unknown) => this.note(`Dropped a channel message: ${messageOf(error)}`));
      },
      end: (ending) => {
        if (live()) this.ended(ending);
      },
    });
    this.connection = current;
  }

  private ended({ reason, refused }: Ending): void {
    this.connection = null;
    const openedAt = this.openedAt;
    this.openedAt = null;
    if (openedAt === null) this.failures += 1;
    else if (this.scheduler.now() - openedAt >= STEADY_MS) this.retries = 0;
    if (refused) return this.stop(`The server refused the channel: ${reason}`);
    if (this.failures >= MAX_FAILURES) {
      return this.stop(`${MAX_FAILURES} attempts in a row failed to connect: ${reason}`);
    }
    const delay = retryDelay(this.retries, this.random);
    this.retries += 1;
    this.sink.status(
      this.info('retrying', reason, delay),
      `Channel lost: ${reason}; retrying in ${(delay / 1000).toFixed(1)} s`,
    );
    this.timer = this.scheduler.setTimeout(() => this.connect(), delay);
  }

  private stop(reason: string): void {
    this.close();
    this.sink.status(this.info('closed', reason), `Channel stopped: ${reason}`);
  }

  private async handle(text: string): Promise<void> {
    if (this.closed) return;
    if (text === BINARY) return this.note('Dropped a binary channel message');
    const bytes = text === OVERSIZE ? Infinity : byteLength(text);
    if (bytes > MAX_MESSAGE_BYTES) {
      return this.note(`Dropped a channel message larger than ${MAX_MESSAGE_BYTES / 1024} KiB`);
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return this.note('Dropped a channel message that is not valid JSON');
    }
    let data = value;
    if (isObject(value) && typeof value.type === 'string') {
      const type = value.type;
      if (type === 'ui_render') data = value.data;
      else {
        if (!KEEP_ALIVE.includes(type) && this.sink.firstOfType(type)) {
          this.sink.log(`Ignored channel messages of type ${type.slice(0, 60)}`);
        }
        return;
      }
    }
    if (!isObject(data) || typeof data.component !== 'string') {
      return this.note('Dropped a channel message without a component name');
    }
    const props = data.props;
    const cell = data.cell_id ?? (isObject(props) ? props.cell_id : undefined);
    const cellId = typeof cell === 'string' || typeof cell === 'number' ? String(cell) : undefined;
    const candidate = { name: data.component, props, ...(cellId ? { cellId } : {}) };
    if (!artifactMatchesCell(candidate, this.sink.cellId())) return;
    const registry = this.options.registry ?? (await builtinRegistry());
    const check =
      registry.checkNow(data.component, props, 'ui_render') ??
      (await registry.check(data.component, props, 'ui_render'));
    if (this.closed) return;
    if (check.status !== 'valid') {
      const why = check.status === 'unknown' ? 'no artifact has that name' : check.problems[0];
      return this.note(`Dropped a channel ${data.component.slice(0, 60)}: ${why}`);
    }
    this.deliver({
      ...candidate,
      id: this.sink.nextId(),
      source: 'channel',
      complete: true,
      ...(typeof data.agent === 'string' ? { agent: data.agent } : {}),
      ...(typeof data.turn_id === 'string' ? { turnId: data.turn_id } : {}),
      run: 0,
    });
  }

  /** Starts a new one-second window when the last one is over. */
  private tick(): boolean {
    const now = this.scheduler.now();
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.delivered = this.noted = 0;
    }
    return this.flushTimer === null;
  }

  private deliver(artifact: Artifact): void {
    if (this.tick() && ++this.delivered <= FLOOD_RATE) return this.sink.artifacts([artifact]);
    // The store keeps 200 at most, so a longer flood only needs its newest 200.
    if (this.pending.push(artifact) > CHANNEL_ARTIFACT_LIMIT) this.pending.shift();
    this.coalesced += 1;
    this.scheduleFlush();
  }

  private note(text: string): void {
    if (this.tick() && ++this.noted <= NOTE_RATE) return this.sink.log(text);
    this.unlogged += 1;
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.flushTimer !== null) return;
    const wait = Math.max(0, this.windowStart + 1000 - this.scheduler.now());
    this.flushTimer = this.scheduler.setTimeout(() => this.flush(), wait);
  }

  private flush(): void {
    this.flushTimer = null;
    const batch = this.pending;
    const { coalesced, unlogged: skipped } = this;
    this.pending = [];
    this.coalesced = this.unlogged = 0;
    this.windowStart = -Infinity;
    const parts = [
      coalesced
        ? `coalesced ${coalesced} channel artifacts (more than ${FLOOD_RATE} a second)` +
          (coalesced > batch.length ? `, kept the newest ${batch.length}` : '')
        : '',
      skipped ? `dropped ${skipped} more channel messages` : '',
    ].filter(Boolean);
    this.sink.artifacts(batch, `Flood: ${parts.join('; ')}`);
  }
}
