/**
 * The one list of the 75 supported locales: code, unique human label, and the closest faker
 * locale (faker has no data for some; those borrow the nearest language, see the comments).
 * The `locale` base parameter is enumerated from this list.
 */
import { countryInfo } from './geo/countries.ts';
import { isFakerLocale } from './random/faker-pool.ts';

export interface LocaleDef {
  readonly code: string;
  readonly label: string;
  /** The faker locale used for names, streets and companies. */
  readonly faker: string;
}

export interface ResolvedLocaleInfo extends LocaleDef {
  readonly language: string;
  /** ISO 3166-1 alpha-2 country of the locale. */
  readonly country: string;
  readonly currency: string;
}

export const LOCALES: readonly LocaleDef[] = [
  { code: 'ar_EG', label: 'Arabic (Egypt)', faker: 'ar' },
  { code: 'ar_JO', label: 'Arabic (Jordan)', faker: 'ar' },
  { code: 'ar_SA', label: 'Arabic (Saudi Arabia)', faker: 'ar' },
  // at_AT is the older code some tools use for Austria; it shares Austrian German data.
  { code: 'at_AT', label: 'Austrian German (at_AT)', faker: 'de_AT' },
  // faker has no Bulgarian; Macedonian is the closest language it has (Cyrillic, South Slavic).
  { code: 'bg_BG', label: 'Bulgarian (Bulgaria)', faker: 'mk' },
  { code: 'bn_BD', label: 'Bengali (Bangladesh)', faker: 'bn_BD' },
  { code: 'cs_CZ', label: 'Czech (Czechia)', faker: 'cs_CZ' },
  { code: 'da_DK', label: 'Danish (Denmark)', faker: 'da' },
  { code: 'de_AT', label: 'German (Austria)', faker: 'de_AT' },
  { code: 'de_CH', label: 'German (Switzerland)', faker: 'de_CH' },
  { code: 'de_DE', label: 'German (Germany)', faker: 'de' },
  { code: 'el_CY', label: 'Greek (Cyprus)', faker: 'el' },
  { code: 'el_GR', label: 'Greek (Greece)', faker: 'el' },
  { code: 'en_AU', label: 'English (Australia)', faker: 'en_AU' },
  { code: 'en_CA', label: 'English (Canada)', faker: 'en_CA' },
  { code: 'en_GB', label: 'English (United Kingdom)', faker: 'en_GB' },
  { code: 'en_HK', label: 'English (Hong Kong)', faker: 'en_HK' },
  { code: 'en_IN', label: 'English (India)', faker: 'en_IN' },
  { code: 'en_NG', label: 'English (Nigeria)', faker: 'en_NG' },
  { code: 'en_NZ', label: 'English (New Zealand)', faker: 'en_AU' },
  { code: 'en_PH', label: 'English (Philippines)', faker: 'en' },
  { code: 'en_SG', label: 'English (Singapore)', faker: 'en' },
  { code: 'en_UG', label: 'English (Uganda)', faker: 'en' },
  { code: 'en_US', label: 'English (United States)', faker: 'en_US' },
  { code: 'en_ZA', label: 'English (South Africa)', faker: 'en_ZA' },
  // Latin American Spanish is closer to faker's Mexican data than to Spain's.
  { code: 'es_AR', label: 'Spanish (Argentina)', faker: 'es_MX' },
  { code: 'es_ES', label: 'Spanish (Spain)', faker: 'es' },
  { code: 'es_PE', label: 'Spanish (Peru)', faker: 'es_MX' },
  { code: 'es_VE', label: 'Spanish (Venezuela)', faker: 'es_MX' },
  // faker has no Estonian; Finnish is the closest (both Finnic).
  { code: 'et_EE', label: 'Estonian (Estonia)', faker: 'fi' },
  { code: 'fa_IR', label: 'Persian (Iran)', faker: 'fa' },
  { code: 'fi_FI', label: 'Finnish (Finland)', faker: 'fi' },
  { code: 'fr_BE', label: 'French (Belgium)', faker: 'fr_BE' },
  { code: 'fr_CA', label: 'French (Canada)', faker: 'fr_CA' },
  { code: 'fr_CH', label: 'French (Switzerland)', faker: 'fr_CH' },
  { code: 'fr_FR', label: 'French (France)', faker: 'fr' },
  { code: 'he_IL', label: 'Hebrew (Israel)', faker: 'he' },
  { code: 'hr_HR', label: 'Croatian (Croatia)', faker: 'hr' },
  { code: 'hu_HU', label: 'Hungarian (Hungary)', faker: 'hu' },
  { code: 'hy_AM', label: 'Armenian (Armenia)', faker: 'hy' },
  { code: 'id_ID', label: 'Indonesian (Indonesia)', faker: 'id_ID' },
  // faker has no Icelandic; Norwegian Bokmål is the closest North Germanic data.
  { code: 'is_IS', label: 'Icelandic (Iceland)', faker: 'nb_NO' },
  { code: 'it_CH', label: 'Italian (Switzerland)', faker: 'it' },
  { code: 'it_IT', label: 'Italian (Italy)', faker: 'it' },
  { code: 'ja_JP', label: 'Japanese (Japan)', faker: 'ja' },
  { code: 'ka_GE', label: 'Georgian (Georgia)', faker: 'ka_GE' },
  // faker has no Kazakh; Russian is in everyday use in Kazakhstan.
  { code: 'kk_KZ', label: 'Kazakh (Kazakhstan)', faker: 'ru' },
  { code: 'ko_KR', label: 'Korean (South Korea)', faker: 'ko' },
  // faker has no Lithuanian; Latvian is the other Baltic language it has.
  { code: 'lt_LT', label: 'Lithuanian (Lithuania)', faker: 'lv' },
  { code: 'lv_LV', label: 'Latvian (Latvia)', faker: 'lv' },
  // Montenegrin is written like Serbian in Latin script.
  { code: 'me_ME', label: 'Montenegrin (Montenegro)', faker: 'sr_RS_latin' },
  { code: 'mn_MN', label: 'Mongolian (Mongolia)', faker: 'mn_MN_cyrl' },
  // faker has no Malay; Indonesian is mutually intelligible with it.
  { code: 'ms_MY', label: 'Malay (Malaysia)', faker: 'id_ID' },
  { code: 'nb_NO', label: 'Norwegian Bokmål (Norway)', faker: 'nb_NO' },
  { code: 'ne_NP', label: 'Nepali (Nepal)', faker: 'ne' },
  { code: 'nl_BE', label: 'Dutch (Belgium)', faker: 'nl_BE' },
  { code: 'nl_NL', label: 'Dutch (Netherlands)', faker: 'nl' },
  { code: 'pl_PL', label: 'Polish (Poland)', faker: 'pl' },
  { code: 'pt_BR', label: 'Portuguese (Brazil)', faker: 'pt_BR' },
  { code: 'pt_PT', label: 'Portuguese (Portugal)', faker: 'pt_PT' },
  { code: 'ro_MD', label: 'Romanian (Moldova)', faker: 'ro_MD' },
  { code: 'ro_RO', label: 'Romanian (Romania)', faker: 'ro' },
  { code: 'ru_RU', label: 'Russian (Russia)', faker: 'ru' },
  { code: 'sk_SK', label: 'Slovak (Slovakia)', faker: 'sk' },
  { code: 'sl_SI', label: 'Slovenian (Slovenia)', faker: 'sl_SI' },
  // faker has Serbian in Latin script only.
  { code: 'sr_Cyrl_RS', label: 'Serbian, Cyrillic (Serbia)', faker: 'sr_RS_latin' },
  { code: 'sr_Latn_RS', label: 'Serbian, Latin (Serbia)', faker: 'sr_RS_latin' },
  { code: 'sr_RS', label: 'Serbian (Serbia)', faker: 'sr_RS_latin' },
  { code: 'sv_SE', label: 'Swedish (Sweden)', faker: 'sv' },
  { code: 'th_TH', label: 'Thai (Thailand)', faker: 'th' },
  { code: 'tr_TR', label: 'Turkish (Türkiye)', faker: 'tr' },
  { code: 'uk_UA', label: 'Ukrainian (Ukraine)', faker: 'uk' },
  { code: 'vi_VN', label: 'Vietnamese (Vietnam)', faker: 'vi' },
  { code: 'zh_CN', label: 'Chinese (China)', faker: 'zh_CN' },
  { code: 'zh_TW', label: 'Chinese (Taiwan)', faker: 'zh_TW' },
];

