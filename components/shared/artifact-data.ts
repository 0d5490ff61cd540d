// ArtifactDataController: how an artifact element finds its data source (its own, its run's, or the page's origin)
// and loads what its props point at — once per request, aborted when no longer needed, retried on request.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import {
  chainResolvers,
  createHttpResolver,
  createReplayDataResolver,
  type ArtifactDataResolver,
  type CompleteDataResolver,
} from '../../src/artifacts/resolvers.js';
import {
  artifactResolverOf,
  selectArtifactView,
  type ArtifactDataSource,
  type ArtifactView,
} from '../../src/artifacts/view.js';
import { ArtifactErrorEvent, ArtifactLoadEvent } from './artifact-events.js';
import { StoreController, type StoreHost } from './store-controller.js';

/** What an element that loads artifact data exposes. */
export interface ArtifactDataHost extends StoreHost {
  /** The element's own data lookups (win over everything else). */
  resolver: ArtifactDataResolver | null;
  /** `replay`: the in-page synthetic data. */
  source: ArtifactDataSource | null;
  /** Where the `/api/v1/...` data routes live. */
  dataBase: string | null;
}

/** Where a load stands. */
export type LoadState<T> =
  | { readonly status: 'idle' }
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly value: T }
  | { readonly status: 'error'; readonly reason: string };

/** One load: a key that says what is asked (equal keys are one load) and how to load it. */
export interface DataRequest<T> {
  readonly key: string;
  /** Names it in events: `signal 1 over 24 hours`. */
  readonly what: string;
  readonly load: (resolver: CompleteDataResolver, signal: AbortSignal) => Promise<T>;
}

const IDLE = { status: 'idle' } as const;

let replay: CompleteDataResolver | null = null;
const httpResolvers = new Map<string, CompleteDataResolver>();

function httpResolver(base: string): CompleteDataResolver {
  let resolver = httpResolvers.get(base);
  if (!resolver) {
    resolver = createHttpResolver(base);
    httpResolvers.set(base, resolver);
  }
  return resolver;
}

function named(
  source: ArtifactDataSource | null,
  base: string | null,
): CompleteDataResolver | null {
  if (source === 'replay') return (replay ??= createReplayDataResolver());
  return base !== null ? httpResolver(base) : null;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Loads an artifact element's data. The data source is, first that has the lookup: the element's `resolver`, its
 * `source`/`data-base`, its run's resolver, its run's `source`/`data-base`, then `GET /api/v1/...` on the page's
 * origin. A request loads when the element is connected and its key or source changes; a removed element aborts it.
 */
export class ArtifactDataController<T> implements ReactiveController {
  /** Where the current request stands. */
  state: LoadState<T> = IDLE;

  private readonly host: ArtifactDataHost & ReactiveControllerHost;
  private readonly request: () => DataRequest<T> | null;
  private readonly view: StoreController<ArtifactView>;
  private inputs: readonly unknown[] = [];
  private resolver: CompleteDataResolver | null = null;
  private current: DataRequest<T> | null = null;
  private currentResolver: CompleteDataResolver | null = null;
  private abort: AbortController | null = null;
  private connected = false;

  constructor(
    host: ArtifactDataHost & ReactiveControllerHost,
    request: () => DataRequest<T> | null,
  ) {
    this.host = host;
    this.request = request;
    this.view = new StoreController(host, selectArtifactView);
    host.addController(this);
  }

  hostConnected(): void {
    this.connected = true;
    // A load cut off by a disconnect starts again on the next update.
    if (this.state.status === 'idle' && this.current) this.host.requestUpdate();
  }

  hostDisconnected(): void {
    this.connected = false;
    if (this.state.status === 'loading') {
      this.cancel();
      this.state = IDLE;
    }
  }

  hostUpdate(): void {
    if (!this.connected) return;
    const request = this.request();
    const resolver = this.dataSource();
    if (!request) {
      this.cancel();
      this.current = null;
      this.state = IDLE;
      return;
    }
    const same =
      this.current?.key === request.key &&
      this.currentResolver === resolver &&
      this.state.status !== 'idle';
    this.current = request;
    if (same) return;
    this.currentResolver = resolver;
    this.start();
  }

  /** Loads the current request again (the Retry button). */
  retry(): void {
    if (!this.current || !this.connected) return;
    this.start();
    this.host.requestUpdate();
  }

  /** The data source, resolved as the class comment says. */
  dataSource(): CompleteDataResolver {
    const host = this.host;
    const view = this.view.value;
    const runResolver = artifactResolverOf(this.view.store);
    const inputs = [
      host.resolver,
      host.source,
      host.dataBase,
      runResolver,
      view.source,
      view.dataBase,
    ];
    if (this.resolver && inputs.every((input, index) => Object.is(input, this.inputs[index]))) {
      return this.resolver;
    }
    this.inputs = inputs;
    this.resolver = chainResolvers(
      host.resolver,
      named(host.source, host.dataBase),
      runResolver,
      named(view.source, view.dataBase),
      httpResolver(''),
    );
    return this.resolver;
  }

  private cancel(): void {
    this.abort?.abort();
    this.abort = null;
  }

  private start(): void {
    const request = this.current;
    const resolver = this.currentResolver;
    if (!request || !resolver) return;
    this.cancel();
    const controller = new AbortController();
    this.abort = controller;
    this.state = { status: 'loading' };
    let pending: Promise<T>;
    try {
      pending = request.load(resolver, controller.signal);
    } catch (error) {
      pending = Promise.reject(error);
    }
    pending.then(
      (value) => this.settle(controller, request, { status: 'ready', value }),
      (error: unknown) =>
        this.settle(controller, request, { status: 'error', reason: messageOf(error) }),
    );
  }

  private settle(controller: AbortController, request: DataRequest<T>, state: LoadState<T>): void {
    if (this.abort !== controller) return;
    this.abort = null;
    this.state = state;
    this.host.requestUpdate();
    this.host.dispatchEvent(
      state.status === 'error'
        ? new ArtifactErrorEvent({ what: request.what, reason: state.reason })
        : new ArtifactLoadEvent({ what: request.what }),
    );
  }
}
