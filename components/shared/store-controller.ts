// StoreController: the one place an element subscribes to a RunStore — found by `.store`, `run="ID"` or context.
import { ContextConsumer } from '@lit/context';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { distinctUntilChanged, map, type Subscription } from 'rxjs';
import { runStoreContext } from '../../src/context.js';
import { createInitialState } from '../../src/store/reducer.js';
import type { RunStore } from '../../src/store/run-store.js';
import type { RunStoreState } from '../../src/store/types.js';
import { findRunStore, onRunProviderChange } from './run-providers.js';

/** What a StoreController reads from its host: an explicit store and the id of a provider. */
export interface StoreHost extends ReactiveControllerHost, HTMLElement {
  store?: RunStore | null | undefined;
  /** The id of an `<agent-run>` to bind to (else the `run` attribute is read). */
  run?: string | null | undefined;
}

export interface StoreControllerOptions<T> {
  /** Compares two selected values (default `Object.is`); equal values cause no update. */
  readonly equals?: (previous: T, next: T) => boolean;
  /**
   * Called when the selected value changes while the host keeps the same store — also across a disconnect —
   * but not for the first value of a newly found store (that value was not caused by anything that happened).
   */
  readonly onChange?: (value: T, previous: T) => void;
  /** The host's own store, which wins over everything else (a provider's). Such a host never asks by context. */
  readonly ownStore?: () => RunStore | null;
}

/** The state every selector sees while no store is found: nothing has happened yet. */
const NO_STATE: RunStoreState = createInitialState('');

/**
 * Binds a selected slice of a RunStore to a Lit element. The store is, in this order: the host's own
 * (`ownStore`), its `.store` property, the `<agent-run>` named by its `run` attribute, or the nearest
 * `<agent-run>` around it (by context). Re-resolves on every update and whenever a provider appears.
 */
export class StoreController<T> implements ReactiveController {
  /** The selected value (the selector over an empty state while no store is found). */
  value: T;

  private readonly host: StoreHost;
  private readonly selector: (state: RunStoreState) => T;
  private readonly options: StoreControllerOptions<T>;
  private readonly consumer: ContextConsumer<typeof runStoreContext, StoreHost> | null;
  private subscription: Subscription | null = null;
  private subscribed: RunStore | null = null;
  private lastStore: RunStore | null = null;
  private stopListening: (() => void) | null = null;
  private connected = false;

  constructor(
    host: StoreHost,
    selector: (state: RunStoreState) => T,
    options: StoreControllerOptions<T> = {},
  ) {
    this.host = host;
    this.selector = selector;
    this.options = options;
    this.value = selector(NO_STATE);
    // Added before the consumer, so hostConnected runs first and the consumer's answer finds us connected.
    host.addController(this);
    this.consumer = options.ownStore
      ? null
      : new ContextConsumer(host, {
          context: runStoreContext,
          subscribe: true,
          callback: () => this.sync(),
        });
  }

  /** The store the host is bound to, or null. */
  get store(): RunStore | null {
    return this.subscribed;
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
    this.subscription?.unsubscribe();
    this.subscription = null;
    this.subscribed = null;
  }

  hostUpdate(): void {
    // `.store` or `run` may have changed; a value that arrives now still makes it into this render.
    this.sync();
  }

  private handleProviderChange(): void {
    // A provider that upgraded after this element asked: ask again.
    if (this.consumer && this.consumer.value === undefined && this.runId() === null) {
      this.consumer.hostConnected();
    }
    this.sync();
  }

  private runId(): string | null {
    return this.host.run !== undefined ? this.host.run : this.host.getAttribute('run');
  }

  private resolve(): RunStore | null {
    const own = this.options.ownStore?.();
    if (own) return own;
    if (this.host.store) return this.host.store;
    const id = this.runId();
    if (id !== null) return id ? findRunStore(this.host, id) : null;
    return this.consumer?.value ?? null;
  }

  private sync(): void {
    if (!this.connected) return;
    const store = this.resolve();
    if (
      store === this.subscribed &&
      (this.subscription !== null || store === null || store.isDisposed)
    ) {
      return;
    }
    this.subscription?.unsubscribe();
    this.subscription = null;
    this.subscribed = store;
    const sameStore = store === this.lastStore;
    this.lastStore = store;
    if (store === null) {
      this.set(this.selector(NO_STATE), false);
      return;
    }
    let first = true;
    const equals = this.options.equals ?? Object.is;
    const subscription = store.state$
      .pipe(map(this.selector), distinctUntilChanged(equals))
      .subscribe((value) => {
        const notify = sameStore || !first;
        first = false;
        if (equals(this.value, value)) return;
        this.set(value, notify);
      });
    // A disposed store completes at once: it stays the bound store but holds no subscription.
    this.subscription = subscription.closed ? null : subscription;
  }

  private set(value: T, notify: boolean): void {
    const previous = this.value;
    if (Object.is(previous, value)) return;
    this.value = value;
    this.host.requestUpdate();
    if (notify) this.options.onChange?.(value, previous);
  }
}

/** Equal when both objects hold the same values under the same keys (one level deep). */
export function shallowEqual<T extends object>(previous: T, next: T): boolean {
  if (previous === next) return true;
  const keys = Object.keys(previous) as (keyof T)[];
  if (keys.length !== Object.keys(next).length) return false;
  return keys.every((key) => Object.is(previous[key], next[key]));
}
