// LocaleController: an element's language and direction, read from the nearest `lang` and `dir` like CSS `:lang()`
// and `:dir()`, its tables (English, then the pack, then `registerLocale`, then its own `strings`), and the
// re-render when any of them changes.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import {
  formatMessage,
  isPluralStrings,
  type LocaleTable,
  type Message,
  type MessageTable,
} from '../../src/i18n/messages.js';
import {
  addLocalePack,
  hasLocalePack,
  localeEntries,
  localesVersion,
  onLocalesChanged,
} from '../../src/i18n/registry.js';
import { canonicalTag, fallbackChain, isRtlLanguage } from '../../src/i18n/tags.js';
import { loadPart } from '../parts/load-part.js';
import { nearestLang, parentOf } from './nearest-lang.js';
import { partFailureReason } from './part-failure.js';

export { nearestLang } from './nearest-lang.js';

/**
 * The packs we ship beside English, each its own lazy part (English is in every bundle), by tag. Exported so a test
 * can stand in a pack whose file is missing.
 */
export const shippedPacks = new Map<string, () => Promise<{ default: LocaleTable }>>(
  (['fr', 'ar', 'de', 'es', 'it', 'pt', 'nl', 'pl', 'ja', 'zh', 'ko', 'he'] as const).map((tag) => [
    tag,
    () => loadPart(`locale-${tag}`),
  ]),
);

/** Packs that could not load: tag -> why (in words). Kept, never retried behind the page's back. */
const failedPacks = new Map<string, string>();
const loadingPacks = new Set<string>();

/** Loads a shipped pack the first time a page needs it; a failure is remembered and shown as a note. */
function requestPack(tag: string): void {
  const load = shippedPacks.get(tag);
  if (!load || hasLocalePack(tag) || failedPacks.has(tag) || loadingPacks.has(tag)) return;
  loadingPacks.add(tag);
  // A pack is data: anything but an object of namespaces is as good as missing.
  Promise.resolve()
    .then(load)
    .then((module) => {
      const table: unknown = module?.default;
      if (typeof table !== 'object' || table === null) throw new Error('the file holds no table');
      addLocalePack(tag, table as LocaleTable);
    })
    .catch((error: unknown) => {
      failedPacks.set(tag, partFailureReason(error));
      // Tell every element, so those reading this language show the note.
      for (const watcher of watchers.values()) watcher.refresh();
    })
    .finally(() => loadingPacks.delete(tag));
}

type LocaleHost = ReactiveControllerHost & HTMLElement;

/**
 * One MutationObserver per document watches `lang` and `dir` everywhere (the document and each shadow root an
 * element sits in), and re-reads every connected element's language on a change: attributes change rarely, and
 * one observer costs less than one per element.
 */
class LangWatcher {
  private readonly controllers = new Set<LocaleController>();
  private readonly observed = new WeakSet<Node>();
  private readonly observer = new MutationObserver(() => this.refresh());

  constructor(document: Document) {
    this.watch(document);
  }

  add(controller: LocaleController, host: HTMLElement): void {
    this.controllers.add(controller);
    // The document's subtree observer does not see into shadow roots: observe each root above the element too.
    for (
      let root = host.getRootNode();
      root instanceof ShadowRoot;
      root = root.host.getRootNode()
    ) {
      this.watch(root);
    }
  }

  delete(controller: LocaleController): void {
    this.controllers.delete(controller);
  }

  refresh(): void {
    for (const controller of [...this.controllers]) controller.refresh();
  }

  private watch(root: Node): void {
    if (this.observed.has(root)) return;
    this.observed.add(root);
    this.observer.observe(root, {
      subtree: true,
      attributes: true,
      attributeFilter: ['lang', 'dir'],
    });
  }
}

const watchers = new Map<Document, LangWatcher>();

function watcherFor(document: Document): LangWatcher {
  let watcher = watchers.get(document);
  if (!watcher) watchers.set(document, (watcher = new LangWatcher(document)));
  return watcher;
}

const LOCALE_NOTE = 'The {language} texts could not be loaded ({reason}), so English is shown.';
const noteStyles = new WeakSet<ShadowRoot>();

/**
 * An element's language and direction. Reads the nearest `lang` (falling back `pt-BR` -> `pt` -> `en`, and
 * Traditional Chinese to `en`), loads the shipped pack it needs, and sets `dir="rtl"` on the host when its language
 * is written right to left and no `dir` around it says otherwise. `strings()` merges the tables key by key.
 */
export class LocaleController implements ReactiveController {
  /** The language tag as the page wrote it (canonical case), `en` when none is given. */
  lang = 'en';
  /** The direction the element lays out in. */
  dir: 'ltr' | 'rtl' = 'ltr';
  /** The note shown when the pack for this language could not load, or null. */
  note: string | null = null;

  private watcher: LangWatcher | null = null;
  private version = -1;
  /** The `dir` this controller set on the host (not the page's), or null. */
  private ownDir: string | null = null;
  private unsubscribe: (() => void) | null = null;
  private noteElement: HTMLElement | null = null;
  private cache = new Map<string, { defaults: object; overrides: unknown; merged: object }>();

