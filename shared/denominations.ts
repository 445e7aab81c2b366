/**
 * The notes and coins a drawer holds, per currency, for counting the cash at a close by
 * denomination instead of as one total. Values are minor units of the currency as shared/money.ts
 * counts them (a yen is 1, a euro cent 1, a Czech crown 100 although its hellers are gone), largest
 * first as a drawer is counted. Only what circulates at a shop's till is listed: a value that
 * exists both as a note and a coin (the US dollar, India's ₹10 and ₹20, Mexico's $20) is listed
 * once, where most of it is, and counted together. A currency not listed here is counted as a
 * total only. No imports but money's types: the renderer loads it with the close screen.
 */

/** One value in a table: its minor units and whether it is a note or a coin. */
export type Denomination = { readonly value: number; readonly kind: 'note' | 'coin' };

/** How many of one value were counted. */
export type DenominationCount = { readonly value: number; readonly count: number };

/** The cash of one currency counted by denomination at a close: kept with the close, written once. */
export type CashCount = { readonly currency: string; readonly counts: readonly DenominationCount[] };

/** The most of one note or coin a count takes: a drawer holds far fewer; more is a typing slip. */
export const MAX_PIECES = 100_000;

type Table = { readonly notes: readonly number[]; readonly coins: readonly number[] };

/** Circulating notes and coins (central banks' lists, 2025), largest first, in minor units. */
export const DENOMINATIONS: Readonly<Record<string, Table>> = {
  // €500 is no longer issued but stays legal tender; 1 and 2 cents circulate outside Finland and Ireland too.
  EUR: { notes: [50000, 20000, 10000, 5000, 2000, 1000, 500], coins: [200, 100, 50, 20, 10, 5, 2, 1] },
  // The $1 coin is rare: dollars are counted with the notes. The half dollar is kept: some tills see it.
  USD: { notes: [10000, 5000, 2000, 1000, 500, 200, 100], coins: [50, 25, 10, 5, 1] },
  GBP: { notes: [5000, 2000, 1000, 500], coins: [200, 100, 50, 20, 10, 5, 2, 1] },
  // The 1 and 2 rappen coins were withdrawn.
  CHF: { notes: [100000, 20000, 10000, 5000, 2000, 1000], coins: [500, 200, 100, 50, 20, 10, 5] },
  JPY: { notes: [10000, 5000, 2000, 1000], coins: [500, 100, 50, 10, 5, 1] },
  AUD: { notes: [10000, 5000, 2000, 1000, 500], coins: [200, 100, 50, 20, 10, 5] },
  // No penny since 2013; the 50-cent coin is made for collectors only.
  CAD: { notes: [10000, 5000, 2000, 1000, 500], coins: [200, 100, 25, 10, 5] },
  SEK: { notes: [100000, 50000, 20000, 10000, 5000, 2000], coins: [1000, 500, 200, 100] },
  NOK: { notes: [100000, 50000, 20000, 10000, 5000], coins: [2000, 1000, 500, 100] },
  DKK: { notes: [100000, 50000, 20000, 10000, 5000], coins: [2000, 1000, 500, 200, 100, 50] },
  PLN: { notes: [50000, 20000, 10000, 5000, 2000, 1000], coins: [500, 200, 100, 50, 20, 10, 5, 2, 1] },
  // Hellers are gone since 2008: every value is whole crowns (100 minor units each).
  CZK: { notes: [500000, 200000, 100000, 50000, 20000, 10000], coins: [5000, 2000, 1000, 500, 200, 100] },
  TRY: { notes: [20000, 10000, 5000, 2000, 1000, 500], coins: [100, 50, 25, 10, 5] },
  // The 5 and 10 fils coins are rarely seen.
  AED: { notes: [100000, 50000, 20000, 10000, 5000, 2000, 1000, 500], coins: [100, 50, 25] },
  // The ₹2000 note was withdrawn in 2023; ₹10 and ₹20 coins are counted with the notes.
  INR: { notes: [50000, 20000, 10000, 5000, 2000, 1000], coins: [500, 200, 100] },
  THB: { notes: [100000, 50000, 10000, 5000, 2000], coins: [1000, 500, 200, 100, 50, 25] },
  // The $10,000 note is no longer issued and the $1,000 one is not seen at a till; there is no $20 note in circulation.
  SGD: { notes: [10000, 5000, 1000, 500, 200], coins: [100, 50, 20, 10, 5] },
  // The $20 coin is counted with the $20 notes.
  MXN: { notes: [100000, 50000, 20000, 10000, 5000, 2000], coins: [1000, 500, 200, 100, 50, 20, 10] },
  // The 1 centavo coin is no longer made.
  BRL: { notes: [20000, 10000, 5000, 2000, 1000, 500, 200], coins: [100, 50, 25, 10, 5] },
  ZAR: { notes: [20000, 10000, 5000, 2000, 1000], coins: [500, 200, 100, 50, 20, 10] },
};

/** The currency's notes then coins, largest first; null for a currency counted as a total only. */
export function denominationsOf(currency: string): readonly Denomination[] | null {
  const table = Object.hasOwn(DENOMINATIONS, currency) ? DENOMINATIONS[currency] : undefined;
  if (!table) return null;
  return [
    ...table.notes.map((value) => ({ value, kind: 'note' as const })),
    ...table.coins.map((value) => ({ value, kind: 'coin' as const })),
  ];
}

/** The counted cash a count adds up to, in minor units. */
export function countTotal(counts: readonly DenominationCount[]): number {
  return counts.reduce((sum, c) => sum + c.value * c.count, 0);
}

/**
 * What is wrong with a count, if anything: a currency without a table, a value that is not one of
 * its notes or coins (or is given twice), a number of pieces that is not whole or out of range.
 */
export function cashCountProblem(count: CashCount): 'currency' | 'denomination' | 'pieces' | null {
  const table = denominationsOf(count.currency);
  if (!table) return 'currency';
  const seen = new Set<number>();
  for (const c of count.counts) {
    if (!table.some((d) => d.value === c.value) || seen.has(c.value)) return 'denomination';
    seen.add(c.value);
    if (!Number.isInteger(c.count) || c.count < 0 || c.count > MAX_PIECES) return 'pieces';
  }
  return null;
}
