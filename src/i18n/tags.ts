// Language tags: which tables a tag falls back through, and which languages are written right to left.

/** Languages written right to left (their scripts' default), by primary subtag. */
const RTL_LANGUAGES = new Set(['ar', 'he', 'iw', 'fa', 'ur', 'ps', 'sd', 'ug', 'yi', 'dv', 'ckb']);

/** A tag in its canonical case (`pt-br` -> `pt-BR`), or null when it is not a well-formed BCP 47 tag. */
export function canonicalTag(tag: string): string | null {
  const trimmed = tag.trim();
  if (!trimmed) return null;
  try {
    return Intl.getCanonicalLocales(trimmed)[0] ?? null;
  } catch {
    return null;
  }
}

/**
 * The tables a language reads, most specific first, ending in `en`: `pt-BR` -> `pt-BR`, `pt`, `en`. Traditional
 * Chinese (`zh-TW`, `zh-HK`, `zh-MO`, `zh-Hant…`) never falls back to `zh`, whose table is Simplified Chinese: a
 * reader of Traditional Chinese gets English rather than the other script.
 */
export function fallbackChain(tag: string): string[] {
  const canonical = canonicalTag(tag);
  if (!canonical) return ['en'];
  const chain: string[] = [];
  const subtags = canonical.split('-');
  for (let length = subtags.length; length > 0; length -= 1) {
    const candidate = subtags.slice(0, length).join('-');
    if (candidate === 'zh' && isTraditionalChinese(canonical)) break;
    chain.push(candidate);
  }
  if (!chain.includes('en')) chain.push('en');
  return chain;
}

function isTraditionalChinese(canonical: string): boolean {
  const [language, ...rest] = canonical.split('-');
  if (language !== 'zh') return false;
  if (rest.includes('Hant')) return true;
  if (rest.includes('Hans')) return false;
  return rest.some((subtag) => subtag === 'TW' || subtag === 'HK' || subtag === 'MO');
}

/** Whether a language is written right to left when nothing says otherwise (`ar`, `he`, `fa`, `ur`…). */
export function isRtlLanguage(tag: string): boolean {
  const canonical = canonicalTag(tag);
  if (!canonical) return false;
  const subtags = canonical.split('-');
  // An explicit script wins: Azeri in Arabic script is RTL, Kurdish or Punjabi in Latin script is not.
  if (subtags.includes('Arab') || subtags.includes('Hebr') || subtags.includes('Thaa')) return true;
  if (subtags.some((subtag) => /^[A-Z][a-z]{3}$/.test(subtag))) return false;
  return RTL_LANGUAGES.has(subtags[0]!.toLowerCase());
}
