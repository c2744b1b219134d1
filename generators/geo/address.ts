/**
 * People and addresses. City, region and postcode come from one gazetteer row of the country and
 * the phone from the country's format (with the city's area code where numbers have one), so they
 * always fit together; names and streets come from the faker locale of the customer's locale, or
 * of the country when the customer lives abroad.
 */
import type { Faker } from '@faker-js/faker';
import type { Address } from '../entities.ts';
import { LOCALES, localeForCountry, localeInfo, placesFakerLocale } from '../locales.ts';
import { fakerFor, fakerForPeopleAndPlaces } from '../random/faker-pool.ts';
import type { Rng } from '../random/prng.ts';
import { asciiWord } from '../text.ts';
import { countryInfo, fillDigits, type CountryInfo } from './countries.ts';

export interface Person {
  readonly first_name: string;
  readonly last_name: string;
}

/** The faker of `locale`, or of the country's own locale when the country is not the locale's. */
const placeFakers = new Map<string, Faker>();

export function fakerForPlace(locale: string, country: string): Faker {
  const cacheKey = `${locale}|${country}`;
  let faker = placeFakers.get(cacheKey);
  if (!faker) {
    const info = localeInfo(locale);
    if (info.country === country) faker = fakerForPeopleAndPlaces(info.faker, placesFakerLocale(locale));
    else {
      const local = localeForCountry(country);
      const def = local ? LOCALES.find((l) => l.code === local) : undefined;
      faker = fakerFor(def?.faker ?? info.faker);
    }
    placeFakers.set(cacheKey, faker);
  }
  return faker;
}

export function person(faker: Faker): Person {
  return { first_name: faker.person.firstName(), last_name: faker.person.lastName() };
}

export function phoneNumber(rng: Rng, country: CountryInfo, area?: string): string {
  const national = fillDigits(country.phone.replace('{area}', area ?? '###'), () => rng.int(0, 9));
  return `+${country.callingCode} ${national}`;
}

const TRANSLITERATED = /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}]/u;
const LATIN_ONLY = /^[\p{Script=Latin}\s'’.-]+$/u;

/**
 * The readable part of an email local part: `jane.doe`. Latin names are folded to ASCII; faker
 * transliterates Cyrillic, Greek and Armenian; other scripts (which faker cannot transliterate)
 * get a neutral numeric handle, as many real addresses in those markets have.
 */
export function emailHandle(rng: Rng, faker: Faker, p: Person): string {
  const name = `${p.first_name} ${p.last_name}`;
  if (LATIN_ONLY.test(name)) {
    const first = asciiWord(p.first_name);
    const last = asciiWord(p.last_name);
    if (first && last) return rng.chance(70) ? `${first}.${last}` : `${first[0]}${last}`;
  }
  if (TRANSLITERATED.test(name)) {
    const u = faker.internet
      .username({ firstName: p.first_name, lastName: p.last_name })
      .toLowerCase()
      .replace(/[^a-z._]/g, '')
      .replace(/^[._]+|[._]+$/g, '');
    if (u.length >= 3) return u;
  }
  return `user${rng.int(100000, 999999)}`;
}

/** Reserved example domains (RFC 2606): generated customers must never receive real mail. */
export const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org'] as const;

/** `<handle>.<token>@example.com`; distinct tokens make the addresses of a batch distinct. */
export function email(rng: Rng, faker: Faker, p: Person, token: string): string {
  return `${emailHandle(rng, faker, p)}.${token.toLowerCase()}@${rng.pick(EMAIL_DOMAINS)}`;
}

export function address(
  rng: Rng,
  faker: Faker,
  countryCode: string,
  p: Person,
  company: string | null = null,
): Address {
  const country = countryInfo(countryCode) ?? countryInfo('US')!;
  const city = rng.pick(country.cities);
  const postcode = city.postcodes.length > 0 ? fillDigits(rng.pick(city.postcodes), () => rng.int(0, 9)) : '';
  return {
    first_name: p.first_name,
    last_name: p.last_name,
    company,
    line1: faker.location.streetAddress(),
    line2: rng.chance(15) ? faker.location.secondaryAddress() : null,
    city: city.city,
    region: city.region,
    postcode,
    country: country.code,
    phone: phoneNumber(rng, country, city.area),
  };
}
