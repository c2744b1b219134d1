/**
 * One Faker per faker locale, created once, all driven by one shared randomizer that delegates
 * to whichever row generator is active. Generation is synchronous, so "the active row" is well
 * defined; `withRng` restores the previous one, so a row may compute another row safely.
 *
 * A locale's word lists load on its first use, not at start: faker's main entry loads all of its
 * 70-odd locales (most of a command's start-up). Each comes from faker's own module for that locale
 * (`@faker-js/faker/locale/<id>`, loaded synchronously: Node 20.19+ can `require` an ES module),
 * whose definitions are already merged along faker's chain: the locale, its language, English, base.
 */
import { createRequire } from 'node:module';
import type { Faker, LocaleDefinition, Randomizer } from '@faker-js/faker';
import { Rng } from './prng.ts';

const require = createRequire(import.meta.url);

let active: Rng = new Rng(0);

const sharedRandomizer: Randomizer = {
  next: () => active.next(),
  seed: (seed) => {
    active = new Rng(seed);
  },
};

const fakers = new Map<string, Faker>();
const known = new Map<string, boolean>();

/** faker's module of a locale id; the id is checked first, so it cannot name another file. */
const localeModule = (id: string) => `@faker-js/faker/locale/${id}`;
const LOCALE_ID = /^[a-z]+(?:_[A-Za-z0-9]+)*$/;

/** Whether faker has a locale of that id (`de_AT`, `en`), without loading it. */
export function isFakerLocale(id: string): boolean {
  let has = known.get(id);
  if (has === undefined) {
    has = LOCALE_ID.test(id);
    if (has) {
      try {
        require.resolve(localeModule(id));
      } catch {
        has = false;
      }
    }
    known.set(id, has);
  }
  return has;
}

/**
 * The Faker for a faker locale id (`de_AT`, `en`, ...), falling back through its language and
 * English to `base` for the definitions a locale lacks; an id faker does not have gets English.
 */
export function fakerFor(fakerLocale: string): Faker {
  let f = fakers.get(fakerLocale);
  if (f) return f;
  const id = isFakerLocale(fakerLocale) ? fakerLocale : isFakerLocale(fakerLocale.split('_')[0]!) ? fakerLocale.split('_')[0]! : 'en';
  const loaded = (require(localeModule(id)) as { faker: Faker }).faker;
  const FakerClass = loaded.constructor as typeof Faker;
  f = new FakerClass({ locale: loaded.rawDefinitions, randomizer: sharedRandomizer });
  fakers.set(fakerLocale, f);
  return f;
}

/**
 * A Faker whose people (names, companies) come from one faker locale and whose places (streets, cities, phones)
 * from another: for a locale a plugin added (de_LU: German names, Luxembourg's streets). The same locale twice is
 * `fakerFor(it)`.
 */
export function fakerForPeopleAndPlaces(people: string, places: string): Faker {
  if (people === places) return fakerFor(people);
  const key = `${people}+${places}`;
  let f = fakers.get(key);
  if (f) return f;
  const who = fakerFor(people);
  const where = fakerFor(places);
  const FakerClass = who.constructor as typeof Faker;
  const whereDefs = where.rawDefinitions;
  f = new FakerClass({
    locale: { ...who.rawDefinitions, location: whereDefs.location, phone_number: whereDefs.phone_number, cell_phone: whereDefs.cell_phone } as LocaleDefinition,
    randomizer: sharedRandomizer,
  });
  fakers.set(key, f);
  return f;
}

/** Runs `fn` with `rng` driving every Faker; restores the previously active generator after. */
export function withRng<T>(rng: Rng, fn: () => T): T {
  const previous = active;
  active = rng;
  try {
    return fn();
  } finally {
    active = previous;
  }
}
