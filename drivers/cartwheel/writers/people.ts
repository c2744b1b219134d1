/** Customers (with addresses), coupons and labels. */
import type { CouponEntity, CustomerEntity, LabelEntity } from '../../../plugin-api.ts';
import { platformField } from '../../../plugin-api.ts';
import type { AddressInput } from '../../../stores/cartwheel/index.ts';
import { addressInput, storeOf, storeTime } from '../convert.ts';
import { DISCOUNT_TYPE } from '../vocabulary.ts';
import { cartwheelWriter } from './base.ts';

export const customerWriter = cartwheelWriter<CustomerEntity>({
  write: (entities, ctx, store) =>
    store.customers.createMany(
      ctx.trx,
      entities.map((e) => {
        const addresses: AddressInput[] = [addressInput('billing', e.billing, e.email, true)];
        if (e.shipping) addresses.push(addressInput('shipping', e.shipping, e.email, true));
        const status = platformField<boolean>(e, 'cartwheel_archived_customer_ratio') ? 'archived' : 'active';
        return { email: e.email, first_name: e.first_name, last_name: e.last_name, status, addresses, created_at: storeTime(e.created_at) };
      }),
    ),
  remove: (trx, id, site) => storeOf(site).customers.delete(trx, id),
  summarise: (e, id) => `Customer #${id}: ${e.display_name} <${e.email}>${platformField(e, 'cartwheel_archived_customer_ratio') ? ' (archived)' : ''}`,
});

/** A coupon's description is its title; it is created when it starts (the canonical coupon has no creation date). */
export const couponWriter = cartwheelWriter<CouponEntity>({
  write: (entities, ctx, store) =>
    store.coupons.createMany(
      ctx.trx,
      entities.map((e) => ({
        code: e.code,
        title: e.description.slice(0, 191) || e.code,
        type: DISCOUNT_TYPE[e.discount_type],
        amount: e.discount_type === 'percentage' ? (e.amount_percent ?? 0) : e.discount_type === 'fixed_cart' ? (e.amount_minor ?? 0) : 0,
        status: 'active',
        max_uses: e.usage_limit,
        max_per_customer: e.usage_limit_per_user,
        min_purchase: e.minimum_spend_minor,
        start_date: storeTime(e.starts_at),
        end_date: storeTime(e.expires_at),
        created_at: storeTime(e.starts_at),
      })),
    ),
  remove: (trx, id, site) => storeOf(site).coupons.delete(trx, id),
  summarise: (e, id, money) =>
    `Coupon #${id}: ${e.code} (${e.discount_type === 'percentage' ? `${e.amount_percent}%` : e.discount_type === 'fixed_cart' ? money(e.amount_minor ?? 0, e.currency) : 'free shipping'})`,
});

/** Cartwheel's labels are the ones its orders and customers carry; a new label is attached to nothing yet. */
export const labelWriter = cartwheelWriter<LabelEntity>({
  write: (entities, ctx, store) => store.labels.createMany(ctx.trx, entities.map((e) => ({ title: e.name, slug: e.slug, color: e.color }))),
  remove: (trx, id, site) => storeOf(site).labels.delete(trx, id),
  summarise: (e, id) => `Label #${id}: ${e.name} (${e.color})`,
});
