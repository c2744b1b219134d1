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

export const LANGUAGE_VOCABULARIES: Readonly<Record<string, Partial<Vocabulary>>> = {
  ar: AR, cs: CS, da: DA, de: DE, es: ES, fi: FI, fr: FR, he: HE, it: IT, ja: JA,
  ko: KO, nb: NB, nl: NL, pl: PL, pt: PT, ru: RU, sv: SV, tr: TR, uk: UK, zh: ZH,
};
