// StoreController: the one place an element subscribes to a slice of its RunStore (the StoreResolver finds the store).
import type { ReactiveController } from 'lit';
import { distinctUntilChanged, map, type Subscription } from 'rxjs';
import { createInitialState } from '../../src/store/reducer.js';
import type { RunStore } from '../../src/store/run-store.js';
import type { RunStoreState } from '../../src/store/types.js';
import { StoreResolver, type StoreHost } from './store-resolver.js';

export type { StoreHost } from './store-resolver.js';

export interface StoreControllerOptions<T> {
  /** Compares two selected values (default `Object.is`); equal values cause no update. */
  readonly equals?: (previous: T, next: T) => boolean;
  /**
   * Called when the selected value changes while the host keeps the same store — also across a disconnect —
   * but not for the first value of a newly found store (that value was not caused by anything that happened).
   */
  readonly onChange?: (value: T, previous: T) => void;
}

/** The state every selector sees while no store is found: nothing has happened yet. */
const NO_STATE: RunStoreState = createInitialState('');

/**
 * Binds a selected slice of a RunStore to a Lit element: `map(selector)` + `distinctUntilChanged`, `requestUpdate`
 * on change, unsubscribed on disconnect. Which store it is, the element's StoreResolver decides.
 */
export class StoreController<T> implements ReactiveController {
  /** The selected value (the selector over an empty state while no store is found). */
  value: T;

  private readonly resolver: StoreResolver;
  private subscription: Subscription | null = null;
  private subscribed: RunStore | null = null;
  private lastStore: RunStore | null = null;
  private stopListening: (() => void) | null = null;

  constructor(
    private readonly host: StoreHost,
    private readonly selector: (state: RunStoreState) => T,
    private readonly options: StoreControllerOptions<T> = {},
  ) {
    this.value = selector(NO_STATE);
    this.resolver = StoreResolver.for(host);
    host.addController(this);
  }

  /** The store the host is bound to, or null. */
  get store(): RunStore | null {
    return this.subscribed;
  }

  hostConnected(): void {
    this.stopListening ??= this.resolver.onChange((store) => this.bind(store));
    this.bind(this.resolver.store);
  }

  hostDisconnected(): void {
    this.stopListening?.();
    this.stopListening = null;
    this.subscription?.unsubscribe();
    this.subscription = null;
    this.subscribed = null;
  }

  private bind(store: RunStore | null): void {
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

export { shallowEqual } from './shallow-equal.js';
