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

/**
 * Roughly how many units of a currency buy what one US dollar buys, rounded to a friendly number.
 * Money defaults (a price range of 5 to 200, a shipping cost of 4.99) are written for dollar-like
 * currencies; scaled by this they stay plausible in yen, rupees or forints. Values a caller gives
 * explicitly are never scaled.
 */
const PRICE_SCALE: Readonly<Record<string, number>> = {
  AMD: 400, ARS: 1000, AUD: 1.5, BDT: 120, BRL: 5, CAD: 1.4, CNY: 7, CZK: 25, DKK: 7, EGP: 50, GEL: 3, HKD: 8, HUF: 350,
  IDR: 16000, ILS: 4, INR: 85, IRR: 40000, ISK: 140, JOD: 0.7, JPY: 150, KRW: 1400, KZT: 500, MDL: 18, MNT: 3500, MYR: 4.5,
  NGN: 1500, NOK: 10, NPR: 130, NZD: 1.7, PEN: 4, PHP: 55, PLN: 4, RON: 5, RSD: 110, RUB: 90, SAR: 4, SEK: 10, SGD: 1.3,
  THB: 35, TRY: 40, TWD: 30, UAH: 40, UGX: 3700, VES: 40, VND: 25000, ZAR: 18,
};

export function priceScale(currency: string): number {
  return PRICE_SCALE[currency] ?? 1;
}

/** A major-unit amount written for dollar-like currencies, in minor units of `currency`. */
export function scaledMinor(dollarLike: number, currency: string): number {
  return toMinor(dollarLike * priceScale(currency), currency);
}

/**
 * A money parameter in major units: scaled to the currency when it is still the schema default,
 * taken as given when the caller chose it.
 */
export function moneyParam<T extends number | Readonly<Record<string, number>>>(value: T, schemaDefault: unknown, currency: string): T {
  if (JSON.stringify(value) !== JSON.stringify(schemaDefault)) return value;
  const scale = priceScale(currency);
  if (typeof value === 'number') return (value * scale) as T;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, v * scale])) as T;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * Minor units written as a person of `locale` reads money: 999 EUR in de_DE gives "9,99 €", 1299 JPY in ja_JP
 * "￥1,299". Digits after the separator follow the currency's minor unit. A locale Intl does not know is written as en-US.
 */
export function formatMoney(amountMinor: number, currency: string, locale: string): string {
  const key = `${locale}|${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    const exp = currencyExponent(currency);
    // Latin digits everywhere, like the rest of the data (ar-SA would otherwise write ١٢٠٫٠٠).
    const options: Intl.NumberFormatOptions = { style: 'currency', currency, minimumFractionDigits: exp, maximumFractionDigits: exp, numberingSystem: 'latn' };
    try {
      format = new Intl.NumberFormat(locale.replace(/_/g, '-'), options);
    } catch {
      format = new Intl.NumberFormat('en-US', options);
    }
    moneyFormats.set(key, format);
  }
  return format.format(amountMinor / 10 ** currencyExponent(currency));
}
