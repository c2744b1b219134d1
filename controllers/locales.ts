/** The site's locale list: the 75 built-in locales through the `seeder_locales` filter (an empty or invalid result is ignored). */
import { applyLocaleListFilter, LOCALES, type LocaleDef } from '../generators/locales.ts';
import type { Site } from '../panel/site.ts';
import { seederHooks } from './hooks.ts';

export function siteLocales(site: Site): readonly LocaleDef[] {
  if (!seederHooks(site).isUsed('seeder_locales')) return LOCALES;
  return applyLocaleListFilter(LOCALES, (list) => {
    const codes: unknown = seederHooks(site).applyFilters('seeder_locales', list.map((l) => l.code));
    if (!Array.isArray(codes)) return codes;
    return codes.map((c) => list.find((l) => l.code === c) ?? { code: String(c), label: String(c) });
  });
}
