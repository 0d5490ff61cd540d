// What a language's table is made of: sentences with `{name}` placeholders, and plural forms by Intl.PluralRules category.
import { numberFormatFor } from './intl.js';

/** A count's wording by `Intl.PluralRules` category (`other` is required; `{count}` selects the form and is filled in). */
export type PluralStrings = Readonly<Partial<Record<Intl.LDMLPluralRule, string>>> & {
  readonly other: string;
};

/** One entry of a table: a sentence, or a sentence per plural category. */
export type Message = string | PluralStrings;

/** One element's (or the activity log's) entries, by key. */
export type MessageTable = Readonly<Record<string, Message>>;

/**
 * A language's table, by namespace: an element's base tag (`'agent-chat'`, `'run-controls'`…), `'activity'` for the
 * activity log and `'failure'` for the failure reasons the store composes. Each namespace holds the keys of that
 * element's English `*_STRINGS` table.
 */
export type LocaleTable = Readonly<Record<string, MessageTable>>;

const CATEGORIES: readonly string[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

/** Whether a value is plural forms: an object of Intl.PluralRules categories with an `other` sentence. */
export function isPluralStrings(value: unknown): value is PluralStrings {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return (
    typeof (value as { other?: unknown }).other === 'string' &&
    entries.every(([key, form]) => CATEGORIES.includes(key) && typeof form === 'string')
  );
}

const rules = new Map<string, Intl.PluralRules>();

/** The plural category of `count` in `lang` (`other` for a tag Intl does not take). */
export function pluralCategory(count: number, lang: string): Intl.LDMLPluralRule {
  let rule = rules.get(lang);
  if (!rule) {
    try {
      rule = new Intl.PluralRules(lang || 'en');
    } catch {
      // An invalid tag: any language's rules would be a guess, and `other` is the form every table has.
      return 'other';
    }
    rules.set(lang, rule);
  }
  return rule.select(count);
}

/**
 * Fills `{name}` placeholders (unknown names stay as written; numbers formatted for `lang`). Plural forms are chosen
 * by `values.count` with the plural rules of `lang`.
 */
export function formatMessage(
  message: Message,
  values: Readonly<Record<string, string | number>> = {},
  lang = 'en',
): string {
  let template: string;
  if (typeof message === 'string') template = message;
  else {
    const count = Number(values.count);
    template = Number.isFinite(count)
      ? (message[pluralCategory(count, lang)] ?? message.other)
      : message.other;
  }
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!Object.hasOwn(values, name)) return whole;
    const value = values[name]!;
    // Numbers read the way the language writes them (100,000 / 100 000 / ١٠٠٬٠٠٠).
    return typeof value === 'number' && Number.isFinite(value)
      ? numberFormatFor(lang, { maximumFractionDigits: 3 }).format(value)
      : String(value);
  });
}

/** The `{name}` placeholders of a message (of every form of a plural one), sorted and without repeats. */
export function placeholders(message: Message): string[] {
  const texts = typeof message === 'string' ? [message] : Object.values(message);
  const names = new Set<string>();
  for (const text of texts) for (const match of text.matchAll(/\{(\w+)\}/g)) names.add(match[1]!);
  return [...names].sort();
}
