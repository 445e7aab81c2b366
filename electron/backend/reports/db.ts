/**
 * The aggregations behind the manager's reports. Whole UTC months and days come from the running
 * totals (report_monthly, report_daily, report_quarter_hourly, report_quarter_margin); the hours at
 * either end of a local day that do not fill a UTC day come from the completed lines themselves
 * (the view report_lines, a voucher batch's codes in `esims`). Both are built from the figures'
 * one definition, electron/backend/reports/figures.ts. Only completed rows are money.
 */
import type Database from 'better-sqlite3';
import type { LineKind } from '../../../shared/reports.ts';
import type { PaymentMethod, SaleStatus } from '../../../shared/sales.ts';
import { statement } from '../journal/statements.ts';
import { VOUCHER_REFERENCE } from '../vouchers/db.ts';
import { figureSql, sumsSql } from './figures.ts';

/** Money of completed sales or top-ups in one pair of currencies: what a period's totals add up. */
export type Sums = {
  kind: LineKind;
  retailCurrency: string;
  netCurrency: string;
  count: number;
  /** eSIMs sold, or a voucher batch's codes. */
  esims: number;
  revenue: number;
  /** The cost of the orders whose cost is known, ... */
  cost: number;
  /** ... how many are not known, ... */
  costUnknown: number;
  /** ... and the revenue of the known ones: a margin is taken over those alone. */
  costedRevenue: number;
  /** The tax in the revenue (migration 0012). */
  tax: number;
  /** The cost in the store's currency (retailCurrency) of the rows whose local cost is known, ... */
  costLocal: number;
  /** ... how many are not known, ... */
  localCostUnknown: number;
  /** ... and the revenue less tax of the known ones: the margin in the store's currency is this less costLocal. */
  localCostedNetRevenue: number;
};

/** Sums of one clerk, package, country and payment method: what a report's breakdowns are made of. */
export type Group = Sums & {
  staffId: string;
  staffName: string;
  packageId: string;
  packageTitle: string;
  /** '' for regional and global packages and for top-ups. */
  countryCode: string;
  paymentMethod: PaymentMethod;
};

/**
 * Completed sales and top-ups of a UTC quarter hour in one currency. The margin is in that currency,
 * over the rows whose cost there is known (migration 0018); the others add nothing to it.
 */
export type QuarterRow = { utcQuarter: string; count: number; revenue: number; margin: number; currency: string };

export type ProblemRow = {
  kind: LineKind;
  id: string;
  reference: string;
  status: SaleStatus;
  createdAt: string;
  reason: string | null;
};

const GROUP_KEYS = 'kind, staff_id, package_id, country_code, payment_method, retail_currency, net_currency';

export type TotalsTable = 'report_daily' | 'report_monthly';
const periodColumn = (table: TotalsTable) => (table === 'report_daily' ? 'utc_date' : 'utc_month');

/**
 * Running totals of whole UTC periods: `table` report_daily with dates, report_monthly with months
 * ('YYYY-MM'), both inclusive. Names are joined after grouping, on far fewer rows.
 */
export function totalsGroups(db: Database.Database, table: TotalsTable, first: string, last: string): Group[] {
  return statement(
    db,
    `SELECT g.*, coalesce(st.name, g.staffId) AS staffName FROM (
       SELECT kind, staff_id AS staffId, package_id AS packageId, max(package_title) AS packageTitle, country_code AS countryCode,
         payment_method AS paymentMethod, retail_currency AS retailCurrency, net_currency AS netCurrency, ${sumsSql()}
       FROM ${table} WHERE ${periodColumn(table)} BETWEEN ? AND ?
       GROUP BY ${GROUP_KEYS}) g
     LEFT JOIN staff st ON st.id = g.staffId`,
  ).all(first, last) as Group[];
}

/**
 * The same running totals by kind and currencies alone: a period's totals to compare with, without
 * a group for every clerk, package, country and payment method to read and add up.
 */
export function totalsSums(db: Database.Database, table: TotalsTable, first: string, last: string): Sums[] {
  return statement(
    db,
    `SELECT kind, retail_currency AS retailCurrency, net_currency AS netCurrency, ${sumsSql()}
     FROM ${table} WHERE ${periodColumn(table)} BETWEEN ? AND ?
     GROUP BY kind, retail_currency, net_currency`,
  ).all(first, last) as Sums[];
}

