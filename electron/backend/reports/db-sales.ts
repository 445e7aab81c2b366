/**
 * The sales behind one row of a report's breakdown, or a bar of its charts: the same completed rows
 * the report sums, read through the created_at indexes (and staff_id's for a clerk), the latest
 * first, at most a limit.
 */
import type Database from 'better-sqlite3';
import { REPORT_SALES_LIMIT, type ReportSale, type ReportSaleDimension, type ReportSales } from '../../../shared/report-sales.ts';
import { localHour, localRange } from '../../../shared/clock.ts';
import { statement } from '../journal/statements.ts';
import { VOUCHER_REFERENCE } from '../vouchers/db.ts';
import { SOURCES, figureSql } from './figures.ts';
import type { Period } from './report.ts';

const SALE = `SELECT 'sale' AS kind, s.id, s.reference, s.created_at AS createdAt, coalesce(st.name, s.staff_id) AS staffName,
    s.package_title AS packageTitle, s.quantity,
    ${figureSql('revenue', 'sale', 's.')} AS minor,
    s.retail_currency AS currency, s.status
  FROM sales s LEFT JOIN staff st ON st.id = s.staff_id
  WHERE s.created_at >= @from AND s.created_at < @to AND s.status = 'completed'`;
const TOPUP = `SELECT 'topup' AS kind, t.id, t.reference, t.created_at AS createdAt, coalesce(st.name, t.staff_id) AS staffName,
    t.package_title AS packageTitle, 1 AS quantity,
    ${figureSql('revenue', 'topup', 't.')} AS minor,
    t.retail_currency AS currency, t.status
  FROM topups t LEFT JOIN staff st ON st.id = t.staff_id
  WHERE t.created_at >= @from AND t.created_at < @to AND t.status = 'completed'`;
const VOUCHER = `SELECT 'voucher' AS kind, b.id, ${VOUCHER_REFERENCE} AS reference, b.created_at AS createdAt,
    coalesce(st.name, b.staff_id) AS staffName, b.package_title AS packageTitle, b.quantity,
    ${figureSql('revenue', 'voucher', 'b.')} AS minor, b.retail_currency AS currency, b.status
  FROM voucher_batches b LEFT JOIN staff st ON st.id = b.staff_id
  WHERE b.created_at >= @from AND b.created_at < @to AND b.status = 'completed'`;

type Parts = { sale: string | null; topup: string | null; voucher: string | null; key: string };

/** The SQL parts for a dimension: a filter on sales, top-ups and voucher batches, null where that kind has no such rows. */
function parts(dimension: ReportSaleDimension, key: string): Parts {
  switch (dimension) {
    case 'clerk':
      return { sale: 's.staff_id = @key', topup: 't.staff_id = @key', voucher: 'b.staff_id = @key', key };
    case 'payment':
      // A batch made before the counter asked how it was paid is counted as 'other', as its running totals are.
      return {
        sale: `${SOURCES.sale.paymentMethod('s.')} = @key`,
        topup: `${SOURCES.topup.paymentMethod('t.')} = @key`,
        voucher: `${SOURCES.voucher.paymentMethod('b.')} = @key`,
        key,
      };
    case 'package': {
      const [kind, ...rest] = key.split(':');
      const none: Parts = { sale: null, topup: null, voucher: null, key: rest.join(':') };
      if (kind === 'sale') return { ...none, sale: 's.package_id = @key' };
      if (kind === 'topup') return { ...none, topup: 't.package_id = @key' };
      if (kind === 'voucher') return { ...none, voucher: 'b.package_id = @key' };
      return { ...none, key };
    }
    case 'country':
      // A package for several countries has none: the report calls those 'regional'. Only sales are split by country.
      return {
        sale: `${SOURCES.sale.countryCode('s.')} = @key`,
        topup: null,
        voucher: null,
        key: key === 'regional' ? '' : key,
      };
    case 'day':
    case 'hour':
      // Told apart by time alone: the stretches of time are the filter.
      return { sale: '1', topup: '1', voucher: '1', key };
  }
}

type Row = Omit<ReportSale, 'total'> & { minor: number; currency: string };

/** [from, to) in UTC ISO. */
export type Stretch = { readonly from: string; readonly to: string };

const QUARTER_MS = 15 * 60_000;

/**
 * The stretches of [from, to) on the zone's clock at `hour`, the latest first. Walked by UTC
 * quarter hours, as the per-hour chart counts them: every zone is a whole number of quarter hours
 * off UTC (India +5:30, Nepal +5:45), so a quarter lies wholly in one local hour. On a day the
 * clocks change an hour is missing (Berlin's 02:00 in March) or comes twice (in October).
 */
export function hourStretches(from: string, to: string, timeZone: string, hour: number): Stretch[] {
  const out: Stretch[] = [];
  const end = Date.parse(to);
  let start: number | null = null;
  for (let ms = Date.parse(from); ms < end; ms += QUARTER_MS) {
    const inside = localHour(ms, timeZone) === hour;
    if (inside && start === null) start = ms;
    else if (!inside && start !== null) {
      out.push({ from: new Date(start).toISOString(), to: new Date(ms).toISOString() });
      start = null;
    }
  }
  if (start !== null) out.push({ from: new Date(start).toISOString(), to: new Date(end).toISOString() });
  return out.reverse();
}

/** The stretches of time a dimension's key covers in the period, the latest first; none outside it. */
function stretchesOf(period: Period, dimension: ReportSaleDimension, key: string): Stretch[] {
  const whole = localRange(period.fromDate, period.toDate, period.timeZone);
  if (dimension === 'day') {
    // A day outside the period has none of the period's sales.
    if (key < period.fromDate || key > period.toDate) return [];
    return [localRange(key, key, period.timeZone)];
  }
  if (dimension === 'hour') {
    if (!/^\d{1,2}$/.test(key) || Number(key) > 23) return [];
    return hourStretches(whole.from, whole.to, period.timeZone, Number(key));
  }
  return [whole];
}

export function reportSales(
  db: Database.Database,
  period: Period,
  dimension: ReportSaleDimension,
  key: string,
  limit = REPORT_SALES_LIMIT,
): ReportSales {
  const p = parts(dimension, key);
  const selects = [
    p.sale && `${SALE} AND ${p.sale}`,
    p.topup && `${TOPUP} AND ${p.topup}`,
    p.voucher && `${VOUCHER} AND ${p.voucher}`,
  ].filter(Boolean);
  if (selects.length === 0) return { rows: [], more: false };
  const query = statement(
    db,
    `SELECT * FROM (${selects.join(' UNION ALL ')}) ORDER BY createdAt DESC, reference DESC LIMIT @limit`,
  );
  // Stretch by stretch from the latest, each through the index, until one more than the limit is found.
  const rows: Row[] = [];
  for (const { from, to } of stretchesOf(period, dimension, key)) {
    rows.push(...(query.all({ from, to, key: p.key, limit: limit + 1 - rows.length }) as Row[]));
    if (rows.length > limit) break;
  }
  return {
    rows: rows.slice(0, limit).map(({ minor, currency, ...rest }) => ({ ...rest, total: { minor, currency } })),
    more: rows.length > limit,
  };
}
