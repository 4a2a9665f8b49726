/**
 * Country, region and language codes of a campaign: `locations` hold ISO 3166-1
 * alpha-2 country codes (`US`, `DE`) or ISO 3166-2 region codes (`US-CA`, `DE-BY`); `language` is a
 * BCP 47 tag (`en`, `de`, `pt-BR`). The server and the CLI (which validates locally with the same
 * zod schemas) check them alike: an unknown code is a 400 / exit 2 naming the field, with a
 * suggestion where one can be found (`Germany` → `DE`, `German` → `de`, `deu` → `de`, `UK` → `GB`).
 *
 * Codes are taken in their canonical form only: the contract does not say they are
 * case-insensitive, and what is stored is what the ad platform receives, so `us`, `EN` or `pt-br`
 * are refused with the canonical form as the suggestion rather than silently rewritten.
 *
 * The data is the platform's: Node's ICU names every valid code (`Intl.DisplayNames`) and knows
 * the aliases of deprecated ones (`Intl.getCanonicalLocales`: `UK` → `GB`, `iw` → `he`). Nothing
 * is computed at import; the tables are built on first use and cached. Reverse lookups by name
 * (only needed to word an error) are built only when a check fails.
 *
 * ISO 3166-2 subdivisions: no small, well-kept package lists them (the complete list weighs about
 * 350 kB of JavaScript, too much for schemas the CLI loads to check a flag), and ICU does not
 * expose them. So a region code is accepted when its country is a valid ISO 3166-1 code and its
 * subdivision part is 1–3 upper-case letters or digits (`US-CA`, `FR-75C`, `GB-ENG`); whether that
 * subdivision exists is not checked.
 */
import { z } from 'zod';
import { distance } from './nearest.ts';

/** Codes ICU names as regions that are not ISO 3166-1 assigned codes: groupings, user-assigned
 * and exceptionally reserved ones (the ad platform cannot target them as countries). */
const NOT_COUNTRIES = new Set([
  'EU',
  'EZ',
  'UN',
  'QO',
  'XA',
  'XB',
  'XK',
  'ZZ',
  'AC',
  'CP',
  'CQ',
  'DG',
  'EA',
  'IC',
  'TA',
]);

/** Language subtags that name no language (undetermined, multiple, none, uncoded). */
const NOT_LANGUAGES = new Set(['und', 'mul', 'zxx', 'mis']);

/** Common English names ICU does not use, normalized (see `norm`). */
const COUNTRY_ALIASES: Record<string, string> = {
  usa: 'US',
  'united states of america': 'US',
  america: 'US',
  'great britain': 'GB',
  britain: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  turkey: 'TR',
  'czech republic': 'CZ',
  holland: 'NL',
  'ivory coast': 'CI',
  'democratic republic of the congo': 'CD',
  'republic of the congo': 'CG',
  'russian federation': 'RU',
  'cabo verde': 'CV',
  'east timor': 'TL',
  swaziland: 'SZ',
  macedonia: 'MK',
  vatican: 'VA',
  uae: 'AE',
  korea: 'KR',
};

/** Languages whose English name names a regional form (`Brazilian Portuguese`), for suggestions. */
const NAMED_VARIANTS = [
  'en-AU',
  'en-CA',
  'en-GB',
  'en-US',
  'es-419',
  'es-ES',
  'es-MX',
  'fr-CA',
  'fr-CH',
  'pt-BR',
  'pt-PT',
  'zh-Hans',
  'zh-Hant',
  'de-AT',
  'de-CH',
  'nl-BE',
];

/** Locales whose country names are also recognized in a suggestion (`Deutschland`, `Allemagne`). */
const NAME_LOCALES = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'pl', 'sv'];

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

// ---- cached tables, built on first use -------------------------------------------------------

const displayNames = new Map<string, Intl.DisplayNames>();
function namer(
  type: 'region' | 'language',
  locale = 'en',
  style: 'long' | 'short' = 'long',
): Intl.DisplayNames {
  const key = `${type}:${locale}:${style}`;
  let n = displayNames.get(key);
  if (!n)
    displayNames.set(key, (n = new Intl.DisplayNames([locale], { type, style, fallback: 'none' })));
  return n;
}

/** The English name of a code ICU knows, or undefined (also for what ICU refuses to name). */
function nameOf(
  type: 'region' | 'language',
  code: string,
  locale = 'en',
  style: 'long' | 'short' = 'long',
): string | undefined {
  try {
    return namer(type, locale, style).of(code);
  } catch {
    return undefined;
  }
}

