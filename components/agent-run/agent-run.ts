// <agent-run>: owns one RunStore (analysis plugin installed), provides it by context and reports its runs to the page.
import { ContextProvider } from '@lit/context';
import { html, LitElement, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { distinctUntilChanged, map, type Subscription } from 'rxjs';
import { createAnalysisPlugin } from '../../src/analysis/plugin.js';
import type { ArtifactDataResolver } from '../../src/artifacts/resolvers.js';
import { setArtifactResolver, setArtifactView } from '../../src/artifacts/view.js';
import type { ChannelHeaders, ChannelTransport } from '../../src/channel/types.js';
import { runStoreContext } from '../../src/context.js';
import { lazyRecordingAgent } from '../../src/recording/lazy-recording-agent.js';
import type { RecordingInput } from '../../src/recording/recording-agent.js';
import { RunStore } from '../../src/store/run-store.js';
import type { AgentLike } from '../../src/store/types.js';
import type { EndpointAgentOptions } from '../../src/transport/endpoint-agent.js';
import { setDisclosure } from '../shared/disclosure.js';
import { LocaleController } from '../shared/locale-controller.js';
import { announceRunProvider } from '../shared/run-providers.js';
import { shallowEqual } from '../shared/shallow-equal.js';
import { agentRunStyles } from './agent-run.styles.js';
import { selectTransitions, transitionEvents, type RunTransitions } from './host-events.js';
import { lazyReplayAgent } from './replay-source.js';
import { channelOptions } from './channel-config.js';

/** The strings `<agent-run>` contributes to the elements inside it. */
export interface AgentRunStrings {
  /** The disclosure shown while the built-in replay agent (or any agent marked `synthetic`) answers. */
  readonly syntheticDisclosure: string;
  /** The disclosure shown while a recording replays (`source="recording"`). */
  readonly recordingDisclosure: string;
}

export const AGENT_RUN_STRINGS: AgentRunStrings = {
  syntheticDisclosure: 'Synthetic data from a prepared demo recipe — no live agent.',
  recordingDisclosure: 'A recorded AG-UI stream replayed in the page — no live agent.',
};

/** Request headers for `endpoint`, or a function that returns them per run. */
export type AgentRunHeaders = EndpointAgentOptions['headers'];

/** Where `<agent-run persist>` keeps saved threads. */
export type AgentRunPersist = 'session' | 'local';

/** The agent sources `<agent-run>` knows by name. */
export type AgentRunSource = 'replay' | 'recording';

function isSynthetic(agent: AgentLike | null): boolean {
  return agent !== null && (agent as { synthetic?: unknown }).synthetic === true;
}

/**
 * Owns one RunStore and provides it to the elements inside it; elements elsewhere name it with `run="ID"`.
 *
 * Moving it (or its subtree) keeps the store, view state and an active run. Once it has stayed out of the document
 * for `dispose-delay` (one animation frame by default) it disposes its own store, which aborts an active run; a
 * completed run is left as it is. Put back later, it starts over with a fresh store.
 *
 * @tag agent-run
 * @slot - The elements that use this run.
 * @fires {RunStartEvent} run-start - A run started (Run, Recover, Send, an approval answer or a follow-up).
 * @fires {RunEndEvent} run-end - A run ended: `detail.status` is Completed, Cancelled, Failed or Needs approval.
 * @fires {RunErrorEvent} run-error - A run failed; `detail.failure.reason` says why. Fires before `run-end`.
 * @fires {AgentStateChangeEvent} agent-state-change - The agent state changed (a snapshot or delta was accepted).
 */
export class AgentRun extends LitElement {
  static override styles = agentRunStyles;

  static override get observedAttributes(): string[] {
    // `id` is how `run="ID"` finds this provider: a change must reach the elements that name it.
    return [...super.observedAttributes, 'id'];
  }

  private readonly provider = new ContextProvider(this, { context: runStoreContext });
  /** The provider's own notes in the nearest `lang`. */
  private readonly locale = new LocaleController(this);

  /** The URL of an AG-UI endpoint (POST, server-sent events). Used unless `.agent` or `source` is set. */
  @property() endpoint: string | null = null;

  /** `replay` plays the built-in demo recipe in the page (no server, and the UI says so); `recording` replays `recording`. */
  @property() source: AgentRunSource | null = null;

  /** For `source="recording"`: its URL (attribute), or its JSON Lines text or a parsed recording (property). */
  @property() recording: RecordingInput | null = null;

  /** Replay speed of `source="recording"`: 1 = the recorded timing, 2 = twice as fast, 0 = at once. */
  @property({ type: Number }) speed = 1;

  /** Any AG-UI agent object (`run(input)` returning events); wins over `source` and `endpoint`. */
  @property({ attribute: false }) agent: AgentLike | null = null;

  /** The thread id of the store's conversation; read when the store is created (default: a random id). */
  @property({ attribute: 'thread-id' }) threadId: string | null = null;

  /**
   * POSTed `{"runId": …}` when a run is cancelled for the person (Cancel, Stop, New thread), so a server that keeps
   * running after a disconnect stops too; may hold `{threadId}` and `{runId}`. Sent with `headers`.
   */
  @property({ attribute: 'stop-endpoint' }) stopEndpoint: string | null = null;

  /**
   * `session` keeps the conversation for this tab (it survives reloads and navigation between the site's pages);
   * `local` keeps it in this browser until deleted. Without it nothing is stored anywhere. Read when the store is made.
   */
  @property() persist: AgentRunPersist | null = null;

  /** Namespaces the saved threads (default: this element's id and endpoint), so two providers never share one. */
  @property({ attribute: 'persist-key' }) persistKey: string | null = null;

  /**
   * Asked when a saved thread with a run in flight is restored (never on a fresh page): POSTed the thread's next
   * input, it replays the thread's runs and tails a running one (CopilotKit's `…/agent/:agentId/connect`).
   */
  @property({ attribute: 'connect-endpoint' }) connectEndpoint: string | null = null;

  /** Extra request headers for `endpoint`, or a function that returns them for each run. */
  @property({ attribute: false }) headers: AgentRunHeaders | null = null;

  /** A sentence every element of this run shows (the replay source sets a synthetic-data one itself). */
  @property() disclosure: string | null = null;

  /** How long (ms) the element may stay out of the document before it disposes its store (default: one frame). */
  @property({ type: Number, attribute: 'dispose-delay' }) disposeDelay: number | null = null;

  /** Replacements for the default strings (a partial object merged over them). */
  @property({ attribute: false }) strings: Partial<AgentRunStrings> = {};

  /** Show only the artifacts of this cell (and bar charts without one) in the elements of this run. */
  @property({ attribute: 'cell-id' }) cellId: string | null = null;

  /** Where the artifacts' `/api/v1/...` data routes live; default: the endpoint's origin (the page's without one). */
  @property({ attribute: 'data-base' }) dataBase: string | null = null;

  /** The host's own data lookups for the artifacts (signal series, cell KB, work orders); win over the routes. */
  @property({ attribute: false }) resolver: ArtifactDataResolver | null = null;

  /** A channel that delivers artifacts outside runs (`ui_render` messages); relative URLs resolve against the page. */
  @property() channel: string | null = null;

  /** `websocket` or `sse` (GET); default: WebSocket for `ws:` and `wss:` URLs, else SSE. */
  @property({ attribute: 'channel-transport' }) channelTransport: ChannelTransport | null = null;

  /** Headers of the SSE channel (default: `.headers` when the channel is same-origin with the endpoint). */
  @property({ attribute: false }) channelHeaders: ChannelHeaders | null = null;

  /** WebSocket subprotocols of the channel (how a browser's WebSocket can carry a token). */
  @property({ attribute: false }) channelProtocols: string | readonly string[] | null = null;

  private ownedStore: RunStore | null = null;
  private givenStore: RunStore | null = null;
  private replayAgent: (AgentLike & { readonly synthetic: true }) | null = null;
  private readonly recordingAgent = lazyRecordingAgent({
    recording: () => this.recording,
    speed: () => this.speed,
    baseURI: () => this.ownerDocument.baseURI,
  });
  private appliedConfig: {
    store: RunStore;
    agent: AgentLike | null;
    endpoint: string | null;
    headers: AgentRunHeaders | null;
    stopEndpoint: string | null;
    connectEndpoint: string | null;
  } | null = null;
  private disposalTimer: { cancel(): void } | null = null;
  /** The store whose transitions become host events: followed until it is replaced or disposed, not only while connected. */
  private followed: RunStore | null = null;
  private transitions: Subscription | null = null;
  /** The store this element set a channel on. */
  private channelStore: RunStore | null = null;

  /**
   * The store this element provides. Reading it creates the element's own store if it has none; setting a host's
   * store provides that one instead (the host then owns it: this element never disposes it).
   */
  get store(): RunStore {
    return this.ensureStore();
  }

  set store(store: RunStore | null) {
    if (store === this.givenStore) return;
    this.givenStore = store;
    this.publish(this.ensureStore());
  }

  override connectedCallback(): void {
    this.disposalTimer?.cancel();
    this.disposalTimer = null;
    this.ensureStore();
    super.connectedCallback();
    this.followTransitions(this.activeStore());
    if (this.channel && !this.channelStore) this.requestUpdate();
    announceRunProvider(this, () => this.activeStore());
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // A host's store is not ours to follow once we are gone; our own we follow until it is disposed, so listeners
    // still hear how its run ended (cause `disposed`).
    if (this.givenStore) this.followTransitions(null);
    this.scheduleDisposal();
  }

  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    super.attributeChangedCallback(name, old, value);
    if (name === 'id' && old !== value) announceRunProvider(this, () => this.activeStore());
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('source') && this.source === 'replay') this.replayAgent ??= lazyReplayAgent();
    this.configure(this.ensureStore());
  }

  /** Derives host events from the store's transitions; a store's first state is not a transition. */
  private followTransitions(store: RunStore | null): void {
    if (store === this.followed) return;
    this.transitions?.unsubscribe();
    this.transitions = null;
    this.followed = store;
    if (!store) return;
    let previous: RunTransitions | null = null;
    this.transitions = store.state$
      .pipe(map(selectTransitions), distinctUntilChanged(shallowEqual))
      .subscribe((next) => {
        const before = previous;
        previous = next;
        if (!before) return;
        const events = transitionEvents(next, before);
        // After the store has settled what caused them: a listener may call store.run() at once.
        if (events.length > 0) store.whenSettled(() => events.forEach((event) => this.fire(event)));
      });
  }

  /** Dispatches one of the host events (documented in the class JSDoc). */
  private fire(event: Event): void {
    this.dispatchEvent(event);
  }

  /** The headers as they are now (connect and stop requests read them when they are sent). */
  private async currentHeaders(): Promise<Readonly<Record<string, string>>> {
    const headers = this.headers;
    return (typeof headers === 'function' ? await headers() : headers) ?? {};
  }

  private activeStore(): RunStore | null {
    return this.givenStore ?? this.ownedStore;
  }

  private ensureStore(): RunStore {
    if (this.givenStore) return this.givenStore;
    if (this.ownedStore && !this.ownedStore.isDisposed) return this.ownedStore;
    const store = new RunStore({
      ...(this.threadId ? { threadId: this.threadId } : {}),
      ...(this.persist === 'session' || this.persist === 'local'
        ? {
            persist: {
              mode: this.persist,
              key: this.persistKey ?? `${this.id}|${this.endpoint ?? this.source ?? ''}`,
            },
          }
        : {}),
    }).use(createAnalysisPlugin());
    this.ownedStore = store;
    this.publish(store);
    return store;
  }

  /** Hands the store to context consumers and to elements that name this one by id. */
  private publish(store: RunStore): void {
    this.followTransitions(store);
    this.configure(store);
    if (this.provider.value !== store) this.provider.setValue(store);
    if (this.isConnected) announceRunProvider(this, () => this.activeStore());
    this.requestUpdate();
  }

  /** Points the store at the agent the properties name, and sets the disclosure. */
  private configure(store: RunStore): void {
    if (this.source === 'replay') this.replayAgent ??= lazyReplayAgent();
    const named = this.source === 'recording' ? this.recordingAgent : null;
    const agent = this.agent ?? (this.source === 'replay' ? this.replayAgent : named);
    const config = {
      store,
      agent,
      endpoint: this.endpoint,
      headers: this.headers,
      stopEndpoint: this.stopEndpoint,
      connectEndpoint: this.connectEndpoint,
    };
    const previous = this.appliedConfig;
    const changed =
      !previous ||
      previous.store !== config.store ||
      previous.agent !== config.agent ||
      previous.endpoint !== config.endpoint ||
      previous.headers !== config.headers ||
      previous.stopEndpoint !== config.stopEndpoint ||
      previous.connectEndpoint !== config.connectEndpoint;
    // A host's own store keeps its agent unless this element was told about one.
    const touchesAgent =
      store === this.ownedStore ||
      agent !== null ||
      this.endpoint !== null ||
      this.stopEndpoint !== null;
    if (changed && touchesAgent) {
      this.appliedConfig = config;
      store.setAgent(agent);
      const headers = this.headers ? { headers: this.headers } : {};
      store.setEndpoint(!agent && this.endpoint ? { url: this.endpoint, ...headers } : null);
      store.setStopEndpoint(this.stopEndpoint ? { url: this.stopEndpoint, ...headers } : null);
      store.setConnectEndpoint(
        this.connectEndpoint
          ? { url: this.connectEndpoint, headers: () => this.currentHeaders() }
          : null,
      );
    }
    const synthetic = isSynthetic(agent);
    const text = this.locale.strings('agent-run', AGENT_RUN_STRINGS, this.strings);
    const replaying = agent === this.recordingAgent ? text.recordingDisclosure : null;
    const disclosure = this.disclosure ?? (synthetic ? text.syntheticDisclosure : replaying);
    if (store === this.ownedStore || disclosure !== null) setDisclosure(store, disclosure);
    this.configureArtifacts(store);
    this.configureChannel(store);
  }

  /** Opens, changes or closes the store's channel; a host's own store keeps a channel it set itself. */
  private configureChannel(store: RunStore): void {
    const options = this.isConnected ? channelOptions(this, this.ownerDocument.baseURI) : null;
    if (this.channelStore && this.channelStore !== store) this.channelStore.setChannel(null);
    if (!options && this.channelStore !== store) {
      this.channelStore = null;
      return;
    }
    store.setChannel(options);
    this.channelStore = options ? store : null;
  }

  /** Tells the artifacts of this run which cell to show and where their data comes from. */
  private configureArtifacts(store: RunStore): void {
    const replay = this.source === 'replay' && !this.agent;
    const owned = store === this.ownedStore;
    const configured = this.cellId !== null || this.dataBase !== null || !!this.resolver || replay;
    // A host's own store keeps its artifact settings unless this element was told about some.
    if (!owned && !configured) return;
    let dataBase = this.dataBase;
    if (dataBase === null && this.endpoint && !this.agent) {
      try {
        dataBase = new URL(this.endpoint, this.ownerDocument.baseURI).origin;
      } catch {
        dataBase = null;
      }
    }
    setArtifactView(store, {
      cellId: this.cellId,
      dataBase,
      source: replay ? 'replay' : null,
    });
    setArtifactResolver(store, this.resolver);
  }

  private scheduleDisposal(): void {
    this.disposalTimer?.cancel();
    const dispose = () => {
      this.disposalTimer = null;
      if (this.isConnected) return;
      // Removing the provider closes the channel it opened, on a host's store too.
      if (this.channelStore && this.channelStore === this.givenStore)
        this.configureChannel(this.givenStore);
      if (!this.ownedStore) return;
      const store = this.ownedStore;
      this.ownedStore = null;
      this.appliedConfig = null;
      store.dispose();
    };
    const delay = this.disposeDelay;
    if (delay !== null && Number.isFinite(delay) && delay >= 0) {
      const timer = setTimeout(dispose, delay);
      this.disposalTimer = { cancel: () => clearTimeout(timer) };
    } else {
      const frame = requestAnimationFrame(dispose);
      this.disposalTimer = { cancel: () => cancelAnimationFrame(frame) };
    }
  }

  protected override render() {
    return html`<slot></slot>`;
  }
}
