/**
 * One Faker per faker locale, created once, all driven by one shared randomizer that delegates
 * to whichever row generator is active. Generation is synchronous, so "the active row" is well
 * defined; `withRng` restores the previous one, so a row may compute another row safely.
 */
import { Faker, allLocales, type LocaleDefinition, type Randomizer } from '@faker-js/faker';
import { Rng } from './prng.ts';

let active: Rng = new Rng(0);

const sharedRandomizer: Randomizer = {
  next: () => active.next(),
  seed: (seed) => {
    active = new Rng(seed);
  },
};

const fakers = new Map<string, Faker>();

const localeTable = allLocales as unknown as Record<string, LocaleDefinition | undefined>;

export function isFakerLocale(id: string): boolean {
  return localeTable[id] !== undefined;
}

/**
 * The Faker for a faker locale id (`de_AT`, `en`, ...), falling back through its language and
 * English to `base` for the definitions a locale lacks.
 */
export function fakerFor(fakerLocale: string): Faker {
  let f = fakers.get(fakerLocale);
  if (f) return f;
  const chain: LocaleDefinition[] = [];
  const add = (id: string) => {
    const def = localeTable[id];
    if (def && !chain.includes(def)) chain.push(def);
  };
  add(fakerLocale);
  add(fakerLocale.split('_')[0]!);
  add('en');
  add('base');
  f = new Faker({ locale: chain, randomizer: sharedRandomizer });
  fakers.set(fakerLocale, f);
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
