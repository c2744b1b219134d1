/** Issue #5 (emporium driver): canonical minor units to emporium's two-place decimal strings and back. */
import { expect } from 'chai';
import { fromDecimal, gramsToKg, isExact, toDecimal, toPercentAmount, toRate } from '../../drivers/emporium/money.ts';

describe('emporium money conversion', () => {
  it('writes minor units as two-place decimals whatever the currency\'s minor unit', () => {
    expect(toDecimal(1250, 'EUR')).to.equal('12.50');
    expect(toDecimal(5, 'USD')).to.equal('0.05');
    expect(toDecimal(0, 'USD')).to.equal('0.00');
    expect(toDecimal(1500, 'JPY')).to.equal('1500.00');
    // Three decimals are rounded to two, half up: the one lossy case.
    expect(toDecimal(12345, 'JOD')).to.equal('12.35');
    expect(isExact('JOD')).to.equal(false);
    expect(isExact('JPY')).to.equal(true);
  });

  it('reads decimals back as minor units', () => {
    for (const [minor, currency] of [[1250, 'EUR'], [1, 'USD'], [1500, 'JPY'], [99_999_999, 'GBP']] as const) {
      expect(fromDecimal(toDecimal(minor, currency), currency)).to.equal(minor);
    }
    expect(fromDecimal('12.5', 'EUR')).to.equal(1250);
    expect(fromDecimal('12', 'EUR')).to.equal(1200);
    expect(fromDecimal('12.35', 'JOD')).to.equal(12350);
    expect(fromDecimal(null, 'EUR')).to.equal(0);
  });

  it('writes rates with four places, percent coupons with two, weights in kilograms', () => {
    expect(toRate(19)).to.equal('19.0000');
    expect(toRate(7.7)).to.equal('7.7000');
    expect(toRate(5.5)).to.equal('5.5000');
    expect(toPercentAmount(15)).to.equal('15.00');
    expect(gramsToKg(1250)).to.equal('1.25');
    expect(gramsToKg(20)).to.equal('0.02');
    expect(gramsToKg(3000)).to.equal('3');
  });
});
