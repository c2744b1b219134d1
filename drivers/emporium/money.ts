/**
 * Money between the Seeder's integer minor units and emporium's two-place decimal strings (STYLE 14:
 * the conversion lives in the driver). Emporium keeps exactly two decimals, whatever the currency:
 * 1500 JPY (no minor unit) is "1500.00"; a currency with three decimals (JOD) is rounded to two,
 * which is the one lossy case (`isExact`).
 */
import { currencyExponent } from '../../plugin-api.ts';

/** Hundredths of the major unit from minor units of `currency` (rounded half up for 3-decimal currencies). */
function hundredths(minor: number, currency: string): number {
  const exp = currencyExponent(currency);
  if (exp === 2) return minor;
  if (exp < 2) return minor * 10 ** (2 - exp);
  const d = 10 ** (exp - 2);
  return Math.sign(minor) * Math.round(Math.abs(minor) / d);
}

function formatHundredths(h: number): string {
  const sign = h < 0 ? '-' : '';
  const a = Math.abs(h);
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}

/** Minor units of `currency` as emporium's decimal string: 1250 EUR is "12.50", 1500 JPY is "1500.00". */
export function toDecimal(minor: number, currency: string): string {
  return formatHundredths(hundredths(minor, currency));
}

export function toDecimalOrNull(minor: number | null | undefined, currency: string): string | null {
  return minor === null || minor === undefined ? null : toDecimal(minor, currency);
}

/** Emporium's decimal string as minor units of `currency`: "12.50" EUR is 1250. */
export function fromDecimal(decimal: string | null | undefined, currency: string): number {
  if (decimal === null || decimal === undefined || decimal === '') return 0;
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(decimal.trim());
  if (!m) return 0;
  const h = (Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'))) * (m[1] === '-' ? -1 : 1);
  const exp = currencyExponent(currency);
  return exp >= 2 ? h * 10 ** (exp - 2) : Math.round(h / 10 ** (2 - exp));
}

export function fromDecimalOrNull(decimal: string | null | undefined, currency: string): number | null {
  return decimal === null || decimal === undefined || decimal === '' ? null : fromDecimal(decimal, currency);
}

/** Whether emporium holds amounts of `currency` without rounding. */
export function isExact(currency: string): boolean {
  return currencyExponent(currency) <= 2;
}

/** A percentage (19, 7.7, 5.5) as emporium's tax rate: a decimal string with four places. */
export function toRate(percent: number): string {
  const n = Math.round(percent * 10_000);
  return `${Math.floor(n / 10_000)}.${String(n % 10_000).padStart(4, '0')}`;
}

/** A percentage (15) as the amount of an emporium percent coupon: "15.00". */
export function toPercentAmount(percent: number): string {
  return formatHundredths(Math.round(percent * 100));
}

/** Grams as emporium's weight text in kilograms (WooCommerce's default unit): 1250 is "1.25". */
export function gramsToKg(grams: number): string {
  const g = Math.max(0, Math.round(grams));
  const frac = String(g % 1000).padStart(3, '0').replace(/0+$/, '');
  return frac ? `${Math.floor(g / 1000)}.${frac}` : String(Math.floor(g / 1000));
}
