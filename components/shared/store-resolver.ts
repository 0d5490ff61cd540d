// StoreResolver: decides which RunStore an element uses — its `.store`, the provider its `run` names, or context.
import { ContextConsumer } from '@lit/context';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { runStoreContext } from '../../src/context.js';
import type { RunStore } from '../../src/store/run-store.js';
import { findRunStore, onRunProviderChange } from './run-providers.js';

/** What a resolver reads from its host: an explicit store and the id of a provider. */
export interface StoreHost extends ReactiveControllerHost, HTMLElement {
  store?: RunStore | null | undefined;
  /** The id of an `<agent-run>` to bind to (else the `run` attribute is read). */
  run?: string | null | undefined;
}

const resolvers = new WeakMap<StoreHost, StoreResolver>();

/**
 * The store of an element, first that has one:
 * 1. its `.store` property;
 * 2. the provider its `run` property or attribute names (`run=""` names none: the element stays unbound), looked up
 *    in the element's own root, then the document;
 * 3. the nearest `<agent-run>` around it, by context.
 * It looks again on every update of the host, when a provider appears or changes its id or store, and when the
 * context answers; listeners hear only real changes. One resolver per element, shared by its StoreControllers.
 */
export class StoreResolver implements ReactiveController {
  /** The resolved store, or null while none is found (or the host is disconnected). */
  store: RunStore | null = null;

  private readonly consumer: ContextConsumer<typeof runStoreContext, StoreHost>;
  private readonly listeners = new Set<(store: RunStore | null) => void>();
  private stopListening: (() => void) | null = null;
  private connected = false;

  /** The resolver of an element (made on first use). */
  static for(host: StoreHost): StoreResolver {
    let resolver = resolvers.get(host);
    if (!resolver) {
      resolver = new StoreResolver(host);
      resolvers.set(host, resolver);
    }
    return resolver;
  }

  private constructor(private readonly host: StoreHost) {
    // Added before the consumer, so hostConnected runs first and the consumer's answer finds us connected.
    host.addController(this);
    this.consumer = new ContextConsumer(host, {
      context: runStoreContext,
      subscribe: true,
      callback: () => this.sync(),
    });
  }

  /** Calls the listener with each newly resolved store; returns a function that stops it. */
  onChange(listener: (store: RunStore | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  hostConnected(): void {
    this.connected = true;
    this.stopListening ??= onRunProviderChange(() => this.handleProviderChange());
    this.sync();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.stopListening?.();
    this.stopListening = null;
    // Silently: each StoreController unsubscribes on its own disconnect and keeps its last value.
    this.store = null;
  }

  hostUpdate(): void {
    // `.store` or `run` may have changed; a store found now still makes it into this render.
    this.sync();
  }

  /** The store by the rules above, looked up now. */
  resolve(): RunStore | null {
    if (this.host.store) return this.host.store;
    const id = this.runId();
    if (id !== null) return id ? findRunStore(this.host, id) : null;
    return this.consumer.value ?? null;
  }

  private handleProviderChange(): void {
    // A provider that upgraded after this element asked: ask again.
    if (this.consumer.value === undefined && this.runId() === null) this.consumer.hostConnected();
    this.sync();
  }

  private runId(): string | null {
    return this.host.run !== undefined ? this.host.run : this.host.getAttribute('run');
  }

  private sync(): void {
    if (this.connected) this.set(this.resolve());
  }

  private set(store: RunStore | null): void {
    if (store === this.store) return;
    this.store = store;
    for (const listener of [...this.listeners]) listener(store);
  }
}
