/**
 * What a locale's records are made from, as the answers of preview and generate report it (`locale_data`): the
 * built-in words (a language's file, or en_US when the language has none), the faker locale of people's names and
 * that of places in the locale's country. A locale a plugin added takes the nearest of each (de_LU: German words
 * and names, Luxembourg's places).
 */
import { localeInfo, placesFakerLocale } from './locales.ts';
import { builtinVocabularyId } from './vocabulary/index.ts';

export interface LocaleData {
  /** The built-in vocabulary the words come from where no recipe or sample data gives them: `de`, `zh_Hant` (zh_TW, zh_HK), or `en_US`. */
  readonly words: string;
  /** The faker locale of names and companies. */
  readonly people: string;
  /** The faker locale of streets in the locale's own country; cities, postcodes and phones follow that country. */
  readonly places: string;
  /** The locale's country and currency. */
  readonly country: string;
  readonly currency: string;
}

export function localeDataFor(locale: string): LocaleData {
  const info = localeInfo(locale);
  return { words: builtinVocabularyId(locale), people: info.faker, places: placesFakerLocale(locale), country: info.country, currency: info.currency };
}
