/**
 * Issue 14, point 6: a locale's faker data loads on first use, from faker's module for that locale.
 * The Faker made that way must say exactly what the Faker built from faker's full locale table
 * (the locale, its language, English, base) says, or seeded output would change.
 */
import { Faker, allLocales, type LocaleDefinition } from '@faker-js/faker';
import { expect } from 'chai';
import { fakerFor, isFakerLocale, withRng } from '../../generators/random/faker-pool.ts';
import { Rng } from '../../generators/random/prng.ts';
import { LOCALES } from '../../generators/locales.ts';

const table = allLocales as unknown as Record<string, LocaleDefinition | undefined>;

/** The Faker of a locale as built from the full table, as the pool did before it loaded lazily. */
function eager(id: string): Faker {
  const chain: LocaleDefinition[] = [];
  for (const part of [id, id.split('_')[0]!, 'en', 'base']) {
    const def = table[part];
    if (def && !chain.includes(def)) chain.push(def);
  }
  return new Faker({ locale: chain, seed: 1 });
}

const sample = (f: Faker) => [f.person.fullName(), f.location.streetAddress(), f.location.city(), f.company.name(), f.phone.number(), f.commerce.productName(), f.lorem.words(3)];

describe('generators: faker locales load on first use (issue 14, point 6)', () => {
  it('the Faker of every listed locale has the same definitions as the one built from faker\'s full table', () => {
    for (const id of new Set(LOCALES.map((l) => l.faker))) {
      expect(fakerFor(id).rawDefinitions, id).to.deep.equal(eager(id).rawDefinitions);
    }
  });

  it('the same random stream gives the same words through the lazily loaded Faker as through the full table', () => {
    for (const id of ['de_AT', 'ja', 'sr_RS_latin', 'en_US', 'mk', 'pt_BR']) {
      const lazy = withRng(new Rng(7), () => sample(fakerFor(id)));
      const rng = new Rng(7);
      const reference = new Faker({ locale: eager(id).rawDefinitions, randomizer: { next: () => rng.next(), seed: () => {} } });
      expect(lazy, id).to.deep.equal(sample(reference));
    }
  });

  it('knows faker\'s locales without loading them, and refuses ids that are not locales', () => {
    for (const id of Object.keys(table)) expect(isFakerLocale(id), id).to.equal(true);
    for (const id of ['xx', 'de_XX', '../index', 'locale/de', '', 'EN']) expect(isFakerLocale(id), id).to.equal(false);
    // An id faker lacks falls back to its language, then English.
    expect(fakerFor('de_XX').rawDefinitions).to.deep.equal(eager('de').rawDefinitions);
    expect(fakerFor('xx').rawDefinitions).to.deep.equal(eager('en').rawDefinitions);
  });
});
