/** Coupons: percentage, fixed-cart or free-shipping, with usage limits that make sense together. */
import { DAY, instant, iso } from '../dates.ts';
import type { CouponEntity } from '../entities.ts';
import { checkRange, listOf, params, range, ratio, type ParameterProblems } from '../json-schema.ts';
import { formatMajor, formatMoney, moneyParam, scaledMinor, shopPrice, toMinor } from '../money.ts';
import { Batch } from '../row.ts';
import { asciiWord, fill } from '../text.ts';
import type { Generator } from '../types.ts';
import { DISCOUNT_TYPES, type DiscountType } from '../vocabularies.ts';
import { EN_US } from '../vocabulary/en-us.ts';
import { currencyOf, weightedAmong, windowOf } from './shared.ts';

export interface CouponParams {
  discount_types: DiscountType[];
  discount_range: { min: number; max: number };
  usage_limits: { total: { min: number; max: number }; per_user: { min: number; max: number }; unlimited_ratio: number };
  validity_days: { min: number; max: number };
  minimum_spend_ratio: number;
}

export const couponGenerator: Generator<CouponParams, CouponEntity> = {
  resource: 'coupon',
  schema: params({
    discount_types: listOf(DISCOUNT_TYPES, [...DISCOUNT_TYPES], 'Kinds of discount; when several are allowed percentage coupons are the most common.'),
    discount_range: range(
      { min: 5, max: 30 },
      { minimum: 1, maximum: 100_000 },
      'Discount size: percent for percentage coupons (at most 100), major currency units for fixed-cart coupons (the default scaled to currencies with small units).',
    ),
    usage_limits: {
      type: 'object',
      properties: {
        total: range({ min: 50, max: 500 }, { minimum: 1, maximum: 1_000_000 }, 'How many times the coupon can be used in all.'),
        per_user: range({ min: 1, max: 3 }, { minimum: 1, maximum: 1_000_000 }, 'How many times one customer can use it (never above the total).'),
        unlimited_ratio: { type: 'integer', minimum: 0, maximum: 100, default: 20, description: 'Share of coupons without a total limit. Percent, 0 to 100.' },
      },
      additionalProperties: false,
      default: { total: { min: 50, max: 500 }, per_user: { min: 1, max: 3 }, unlimited_ratio: 20 },
      description: 'Usage limits.',
    },
    validity_days: range({ min: 7, max: 90 }, { minimum: 1, maximum: 3650 }, 'Days from a coupon\'s start to its expiry.'),
    minimum_spend_ratio: ratio(30, 'Share of coupons that require a minimum spend.'),
  }),
  needs: [],
  check(p) {
    const problems: ParameterProblems = {};
    checkRange(problems, 'discount_range', p.discount_range);
    checkRange(problems, 'validity_days', p.validity_days);
    const u = p.usage_limits;
    if (u && (u.total.min > u.total.max || u.per_user.min > u.per_user.max)) {
      problems.usage_limits = 'min must not be greater than max';
    }
    return problems;
  },
  generate(p, ctx) {
    const batch = new Batch('coupon', ctx.seed, ctx.offset);
    const currency = currencyOf(ctx);
    const window = windowOf(p);
    const words = ctx.vocabulary.coupon_words;
    const phrases = ctx.vocabulary.coupon_descriptions ?? EN_US.coupon_descriptions!;
    return batch.rows(p.count, ({ index, rng }) => {
      const type = weightedAmong(rng, p.discount_types, { percentage: 60, fixed_cart: 30, free_shipping: 10 });
      let percent: number | null = null;
      let amount: number | null = null;
      let label: string;
      let codeNumber = '';
      if (type === 'percentage') {
        percent = Math.min(100, rng.int(p.discount_range.min, p.discount_range.max));
        label = fill(phrases.percentage, { percent: String(percent) });
        codeNumber = String(percent);
      } else if (type === 'fixed_cart') {
        const fixed = moneyParam(p.discount_range, couponGenerator.schema.properties.discount_range!.default, currency);
        amount = shopPrice(rng, toMinor(fixed.min, currency), toMinor(fixed.max, currency), currency);
        label = fill(phrases.fixed_cart, { amount: formatMajor(amount, currency), currency, money: formatMoney(amount, currency, ctx.locale) });
        codeNumber = String(Math.max(1, Math.round(amount / toMinor(1, currency))));
      } else {
        label = phrases.free_shipping;
      }
      const word = type === 'free_shipping' ? rng.pick(['FREESHIP', 'SHIPFREE', 'FREEDELIVERY']) : (asciiWord(rng.pick(words)).toUpperCase() || 'SAVE').slice(0, 12);
      const unlimited = rng.chance(p.usage_limits.unlimited_ratio);
      const total = unlimited ? null : rng.int(p.usage_limits.total.min, p.usage_limits.total.max);
      const perUserDrawn = rng.int(p.usage_limits.per_user.min, p.usage_limits.per_user.max);
      const perUser = total === null ? (rng.chance(50) ? perUserDrawn : null) : Math.min(perUserDrawn, total);
      const starts = instant(rng, window.start, window.end);
      const days = rng.int(p.validity_days.min, p.validity_days.max);
      const minimum = rng.chance(p.minimum_spend_ratio) ? scaledMinor(rng.pick([20, 25, 30, 50, 75, 100]), currency) : null;
      return {
        key: batch.key(index),
        code: `${word}${codeNumber}-${batch.token(index, 4)}`,
        description:
          minimum === null
            ? label
            : fill(phrases.minimum, { label, currency, minimum: formatMoney(minimum, currency, ctx.locale), minimum_amount: formatMajor(minimum, currency) }),
        discount_type: type,
        amount_percent: percent,
        amount_minor: amount,
        currency,
        minimum_spend_minor: minimum,
        usage_limit: total,
        usage_limit_per_user: perUser,
        individual_use: rng.chance(40),
        starts_at: iso(starts),
        expires_at: iso(starts + days * DAY),
      };
    });
  },
};
