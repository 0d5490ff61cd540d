// Each shipped language pack against the English tables: every key there, none unknown, the same placeholders, and
// plural forms for every category of the language (Arabic has six).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  isPluralStrings,
  placeholders,
  type LocaleTable,
  type Message,
} from '../../src/i18n/messages.js';
import { readdirSync } from 'node:fs';
import { ENGLISH_TABLES } from '../support/english-tables.js';

/** Every pack in src/i18n/locales, by tag (its file name): a new pack is checked the moment its file exists. */
const LOCALES = new URL('../../src/i18n/locales/', import.meta.url);
const PACKS: Readonly<Record<string, LocaleTable>> = Object.fromEntries(
  await Promise.all(
    readdirSync(LOCALES)
      .filter((file) => file.endsWith('.ts'))
      .sort()
      .map(async (file) => {
        const module = (await import(new URL(file, LOCALES).href)) as { default: LocaleTable };
        return [file.slice(0, -'.ts'.length), module.default] as const;
      }),
  ),
);

/** The English entries a pack translates: sentences and plural forms (not nested tables such as activityLog). */
function englishMessages(table: object): [string, Message][] {
  return Object.entries(table).filter(
    (entry): entry is [string, Message] =>
      typeof entry[1] === 'string' || isPluralStrings(entry[1]),
  );
}

/** What is wrong with one entry of a pack, in words (empty when nothing is). */
function problems(tag: string, english: Message, translated: unknown): string[] {
  if (typeof english === 'string') {
    if (typeof translated !== 'string') return ['is not a sentence like the English one'];
    const missing = placeholders(english).filter(
      (name) => !placeholders(translated).includes(name),
    );
    const unknown = placeholders(translated).filter(
      (name) => !placeholders(english).includes(name),
    );
    return [
      ...missing.map((name) => `drops {${name}}`),
      ...unknown.map((name) => `has {${name}}, which nothing fills`),
    ];
  }
  if (!isPluralStrings(translated)) return ['is not plural forms like the English one'];
  const found: string[] = [];
  const categories = new Intl.PluralRules(tag).resolvedOptions().pluralCategories;
  for (const category of categories) {
    if (translated[category] === undefined) found.push(`lacks the plural form ${category}`);
  }
  const wanted = placeholders(english);
  const used = placeholders(translated);
  for (const name of wanted) if (!used.includes(name)) found.push(`drops {${name}}`);
  for (const name of used)
    if (!wanted.includes(name)) found.push(`has {${name}}, which nothing fills`);
  // A form may say its number in words ("two replies" in Arabic) but keeps every other placeholder.
  for (const [category, form] of Object.entries(translated)) {
    for (const name of wanted) {
      if (name !== 'count' && !placeholders(form).includes(name)) {
        found.push(`drops {${name}} in its ${category} form`);
      }
    }
  }
  return found;
}

for (const [tag, pack] of Object.entries(PACKS)) {
  describe(`the ${tag} pack`, () => {
    it('has every key of every English table, with its placeholders and plural forms', () => {
      const found: string[] = [];
      for (const [namespace, table] of Object.entries(ENGLISH_TABLES)) {
        const entries = pack[namespace] ?? {};
        for (const [key, english] of englishMessages(table)) {
          if (!Object.hasOwn(entries, key)) found.push(`${namespace}.${key} is missing`);
          else {
            for (const problem of problems(tag, english, entries[key])) {
              found.push(`${namespace}.${key} ${problem}`);
            }
          }
        }
      }
      assert.deepEqual(found, []);
    });

    it('has no key the English tables do not know', () => {
      const found: string[] = [];
      for (const [namespace, entries] of Object.entries(pack)) {
        const table = ENGLISH_TABLES[namespace];
        if (!table) {
          found.push(`${namespace} is not a namespace of any element`);
          continue;
        }
        const known = new Set(englishMessages(table).map(([key]) => key));
        for (const key of Object.keys(entries)) {
          if (!known.has(key)) found.push(`${namespace}.${key} is not an English key`);
        }
      }
      assert.deepEqual(found, []);
    });
  });
}

describe('the shipped packs', () => {
  it('are the twelve languages beside English, each loaded as its own part', async () => {
    const tags = ['ar', 'de', 'es', 'fr', 'he', 'it', 'ja', 'ko', 'nl', 'pl', 'pt', 'zh'];
    assert.deepEqual(Object.keys(PACKS), tags);
    const { PARTS } = (await import('../../scripts/parts.mjs')) as {
      PARTS: Record<string, unknown>;
    };
    for (const tag of tags) assert.ok(PARTS[`locale-${tag}`], `locale-${tag} is not a part`);
  });
});

describe('the pack check itself', () => {
  it('names a dropped placeholder, a missing plural form and a sentence given for plural forms', () => {
    assert.deepEqual(problems('fr', 'Cellule {id}', 'Cellule'), ['drops {id}']);
    assert.deepEqual(
      problems('ar', { one: '{count} x', other: '{count} y' }, { one: 'a', other: '{count} b' }),
      [
        'lacks the plural form few',
        'lacks the plural form many',
        'lacks the plural form two',
        'lacks the plural form zero',
      ],
    );
  });
});
