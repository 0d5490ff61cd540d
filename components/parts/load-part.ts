// The optional parts (the code highlighter first): one `loadPart(name)` that each build resolves its way. Here, for
// the ES module and the npm library, a part is an ordinary dynamic import (its own lazy chunk); the classic script's
// build swaps in load-part-iife.ts, which loads `chunks/iife-<part>.js` from beside the script.
import { oncePerName, PartLoadError } from './part-loading.js';

const PARTS = {
  highlighter: () => import('../agent-chat/rich/highlighter.js'),
  math: () => import('../agent-chat/rich/math.js'),
  a2ui: () => import('../a2ui/a2ui-renderer.js'),
  mcpApps: () => import('../agent-chat/genui/mcp-app-host.js'),
  // The diagram frame's host side (rich-content="mermaid"): Mermaid itself runs in chunks/diagram-frame.html.
  diagrams: () => import('../agent-chat/rich/diagrams.js'),
  // The language packs beside English (English is in every bundle): each its own chunk, loaded when a page needs it.
  'locale-fr': () => import('../../src/i18n/locales/fr.js'),
  'locale-ar': () => import('../../src/i18n/locales/ar.js'),
  'locale-de': () => import('../../src/i18n/locales/de.js'),
  'locale-es': () => import('../../src/i18n/locales/es.js'),
  'locale-it': () => import('../../src/i18n/locales/it.js'),
  'locale-pt': () => import('../../src/i18n/locales/pt.js'),
  'locale-nl': () => import('../../src/i18n/locales/nl.js'),
  'locale-pl': () => import('../../src/i18n/locales/pl.js'),
  'locale-ja': () => import('../../src/i18n/locales/ja.js'),
  'locale-zh': () => import('../../src/i18n/locales/zh.js'),
  'locale-ko': () => import('../../src/i18n/locales/ko.js'),
  'locale-he': () => import('../../src/i18n/locales/he.js'),
  voice: () => import('../../src/voice/index.js'),
};

/** The name of an optional part. */
export type PartName = keyof typeof PARTS;

/** What a part's module exports. */
export type PartModule<Name extends PartName> = Awaited<ReturnType<(typeof PARTS)[Name]>>;

const load = oncePerName<PartName, unknown>((name: PartName) =>
  PARTS[name]().catch((error: unknown) => {
    // The browser's message names the chunk's URL ("Failed to fetch dynamically imported module: …").
    const reason = error instanceof Error ? error.message : String(error);
    throw new PartLoadError(name, /\bhttps?:\/\/\S+/.exec(reason)?.[0] ?? reason);
  }),
);

/** A part's module, loaded once; rejects with a PartLoadError. */
export function loadPart<Name extends PartName>(name: Name): Promise<PartModule<Name>> {
  return load(name) as Promise<PartModule<Name>>;
}