  constructor(private readonly host: LocaleHost) {
    host.addController(this);
  }

  hostConnected(): void {
    this.watcher = watcherFor(this.host.ownerDocument);
    this.watcher.add(this, this.host);
    this.unsubscribe ??= onLocalesChanged(() => this.refresh());
    this.read();
  }

  hostDisconnected(): void {
    this.watcher?.delete(this);
    this.watcher = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  hostUpdated(): void {
    this.placeNote();
  }

  /** Re-reads the language and direction; re-renders the host when anything it shows changed. */
  refresh(): void {
    if (this.read()) this.host.requestUpdate();
  }

  /**
   * The element's table in its language: the English defaults, the pack and registered tables of its language (by
   * fallback), then the host's `strings`, each key by key. An entry whose shape differs from the English one (a
   * sentence where plural forms are expected, or the reverse) is ignored, so a bad table never breaks a render.
   */
  strings<T extends object>(namespace: string, defaults: T, overrides?: Partial<T> | null): T {
    const cached = this.cache.get(namespace);
    if (cached && cached.defaults === defaults && cached.overrides === overrides) {
      return cached.merged as T;
    }
    const merged: Record<string, unknown> = { ...(defaults as Record<string, unknown>) };
    const entries: MessageTable = localeEntries(this.lang, namespace);
    for (const layer of [entries, overrides ?? {}] as const) {
      for (const [key, value] of Object.entries(layer as Record<string, unknown>)) {
        if (value === undefined || !Object.hasOwn(defaults, key)) continue;
        if (sameShape(merged[key], value)) merged[key] = value;
      }
    }
    this.cache.set(namespace, { defaults, overrides, merged });
    return merged as T;
  }

  /** Fills a sentence's placeholders; plural forms are chosen with this language's plural rules. */
  format(message: Message, values: Readonly<Record<string, string | number>> = {}): string {
    return formatMessage(message, values, this.lang);
  }

  /** Reads lang and dir; true when something the element shows changed. */
  private read(): boolean {
    const host = this.host;
    const lang = canonicalTag(nearestLang(host)) ?? 'en';
    const chain = fallbackChain(lang);
    for (const tag of chain) requestPack(tag);
    const missing = chain.find((tag) => failedPacks.has(tag));
    const note = missing
      ? LOCALE_NOTE.replace('{language}', languageName(missing)).replace(
          '{reason}',
          failedPacks.get(missing)!,
        )
      : null;
    const dir = this.readDir(lang);
    const version = localesVersion();
    const changed =
      lang !== this.lang || dir !== this.dir || note !== this.note || version !== this.version;
    if (lang !== this.lang || version !== this.version) this.cache.clear();
    this.lang = lang;
    this.dir = dir;
    this.note = note;
    this.version = version;
    return changed;
  }

  /**
   * The nearest `dir` (`auto` reads as unset), else the language's own direction, which is then set on the host so
   * its layout and `:dir()` follow. A `dir` the element set itself is not the page speaking.
   */
  private readDir(lang: string): 'ltr' | 'rtl' {
    const host = this.host;
    const own = host.getAttribute('dir');
    if (own !== this.ownDir) this.ownDir = null;
    for (let node: Node | null = host; node; node = parentOf(node)) {
      if (!(node instanceof Element)) continue;
      if (node === host && this.ownDir !== null) continue;
      const value = node.getAttribute('dir')?.toLowerCase();
      if (value === 'rtl' || value === 'ltr') return value;
    }
    const dir = isRtlLanguage(lang) ? 'rtl' : 'ltr';
    if (dir === 'rtl' && host.getAttribute('dir') !== 'rtl') {
      this.ownDir = 'rtl';
      host.setAttribute('dir', 'rtl');
    } else if (dir === 'ltr' && this.ownDir !== null) {
      this.ownDir = null;
      host.removeAttribute('dir');
    }
    return dir;
  }

  /** Shows the missing pack's note first in the shadow root, outside what Lit renders (so every element has it). */
  private placeNote(): void {
    const root = this.host.shadowRoot;
    if (!root) return;
    let element = this.noteElement;
    if (!this.note) {
      element?.remove();
      this.noteElement = null;
      return;
    }
    if (!noteStyles.has(root)) {
      noteStyles.add(root);
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(
        '.locale-note{margin:0 0 .5em;padding:.25em .5em;border:1px dashed currentColor;font-size:.875em;opacity:.85}',
      );
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    }
    if (!element) {
      element = document.createElement('p');
      element.className = 'locale-note';
      element.setAttribute('role', 'note');
      element.setAttribute('part', 'locale-note');
      element.lang = 'en';
      element.dir = 'ltr';
      root.prepend(element);
      this.noteElement = element;
    }
    if (element.textContent !== this.note) element.textContent = this.note;
  }
}

function sameShape(english: unknown, value: unknown): boolean {
  if (typeof english === 'string') return typeof value === 'string';
  if (isPluralStrings(english)) return isPluralStrings(value);
  // Nested tables (run-controls' activityLog) take an object; the caller merges its entries itself.
  return typeof english === typeof value && typeof value === 'object' && value !== null;
}

/** The language's English name (the note is in English, since its pack is what is missing). */
function languageName(tag: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}
