/**
 * Cart sessions: active carts are recent, abandoned carts were left for at least an hour, converted
 * carts went through checkout. Guest carts have no customer; some abandoned guest carts captured an
 * email at checkout.
 */
import { HOUR, MINUTE, instant, iso } from '../dates.ts';
import type { CartItem, CartSessionEntity } from '../entities.ts';
import { email, fakerForPlace, person } from '../geo/address.ts';
import { checkRange, params, range, ratio, type ParameterProblems } from '../json-schema.ts';
import { MissingPrerequisiteError } from '../errors.ts';
import { Batch } from '../row.ts';
import type { Generator } from '../types.ts';
import type { CartStage } from '../vocabularies.ts';
import { currencyOf, homeCountry, purchasables, quantity, windowOf } from './shared.ts';

export interface CartSessionParams {
  guest_cart_ratio: number;
  abandonment_rate: number;
  items_per_cart: { min: number; max: number };
}

export const cartSessionGenerator: Generator<CartSessionParams, CartSessionEntity> = {
  resource: 'cart_session',
  schema: params({
    guest_cart_ratio: ratio(30, 'Share of carts of visitors who are not signed in (100: guests only).'),
    abandonment_rate: ratio(60, 'Share of carts left without checking out; the rest are converted or still active.'),
    items_per_cart: range({ min: 1, max: 4 }, { minimum: 1, maximum: 50 }, 'Number of different items per cart (capped by the products available).'),
  }),
  needs: ['products', 'variations', 'customers'],
  check(p) {
    const problems: ParameterProblems = {};
    checkRange(problems, 'items_per_cart', p.items_per_cart);
    return problems;
  },
  generate(p, ctx) {
    const items = purchasables(ctx.existing);
    if (items.length === 0) throw new MissingPrerequisiteError('cart_session', 'products', 'product');
    const customers = ctx.existing.customers;
    const batch = new Batch('cart_session', ctx.seed, ctx.offset);
    const currency = currencyOf(ctx);
    const window = windowOf(p);
    const home = homeCountry(ctx);
    return batch.rows(p.count, ({ index, rng }) => {
      const guest = customers.length === 0 || rng.chance(p.guest_cart_ratio);
      const customer = guest ? null : rng.pick(customers);
      let stage: CartStage;
      if (rng.chance(p.abandonment_rate)) stage = 'abandoned';
      else stage = rng.chance(50) ? 'converted' : 'active';

      const chosen = rng.sample(items, rng.int(p.items_per_cart.min, p.items_per_cart.max));
      const lines: CartItem[] = chosen.map((it) => {
        const q = quantity(rng);
        return { product: it.product, variation: it.variation, name: it.name, quantity: q, unit_price_minor: it.price_minor, total_minor: q * it.price_minor };
      });

      let created: number;
      let updated: number;
      let abandonedAt: number | null = null;
      let convertedAt: number | null = null;
      if (stage === 'active') {
        // Still open: touched within the last two days.
        created = instant(rng, Math.max(window.start, window.now - 48 * HOUR), window.now);
        updated = Math.min(window.now, created + rng.int(1, 90) * MINUTE);
      } else {
        created = instant(rng, window.start, Math.max(window.start, Math.min(window.end, window.now - 2 * HOUR)));
        updated = created + rng.int(1, 45) * MINUTE;
        if (stage === 'abandoned') abandonedAt = updated + HOUR;
        else convertedAt = updated;
      }

      let mail: string | null = customer?.email ?? null;
      if (guest && stage === 'abandoned' && rng.chance(50)) {
        const faker = fakerForPlace(ctx.locale, home);
        mail = email(rng, faker, person(faker), batch.token(index, 4));
      }
      return {
        key: batch.key(index),
        stage,
        customer: customer ? { id: customer.id } : null,
        email: mail,
        session_token: rng.chars(32, '0123456789abcdef'),
        currency,
        items: lines,
        subtotal_minor: lines.reduce((a, l) => a + l.total_minor, 0),
        created_at: iso(created),
        updated_at: iso(updated),
        abandoned_at: abandonedAt === null ? null : iso(abandonedAt),
        converted_at: convertedAt === null ? null : iso(convertedAt),
      };
    });
  },
};
