import { describe, expect, it } from 'vitest';
import { cashCountProblem, countTotal, DENOMINATIONS, denominationsOf, MAX_PIECES } from '../../../shared/denominations.ts';
import { minorDigits } from '../../../shared/money.ts';

const REQUIRED = [
  'EUR',
  'USD',
  'GBP',
  'CHF',
  'JPY',
  'AUD',
  'CAD',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'TRY',
  'AED',
  'INR',
  'THB',
  'SGD',
  'MXN',
  'BRL',
  'ZAR',
];

/** A note or coin is 1, 2, 2½ (a quarter) or 5 times a power of ten of the currency's major unit or below. */
function looksLikeMoney(minor: number): boolean {
  let n = minor;
  while (n % 10 === 0) n /= 10;
  return [1, 2, 25, 5].includes(n);
}

describe('the notes and coins of each currency', () => {
  it('lists every currency the counter is sold in', () => {
    for (const currency of REQUIRED) expect(denominationsOf(currency), currency).not.toBeNull();
  });

  it.each(Object.entries(DENOMINATIONS))('%s: positive whole minor units, largest first, each value once', (currency, table) => {
    const all = [...table.notes, ...table.coins];
    expect(all.length).toBeGreaterThan(3);
    for (const value of all) {
      expect(Number.isSafeInteger(value) && value > 0, `${currency} ${value}`).toBe(true);
      expect(looksLikeMoney(value), `${currency} ${value}`).toBe(true);
    }
    expect(all).toEqual([...all].sort((a, b) => b - a));
    expect(new Set(all).size).toBe(all.length);
    // The smallest note is worth more than the largest coin, as a drawer is laid out.
    expect(Math.min(...table.notes)).toBeGreaterThan(Math.max(...table.coins));
  });

  it('are in minor units as shared/money counts them: yen whole, a euro 100 cents, a crown 100 hellers', () => {
    expect(minorDigits('JPY')).toBe(0);
    expect(DENOMINATIONS.JPY!.notes).toContain(10_000); // ¥10,000
    expect(DENOMINATIONS.JPY!.coins.at(-1)).toBe(1); // ¥1
    expect(DENOMINATIONS.EUR!.coins).toContain(200); // €2
    expect(DENOMINATIONS.EUR!.coins.at(-1)).toBe(1); // 1 cent
    expect(DENOMINATIONS.CZK!.coins.at(-1)).toBe(100); // 1 Kč: no hellers since 2008
    expect(DENOMINATIONS.USD!.coins).toContain(25); // a quarter
  });

  it('has none for a currency not listed, which is counted as a total', () => {
    expect(denominationsOf('XAF')).toBeNull();
    expect(denominationsOf('toString')).toBeNull();
    expect(denominationsOf('__proto__')).toBeNull();
  });

  it('lists notes before coins, each marked', () => {
    const gbp = denominationsOf('GBP')!;
    expect(gbp[0]).toEqual({ value: 5000, kind: 'note' });
    expect(gbp.find((d) => d.value === 200)).toEqual({ value: 200, kind: 'coin' });
  });
});

describe('a count by denomination', () => {
  it('adds up each value times how many', () => {
    expect(countTotal([])).toBe(0);
    expect(
      countTotal([
        { value: 2000, count: 3 },
        { value: 25, count: 4 },
        { value: 1, count: 7 },
      ]),
    ).toBe(6107);
  });

  it('is refused for a currency without a table, a value it does not have, a value twice, or a bad number of pieces', () => {
    const usd = (counts: { value: number; count: number }[]) => cashCountProblem({ currency: 'USD', counts });
    expect(
      usd([
        { value: 2000, count: 3 },
        { value: 1, count: 0 },
      ]),
    ).toBeNull();
    expect(usd([])).toBeNull();
    expect(cashCountProblem({ currency: 'XAF', counts: [] })).toBe('currency');
    expect(usd([{ value: 300, count: 1 }])).toBe('denomination');
    expect(
      usd([
        { value: 100, count: 1 },
        { value: 100, count: 2 },
      ]),
    ).toBe('denomination');
    expect(usd([{ value: 100, count: -1 }])).toBe('pieces');
    expect(usd([{ value: 100, count: 1.5 }])).toBe('pieces');
    expect(usd([{ value: 100, count: MAX_PIECES + 1 }])).toBe('pieces');
    expect(usd([{ value: 100, count: MAX_PIECES }])).toBeNull();
  });
});