export const DEFAULT_LOCALE = 'en_US';

export const LOCALE_CODES: readonly string[] = LOCALES.map((l) => l.code);

/**
 * Languages whose "own country" is not spelled like the language (the rule is `xx_XX`, as in
 * de_DE or fr_FR). Without an entry the first code of the language in list order is used.
 */
const HOME_LOCALE: Readonly<Record<string, string>> = {
  en: 'en_US',
  el: 'el_GR',
  sr: 'sr_RS',
};

/** Language codes that have a listed sibling under another code (Norwegian: no and nn to nb). */
const LANGUAGE_ALIASES: Readonly<Record<string, string>> = { no: 'nb', nn: 'nb' };

function parts(code: string): { language: string; script?: string; country?: string } {
  const bits = code.split('_').filter(Boolean);
  const raw = (bits[0] ?? '').toLowerCase();
  const language = LANGUAGE_ALIASES[raw] ?? raw;
  let script: string | undefined;
  let country: string | undefined;
  for (const b of bits.slice(1)) {
    if (/^[A-Za-z]{4}$/.test(b)) script = b[0]!.toUpperCase() + b.slice(1).toLowerCase();
    else if (/^([A-Za-z]{2}|\d{3})$/.test(b)) country = b.toUpperCase();
  }
  return { language, ...(script ? { script } : {}), ...(country ? { country } : {}) };
}

