// The classic script's `loadPart` (its build swaps this in for load-part.ts): a part is `chunks/iife-<part>.js`
// beside the script (or under `window.AGUI_ELEMENTS_CHUNKS`), an ES module that takes lit, rxjs and the store from
// the object the script lends it (scripts/parts.mjs), so the page keeps one copy of each.
import type { PartModule, PartName } from './load-part.js';
import { PartLoadError } from './part-load-error.js';

declare global {
  interface Window {
    /** Where the classic script loads its parts from (a URL of a folder); default: `chunks/` beside the script. */
    AGUI_ELEMENTS_CHUNKS?: string;
  }
}

/** What the classic script lends its parts; `base` is `chunks/` beside its own `src`, read during its first run. */
interface IifeShared {
  readonly base: string | null;
}

const SHARED_KEY = Symbol.for('agui-elements.iife-shared');

/** The folder parts load from: the page's override, else the script's own `chunks/`. */
function partsBase(): string | null {
  const override = typeof window === 'undefined' ? undefined : window.AGUI_ELEMENTS_CHUNKS;
  const shared = (globalThis as { [SHARED_KEY]?: IifeShared })[SHARED_KEY];
  const folder = typeof override === 'string' && override !== '' ? override : shared?.base;
  if (!folder) return null;
  try {
    return new URL(folder.endsWith('/') ? folder : `${folder}/`, document.baseURI).href;
  } catch {
    return null;
  }
}

const loading = new Map<PartName, Promise<unknown>>();

/** A part's module, loaded once from beside the script; rejects with a PartLoadError (never retried). */
export function loadPart<Name extends PartName>(name: Name): Promise<PartModule<Name>> {
  let pending = loading.get(name);
  if (!pending) {
    const base = partsBase();
    const url = base ? `${base}iife-${name}.js` : null;
    pending = url
      ? import(/* @vite-ignore */ url).catch((error: unknown) => {
          throw PartLoadError.from(name, url, error);
        })
      : Promise.reject(
          new PartLoadError(
            name,
            null,
            'the script was not loaded from a URL; set window.AGUI_ELEMENTS_CHUNKS',
          ),
        );
    loading.set(name, pending);
  }
  return pending as Promise<PartModule<Name>>;
}
