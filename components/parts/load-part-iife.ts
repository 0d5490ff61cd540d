// The classic script's `loadPart` (its build swaps this in for load-part.ts): a part is `chunks/iife-<part>.js`
// beside the script (or under `window.AGUI_ELEMENTS_CHUNKS`), an ES module that takes lit, rxjs and the store from
// the object the script lends it (scripts/parts.mjs), so the page keeps one copy of each.
import type { PartModule, PartName } from './load-part.js';
import { importFromFolder, oncePerName } from './part-loading.js';

declare global {
  interface Window {
    /** Where the classic script loads its parts from (a folder's URL); default: `chunks/` beside the script. */
    AGUI_ELEMENTS_CHUNKS?: string;
  }
}

/** The lent object's `base`: `chunks/` beside the script's own `src`, read during its first run. */
const lent = () =>
  (globalThis as { [key: symbol]: { base?: string | null } | undefined })[
    Symbol.for('agui-elements.iife-shared')
  ];

const load = oncePerName((name: PartName) =>
  importFromFolder(name, window.AGUI_ELEMENTS_CHUNKS || lent()?.base),
);

/** A part's module, loaded once from beside the script; rejects with a PartLoadError. */
export function loadPart<Name extends PartName>(name: Name): Promise<PartModule<Name>> {
  return load(name) as Promise<PartModule<Name>>;
}
