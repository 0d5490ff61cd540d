// Finds the store to inspect through public surfaces only, so the inspector works beside either main bundle.
import { ContextEvent, createContext } from '@lit/context';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { TapRecord } from '../../src/store/event-tap.js';

type State = Readonly<Record<string, unknown>>;

interface Unsubscribable {
  unsubscribe(): void;
}

interface Subscribable<T> {
  subscribe(observer: {
    next?: (value: T) => void;
    complete?: () => void;
    error?: (error: unknown) => void;
  }): Unsubscribable;
}

/** What the inspector uses of a run store: its event tap and its state. */
export interface InspectableStore {
  readonly events$: Subscribable<TapRecord>;
  readonly state$: Subscribable<{ readonly agentState: { readonly value: State } }>;
  getState(): { readonly agentState: { readonly value: State } };
}

/** The key every agui-elements bundle provides its store under (a second bundle finds it by Symbol.for). */
export const inspectableStoreContext = createContext<InspectableStore>(
  Symbol.for('agui-elements.run-store'),
);

export function isInspectable(value: unknown): value is InspectableStore {
  const store = value as Partial<InspectableStore> | null;
  return (
    !!store &&
    typeof store.events$?.subscribe === 'function' &&
    typeof store.state$?.subscribe === 'function' &&
    typeof store.getState === 'function'
  );
}

interface FinderHost extends ReactiveControllerHost, HTMLElement {
  readonly store: InspectableStore | null;
  readonly run: string | null;
}

/**
 * Resolves the store: the host's `.store`, else the element `run="ID"` names (its public `.store`, once it is
 * defined and in the document), else the nearest provider by a `context-request` event (asked again when a
 * provider connects later, as a bundle loaded after this one does).
 */
export class StoreFinder implements ReactiveController {
  /** The store found, or null. */
  value: InspectableStore | null = null;
  private provided: unknown = null;
  private unsubscribeContext: (() => void) | null = null;
  private observer: MutationObserver | null = null;

  constructor(
    private readonly host: FinderHost,
    private readonly onChange: (store: InspectableStore | null) => void,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.host.ownerDocument.addEventListener('context-provider', this.handleProvider);
    this.requestContext();
    this.resolve();
  }

  hostDisconnected(): void {
    this.host.ownerDocument.removeEventListener('context-provider', this.handleProvider);
    this.unsubscribeContext?.();
    this.unsubscribeContext = null;
    this.provided = null;
    this.stopWatching();
    this.set(null);
  }

  /** A provider connected (a bundle loaded after this one upgraded it): ask again if nobody answered yet. */
  private readonly handleProvider = (event: Event): void => {
    if ((event as { context?: unknown }).context !== inspectableStoreContext) return;
    if (!this.provided) this.requestContext();
  };

  /** The `context-request` protocol of @lit/context, which every bundle's provider answers for this key. */
  private requestContext(): void {
    this.host.dispatchEvent(
      new ContextEvent(
        inspectableStoreContext,
        this.host,
        (value, unsubscribe) => {
          if (unsubscribe && unsubscribe !== this.unsubscribeContext) {
            this.unsubscribeContext?.();
            this.unsubscribeContext = unsubscribe;
          }
          this.provided = value;
          this.resolve();
        },
        true,
      ),
    );
  }

  /** Looks again (after `.store` or `run` changed, or when a named provider appeared). */
  resolve(): void {
    if (!this.host.isConnected) return;
    const given = this.host.store;
    if (given) {
      this.stopWatching();
      return this.set(isInspectable(given) ? given : null);
    }
    const id = this.host.run;
    if (id) return this.set(this.byId(id));
    this.stopWatching();
    this.set(isInspectable(this.provided) ? this.provided : null);
  }

  private byId(id: string): InspectableStore | null {
    const root = this.host.getRootNode();
    const element =
      (root instanceof ShadowRoot || root instanceof Document ? root.getElementById(id) : null) ??
      this.host.ownerDocument.getElementById(id);
    const store = (element as { store?: unknown } | null)?.store;
    if (isInspectable(store)) {
      this.stopWatching();
      return store;
    }
    // Not there yet, or not upgraded yet: look again when the page changes or the tag is defined.
    this.watch();
    if (element?.localName.includes('-')) {
      void customElements.whenDefined(element.localName).then(() => this.resolve());
    }
    return null;
  }

  private watch(): void {
    if (this.observer) return;
    this.observer = new MutationObserver(() => this.resolve());
    this.observer.observe(this.host.ownerDocument, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['id'],
    });
  }

  private stopWatching(): void {
    this.observer?.disconnect();
    this.observer = null;
  }

  private set(store: InspectableStore | null): void {
    if (store === this.value) return;
    this.value = store;
    this.onChange(store);
  }
}
