/**
 * Money inside the generators is integer minor units with a currency. Parameters such as
 * `price_range` are given in major units (what a person types: 19.99) and converted here once.
 */
import type { Rng } from './random/prng.ts';

/** ISO 4217 minor-unit exponents that are not 2. */
const EXPONENTS: Readonly<Record<string, number>> = {
  JPY: 0,
  KRW: 0,
  VND: 0,
  ISK: 0,
  UGX: 0,
  JOD: 3,
};

export function currencyExponent(currency: string): number {
  return EXPONENTS[currency] ?? 2;
}

/** Major units (19.99) to minor units (1999) of `currency`. */
export function toMinor(major: number, currency: string): number {
  return Math.round(major * 10 ** currencyExponent(currency));
}

/**
 * A shop-like price between `minMinor` and `maxMinor`: whole amounts ending in .99, .95, .50 or
 * .00 (for currencies without minor units, whole amounts ending in 9 or 0). Always within the range
 * and always at least 1 minor unit.
 */
export function shopPrice(rng: Rng, minMinor: number, maxMinor: number, currency: string): number {
  const lo = Math.max(1, Math.min(minMinor, maxMinor));
  const hi = Math.max(lo, maxMinor);
  const exp = currencyExponent(currency);
  const unit = 10 ** exp;
  const raw = rng.int(lo, hi);
  let price: number;
  if (exp === 0) {
    const step = raw >= 1000 ? 100 : raw >= 100 ? 10 : 1;
    price = Math.round(raw / step) * step - (rng.chance(50) && step > 1 ? 1 : 0);
  } else {
    const whole = Math.floor(raw / unit) * unit;
    const endings = [unit - 1, unit - Math.round(unit / 20), Math.round(unit / 2), 0];
    price = whole + rng.pick(endings);
  }
  if (price < lo || price > hi) price = raw;
  return price;
}

/** `percent` of `amountMinor`, rounded half up to whole minor units. */
export function percentOf(amountMinor: number, percent: number): number {
  return Math.round((amountMinor * percent) / 100);
}

/**
 * Splits `total` across `weights` in proportion, with the largest-remainder method, so the parts
 * are whole minor units that add up exactly to `total` and no part exceeds its weight.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const capped = Math.min(total, sum);
  const exact = weights.map((w) => (capped * w) / sum);
  const parts = exact.map((x) => Math.floor(x));
  let rest = capped - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => [x - Math.floor(x), i] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (rest <= 0) break;
    if (parts[i] < weights[i]) {
      parts[i] += 1;
      rest -= 1;
    }
  }
  return parts;
}

/** Minor units as a major-unit string: 1999 USD gives "19.99". */
export function formatMajor(amountMinor: number, currency: string): string {
  const exp = currencyExponent(currency);
  return (amountMinor / 10 ** exp).toFixed(exp);
}
