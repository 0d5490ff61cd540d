// ArtifactDataController: how an artifact element finds its data source (its own, its run's, or the page's origin)
// and loads what its props point at — once per request, aborted when no longer needed, retried on request.
import { initialState, Task, TaskStatus } from '@lit/task';
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
 * Loads an artifact element's data with a `@lit/task` Task. The data source is, first that has the lookup: the
 * element's `resolver`, its `source`/`data-base`, its run's resolver, its run's `source`/`data-base`, then
 * `GET /api/v1/...` on the page's origin. A request loads when the element is connected and its key or source
 * changes (the Task aborts the previous one); a removed element aborts it and loads again when put back.
 */
export class ArtifactDataController<T> implements ReactiveController {
  private readonly host: ArtifactDataHost & ReactiveControllerHost;
  private readonly request: () => DataRequest<T> | null;
  private readonly view: StoreController<ArtifactView>;
  private readonly task: Task<readonly [DataRequest<T> | null, CompleteDataResolver], T>;
  private inputs: readonly unknown[] = [];
  private resolver: CompleteDataResolver | null = null;
  /** A load a disconnect cut off: it starts again when the element is back. */
  private interrupted = false;

  constructor(
    host: ArtifactDataHost & ReactiveControllerHost,
    request: () => DataRequest<T> | null,
  ) {
    this.host = host;
    this.request = request;
    this.view = new StoreController(host, selectArtifactView);
    host.addController(this);
    this.task = new Task(host, {
      task: ([current, resolver], { signal }) =>
        current ? current.load(resolver, signal) : Promise.resolve(initialState),
      args: () => [this.request(), this.dataSource()] as const,
      // Equal keys are one load, whatever object the element built for it.
      argsEqual: ([before, source], [after, nextSource]) =>
        before?.key === after?.key && source === nextSource,
      onComplete: () => this.report(null),
      onError: (error) => this.report(error),
    });
  }

  /** Where the current request stands. */
  get state(): LoadState<T> {
    if (this.interrupted) return IDLE;
    switch (this.task.status) {
      case TaskStatus.PENDING:
        return { status: 'loading' };
      case TaskStatus.COMPLETE:
        return { status: 'ready', value: this.task.value as T };
      case TaskStatus.ERROR:
        return { status: 'error', reason: messageOf(this.task.error) };
      default:
        return IDLE;
    }
  }

  hostConnected(): void {
    if (!this.interrupted) return;
    this.interrupted = false;
    void this.task.run();
  }

  hostDisconnected(): void {
    if (this.task.status !== TaskStatus.PENDING) return;
    this.interrupted = true;
    this.task.abort();
  }

  /** Loads the current request again (the Retry button). */
  retry(): void {
    if (!this.host.isConnected || !this.request()) return;
    void this.task.run();
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

  /** Tells the page how a load ended (a load the element itself cut off says nothing). */
  private report(error: unknown): void {
    const request = this.request();
    if (!request || this.interrupted || !this.host.isConnected) return;
    this.host.dispatchEvent(
      error === null
        ? new ArtifactLoadEvent({ what: request.what })
        : new ArtifactErrorEvent({ what: request.what, reason: messageOf(error) }),
    );
  }
}
