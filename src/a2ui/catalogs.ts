// The A2UI catalogs a page adds to the basic one: `registerA2uiCatalog(catalog)` with an `@a2ui/web_core` v0.9
// `Catalog` (its components made with `@a2ui/lit`). The list lives on `globalThis`, so the ES module, the classic
// script and their renderer part see one list; a surface waiting for a catalog renders once it is registered.

/** What the renderer needs of a catalog: its id (the rest is `@a2ui/web_core`'s `Catalog`). */
export interface A2uiCatalogLike {
  readonly id: string;
}

interface Registry {
  readonly catalogs: Map<string, A2uiCatalogLike>;
  readonly listeners: Set<() => void>;
}

const KEY = Symbol.for('agui-elements.a2ui-catalogs');

function registry(): Registry {
  const scope = globalThis as { [KEY]?: Registry };
  return (scope[KEY] ??= { catalogs: new Map(), listeners: new Set() });
}

/**
 * Adds an A2UI catalog for every surface on the page (a later one with the same id replaces it). Surfaces that
 * name it, including restored ones that waited for it, render with it.
 */
export function registerA2uiCatalog(catalog: A2uiCatalogLike): void {
  if (
    typeof catalog !== 'object' ||
    catalog === null ||
    typeof catalog.id !== 'string' ||
    !catalog.id
  ) {
    throw new TypeError('registerA2uiCatalog needs an A2UI Catalog with a non-empty id.');
  }
  const { catalogs, listeners } = registry();
  catalogs.set(catalog.id, catalog);
  for (const listener of [...listeners]) listener();
}

/** The catalogs the page registered, by id. */
export function registeredA2uiCatalogs(): ReadonlyMap<string, A2uiCatalogLike> {
  return registry().catalogs;
}

/** Calls `listener` after each registration; returns the unsubscribe. */
export function onA2uiCatalogRegistered(listener: () => void): () => void {
  const { listeners } = registry();
  listeners.add(listener);
  return () => listeners.delete(listener);
}
