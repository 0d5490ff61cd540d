// <agent-run>: owns one RunStore (analysis plugin installed), provides it by context and reports its runs to the page.
import { ContextProvider } from '@lit/context';
import { html, LitElement, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { Observable } from 'rxjs';
import { createAnalysisPlugin } from '../../src/analysis/plugin.js';
import type { ArtifactDataResolver } from '../../src/artifacts/resolvers.js';
import { setArtifactView } from '../../src/artifacts/view.js';
import { runStoreContext } from '../../src/context.js';
import type { ReplayAgent } from '../../src/fixtures/replay-agent.js';
import { lazyRecordingAgent } from '../../src/recording/lazy-recording-agent.js';
import type { RecordingInput } from '../../src/recording/recording-agent.js';
import { isRunOpen } from '../../src/store/reducer.js';
import { RunStore } from '../../src/store/run-store.js';
import type { AgentLike, RunInfo, RunStoreState } from '../../src/store/types.js';
import type { EndpointAgentOptions } from '../../src/transport/endpoint-agent.js';
import { setDisclosure } from '../shared/disclosure.js';
import {
  AgentStateChangeEvent,
  type RunEndCause,
  RunEndEvent,
  RunErrorEvent,
  RunStartEvent,
} from '../shared/events.js';
import { announceRunProvider } from '../shared/run-providers.js';
import { shallowEqual, StoreController } from '../shared/store-controller.js';
import { mergeStrings } from '../shared/strings.js';
import { agentRunStyles } from './agent-run.styles.js';

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

/** The agent sources `<agent-run>` knows by name. */
export type AgentRunSource = 'replay' | 'recording';

interface RunTransitions {
  readonly run: RunInfo;
  readonly agentState: Readonly<Record<string, unknown>>;
}

const selectTransitions = (state: RunStoreState): RunTransitions => ({
  run: state.run,
  agentState: state.agentState.value,
});

function isSynthetic(agent: AgentLike | null): boolean {
  return agent !== null && (agent as { synthetic?: unknown }).synthetic === true;
}

/** The replay agent, loaded with the first run that needs it (an idle page never loads the fixtures). */
function lazyReplayAgent(): AgentLike & { readonly synthetic: true } {
  let loading: Promise<ReplayAgent> | null = null;
  let loaded: ReplayAgent | null = null;
  const load = () =>
    (loading ??= import('../../src/fixtures/replay-agent.js').then((module) => {
      loaded = module.createReplayAgent();
      return loaded;
    }));
  return {
    synthetic: true,
    // A plain Observable, not from() + switchMap, keeps rxjs's conversion helpers out of the idle page.
    run: (input) =>
      new Observable((subscriber) => {
        let inner: { unsubscribe(): void } | null = null;
        let closed = false;
        load().then(
          (agent) => {
            if (!closed) inner = agent.run(input).subscribe(subscriber);
          },
          (error: unknown) => subscriber.error(error),
        );
        return () => {
          closed = true;
          inner?.unsubscribe();
        };
      }),
    abortRun: () => loaded?.abortRun(),
  };
}

function isEnded(status: RunInfo['status']): status is RunEndEvent['detail']['status'] {
  return (
    status === 'Completed' ||
    status === 'Cancelled' ||
    status === 'Failed' ||
    status === 'Needs approval'
  );
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

  /** Derives the host events from the store's transitions (it only needs to be subscribed). */
  protected readonly transitions = new StoreController(this, selectTransitions, {
    ownStore: () => this.activeStore(),
    equals: shallowEqual,
    onChange: (next, previous) => this.handleTransition(next, previous),
  });

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
  } | null = null;
  private disposalTimer: { cancel(): void } | null = null;

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
    announceRunProvider(this, () => this.activeStore());
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
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

  private handleTransition(next: RunTransitions, previous: RunTransitions): void {
    const before = previous.run;
    const after = next.run;
    const sameRun = before.number === after.number;
    if (!sameRun) {
      if (isRunOpen(before) && before.number > 0) this.emitEnd(before, 'replaced');
      if (after.number > 0) {
        this.fire(
          new RunStartEvent({ run: after.number, kind: after.kind, scenario: after.scenario }),
        );
      }
    }
    if (next.agentState !== previous.agentState) {
      this.fire(new AgentStateChangeEvent({ state: next.agentState, run: after.number }));
    }
    const unchanged = sameRun && before.status === after.status && before.failure === after.failure;
    if (!unchanged && isEnded(after.status)) this.emitEnd(after, after.cause);
  }

  private emitEnd(run: RunInfo, cause: RunEndCause | null): void {
    const status = isEnded(run.status) ? run.status : 'Cancelled';
    if (status === 'Failed' && run.failure) {
      this.fire(new RunErrorEvent({ run: run.number, failure: run.failure }));
    }
    this.fire(
      new RunEndEvent({
        run: run.number,
        status,
        cause: status === 'Cancelled' ? cause : null,
        failure: status === 'Failed' ? run.failure : null,
      }),
    );
  }

  /** Dispatches one of the host events (documented in the class JSDoc). */
  private fire(event: Event): void {
    this.dispatchEvent(event);
  }

  private activeStore(): RunStore | null {
    return this.givenStore ?? this.ownedStore;
  }

  private ensureStore(): RunStore {
    if (this.givenStore) return this.givenStore;
    if (this.ownedStore && !this.ownedStore.isDisposed) return this.ownedStore;
    const store = new RunStore(this.threadId ? { threadId: this.threadId } : {}).use(
      createAnalysisPlugin(),
    );
    this.ownedStore = store;
    this.publish(store);
    return store;
  }

  /** Hands the store to context consumers and to elements that name this one by id. */
  private publish(store: RunStore): void {
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
    const config = { store, agent, endpoint: this.endpoint, headers: this.headers };
    const previous = this.appliedConfig;
    const changed =
      !previous ||
      previous.store !== config.store ||
      previous.agent !== config.agent ||
      previous.endpoint !== config.endpoint ||
      previous.headers !== config.headers;
    // A host's own store keeps its agent unless this element was told about one.
    const touchesAgent = store === this.ownedStore || agent !== null || this.endpoint !== null;
    if (changed && touchesAgent) {
      this.appliedConfig = config;
      store.setAgent(agent);
      store.setEndpoint(
        !agent && this.endpoint
          ? { url: this.endpoint, ...(this.headers ? { headers: this.headers } : {}) }
          : null,
      );
    }
    const synthetic = isSynthetic(agent);
    const text = mergeStrings(AGENT_RUN_STRINGS, this.strings);
    const replaying = agent === this.recordingAgent ? text.recordingDisclosure : null;
    const disclosure = this.disclosure ?? (synthetic ? text.syntheticDisclosure : replaying);
    if (store === this.ownedStore || disclosure !== null) setDisclosure(store, disclosure);
    this.configureArtifacts(store);
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
      resolver: this.resolver,
    });
  }

  private scheduleDisposal(): void {
    this.disposalTimer?.cancel();
    const dispose = () => {
      this.disposalTimer = null;
      if (this.isConnected || !this.ownedStore) return;
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
