// The inspector's `loadPart` (its own build swaps this in for load-part.ts, so the inspector carries no other part):
// it loads only language packs, as `chunks/iife-locale-<tag>.js` (data-only ES modules) from `chunks/` beside the
// inspector's own file, or from `window.AGUI_ELEMENTS_CHUNKS`. Asked for anything else, it says it has no such part.
import type { PartModule, PartName } from './load-part.js';
import { importFromFolder, oncePerName, PartLoadError } from './part-loading.js';

/** `chunks/` beside the inspector's file: its `<script src>` during its first run, else its module URL. */
const base: string | null = (() => {
  const script = document.currentScript;
  if (script instanceof HTMLScriptElement && script.src) return new URL('chunks/', script.src).href;
  try {
    return new URL('chunks/', import.meta.url).href;
  } catch {
    return null;
  }
})();

const load = oncePerName((name: PartName) => {
  const folder = window.AGUI_ELEMENTS_CHUNKS || base;
  if (!name.startsWith('locale-') || !folder) {
    return Promise.reject(new PartLoadError(name, String(folder)));
  }
  return importFromFolder(name, folder);
});

/** A language pack's module, loaded once from beside the inspector; rejects with a PartLoadError. */
export function loadPart<Name extends PartName>(name: Name): Promise<PartModule<Name>> {
  return load(name) as Promise<PartModule<Name>>;
}
