/**
 * The manager's report for a period: totals, breakdowns by clerk, package, country and payment
 * method, sales per hour and per day, and the problems to look at first. Rows carry keys and the
 * names people gave (clerks, package titles), never words: the screen says "Cash" or a country's
 * name in its reader's language.
 */
import type Database from 'better-sqlite3';
import type { Breakdown, Report, ReportTotals, Totals } from '../../../shared/reports.ts';
import {
  quarterRows,
  problemCounts,
  problems,
  refundedRows,
  rowGroups,
  totalsGroups,
  totalsSums,
  type Group,
  type QuarterRow,
  type RefundedRow,
  type Sums,
  type TotalsTable,
} from './db.ts';
import { AmountsAcc } from './amounts.ts';
import { addDays, localDate, localHour, localRange } from '../../../shared/clock.ts';
import { marginOfSums } from './figures.ts';

type Named = Pick<Breakdown, 'name' | 'kind'>;
type Bucket = Named & { count: number; revenue: AmountsAcc; tax: AmountsAcc; margin: AmountsAcc; costUnknown: number };

class Breakdowns {
  readonly #buckets = new Map<string, Bucket>();

  add(key: string, named: Named, g: Group): void {
    let bucket = this.#buckets.get(key);
    if (!bucket) {
      bucket = { ...named, count: 0, revenue: new AmountsAcc(), tax: new AmountsAcc(), margin: new AmountsAcc(), costUnknown: 0 };
      this.#buckets.set(key, bucket);
    }
    bucket.count += g.count;
    bucket.revenue.add(g.revenue, g.retailCurrency);
    bucket.tax.add(g.tax, g.retailCurrency);
    bucket.margin.add(marginOfSums(g), g.retailCurrency);
    bucket.costUnknown += g.localCostUnknown;
  }

  /** Largest revenue first, then most sales; ties in a fixed order, whatever order the rows came in. */
  list(): Breakdown[] {
    return [...this.#buckets]
      .map(([key, b]) => ({
        key,
        ...(b.name === undefined ? {} : { name: b.name }),
        ...(b.kind === undefined ? {} : { kind: b.kind }),
        count: b.count,
        revenue: b.revenue.list(),
        tax: b.tax.list(),
        margin: b.margin.list(),
        costUnknown: b.costUnknown,
        sortBy: b.revenue.largest(),
      }))
      .sort(
        (a, b) =>
          b.sortBy - a.sortBy || b.count - a.count || (a.name ?? '').localeCompare(b.name ?? '') || a.key.localeCompare(b.key),
      )
      .map(({ sortBy: _sortBy, ...rest }) => rest);
  }
}

const DAY_MS = 86_400_000;
const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const utcQuarter = (ms: number) => new Date(ms).toISOString().slice(0, 16);

const monthStart = (ms: number, offset: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1);
};

/**
 * The groups of [from, to): whole UTC months and days from the running totals, the hours at the
 * ends from the rows themselves — nested, so each source covers only what the coarser one cannot.
 */
function groupsOf<T extends Sums>(
  db: Database.Database,
  fromMs: number,
  toMs: number,
  read: {
    /** The rows of a stretch shorter than a UTC day. */
    rows: (db: Database.Database, from: string, to: string) => T[];
    /** The running totals of whole UTC days or months. */
    totals: (db: Database.Database, table: TotalsTable, first: string, last: string) => T[];
  },
): T[] {
  const firstWholeDay = Math.ceil(fromMs / DAY_MS) * DAY_MS;
  const endOfWholeDays = Math.floor(toMs / DAY_MS) * DAY_MS;
  const rows = (a: number, b: number) => read.rows(db, new Date(a).toISOString(), new Date(b).toISOString());
  if (firstWholeDay >= endOfWholeDays) return rows(fromMs, toMs);
  const groups = [...rows(fromMs, firstWholeDay), ...rows(endOfWholeDays, toMs)];
  const days = (a: number, b: number) => (a < b ? read.totals(db, 'report_daily', utcDate(a), utcDate(b - DAY_MS)) : []);
  const firstWholeMonth = monthStart(firstWholeDay, firstWholeDay === monthStart(firstWholeDay, 0) ? 0 : 1);
  const endOfWholeMonths = monthStart(endOfWholeDays, 0);
  if (firstWholeMonth >= endOfWholeMonths) return [...groups, ...days(firstWholeDay, endOfWholeDays)];
  return [
    ...groups,
    ...days(firstWholeDay, firstWholeMonth),
    ...read.totals(
      db,
      'report_monthly',
      utcDate(firstWholeMonth).slice(0, 7),
      utcDate(monthStart(endOfWholeMonths, -1)).slice(0, 7),
    ),
    ...days(endOfWholeMonths, endOfWholeDays),
  ];
}

export type Period = { fromDate: string; toDate: string; timeZone: string };

export function buildReport(db: Database.Database, period: Period): Report {
  const { from, to } = localRange(period.fromDate, period.toDate, period.timeZone);
  const fromMs = Date.parse(from);
  const toMs = Date.parse(to);
  return assembleReport(
    {
      groups: groupsOf(db, fromMs, toMs, { rows: rowGroups, totals: totalsGroups }),
      quarters: quarterRows(db, utcQuarter(fromMs), utcQuarter(toMs)),
      problems: problems(db, from, to),
      problemCounts: problemCounts(db, from, to),
      refunded: refundedRows(db, from, to),
    },
    period,
  );
}

/**
 * A period's totals alone, from the same groups as its report: a comparison needs no charts,
 * breakdowns or problems, and reading them is most of a report's time.
 */
