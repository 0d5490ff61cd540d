// What a run says about its artifacts (cell filter, data source), kept in the store's view state so every element
// bound to the run reads it; and the selectors that pick the artifacts to show.
import type { Artifact, RunStoreLike, RunStoreState, ToolCallPart } from '../store/types.js';
import { componentName } from './names.js';
import type { ArtifactDataResolver } from './resolvers.js';

/** The view-state key of the artifact settings; never sent to the agent. */
export const ARTIFACT_VIEW_ID = 'agui-artifacts';

/** Built-in data sources by name: the in-page replay data. */
export type ArtifactDataSource = 'replay';

/** What a run (an `<agent-run>`) tells the artifacts bound to it. */
export interface ArtifactView {
  /** Show only artifacts of this cell (and bar charts without one); null shows all. */
  readonly cellId: string | null;
  /** Where `GET /api/v1/...` data routes live (an origin or path prefix); null: the page's origin. */
  readonly dataBase: string | null;
  /** `replay`: data comes from the in-page synthetic generators, no server. */
  readonly source: ArtifactDataSource | null;
  /**
   * Counts changes of the host's own data lookups (`setArtifactResolver`): the lookups are functions, so they live
   * beside the store, never in its state.
   */
  readonly resolverRevision: number;
}

export const EMPTY_ARTIFACT_VIEW: ArtifactView = {
  cellId: null,
  dataBase: null,
  source: null,
  resolverRevision: 0,
};

/** The artifact settings of a run (empty when nothing set them). */
export function selectArtifactView(state: RunStoreState): ArtifactView {
  return (state.view[ARTIFACT_VIEW_ID] as ArtifactView | undefined) ?? EMPTY_ARTIFACT_VIEW;
}

/** Sets the artifact settings of a run (a no-op when nothing changed). */
export function setArtifactView(
  store: RunStoreLike,
  view: Partial<Omit<ArtifactView, 'resolverRevision'>>,
): void {
  const current = selectArtifactView(store.getState());
  const next: ArtifactView = {
    cellId: view.cellId === undefined ? current.cellId : normaliseCell(view.cellId),
    dataBase: view.dataBase === undefined ? current.dataBase : view.dataBase,
    source: view.source === undefined ? current.source : view.source,
    resolverRevision: current.resolverRevision,
  };
  const same = (Object.keys(next) as (keyof ArtifactView)[]).every((key) =>
    Object.is(next[key], current[key]),
  );
  if (!same) store.setView(ARTIFACT_VIEW_ID, () => next);
}

const resolvers = new WeakMap<RunStoreLike, ArtifactDataResolver>();

/** Gives the artifacts of a store the host's own data lookups (they win over `source` and `dataBase`). */
export function setArtifactResolver(
  store: RunStoreLike,
  resolver: ArtifactDataResolver | null,
): void {
  if ((resolvers.get(store) ?? null) === resolver) return;
  if (resolver) resolvers.set(store, resolver);
  else resolvers.delete(store);
  store.setView(ARTIFACT_VIEW_ID, (view) => {
    const current = (view as ArtifactView | undefined) ?? EMPTY_ARTIFACT_VIEW;
    return { ...current, resolverRevision: current.resolverRevision + 1 };
  });
}

/** The host's own data lookups for the artifacts of a store, or null. */
export function artifactResolverOf(store: RunStoreLike | null): ArtifactDataResolver | null {
  return (store && resolvers.get(store)) ?? null;
}

function normaliseCell(cellId: string | number | null): string | null {
  if (cellId === null) return null;
  const text = String(cellId).trim();
  return text ? text : null;
}

/** The cell an artifact names in its props (`cell_id`), as text; null when it names none (yet). */
export function artifactCellId(artifact: Pick<Artifact, 'props' | 'cellId'>): string | null {
  const props = artifact.props;
  const cell =
    typeof props === 'object' && props !== null && 'cell_id' in props
      ? (props as { cell_id?: unknown }).cell_id
      : artifact.cellId;
  return typeof cell === 'number' || (typeof cell === 'string' && cell.trim())
    ? String(cell).trim()
    : null;
}

/**
 * Whether an artifact belongs on a page filtered to `cellId`: its `cell_id` is that cell, or it is a bar chart
 * without one. While a render call streams and names no cell yet, only a bar chart is shown. Null shows all.
 */
export function artifactMatchesCell(
  artifact: Pick<Artifact, 'name' | 'props' | 'cellId'>,
  cellId: string | number | null | undefined,
): boolean {
  const wanted = normaliseCell(cellId ?? null);
  if (wanted === null) return true;
  const cell = artifactCellId(artifact);
  if (cell === null) return componentName(artifact.name) === 'bar-chart';
  return cell === wanted;
}

export interface ArtifactFilter {
  /** Only this cell (else the run's `cellId`; null or '' in both: every cell). */
  readonly cellId?: string | number | null;
  /** Only these components, in any name form. */
  readonly components?: readonly string[] | null;
}

/** The artifacts of a run to show, in order: filtered by cell (the filter's, else the run's) and component. */
export function selectArtifacts(state: RunStoreState, filter: ArtifactFilter = {}): Artifact[] {
  const cellId = filter.cellId ?? selectArtifactView(state).cellId;
  const components = filter.components?.length ? filter.components.map(componentName) : null;
  return state.artifacts.filter(
    (artifact) =>
      artifactMatchesCell(artifact, cellId) &&
      (components === null || components.includes(componentName(artifact.name))),
  );
}

/** The artifact of a render tool call part (what a chat message holds), as the store would record it. */
export function artifactOfToolCall(part: ToolCallPart, run = 0): Artifact {
  return {
    id: part.id,
    source: 'tool-call',
    name: part.name,
    props: part.status === 'streaming' ? part.args : (part.args ?? {}),
    complete: part.status !== 'streaming',
    toolCallId: part.id,
    run,
  };
}

/** True when two artifact lists hold the same artifacts (by identity) in the same order. */
export function sameArtifacts(a: readonly Artifact[], b: readonly Artifact[]): boolean {
  return a.length === b.length && a.every((artifact, index) => artifact === b[index]);
}
