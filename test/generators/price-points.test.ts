/**
 * Prices at the price points of the shop's currency (issue 19, point 2): 19,99 € and 1.299,00 € rather than
 * 12.37; yen and won without decimals; the same seed, the same prices.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { existingRecords } from '../../generators/existing.ts';
import { LOCALES, localeInfo } from '../../generators/locales.ts';
import { currencyExponent, formatMoney, pricePoint } from '../../generators/money.ts';
import { run } from './support/fixture.ts';

const EMPTY = existingRecords({});

interface Priced {
  currency: string;
  regular_price_minor: number;
  sale_price_minor: number | null;
}

function products(locale: string, seed = 'price-points'): Priced[] {
  return run('product', { count: 60, seed, locale }, EMPTY).entities as unknown as Priced[];
}

/** Whether a price looks like a shop's: cents among the usual endings, whole amounts ending in the usual digits. */
function isPricePoint(minor: number, currency: string): boolean {
  const exp = currencyExponent(currency);
  const unit = 10 ** exp;
  const cents = exp === 0 ? 0 : Math.round(((minor % unit) * 100) / unit);
  const whole = Math.floor(minor / unit);
  if (![0, 99, 95, 90, 50].includes(cents)) return false;
  if (whole < 10) return true;
  // The last significant digits are 9, 5, 4, 0 or 8 (¥1,980, 1.299 €, 995 kr, 14,90 €, ¥128).
  return /[0-9]*(9|5|4|0|8)$/.test(String(whole));
}

describe('generators: price points per currency (issue 19, point 2)', () => {
  it('writes money as the locale reads it', () => {
    // Intl separates with no-break spaces; compared here as plain ones.
    const money = (minor: number, currency: string, locale: string) => formatMoney(minor, currency, locale).replace(/[\u00a0\u202f]/g, ' ');
    expect(money(999, 'EUR', 'de_DE')).to.equal('9,99 €');
    expect(money(129900, 'EUR', 'de_DE')).to.equal('1.299,00 €');
    expect(money(1980, 'JPY', 'ja_JP')).to.equal('￥1,980');
    expect(money(129900, 'SEK', 'sv_SE')).to.equal('1 299 kr');
    expect(money(1999, 'USD', 'en_US')).to.equal('$19.99');
  });

  it('every locale\'s products are priced at its currency\'s price points, the same for the same seed', () => {
    for (const { code } of LOCALES) {
      const rows = products(code);
      expect(products(code), code).to.deep.equal(rows);
      const currency = localeInfo(code).currency;
      for (const p of rows) {
        expect(p.currency).to.equal(currency);
        expect(isPricePoint(p.regular_price_minor, currency), `${code}: ${formatMoney(p.regular_price_minor, currency, code)}`).to.equal(true);
        if (p.sale_price_minor !== null) expect(p.sale_price_minor, code).to.be.below(p.regular_price_minor).and.at.least(1);
      }
    }
  });

  it('currencies without minor units get whole amounts; yen, won and kronor end on round figures', () => {
    for (const [locale, currency, step] of [['ja_JP', 'JPY', 10], ['ko_KR', 'KRW', 100], ['sv_SE', 'SEK', 100]] as const) {
      for (const p of products(locale)) {
        expect(p.currency).to.equal(currency);
        expect(p.regular_price_minor % step, `${locale}: ${p.regular_price_minor}`).to.equal(0);
      }
    }
  });

  it('euro prices end in ,99 ,95 ,90 ,50 or ,00, and amounts over 1.000 € are whole (1.299,00 €)', () => {
    const rows = run('product', { count: 80, seed: 'euro', locale: 'de_DE', price_range: { min: 1, max: 3000 } }, EMPTY).entities as unknown as Priced[];
    for (const p of rows) {
      expect([0, 50, 90, 95, 99]).to.include(p.regular_price_minor % 100);
      if (p.regular_price_minor >= 100000) expect(p.regular_price_minor % 100).to.equal(0);
    }
    expect(new Set(rows.map((p) => p.regular_price_minor % 100)).size, 'several endings').to.be.above(2);
  });

  it('a price point stays within the bounds it is given, or the raw amount is kept', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('EUR', 'USD', 'JPY', 'KRW', 'SEK', 'CZK', 'CHF', 'TRY', 'CNY', 'JOD'),
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.nat(),
        (currency, lo, width, choice) => {
          const hi = lo + width;
          const raw = lo + Math.floor(width / 2);
          const price = pricePoint(raw, lo, hi, currency, choice);
          expect(price).to.be.within(lo, hi);
          expect(pricePoint(raw, lo, hi, currency, choice)).to.equal(price);
        },
      ),
      { numRuns: 500 },
    );
  });
});
