// Numbers, dates and relative times in an element's language, through Intl (formatters are costly to build: cached).

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

/** A tag Intl takes, else `en` (an invalid `lang` on a page must not break a render). */
function usable(lang: string): string {
  try {
    return Intl.getCanonicalLocales(lang || 'en')[0] ?? 'en';
  } catch {
    return 'en';
  }
}

/** A cached Intl.NumberFormat for a language and options. */
export function numberFormatFor(
  lang: string,
  options: Intl.NumberFormatOptions = { maximumFractionDigits: 2 },
): Intl.NumberFormat {
  const key = `${lang}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(usable(lang), options)));
  return format;
}

/** A cached Intl.DateTimeFormat for a language and options. */
export function dateFormatFor(
  lang: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
): Intl.DateTimeFormat {
  const key = `${lang}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(usable(lang), options)));
  return format;
}

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['week', 7 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
  ['second', 1000],
];

/** How long ago (or ahead) `time` is from `now`, in words of the language ("il y a 3 heures", "yesterday"). */
export function relativeTime(time: number, lang: string, now = Date.now()): string {
  const key = usable(lang);
  let format = relativeFormats.get(key);
  if (!format) {
    relativeFormats.set(key, (format = new Intl.RelativeTimeFormat(key, { numeric: 'auto' })));
  }
  const delta = time - now;
  for (const [unit, size] of UNITS) {
    if (Math.abs(delta) >= size || unit === 'second') {
      return format.format(Math.round(delta / size), unit);
    }
  }
  return format.format(0, 'second');
}
