/** The built-in catalogue words of each language, by language code: one file per language beside this one. */
import type { Vocabulary } from '../types.ts';
import { AR } from './ar.ts';
import { CS } from './cs.ts';
import { DA } from './da.ts';
import { DE } from './de.ts';
import { ES } from './es.ts';
import { FI } from './fi.ts';
import { FR } from './fr.ts';
import { HE } from './he.ts';
import { IT } from './it.ts';
import { JA } from './ja.ts';
import { KO } from './ko.ts';
import { NB } from './nb.ts';
import { NL } from './nl.ts';
import { PL } from './pl.ts';
import { PT } from './pt.ts';
import { RU } from './ru.ts';
import { SV } from './sv.ts';
import { TR } from './tr.ts';
import { UK } from './uk.ts';
import { ZH } from './zh.ts';
import { ZH_HANT } from './zh-hant.ts';

export const LANGUAGE_VOCABULARIES: Readonly<Record<string, Partial<Vocabulary>>> = {
  ar: AR, cs: CS, da: DA, de: DE, es: ES, fi: FI, fr: FR, he: HE, it: IT, ja: JA,
  ko: KO, nb: NB, nl: NL, pl: PL, pt: PT, ru: RU, sv: SV, tr: TR, uk: UK, zh: ZH,
};

/**
 * Words of a language written in a script of its own, by `language_Script`: Chinese in Traditional characters
 * (zh_Hant) for Taiwan, Hong Kong and Macau, whose readers would see Simplified words as foreign.
 */
export const SCRIPT_VOCABULARIES: Readonly<Record<string, Partial<Vocabulary>>> = {
  zh_Hant: ZH_HANT,
};

/** The script a locale writes its language in, where the language has more than one: zh_TW gives Hant. */
export function scriptOf(locale: string): string | null {
  const parts = locale.split(/[_-]/);
  const script = parts.find((p, i) => i > 0 && /^[A-Z][a-z]{3}$/.test(p));
  if (script) return script;
  if (parts[0]?.toLowerCase() === 'zh') return ['TW', 'HK', 'MO'].includes(parts[parts.length - 1]?.toUpperCase() ?? '') ? 'Hant' : 'Hans';
  return null;
}
