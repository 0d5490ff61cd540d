// The channel's public types: its options, the lifecycle the store records, and the clock it runs on.
import type { ArtifactRegistry } from '../artifacts/registry.js';

/** How the channel connects: a WebSocket, or server-sent events over a GET request. */
export type ChannelTransport = 'websocket' | 'sse';

/** Where the channel is: connecting, open, waiting to retry, or closed for good (refused, or too many failures). */
export type ChannelStatus = 'connecting' | 'open' | 'retrying' | 'closed';

/** The channel as the store records it (plain data: elements render it, nothing is saved). */
export interface ChannelInfo {
  readonly status: ChannelStatus;
  /** The channel's URL without its query and fragment, so a token in the URL never enters the state. */
  readonly url: string;
  readonly transport: ChannelTransport;
  /** While retrying: when the next attempt starts (milliseconds since the epoch, on the scheduler's clock). */
  readonly nextAttemptAt: number | null;
  /** Connections in a row that ended before they opened (the fifth stops the channel for good). */
  readonly failures: number;
  /** Why the last connection ended, or why the channel stopped. */
  readonly reason: string | null;
}

/** The timers and clock of the channel; tests inject one to assert exact delays. */
export interface ChannelScheduler {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

type HeaderRecord = Readonly<Record<string, string>>;

/** Request headers of the SSE transport, or a function that returns them for each connection. */
export type ChannelHeaders = HeaderRecord | (() => HeaderRecord | Promise<HeaderRecord>);

/** What `new RunStore({ channel })` and `store.setChannel()` take. */
export interface ChannelOptions {
  /** The channel's URL; a relative one resolves against `base` (default: the page's base URI). */
  readonly url: string;
  /** Default: `websocket` for `ws:` and `wss:` URLs, else `sse`. */
  readonly transport?: ChannelTransport;
  /** Headers of the SSE request (a browser's WebSocket cannot send headers: use `protocols` or the URL). */
  readonly headers?: ChannelHeaders;
  /** WebSocket subprotocols (`Sec-WebSocket-Protocol`), e.g. to carry a token. */
  readonly protocols?: string | readonly string[];
  /** The base of a relative `url`. */
  readonly base?: string;
  /** The jitter source (default `Math.random`): a value in [0, 1). */
  readonly random?: () => number;
  /** Timers and clock (default: the page's `setTimeout` and `Date.now`). */
  readonly scheduler?: ChannelScheduler;
  /** The registry that validates artifacts (default: the built-in one plus what the host registered). */
  readonly registry?: ArtifactRegistry;
}