export function buildTotals(db: Database.Database, period: Period): ReportTotals {
  const { from, to } = localRange(period.fromDate, period.toDate, period.timeZone);
  // The ends' hours as a report reads them (a Group is Sums and more); whole days and months summed by currency.
  const sums = groupsOf(db, Date.parse(from), Date.parse(to), { rows: rowGroups, totals: totalsSums });
  return {
    fromDate: period.fromDate,
    toDate: period.toDate,
    timeZone: period.timeZone,
    totals: sumTotals(sums, refundedRows(db, from, to)),
  };
}

/** What a report is made of: money groups, counts per UTC quarter hour (or finer), and the problems. */
export type ReportParts = {
  groups: readonly Group[];
  quarters: readonly QuarterRow[];
  problems: Report['problems'];
  problemCounts: Report['problemCounts'];
  /** The refunded eSIMs of the period's sales; left out where the report records takings (a close). */
  refunded?: readonly RefundedRow[];
};

/** A period's totals from its sums, however finely they were grouped. */
function sumTotals(groups: readonly Sums[], refunded: readonly RefundedRow[] | undefined): Totals {
  const revenue = new AmountsAcc();
  const cost = new AmountsAcc();
  const margin = new AmountsAcc();
  const tax = new AmountsAcc();
  const costLocal = new AmountsAcc();
  let sales = 0;
  let esims = 0;
  let topups = 0;
  let vouchers = 0;
  let voucherCodes = 0;
  const voucherRevenue = new AmountsAcc();
  let costUnknown = 0;
  for (const g of groups) {
    if (g.kind === 'sale') {
      sales += g.count;
      esims += g.esims;
    } else if (g.kind === 'voucher') {
      vouchers += g.count;
      voucherCodes += g.esims;
      voucherRevenue.add(g.revenue, g.retailCurrency);
    } else {
      topups += g.count;
    }
    revenue.add(g.revenue, g.retailCurrency);
    cost.add(g.cost, g.netCurrency);
    tax.add(g.tax, g.retailCurrency);
    costLocal.add(g.costLocal, g.retailCurrency);
    // The margin is taken in the currency sold in: revenue less its tax less the cost at the sale's rate.
    costUnknown += g.localCostUnknown;
    margin.add(marginOfSums(g), g.retailCurrency);
  }
  return {
    sales,
    esims,
    topups,
    vouchers,
    voucherCodes,
    voucherRevenue: voucherRevenue.list(),
    revenue: revenue.list(),
    cost: cost.list(),
    costLocal: costLocal.list(),
    tax: tax.list(),
    margin: margin.list(),
    costUnknown,
    ...(refunded?.length ? { refunded: refundedTotals(refunded) } : {}),
  };
}

/** The report of `parts`, whichever rows they were taken from (a period, or what one close covers). */
export function assembleReport(parts: ReportParts, period: Period): Report {
  const byClerk = new Breakdowns();
  const byPackage = new Breakdowns();
  const byCountry = new Breakdowns();
  const byPayment = new Breakdowns();
  for (const g of parts.groups) {
    // A package for several countries (regional, global) has no country code.
    if (g.kind === 'sale') byCountry.add(g.countryCode || 'regional', {}, g);
    byClerk.add(g.staffId, { name: g.staffName }, g);
    byPackage.add(`${g.kind}:${g.packageId}`, { name: g.packageTitle, kind: g.kind }, g);
    byPayment.add(g.paymentMethod, {}, g);
  }

  // Charts by local hour and day from UTC quarter hours, which fall wholly inside one local hour.
  const perHour = new Array<number>(24).fill(0);
  const perDay = new Map<string, { count: number; revenue: AmountsAcc; margin: AmountsAcc }>();
  for (let date = period.fromDate; date <= period.toDate; date = addDays(date, 1))
    perDay.set(date, { count: 0, revenue: new AmountsAcc(), margin: new AmountsAcc() });
  for (const row of parts.quarters) {
    const ms = Date.parse(`${row.utcQuarter}:00Z`);
    const hour = localHour(ms, period.timeZone);
    perHour[hour] = (perHour[hour] ?? 0) + row.count;
    const day = perDay.get(localDate(ms, period.timeZone));
    if (day) {
      day.count += row.count;
      day.revenue.add(row.revenue, row.currency);
      day.margin.add(row.margin, row.currency);
    }
  }

  return {
    fromDate: period.fromDate,
    toDate: period.toDate,
    timeZone: period.timeZone,
    totals: sumTotals(parts.groups, parts.refunded),
    byClerk: byClerk.list(),
    byPackage: byPackage.list(),
    byCountry: byCountry.list(),
    byPaymentMethod: byPayment.list() as Report['byPaymentMethod'],
    perHour: perHour.map((count, hour) => ({ hour, count })),
    perDay: [...perDay].map(([date, d]) => ({
      date,
      count: d.count,
      revenue: d.revenue.list(),
      margin: d.margin.list(),
    })),
    problems: parts.problems,
    problemCounts: parts.problemCounts,
  };
}

function refundedTotals(rows: readonly RefundedRow[]): NonNullable<Report['totals']['refunded']> {
  const value = new AmountsAcc();
  const cost = new AmountsAcc();
  let esims = 0;
  for (const r of rows) {
    esims += r.esims;
    value.add(r.value, r.retailCurrency);
    cost.add(r.cost, r.netCurrency);
  }
  return { esims, value: value.list(), cost: cost.list() };
}
