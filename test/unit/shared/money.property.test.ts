import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMoney,
  formatMoney,
  minorDigits,
  multiplyMoney,
  subtractMoney,
  sumMoney,
  toDecimalString,
  toMinor,
} from '../../../shared/money.ts';

const currencies = fc.constantFrom('USD', 'EUR', 'GBP', 'JPY', 'KWD', 'BHD', 'CLP');
const amount = fc.integer({ min: -1_000_000_000, max: 1_000_000_000 });

describe('money, for any amount', () => {
  it('reads back exactly what it writes: minor units → decimal text → minor units', () => {
    fc.assert(
      fc.property(amount, currencies, (minor, currency) => {
        expect(toMinor(toDecimalString({ minor, currency }), currency)).toBe(minor);
      }),
    );
  });

  it('never loses or invents a cent when the service sends a number with the currency’s digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), currencies, (minor, currency) => {
        const decimal = Number(toDecimalString({ minor, currency }));
        expect(toMinor(decimal, currency)).toBe(minor);
      }),
    );
  });

  it('rounds a digit past the currency’s half away from zero, never by float error', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 9 }), (minor, extra) => {
        const text = `${toDecimalString({ minor, currency: 'USD' })}${extra}`;
        expect(toMinor(text, 'USD')).toBe(minor + (extra >= 5 ? 1 : 0));
        expect(toMinor(`-${text}`, 'USD')).toBe(minor === 0 && extra < 5 ? 0 : -(minor + (extra >= 5 ? 1 : 0)));
      }),
    );
  });

  it('adds, subtracts, multiplies and sums as integers', () => {
    fc.assert(
      fc.property(amount, amount, fc.integer({ min: 0, max: 50 }), currencies, (a, b, n, currency) => {
        const x = { minor: a, currency };
        const y = { minor: b, currency };
        expect(subtractMoney(addMoney(x, y), y)).toEqual(x);
        expect(multiplyMoney(x, n).minor).toBe(a * n + 0); // never -0
        expect(
          sumMoney(
            Array.from({ length: n }, () => x),
            currency,
          ).minor,
        ).toBe(a * n + 0);
        expect(Number.isInteger(addMoney(x, y).minor)).toBe(true);
      }),
    );
  });

  it('knows how many digits each currency has', () => {
    expect([minorDigits('USD'), minorDigits('JPY'), minorDigits('KWD')]).toEqual([2, 0, 3]);
  });
});

describe('zero', () => {
  it('has no sign, however it was reached, so it never prints as “-$0.00”', () => {
    const zero = multiplyMoney({ minor: -450, currency: 'USD' }, 0);
    expect(Object.is(zero.minor, 0)).toBe(true);
  });
});

describe('formatting', () => {
  it('prints every amount exactly, also past what a double holds (the decimal text, not a Number)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (minor) => {
        const printed = formatMoney({ minor, currency: 'USD' }, 'en-US').replace(/[$,]/g, '');
        expect(printed).toBe(toDecimalString({ minor, currency: 'USD' }));
      }),
    );
  });
});