/** The same groups read from the rows themselves, for a stretch shorter than a UTC day. */
export function rowGroups(db: Database.Database, from: string, to: string): Group[] {
  return statement(
    db,
    `SELECT g.kind, g.staff_id AS staffId, coalesce(st.name, g.staff_id) AS staffName, g.package_id AS packageId,
       max(g.package_title) AS packageTitle, g.country_code AS countryCode, g.payment_method AS paymentMethod,
       g.retail_currency AS retailCurrency, g.net_currency AS netCurrency, ${sumsSql('g.')}
     FROM (SELECT * FROM report_lines WHERE created_at >= @from AND created_at < @to) g LEFT JOIN staff st ON st.id = g.staff_id
     GROUP BY ${GROUP_KEYS.split(', ')
       .map((k) => `g.${k}`)
       .join(', ')}`,
  ).all({ from, to }) as Group[];
}

/** Completed sales and top-ups per UTC quarter hour, for quarters starting in [from, to) ('YYYY-MM-DDTHH:MM'). */
export function quarterRows(db: Database.Database, from: string, to: string): QuarterRow[] {
  return statement(
    db,
    `SELECT q.utc_quarter AS utcQuarter, q.retail_currency AS currency, q.count, q.revenue, coalesce(m.margin, 0) AS margin
     FROM report_quarter_hourly q LEFT JOIN report_quarter_margin m USING (utc_quarter, retail_currency)
     WHERE q.utc_quarter >= ? AND q.utc_quarter < ?`,
  ).all(from, to) as QuarterRow[];
}

/** What is not completed in the period, the ones that need a decision first, at most `limit`. */
export function problems(db: Database.Database, from: string, to: string, limit = 200): ProblemRow[] {
  return statement(
    db,
    `SELECT * FROM (
       SELECT 'sale' AS kind, id, reference, status, created_at AS createdAt, failure_reason AS reason FROM sales
         WHERE created_at >= @from AND created_at < @to AND status <> 'completed'
       UNION ALL
       SELECT 'topup', id, reference, status, created_at, failure_reason FROM topups
         WHERE created_at >= @from AND created_at < @to AND status <> 'completed'
       UNION ALL
       SELECT 'voucher', b.id, ${VOUCHER_REFERENCE}, b.status, b.created_at, b.refusal FROM voucher_batches b
         WHERE b.created_at >= @from AND b.created_at < @to AND b.status <> 'completed')
     ORDER BY CASE status WHEN 'uncertain' THEN 0 WHEN 'submitting' THEN 1 WHEN 'pending' THEN 2 WHEN 'not_found' THEN 3 ELSE 4 END,
       createdAt
     LIMIT @limit`,
  ).all({ from, to, limit }) as ProblemRow[];
}

/** How many rows of the period are not completed, by status. */
export function problemCounts(db: Database.Database, from: string, to: string): Record<string, number> {
  const rows = statement(
    db,
    `SELECT status, sum(n) AS n FROM (
       SELECT status, count(*) AS n FROM sales WHERE created_at >= @from AND created_at < @to AND status <> 'completed' GROUP BY status
       UNION ALL
       SELECT status, count(*) FROM topups WHERE created_at >= @from AND created_at < @to AND status <> 'completed' GROUP BY status
       UNION ALL
       SELECT status, count(*) FROM voucher_batches
         WHERE created_at >= @from AND created_at < @to AND status <> 'completed' GROUP BY status)
     GROUP BY status`,
  ).all({ from, to }) as { status: string; n: number }[];
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

export type RefundedRow = { retailCurrency: string; netCurrency: string; esims: number; value: number; cost: number };

/**
 * eSIMs refunded by the service out of the sales made in [from, to), by currency: each at what its
 * customer paid (its share of the sale's total) and at the partner's cost, where known. Found by
 * the sale's time kept with each refunded eSIM, so the period's sales are not read.
 */
export function refundedRows(db: Database.Database, from: string, to: string): RefundedRow[] {
  return statement(
    db,
    `SELECT s.retail_currency AS retailCurrency, s.net_currency AS netCurrency, count(*) AS esims,
       sum(CAST(round((${figureSql('revenue', 'sale', 's.')}) * 1.0 / s.quantity) AS INTEGER)) AS value,
       coalesce(sum(s.unit_cost_minor), 0) AS cost
     FROM refunded_esims r JOIN sales s ON s.id = r.sale_id
     WHERE r.sale_created_at >= ? AND r.sale_created_at < ? AND s.status = 'completed'
     GROUP BY s.retail_currency, s.net_currency`,
  ).all(from, to) as RefundedRow[];
}
