import { describe, expect, it } from 'vitest';
import {
  addMoney,
  CurrencyMismatchError,
  formatMoney,
  minorDigits,
  money,
  multiplyMoney,
  subtractMoney,
  sumMoney,
  toDecimalString,
  toMinor,
} from '../../../shared/money.ts';

describe('minorDigits', () => {
  it('uses the table for currencies traded without cents, Intl otherwise', () => {
    expect(minorDigits('USD')).toBe(2);
    expect(minorDigits('EUR')).toBe(2);
    for (const c of ['JPY', 'KRW', 'VND', 'IDR']) expect(minorDigits(c)).toBe(0);
    expect(minorDigits('KWD')).toBe(3);
    expect(() => minorDigits('usd')).toThrow(RangeError);
  });
});

describe('toMinor', () => {
  it('converts decimal strings exactly', () => {
    expect(toMinor('9.50', 'USD')).toBe(950);
    expect(toMinor('0.29', 'USD')).toBe(29);
    expect(toMinor('1.1', 'EUR')).toBe(110);
    expect(toMinor('12', 'EUR')).toBe(1200);
    expect(toMinor('.5', 'EUR')).toBe(50);
    expect(toMinor('1.250', 'KWD')).toBe(1250);
    expect(toMinor('1500', 'JPY')).toBe(1500);
    expect(toMinor('-3.20', 'USD')).toBe(-320);
  });

  it('converts numbers without float drift where x * 100 would drift', () => {
    // 4.35 * 100 = 434.99999999999994, 1.005 * 100 = 100.49999999999999
    expect(toMinor(4.35, 'USD')).toBe(435);
    expect(toMinor(0.57, 'USD')).toBe(57);
    expect(toMinor(1.005, 'USD')).toBe(101);
    expect(toMinor(9.5, 'USD')).toBe(950);
    expect(toMinor(0.1 + 0.2, 'USD')).toBe(30);
  });

  it('rounds digits beyond the currency half away from zero', () => {
    expect(toMinor('2.345', 'USD')).toBe(235);
    expect(toMinor('2.344', 'USD')).toBe(234);
    expect(toMinor('-2.345', 'USD')).toBe(-235);
    expect(toMinor('1499.5', 'JPY')).toBe(1500);
    expect(toMinor('-0.001', 'USD')).toBe(0);
    expect(Object.is(toMinor('-0.001', 'USD'), -0)).toBe(false);
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['', 'abc', '1,50', '1.2.3', '$5', ' - 1']) expect(() => toMinor(bad, 'USD')).toThrow(RangeError);
    expect(() => toMinor(Number.NaN, 'USD')).toThrow(RangeError);
    expect(() => toMinor(Infinity, 'USD')).toThrow(RangeError);
    expect(() => toMinor('99999999999999999999', 'USD')).toThrow(RangeError);
  });
});

describe('money helpers', () => {
  it('money() refuses fractions of a minor unit and bad codes', () => {
    expect(money(950, 'USD')).toEqual({ minor: 950, currency: 'USD' });
    expect(() => money(9.5, 'USD')).toThrow(RangeError);
    expect(() => money(1, 'US')).toThrow(RangeError);
  });

  it('adds, subtracts, multiplies and sums one currency', () => {
    const a = money(950, 'USD');
    expect(addMoney(a, money(50, 'USD'))).toEqual(money(1000, 'USD'));
    expect(subtractMoney(a, money(1000, 'USD'))).toEqual(money(-50, 'USD'));
    expect(multiplyMoney(a, 3)).toEqual(money(2850, 'USD'));
    expect(sumMoney([a, a, a], 'USD')).toEqual(money(2850, 'USD'));
    expect(sumMoney([], 'EUR')).toEqual(money(0, 'EUR'));
    expect(() => multiplyMoney(a, 1.5)).toThrow(RangeError);
  });

  it('refuses to mix currencies', () => {
    expect(() => addMoney(money(1, 'USD'), money(1, 'EUR'))).toThrow(CurrencyMismatchError);
    expect(() => subtractMoney(money(1, 'USD'), money(1, 'EUR'))).toThrow(CurrencyMismatchError);
    expect(() => sumMoney([money(1, 'USD')], 'EUR')).toThrow(CurrencyMismatchError);
  });
});

describe('toDecimalString and formatMoney', () => {
  it('writes minor units back as decimal text', () => {
    expect(toDecimalString(money(950, 'USD'))).toBe('9.50');
    expect(toDecimalString(money(5, 'USD'))).toBe('0.05');
    expect(toDecimalString(money(-5, 'USD'))).toBe('-0.05');
    expect(toDecimalString(money(1500, 'JPY'))).toBe('1500');
    expect(toDecimalString(money(1250, 'KWD'))).toBe('1.250');
  });

  it('formats with the currency digits in the given locale', () => {
    // Intl puts no-break spaces between code and amount; compare them as plain spaces.
    const fmt = (minor: number, currency: string, locale: string) =>
      formatMoney(money(minor, currency), locale).replace(/\s/g, ' ');
    expect(fmt(950, 'USD', 'en-US')).toBe('$9.50');
    expect(fmt(150000, 'IDR', 'en-US')).toBe('IDR 150,000');
    expect(fmt(1250, 'KWD', 'en-US')).toBe('KWD 1.250');
    expect(fmt(123456, 'EUR', 'de-DE')).toBe('1.234,56 €');
    expect(fmt(-5, 'USD', 'en-US')).toBe('-$0.05');
  });
});
