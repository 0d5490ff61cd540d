// Replaceable UI strings: each element merges a partial `strings` object over its defaults.
import { formatMessage, type Message } from '../../src/i18n/messages.js';

export type { Message, PluralStrings } from '../../src/i18n/messages.js';

/**
 * Fills `{name}` placeholders (unknown names stay as written); plural forms are chosen by `values.count` with the
 * plural rules of `lang` (the element's `locale.lang`).
 */
export function format(
  template: Message,
  values: Readonly<Record<string, string | number>>,
  lang = 'en',
): string {
  return formatMessage(template, values, lang);
}

/** The defaults with the host's replacements over them (undefined replacements are ignored). */
export function mergeStrings<T extends object>(
  defaults: T,
  overrides: Partial<T> | null | undefined,
): T {
  if (!overrides) return defaults;
  const merged = { ...defaults };
  for (const key of Object.keys(overrides) as (keyof T)[]) {
    const value = overrides[key];
    if (value !== undefined) merged[key] = value as T[keyof T];
  }
  return merged;
}