/** `de-de`, `DE_de` and `de_DE` all become `de_DE`; scripts become `Latn`. */
function canonicalSpelling(code: string): string {
  const p = parts(code.trim().replace(/-/g, '_'));
  return [p.language, p.script, p.country].filter(Boolean).join('_');
}

/**
 * Resolves any locale code to one of `list`: an exact match (any case, `-` or `_`); else within
 * the same language, preferring the language's own country (de_LU to de_DE, fr_MC to fr_FR,
 * es_MX to es_ES) and the same script; else the first code of that language in list order
 * (ar_MA to ar_EG); else en_US (or the list's first entry if a filter removed en_US).
 */
export function resolveLocale(code: string | undefined | null, list: readonly LocaleDef[] = LOCALES): string {
  const fallback = list.some((l) => l.code === DEFAULT_LOCALE) ? DEFAULT_LOCALE : (list[0]?.code ?? DEFAULT_LOCALE);
  if (typeof code !== 'string' || code.trim() === '') return fallback;
  const wanted = canonicalSpelling(code);
  const exact = list.find((l) => l.code.toLowerCase() === wanted.toLowerCase());
  if (exact) return exact.code;

  const p = parts(wanted);
  const sameLanguage = list.filter((l) => parts(l.code).language === p.language);
  if (sameLanguage.length === 0) return fallback;
  if (p.script) {
    const sameScript = sameLanguage.filter((l) => parts(l.code).script === p.script);
    if (sameScript.length > 0) return sameScript[0]!.code;
  }
  const home = HOME_LOCALE[p.language] ?? `${p.language}_${p.language.toUpperCase()}`;
  if (sameLanguage.some((l) => l.code === home)) return home;
  return sameLanguage[0]!.code;
}

export function isLocaleCode(code: unknown, list: readonly LocaleDef[] = LOCALES): code is string {
  return typeof code === 'string' && list.some((l) => l.code === code);
}

/** How a locale code a plugin may add is spelled: `de_LU`, `sr_Latn_RS`. */
const WELL_FORMED = /^[a-z]{2,3}(_[A-Z][a-z]{3})?_[A-Z]{2}$/;

/** Whether `code` is spelled as a locale code (listed or not). */
export function isWellFormedLocale(code: unknown): code is string {
  return typeof code === 'string' && WELL_FORMED.test(code);
}

function isLocaleDef(value: unknown): value is LocaleDef {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.code === 'string' &&
    WELL_FORMED.test(v.code) &&
    typeof v.label === 'string' &&
    v.label.trim() !== '' &&
    (v.faker === undefined || (typeof v.faker === 'string' && isFakerLocale(v.faker)))
  );
}

/**
 * Applies a `seeder_locales`-style filter to the list. An empty or invalid result (not an array,
 * malformed entries, duplicate codes or labels) is ignored and the unfiltered list returned, so a
 * broken extension cannot leave the plugin without locales.
 */