function canonical(tag: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

let countryTable: Map<string, string> | undefined;
/** ISO 3166-1 alpha-2 code → English name: every two-letter code ICU names and keeps as canonical. */
export function countries(): ReadonlyMap<string, string> {
  if (!countryTable) {
    countryTable = new Map();
    for (const a of LETTERS) {
      for (const b of LETTERS) {
        const code = a + b;
        if (NOT_COUNTRIES.has(code)) continue;
        const name = nameOf('region', code);
        if (name && canonical(`und-${code}`) === `und-${code}`) countryTable.set(code, name);
      }
    }
  }
  return countryTable;
}

// ---- checks ---------------------------------------------------------------------------------

const SUBDIVISION = /^([A-Z]{2})-[A-Z0-9]{1,3}$/;

/** Whether this is a country or region code as the contract takes it. */
export function isLocationCode(value: string): boolean {
  const sub = SUBDIVISION.exec(value);
  return countries().has(sub ? sub[1]! : value);
}

/** The language tag as accepted, with its English name; undefined when it is not one. */
function knownLanguage(tag: string): string | undefined {
  const c = canonical(tag);
  if (!c) return undefined;
  let locale: Intl.Locale;
  try {
    locale = new Intl.Locale(c);
  } catch {
    return undefined;
  }
  if (NOT_LANGUAGES.has(locale.language) || locale.baseName !== c) return undefined;
  return nameOf('language', c);
}

/** Whether this is a known BCP 47 language tag in its canonical form (no extensions). */
export function isLanguageTag(value: string): boolean {
  return canonical(value) === value && knownLanguage(value) !== undefined;
}

/** What to say about a location that is not a code: why, and a suggestion when there is one. */
export function locationProblem(value: string): string | null {
  if (isLocationCode(value)) return null;
  const hits = suggestLocation(value);
  const why = sameLetters(hits, value)
    ? `"${value}" is not a country or region code as written (codes are upper case)`
    : `"${value}" is not an ISO 3166 country or region code`;
  if (hits.length)
    return `${why}; did you mean ${hits.map((h) => `"${h}" (${locationName(h)})`).join(' or ')}?`;
  return `${why}; use a two-letter country code such as US or DE, or a region code such as US-CA`;
}

/** What to say about a language that is not a tag: why, and a suggestion when there is one. */
export function languageProblem(value: string): string | null {
  if (isLanguageTag(value)) return null;
  const hits = suggestLanguage(value);
  const why = sameLetters(hits, value)
    ? `"${value}" is not a language tag as written (BCP 47 case: en, pt-BR, zh-Hant)`
    : `"${value}" is not a known BCP 47 language tag`;
  if (hits.length)
    return `${why}; did you mean ${hits.map((h) => `"${h}" (${knownLanguage(h)})`).join(' or ')}?`;
  return `${why}; use a language code such as en, de or pt-BR`;
}

/** Whether the one suggestion differs from the value only in case. */
function sameLetters(hits: string[], value: string): boolean {
  return hits.length === 1 && hits[0]!.toLowerCase() === value.toLowerCase();
}

function locationName(code: string): string {
  const sub = SUBDIVISION.exec(code);
  return sub ? `a region of ${countries().get(sub[1]!)}` : countries().get(code)!;
}

// ---- suggestions (only when a check failed) -------------------------------------------------

/** Lower case, no accents or punctuation, `&` as `and`, `st` as `saint`: names compare in this form. */
function norm(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/\bst\b/g, 'saint')
    .replace(/^the /, '')
    .trim();
}

/** Names of each code as keys: the name, its short form, and the parts of `Myanmar (Burma)`, `Congo - Kinshasa`. */
function addNames(index: Map<string, Set<string>>, name: string | undefined, code: string): void {
  if (!name) return;
  const forms = [name, ...name.split(/\s*[()]\s*|\s+-\s+/).filter(Boolean)];
  for (const f of forms) {
    const key = norm(f);
    if (!key) continue;
    let set = index.get(key);
    if (!set) index.set(key, (set = new Set()));
    set.add(code);
  }
}

let countryNames: Map<string, Set<string>> | undefined;
function countryNameIndex(): Map<string, Set<string>> {
  if (!countryNames) {
    const index = new Map<string, Set<string>>();
    for (const code of countries().keys()) {
      for (const locale of NAME_LOCALES) addNames(index, nameOf('region', code, locale), code);
      addNames(index, nameOf('region', code, 'en', 'short'), code);
    }
    for (const [alias, code] of Object.entries(COUNTRY_ALIASES)) addNames(index, alias, code);
    countryNames = index;
  }
  return countryNames;
}

let languageNames: Map<string, Set<string>> | undefined;
function languageNameIndex(): Map<string, Set<string>> {
  if (!languageNames) {
    const index = new Map<string, Set<string>>();
    const codes: string[] = [...NAMED_VARIANTS];
    for (const a of LETTERS.toLowerCase())
      for (const b of LETTERS.toLowerCase()) if (knownLanguage(a + b)) codes.push(a + b);
    for (const code of codes) {
      addNames(index, knownLanguage(code), code);
      // the language's own name for itself: Deutsch, español, français
      addNames(index, nameOf('language', code, code), code);
    }
    languageNames = index;
  }
  return languageNames;
}

