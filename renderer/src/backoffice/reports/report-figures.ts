/**
 * Margin % and comparisons of a report's totals. Amounts never mix currencies: a ratio is taken
 * in one currency, the store's usual single one; figures in several currencies are compared per
 * currency and the first is shown. The margin counts only sales whose cost is known (the report
 * says how many are left out), so its % is of the revenue net of tax of all sales: a lower bound
 * while some costs are unknown, as the report's asterisk says.
 */
import type { Money } from '../../../../shared/money.ts';
import type { Amounts, Breakdown, Totals } from '../../../../shared/reports.ts';

/** The figure of `currency` in `amounts`, 0 when it has none. */
const of = (amounts: Amounts | undefined, currency: string) => amounts?.find((m) => m.currency === currency)?.minor ?? 0;

/** The currency a report's figures are compared in: its revenue's first. */
export function mainCurrency(totals: Totals): string | null {
  return totals.revenue[0]?.currency ?? totals.margin[0]?.currency ?? null;
}

/** Margin over revenue net of tax, as a ratio (0.213); null with no revenue. */
export function marginRatio(totals: Pick<Totals, 'revenue' | 'tax' | 'margin'>, currency: string): number | null {
  const net = of(totals.revenue, currency) - of(totals.tax, currency);
  return net > 0 ? of(totals.margin, currency) / net : null;
}

/**
 * A row's margin % in `currency` (its first by default); null where it is not known: no cost known for any of its
 * sales, or its tax not recorded (a close made before rows carried it).
 */
export function rowRatio(row: Breakdown, currency = row.revenue[0]?.currency): number | null {
  if (!currency || !row.tax || (row.costUnknown ?? 0) >= row.count) return null;
  return marginRatio({ revenue: row.revenue, tax: row.tax, margin: row.margin }, currency);
}

export type Figure = 'count' | 'revenue' | 'margin' | 'marginRatio';

/** How many things were sold: each sale, top-up and voucher batch once, as the charts and breakdowns count them. */
export const countOf = (totals: Pick<Totals, 'sales' | 'topups' | 'vouchers'>): number =>
  totals.sales + totals.topups + (totals.vouchers ?? 0);

/** One figure of a report's totals: a count, an amount in `currency`, or a ratio. */
export function figure(totals: Totals, which: Figure, currency: string): number | Money | null {
  switch (which) {
    case 'count':
      return countOf(totals);
    case 'revenue':
      return { minor: of(totals.revenue, currency), currency };
    case 'margin':
      return { minor: of(totals.margin, currency), currency };
    case 'marginRatio':
      return marginRatio(totals, currency);
  }
}

/**
 * The change from `before` to `now` as a ratio (+0.25 for a quarter more); for margin % the
 * difference in points (0.213 → 0.25 is +0.037). Null when there is nothing to compare with.
 */
export function change(now: number | Money | null, before: number | Money | null, which: Figure): number | null {
  if (now === null || before === null) return null;
  const a = typeof now === 'number' ? now : now.minor;
  const b = typeof before === 'number' ? before : before.minor;
  if (which === 'marginRatio') return a - b;
  return b === 0 ? null : (a - b) / Math.abs(b);
}