export function applyLocaleListFilter(
  list: readonly LocaleDef[],
  filter: (list: LocaleDef[]) => unknown,
): readonly LocaleDef[] {
  let result: unknown;
  try {
    result = filter(list.map((l) => ({ ...l })));
  } catch {
    return list;
  }
  if (!Array.isArray(result) || result.length === 0) return list;
  if (!result.every(isLocaleDef)) return list;
  const codes = new Set(result.map((l) => l.code));
  const labels = new Set(result.map((l) => l.label));
  if (codes.size !== result.length || labels.size !== result.length) return list;
  return Object.freeze(
    result.map((l) => Object.freeze({ code: l.code, label: l.label, faker: l.faker ?? closestFakerLocale(l.code) })),
  );
}

/** The same as `applyLocaleListFilter`, under the name callers were told to expect. */
export const applyLocaleFilters = applyLocaleListFilter;

/**
 * Applies a `seeder_locale`-style filter to the chosen code, then resolves the result against
 * `list` with the fallback rule. A non-string or empty result is ignored.
 */
export function applyLocaleFilter(
  code: string,
  filter: (code: string) => unknown,
  list: readonly LocaleDef[] = LOCALES,
): string {
  let result: unknown;
  try {
    result = filter(code);
  } catch {
    result = code;
  }
  const chosen = typeof result === 'string' && result.trim() !== '' ? result : code;
  return resolveLocale(chosen, list);
}

/** For a locale added by a filter without a faker locale: itself, its language, or English. */
function closestFakerLocale(code: string): string {
  if (isFakerLocale(code)) return code;
  const language = parts(code).language;
  return isFakerLocale(language) ? language : 'en';
}

/** Language, country and currency of a supported locale code. */
const infoCache = new Map<string, ResolvedLocaleInfo>();

export function localeInfo(code: string, list: readonly LocaleDef[] = LOCALES): ResolvedLocaleInfo {
  // Generators ask for every row; the built-in list never changes, so its answers are cached.
  if (list === LOCALES) {
    let cached = infoCache.get(code);
    if (!cached) {
      cached = computeLocaleInfo(code, list);
      infoCache.set(code, cached);
    }
    return cached;
  }
  return computeLocaleInfo(code, list);
}

function computeLocaleInfo(code: string, list: readonly LocaleDef[]): ResolvedLocaleInfo {
  // A locale a plugin added (de_LU): its own language and country, the nearest faker data for its people, and
  // its country's currency (else its language's home country's).
  if (WELL_FORMED.test(code) && !list.some((l) => l.code === code)) {
    const p = parts(code);
    const home = computeLocaleInfo(resolveLocale(code, list), list);
    return {
      code,
      label: code,
      faker: closestFakerLocale(code),
      language: p.language,
      country: p.country!,
      currency: countryInfo(p.country!)?.currency ?? home.currency,
    };
  }
  const resolved = resolveLocale(code, list);
  const def = list.find((l) => l.code === resolved) ?? LOCALES.find((l) => l.code === DEFAULT_LOCALE)!;
  const p = parts(def.code);
  const country = p.country ?? 'US';
  return {
    ...def,
    language: p.language,
    country,
    currency: countryInfo(country)?.currency ?? 'USD',
  };
}

/**
 * The faker locale with the most data for places in a locale's country: the locale itself when faker has it,
 * else `<language>_<country>`, else faker's locale of that country in another listed language (fr_LU for de_LU),
 * else the locale's own faker locale. Listed locales keep their own faker locale.
 */
export function placesFakerLocale(code: string, list: readonly LocaleDef[] = LOCALES): string {
  const info = localeInfo(code, list);
  if (list.some((l) => l.code === code) || !WELL_FORMED.test(code)) return info.faker;
  const languages = [info.language, ...new Set(LOCALES.map((l) => parts(l.code).language))];
  for (const language of languages) if (isFakerLocale(`${language}_${info.country}`)) return `${language}_${info.country}`;
  return info.faker;
}

/** The first listed locale of a country (BE gives fr_BE), used for addresses abroad. */
export function localeForCountry(country: string, list: readonly LocaleDef[] = LOCALES): string | undefined {
  return list.find((l) => parts(l.code).country === country)?.code;
}