/** Up to three codes whose name is this text, or close to it (one or two typing slips). */
function byName(text: string, index: Map<string, Set<string>>): string[] {
  const key = norm(text);
  if (!key) return [];
  const exact = index.get(key);
  if (exact) return [...exact].slice(0, 3);
  const slips = key.length < 4 ? 0 : key.length < 8 ? 1 : 2;
  let best = slips + 1;
  let found = new Set<string>();
  for (const [name, codes] of index) {
    if (Math.abs(name.length - key.length) > slips) continue;
    const d = distance(key, name, best);
    if (d < best) {
      best = d;
      found = new Set(codes);
    } else if (d === best) for (const c of codes) found.add(c);
  }
  return best <= slips ? [...found].slice(0, 3) : [];
}

function suggestLocation(value: string): string[] {
  const trimmed = value.trim();
  const upper = trimmed.toUpperCase();
  if (isLocationCode(upper)) return [upper];
  // deprecated or numeric country codes ICU knows an alias for: UK → GB, DD → DE, 276 → DE
  if (/^([A-Z]{2}|\d{3})$/.test(upper)) {
    const c = canonical(`und-${upper}`)?.slice(4);
    if (c && countries().has(c)) return [c];
  }
  const sub = /^([A-Z]{2})[-_ ]([A-Z0-9]{1,3})$/.exec(upper);
  if (sub) {
    const c = countries().has(sub[1]!) ? sub[1]! : canonical(`und-${sub[1]!}`)?.slice(4);
    if (c && countries().has(c)) return [`${c}-${sub[2]!}`];
  }
  return byName(trimmed, countryNameIndex());
}

function suggestLanguage(value: string): string[] {
  const trimmed = value.trim();
  // the canonical form of a known tag, without extensions: EN → en, deu → de, iw → he, en_US → en-US
  for (const candidate of [trimmed, trimmed.replace(/_/g, '-')]) {
    const c = canonical(candidate);
    if (!c) continue;
    let base: string;
    try {
      base = new Intl.Locale(c).baseName;
    } catch {
      continue;
    }
    if (knownLanguage(base)) return [base];
  }
  return byName(trimmed, languageNameIndex());
}

// ---- schemas --------------------------------------------------------------------------------

/** A location of a campaign: an ISO 3166-1 alpha-2 country or ISO 3166-2 region code (max 80 characters, the contract's bound). */
export const locationCode = z
  .string()
  .max(80, { abort: true })
  .superRefine((value, ctx) => {
    const problem = locationProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
  })
  .meta({
    description:
      'ISO 3166-1 alpha-2 country code (US, DE) or ISO 3166-2 region code (US-CA, DE-BY), upper case',
    // The OpenAPI document lists the countries (built when the document is, not at import). The
    // subdivisions are too many to list there (the server checks them against the iso-3166 list).
    openapi: () => ({
      title: 'LocationCode',
      anyOf: [
        {
          enum: [...countries().keys()].sort(),
          description:
            'ISO 3166-1 alpha-2 country code (assigned codes only: not EU, UN, XK, ZZ, …)',
        },
        {
          pattern: `^[A-Z]{2}-[A-Z0-9]{1,3}$`,
          description:
            'ISO 3166-2 subdivision code of one of the country codes: one that exists in ISO 3166-2 (US-CA, DE-BY, GB-ENG, FR-75C). A code of this shape that is no subdivision is refused (400), with the nearest codes.',
          examples: ['US-CA', 'DE-BY', 'GB-ENG', 'FR-75C', 'CA-ON', 'AU-NSW'],
        },
      ],
    }),
  });

/** The shape of a canonical BCP 47 tag without extensions: language, script, region, variants. */
const LANGUAGE_TAG_SHAPE =
  '^(?:[a-z]{2,3}|[a-z]{5,8})(?:-[A-Z][a-z]{3})?(?:-(?:[A-Z]{2}|[0-9]{3}))?(?:-(?:[a-z0-9]{5,8}|[0-9][a-z0-9]{3}))*$';

/** A campaign's language: a BCP 47 tag in canonical form (max 20 characters, the contract's bound). */
export const languageTag = z
  .string()
  .max(20, { abort: true })
  .superRefine((value, ctx) => {
    const problem = languageProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
  })
  .meta({
    description: 'BCP 47 language tag in canonical case, e.g. en, de, pt-BR',
    openapi: {
      pattern: LANGUAGE_TAG_SHAPE,
      description:
        "BCP 47 language tag that Node's ICU knows, in canonical form: Intl.getCanonicalLocales gives the tag itself (so en, pt-BR, zh-Hant, es-419; EN, pt-br, iw or en_US are refused, naming the tag to use), without extension or private-use subtags, a language other than und, mul, zxx or mis, and every subtag one ICU can name (Intl.DisplayNames). The pattern is the shape; a tag of that shape ICU does not know is refused (400).",
      examples: ['en', 'de', 'pt-BR', 'zh-Hant', 'es-419', 'fr-CA'],
    },
  });
