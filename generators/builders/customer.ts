/**
 * Customers with coherent addresses: names and streets from the locale (or from the customer's
 * country when `country_focus` sends them abroad), city, region, postcode and phone from one
 * gazetteer row. Emails are unique within a batch and use reserved example domains.
 */
import { instant, iso } from '../dates.ts';
import type { CustomerEntity } from '../entities.ts';
import { address, email, fakerForPlace, person } from '../geo/address.ts';
import { COUNTRY_CODES } from '../geo/countries.ts';
import { listOf, params, ratio } from '../json-schema.ts';
import { localeForCountry } from '../locales.ts';
import { Batch } from '../row.ts';
import type { Generator } from '../types.ts';
import { CUSTOMER_TYPES, type CustomerType } from '../vocabularies.ts';
import { homeCountry, weightedAmong, windowOf } from './shared.ts';

export interface CustomerParams {
  customer_types: CustomerType[];
  country_focus: string[];
  shipping_address_ratio: number;
  marketing_opt_in_ratio: number;
}

export const customerGenerator: Generator<CustomerParams, CustomerEntity> = {
  resource: 'customer',
  schema: params({
    customer_types: listOf(CUSTOMER_TYPES, ['individual', 'business'], 'Kinds of customer; when both are allowed most are individuals.'),
    country_focus: {
      type: 'array',
      items: { type: 'string', enum: COUNTRY_CODES },
      uniqueItems: true,
      default: [],
      examples: [['DE']],
      description: 'ISO country codes the customers live in; empty uses the locale\'s country.',
    },
    shipping_address_ratio: ratio(30, 'Share of customers with a shipping address of their own (the others ship to the billing address).'),
    marketing_opt_in_ratio: ratio(40, 'Share of customers who agreed to marketing email.'),
  }),
  needs: [],
  generate(p, ctx) {
    const batch = new Batch('customer', ctx.seed, ctx.offset);
    const window = windowOf(p);
    const home = homeCountry(ctx);
    const countries = p.country_focus.length > 0 ? p.country_focus : [home];
    return batch.rows(p.count, ({ index, rng }) => {
      const country = rng.pick(countries);
      const faker = fakerForPlace(ctx.locale, country);
      const who = person(faker);
      const type = weightedAmong(rng, p.customer_types, { individual: 85, business: 15 });
      const company = type === 'business' ? faker.company.name() : null;
      const billing = address(rng, faker, country, who, company);
      // The same person at another address (work, a holiday home); its phone fits that address.
      const shipping = rng.chance(p.shipping_address_ratio) ? address(rng, faker, country, who, company) : null;
      const mail = email(rng, faker, who, batch.token(index, 4));
      return {
        key: batch.key(index),
        email: mail,
        username: mail.slice(0, mail.indexOf('@')),
        first_name: who.first_name,
        last_name: who.last_name,
        display_name: `${who.first_name} ${who.last_name}`,
        type,
        company,
        phone: billing.phone,
        locale: country === home ? ctx.locale : (localeForCountry(country) ?? ctx.locale),
        billing,
        shipping,
        marketing_opt_in: rng.chance(p.marketing_opt_in_ratio),
        created_at: iso(instant(rng, window.start, window.end)),
      };
    });
  },
};
