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

/** Money without a locale: "45.10 EUR", "1299 JPY" (what summaries write when no locale's way is given). */
export function plainMoney(amountMinor: number, currency: string): string {
  return `${formatMajor(amountMinor, currency)} ${currency}`;
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
  // Currencies priced in whole units (kronor, koruna, rubles) are written without ",00" when the amount is whole.
  const whole = isPricedWhole(currency) && amountMinor % 10 ** currencyExponent(currency) === 0;
  const key = `${locale}|${currency}|${whole}`;
  let format = moneyFormats.get(key);
  if (!format) {
    const exp = whole ? 0 : currencyExponent(currency);
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

/** Whether shops in `currency` price in whole units (no cents at any price point). */
function isPricedWhole(currency: string): boolean {
  const tiers = PRICE_STYLES[currency];
  return tiers !== undefined && tiers.every(([, , cents]) => cents.every((c) => c === 0));
}

/**
 * The price points a shop in a currency uses, by amount: the endings of the whole amount and, where the currency
 * shows them, of the cents (hundredths). Tiers are [lowest major amount, whole endings, cent endings]; the last
 * tier whose lowest amount is reached applies. An empty whole ending keeps the whole amount.
 */
type PriceTier = readonly [from: number, wholes: readonly string[], cents: readonly number[]];

const CENTS_STYLE: readonly PriceTier[] = [
  [0, [''], [99, 95, 90, 50]], // 4,99 · 4,95 · 4,90 · 4,50
  [10, ['9', '5', '4'], [99, 95, 90, 0]], // 19,99 · 15,95 · 24,90 · 29,00
  [100, ['9', '49', '99'], [0, 99, 0]], // 129,00 · 149,99 · 199,00
  [1000, ['99', '49', '999'], [0]], // 1.299,00 · 1.249,00 · 1.999,00
];
/** Swiss prices end in whole 5 Rappen. */
const FIVE_CENTS_STYLE: readonly PriceTier[] = CENTS_STYLE.map(([from, wholes, cents]) => [from, wholes, cents.map((c) => (c === 99 ? 95 : c))]);
/** Turkish lira: 49,90 TL, 1.299 TL. */
const LIRA_STYLE: readonly PriceTier[] = [
  [0, [''], [99, 90, 50]],
  [10, ['9', '5'], [90, 99, 0]],
  [100, ['9', '49', '99'], [90, 0, 99]],
  [1000, ['99', '49', '999'], [0]],
];
/** Shown in whole kronor: 99 kr, 249 kr, 1 295 kr. */
const KRONA_STYLE: readonly PriceTier[] = [
  [0, ['9', '5'], [0]],
  [100, ['9', '49', '99', '95'], [0]],
  [1000, ['99', '49', '995'], [0]],
];
/** Whole amounts ending in 9s or 90: 299 Kč, 990 ₽, 1 299 ₴, 12 990 Ft. */
const WHOLE_STYLE: readonly PriceTier[] = [
  [0, ['9'], [0]],
  [100, ['99', '90', '49'], [0]],
  [1000, ['990', '999', '490'], [0]],
  [100000, ['000', '900'], [0]],
];
/** Yen: ¥980, ¥1,980, ¥12,800. */
const YEN_STYLE: readonly PriceTier[] = [
  [0, ['0', '8'], [0]],
  [100, ['80', '90', '00'], [0]],
  [1000, ['980', '800', '500', '000'], [0]],
  [10000, ['800', '980', '000'], [0]],
];
/** Won, dong, rupiah: 9,900₩, 29,900₩, 250.000 ₫. */
const THOUSANDS_STYLE: readonly PriceTier[] = [
  [0, ['0'], [0]],
  [1000, ['900', '500', '000'], [0]],
  [100000, ['000', '900'], [0]],
];
/** Yuan: ¥99, ¥128, ¥1,288. */
const YUAN_STYLE: readonly PriceTier[] = [
  [0, ['9', '8'], [0]],
  [100, ['99', '88', '68', '29'], [0]],
  [1000, ['999', '888', '299'], [0]],
];

const PRICE_STYLES: Readonly<Record<string, readonly PriceTier[]>> = {
  CHF: FIVE_CENTS_STYLE,
  TRY: LIRA_STYLE,
  SEK: KRONA_STYLE, NOK: KRONA_STYLE, DKK: KRONA_STYLE, ISK: KRONA_STYLE,
  CZK: WHOLE_STYLE, HUF: WHOLE_STYLE, RUB: WHOLE_STYLE, UAH: WHOLE_STYLE, INR: WHOLE_STYLE, KZT: WHOLE_STYLE, RSD: WHOLE_STYLE,
  TWD: WHOLE_STYLE, THB: WHOLE_STYLE, PHP: WHOLE_STYLE, NGN: WHOLE_STYLE, BDT: WHOLE_STYLE, NPR: WHOLE_STYLE, AMD: WHOLE_STYLE,
  MNT: WHOLE_STYLE, ARS: WHOLE_STYLE, EGP: WHOLE_STYLE,
  JPY: YEN_STYLE,
  KRW: THOUSANDS_STYLE, VND: THOUSANDS_STYLE, IDR: THOUSANDS_STYLE, UGX: THOUSANDS_STYLE, IRR: THOUSANDS_STYLE,
  CNY: YUAN_STYLE,
};

/**
 * A raw amount moved to the nearest price point of its currency (12.37 EUR gives 12.99 or 14.95, 1,237 EUR gives
 * 1,249.00, 1,837 JPY gives 1,980), within [lo, hi]; `choice` (any non-negative integer, drawn once per price) picks
 * among the tier's endings, so the same seed gives the same price. Returns `raw` when no price point fits.
 */
export function pricePoint(raw: number, lo: number, hi: number, currency: string, choice: number): number {
  const exp = currencyExponent(currency);
  const unit = 10 ** exp;
  const major = raw / unit;
  const tiers = PRICE_STYLES[currency] ?? CENTS_STYLE;
  let tier = tiers[0]!;
  for (const t of tiers) if (major >= t[0]) tier = t;
  const [, wholes, cents] = tier;
  const ending = wholes[choice % wholes.length]!;
  const cent = exp === 0 ? 0 : Math.round((cents[Math.floor(choice / wholes.length) % cents.length]! * unit) / 100);
  const whole = Math.floor(major);
  const step = ending === '' ? 1 : 10 ** ending.length;
  const snapped = ending === '' ? whole : Math.floor(whole / step) * step + Number(ending);
  // The point at or above the whole amount and the one a step below; the nearer that fits wins.
  const candidates = ending === '' ? [snapped] : [snapped, snapped - step, snapped + step].sort((a, b) => Math.abs(a - major) - Math.abs(b - major));
  for (const w of candidates) {
    const price = w * unit + cent;
    if (price >= Math.max(1, lo) && price <= hi) return price;
  }
  return raw;
}
