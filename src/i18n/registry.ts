// The page's languages: the packs loaded so far and the tables the host registered, and who to tell when they change.
import { isPluralStrings, type LocaleTable, type Message, type MessageTable } from './messages.js';
import { canonicalTag, fallbackChain } from './tags.js';

/** What `registerLocale` did with a table: whether it took the language, and what it left out (and why). */
export interface LocaleRegistration {
  /** The canonical tag the table was registered under, or null when the tag was refused. */
  readonly tag: string | null;
  /** Each entry left out, as `namespace.key: why` (nothing is thrown for a bad entry). */
  readonly problems: readonly string[];
}

/** The packs we ship and have loaded (under the host's tables: a registered table wins key by key). */
const packs = new Map<string, LocaleTable>();
/** The tables the host registered with `registerLocale`, by canonical tag. */
const registered = new Map<string, Record<string, Record<string, Message>>>();
const listeners = new Set<() => void>();
let version = 0;

/** Bumped on every change, so a cached table can tell it is stale. */
export function localesVersion(): number {
  return version;
}

/** Calls `listener` after every change to the page's tables; returns the unsubscribe function. */
export function onLocalesChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed(): void {
  version += 1;
  for (const listener of [...listeners]) {
    try {
      listener();
    } catch (error) {
      // One element's failure to re-render must not keep the others in the old language.
      console.error(error);
    }
  }
}

/** Keeps only well-formed entries of an untrusted table, naming each one left out. */
function cleanTable(table: unknown, problems: string[]): Record<string, Record<string, Message>> {
  const clean: Record<string, Record<string, Message>> = {};
  if (typeof table !== 'object' || table === null || Array.isArray(table)) {
    problems.push('the table is not an object of namespaces');
    return clean;
  }
  for (const [namespace, entries] of Object.entries(table)) {
    if (typeof entries !== 'object' || entries === null || Array.isArray(entries)) {
      problems.push(`${namespace}: not an object of sentences`);
      continue;
    }
    const kept: Record<string, Message> = {};
    for (const [key, value] of Object.entries(entries as Record<string, unknown>)) {
      if (typeof value === 'string' || isPluralStrings(value)) kept[key] = value;
      else
        problems.push(
          `${namespace}.${key}: neither a string nor plural forms with an \`other\` string`,
        );
    }
    clean[namespace] = kept;
  }
  return clean;
}

/**
 * Adds or overrides a language for the page: `registerLocale('de', { 'agent-chat': { send: 'Senden' } })`. Keys are
 * grouped by the element's tag (`'activity'` for the activity log, `'failure'` for failure reasons); a plural key
 * takes `Intl.PluralRules` forms (`{ one: '{count} Antwort', other: '{count} Antworten' }`). It overrides the
 * shipped pack of that language key by key, and an element's own `strings` still win over it. Bad entries are left
 * out and reported (in the result and on the console); nothing is thrown.
 */
export function registerLocale(tag: string, table: LocaleTable): LocaleRegistration {
  const problems: string[] = [];
  const canonical = typeof tag === 'string' ? canonicalTag(tag) : null;
  if (!canonical) {
    problems.push(`${String(tag)} is not a language tag`);
    console.warn(`agui-elements: registerLocale refused the table: ${problems.join('; ')}`);
    return { tag: null, problems };
  }
  const clean = cleanTable(table, problems);
  const merged = { ...registered.get(canonical) };
  for (const [namespace, entries] of Object.entries(clean)) {
    merged[namespace] = { ...merged[namespace], ...entries };
  }
  registered.set(canonical, merged);
  if (problems.length > 0) {
    console.warn(
      `agui-elements: registerLocale('${canonical}') left out ${problems.length} entries: ${problems.join('; ')}`,
    );
  }
  changed();
  return { tag: canonical, problems };
}

/** Adds a shipped pack once it has loaded (the element side loads them). */
export function addLocalePack(tag: string, table: LocaleTable): void {
  packs.set(tag, table);
  changed();
}

/** Whether a shipped pack is loaded for a tag. */
export function hasLocalePack(tag: string): boolean {
  return packs.has(tag);
}

/** Whether the host registered a table for a tag. */
export function hasRegisteredLocale(tag: string): boolean {
  const canonical = canonicalTag(tag);
  return canonical !== null && registered.has(canonical);
}

/**
 * A namespace's entries for a language, through its fallback chain (`pt-BR`, `pt`, `en`): the least specific first,
 * each more specific table over it, a registered table over the pack of the same tag. English defaults are not in
 * it: the element holds those.
 */
export function localeEntries(lang: string, namespace: string): MessageTable {
  const entries: Record<string, Message> = {};
  for (const tag of fallbackChain(lang).reverse()) {
    Object.assign(entries, packs.get(tag)?.[namespace], registered.get(tag)?.[namespace]);
  }
  return entries;
}
