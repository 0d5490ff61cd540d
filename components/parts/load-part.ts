// The optional parts (the code highlighter first): one `loadPart(name)` that each build resolves its way. Here, for
// the ES module and the npm library, a part is an ordinary dynamic import (its own lazy chunk); the classic script's
// build swaps in load-part-iife.ts, which loads `chunks/iife-<part>.js` from beside the script.
import { PartLoadError } from './part-load-error.js';

const PARTS = {
  highlighter: () => import('../agent-chat/rich/highlighter.js'),
};

/** The name of an optional part. */
export type PartName = keyof typeof PARTS;

/** What a part's module exports. */
export type PartModule<Name extends PartName> = Awaited<ReturnType<(typeof PARTS)[Name]>>;

const loading = new Map<PartName, Promise<unknown>>();

/** A part's module, loaded once; rejects with a PartLoadError (never retried behind the user's back). */
export function loadPart<Name extends PartName>(name: Name): Promise<PartModule<Name>> {
  let pending = loading.get(name);
  if (!pending) {
    pending = PARTS[name]().catch((error: unknown) => {
      throw PartLoadError.from(name, null, error);
    });
    loading.set(name, pending);
  }
  return pending as Promise<PartModule<Name>>;
}
