// Data resolvers: how an artifact fetches what its props only point at — HTTP routes, the in-page replay data, or a
// host's own functions.
import type * as ReplayNamespace from '../fixtures/replay-agent.js';

/** Options of one data request. */
export interface DataRequestOptions {
  /** Aborted when the element no longer needs the answer (props changed, element removed). */
  readonly signal?: AbortSignal;
}

/**
 * Data lookups by id, each resolving to the JSON of its route (`GET /api/v1/...`). A host may supply any subset;
 * the answers are checked before they are shown, so a resolver may return whatever its backend sent.
 */
export interface ArtifactDataResolver {
  /** `GET /api/v1/signals/data/:signal_def_id?window_hours=N`. */
  signalData?(
    signalDefId: number,
    windowHours: number,
    options?: DataRequestOptions,
  ): Promise<unknown>;
  /** `GET /api/v1/cells/:cell_id/kb`. */
  cellKb?(cellId: number, options?: DataRequestOptions): Promise<unknown>;
  /** `GET /api/v1/work-orders/:id`. */
  workOrder?(workOrderId: string, options?: DataRequestOptions): Promise<unknown>;
}

/** A resolver that answers every lookup. */
export type CompleteDataResolver = Required<ArtifactDataResolver>;

/** A failed lookup, with the HTTP status when there was one; the message is what a person reads. */
export class ArtifactDataError extends Error {
  readonly status: number | null;

  constructor(message: string, status: number | null = null) {
    super(message);
    this.name = 'ArtifactDataError';
    this.status = status;
  }
}

export interface HttpResolverOptions {
  /** The fetch to use (default the global one). */
  readonly fetch?: typeof fetch;
  /** Request headers, e.g. an Authorization header for the data routes. */
  readonly headers?: HeadersInit;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function readError(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as unknown;
    if (body && typeof body === 'object') {
      const { error, message } = body as { error?: unknown; message?: unknown };
      if (typeof error === 'string' && error) return error;
      if (typeof message === 'string' && message) return message;
    }
  } catch {
    // Not JSON: the text itself, if short enough to read.
  }
  const trimmed = text.trim();
  return trimmed && trimmed.length <= 300 ? trimmed : response.statusText || 'no details';
}

/**
 * Resolves against the data routes of an AG-UI backend: `GET <base>/api/v1/...`. `base` is an origin or a path
 * prefix (`''` means the page's own origin). Failures reject with an ArtifactDataError reading
 * `HTTP 404: <the body's message>`.
 */
export function createHttpResolver(
  base = '',
  options: HttpResolverOptions = {},
): CompleteDataResolver {
  const root = base.replace(/\/+$/, '');
  const get = async (path: string, request: DataRequestOptions = {}): Promise<unknown> => {
    const url = `${root}/api/v1/${path}`;
    const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    let response: Response;
    try {
      const headers = new Headers(options.headers);
      if (!headers.has('accept')) headers.set('accept', 'application/json');
      response = await doFetch(url, {
        headers,
        ...(request.signal ? { signal: request.signal } : {}),
      });
    } catch (error) {
      if (request.signal?.aborted) throw error;
      throw new ArtifactDataError(`Could not reach ${url}: ${messageOf(error)}`);
    }
    if (!response.ok) {
      throw new ArtifactDataError(
        `HTTP ${response.status}: ${await readError(response)}`,
        response.status,
      );
    }
    try {
      return (await response.json()) as unknown;
    } catch {
      throw new ArtifactDataError(`${url} did not answer with JSON.`, response.status);
    }
  };
  const segment = (value: string | number) => encodeURIComponent(String(value));
  return {
    signalData: (id, hours, request) =>
      get(`signals/data/${segment(id)}?window_hours=${segment(hours)}`, request),
    cellKb: (cellId, request) => get(`cells/${segment(cellId)}/kb`, request),
    workOrder: (id, request) => get(`work-orders/${segment(id)}`, request),
  };
}

type ReplayModule = typeof ReplayNamespace;
let replayModule: Promise<ReplayModule> | null = null;

/**
 * The in-page resolver over the synthetic generators behind the demo's data routes (`source="replay"`): no server.
 * The fixtures load with the first lookup.
 */
export function createReplayDataResolver(): CompleteDataResolver {
  const resolver = () =>
    (replayModule ??= import('../fixtures/replay-agent.js')).then((module) =>
      module.createReplayResolver(),
    );
  return {
    signalData: async (id, hours) => (await resolver()).signalData(id, hours),
    cellKb: async (cellId) => (await resolver()).cellKb(cellId),
    workOrder: async (id) => (await resolver()).workOrder(id),
  };
}

/**
 * One resolver from several: each lookup goes to the first that has it. A lookup none of them has rejects with an
 * ArtifactDataError saying so.
 */
export function chainResolvers(
  ...resolvers: readonly (ArtifactDataResolver | null | undefined)[]
): CompleteDataResolver {
  const present = resolvers.filter((resolver): resolver is ArtifactDataResolver => !!resolver);
  const first = <K extends keyof ArtifactDataResolver>(key: K): ArtifactDataResolver | undefined =>
    present.find((resolver) => typeof resolver[key] === 'function');
  const missing = (what: string) =>
    Promise.reject(new ArtifactDataError(`No data resolver answers ${what} lookups.`));
  return {
    signalData: (id, hours, request) =>
      first('signalData')?.signalData?.(id, hours, request) ?? missing('signal data'),
    cellKb: (cellId, request) => first('cellKb')?.cellKb?.(cellId, request) ?? missing('cell KB'),
    workOrder: (id, request) =>
      first('workOrder')?.workOrder?.(id, request) ?? missing('work order'),
  };
}
