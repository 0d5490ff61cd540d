// The options of a store (what `new RunStore(options)` takes) and of its commands.
import type { EndpointAgentOptions } from '../transport/endpoint-agent.js';
import type { StopEndpointOptions } from '../transport/stop-request.js';
import type { PersistOptions } from './saved-threads.js';
import type { RunKind, RunStoreOptions } from './types.js';

/** How a run starts (the store's own, from a command or an answer). */
export interface StartOptions {
  readonly kind: RunKind;
  readonly byUser: boolean;
  readonly scenario?: string | null;
  readonly forwardedProps?: Readonly<Record<string, unknown>>;
}

export interface CreateRunStoreOptions extends RunStoreOptions {
  /** An AG-UI endpoint: the store creates its own agent for it on the first run. */
  readonly endpoint?: EndpointAgentOptions;
  /**
   * POSTed `{"runId": …}` whenever the store cancels an active run for the user (Cancel, Stop, New thread, a run
   * that replaces it), so a server that keeps running after a disconnect stops too. `url` may hold `{threadId}`
   * and `{runId}`. A new run on the same thread waits for it to settle (at most 2 s).
   */
  readonly stopEndpoint?: StopEndpointOptions;
  /**
   * Asked when a restored thread had a run in flight (never on a fresh page): `POST` with the input the thread's next
   * run would send, answered with the thread's events (CopilotKit's `…/agent/:agentId/connect`).
   */
  readonly connectEndpoint?: EndpointAgentOptions;
  /** Saved threads: `session` (this tab) or `local` (this browser) under a namespace key; none without it. */
  readonly persist?: PersistOptions;
}

export interface AnswerOptions {
  readonly comment?: string;
}
