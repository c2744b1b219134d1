/**
 * Software licences for existing products (digital ones when there are any), tied to a paid order
 * where one exists. Activations never exceed the site limit; keys are unique within a batch.
 */
import { DAY, instant, iso } from '../dates.ts';
import type { LicenceActivation, LicenceEntity } from '../entities.ts';
import { MissingPrerequisiteError } from '../errors.ts';
import { checkRange, listOf, params, range, ratio, type ParameterProblems } from '../json-schema.ts';
import { fakerFor } from '../random/faker-pool.ts';
import { Batch } from '../row.ts';
import { asciiWord } from '../text.ts';
import type { Generator } from '../types.ts';
import { LICENCE_STATES, type LicenceState } from '../vocabularies.ts';
import { weightedAmong, windowOf } from './shared.ts';

export interface LicenceParams {
  statuses: LicenceState[];
  site_limits: { min: number; max: number };
  lifetime_ratio: number;
}

const KEY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const YEAR = 365 * DAY;

export const licenceGenerator: Generator<LicenceParams, LicenceEntity> = {
  resource: 'licence',
  schema: params({
    statuses: listOf(LICENCE_STATES, [...LICENCE_STATES], 'Licence states to draw from (mostly active).'),
    site_limits: range({ min: 1, max: 5 }, { minimum: 1, maximum: 10_000 }, 'How many sites a licence may be activated on.'),
    lifetime_ratio: ratio(10, 'Share of licences that never expire (never chosen for expired ones).'),
  }),
  needs: ['products', 'orders', 'customers'],
  check(p) {
    const problems: ParameterProblems = {};
    checkRange(problems, 'site_limits', p.site_limits);
    return problems;
  },
  generate(p, ctx) {
    const all = ctx.existing.products;
    if (all.length === 0) throw new MissingPrerequisiteError('licence', 'products', 'product');
    const digital = all.filter((x) => x.type === 'digital');
    const products = digital.length > 0 ? digital : all;
    const paidOrders = ctx.existing.orders.filter((o) => o.paid);
    const customers = ctx.existing.customers;
    const batch = new Batch('licence', ctx.seed, ctx.offset);
    const window = windowOf(p);
    const words = fakerFor('en');
    return batch.rows(p.count, ({ index, rng }) => {
      const state = weightedAmong(rng, p.statuses, { active: 70, expired: 20, disabled: 10 });
      let product = rng.pick(products);
      let order = paidOrders.length > 0 && rng.chance(80) ? rng.pick(paidOrders) : null;
      // A licence tied to an order is for a product that order sold; an order that sold none of them ties none.
      if (order?.product_ids) {
        const sold = new Set(order.product_ids);
        const own = products.filter((x) => sold.has(x.id));
        const any = own.length > 0 ? own : all.filter((x) => sold.has(x.id));
        if (any.length > 0) product = any[products.indexOf(product) % any.length] ?? any[0]!;
        else order = null;
      }
      const customerId = order?.customer_id ?? (customers.length > 0 ? rng.pick(customers).id : null);
      const limit = rng.int(p.site_limits.min, p.site_limits.max);
      // Issued with its order, or after it.
      const drawn = instant(rng, window.start, window.end);
      const created = order ? Math.max(drawn, Math.min(window.now, Date.parse(order.created_at))) : drawn;

      let expires: number | null;
      if (state === 'expired') {
        expires = created + YEAR <= window.now ? created + YEAR : instant(rng, created + 1000, Math.max(created + 1000, window.now));
      } else if (rng.chance(p.lifetime_ratio)) {
        expires = null;
      } else {
        expires = created + YEAR > window.now ? created + YEAR : window.now + rng.int(1, 365) * DAY;
      }

      const used = state === 'active' ? rng.int(Math.min(1, limit), limit) : rng.int(0, limit);
      const until = Math.min(window.now, expires ?? window.now);
      const activations: LicenceActivation[] = [];
      for (let k = 0; k < used; k++) {
        const host = asciiWord(words.word.noun()) || 'site';
        activations.push({ site_url: `https://${host}-${k + 1}.example.com`, activated_at: iso(instant(rng, created, Math.max(created, until))) });
      }
      activations.sort((a, b) => (a.activated_at < b.activated_at ? -1 : a.activated_at > b.activated_at ? 1 : 0));
      return {
        key: batch.key(index),
        licence_key: `${rng.chars(4, KEY_ALPHABET)}-${rng.chars(4, KEY_ALPHABET)}-${rng.chars(4, KEY_ALPHABET)}-${batch.token(index, 4)}`,
        product: { id: product.id },
        order: order ? { id: order.id } : null,
        customer: customerId ? { id: customerId } : null,
        state,
        site_limit: limit,
        activations,
        created_at: iso(created),
        expires_at: expires === null ? null : iso(expires),
      };
    });
  },
};
