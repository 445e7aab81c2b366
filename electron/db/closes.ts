/** Rows of day_closes (migration 0003): a closed day is written once and never changed. */
import type Database from 'better-sqlite3';
import type { DayClose } from '../../shared/reports.ts';
import { statement } from './statements.ts';

type Row = {
  id: string;
  local_date: string;
  time_zone: string;
  closed_at: string;
  closed_by: string;
  closed_by_name: string | null;
  expected: string;
  counted_cash: string;
  cash_difference: string;
  report: string;
  reconciliation: string;
};

export function insertClose(db: Database.Database, close: DayClose): void {
  statement(
    db,
    `INSERT INTO day_closes (id, local_date, time_zone, closed_at, closed_by, expected, counted_cash, cash_difference, report,
       reconciliation, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    close.id,
    close.date,
    close.timeZone,
    close.closedAt,
    close.closedBy,
    JSON.stringify(close.expected),
    JSON.stringify(close.countedCash),
    JSON.stringify(close.cashDifference),
    JSON.stringify(close.report),
    JSON.stringify(close.reconciliation),
    close.closedAt,
  );
}

export function getClose(db: Database.Database, date: string): DayClose | null {
  const row = statement(
    db,
    `SELECT c.*, s.name AS closed_by_name FROM day_closes c LEFT JOIN staff s ON s.id = c.closed_by WHERE c.local_date = ?`,
  ).get(date) as Row | undefined;
  if (!row) return null;
  return {
    id: row.id,
    date: row.local_date,
    timeZone: row.time_zone,
    closedAt: row.closed_at,
    closedBy: row.closed_by,
    closedByName: row.closed_by_name ?? row.closed_by,
    expected: JSON.parse(row.expected) as DayClose['expected'],
    countedCash: JSON.parse(row.counted_cash) as DayClose['countedCash'],
    cashDifference: JSON.parse(row.cash_difference) as DayClose['cashDifference'],
    report: JSON.parse(row.report) as DayClose['report'],
    reconciliation: JSON.parse(row.reconciliation) as DayClose['reconciliation'],
  };
}

/** The journal's own lines of a period, for the CSV export. */
export type SaleLine = {
  kind: 'sale' | 'topup';
  createdAt: string;
  reference: string;
  status: string;
  staffName: string;
  packageId: string;
  packageTitle: string;
  countryCode: string | null;
  quantity: number;
  unitPrice: number;
  currency: string;
  unitCost: number;
  costCurrency: string;
  paymentMethod: string;
  partnerOrderCode: string | null;
};

export function saleLines(db: Database.Database, from: string, to: string): SaleLine[] {
  return statement(
    db,
    `SELECT * FROM (
       SELECT 'sale' AS kind, s.created_at AS createdAt, s.reference, s.status, coalesce(st.name, s.staff_id) AS staffName,
         s.package_id AS packageId, s.package_title AS packageTitle, s.package_country_code AS countryCode, s.quantity,
         s.unit_retail_minor AS unitPrice, s.retail_currency AS currency, s.unit_net_minor AS unitCost, s.net_currency AS costCurrency,
         s.payment_method AS paymentMethod, s.partner_order_code AS partnerOrderCode
       FROM sales s LEFT JOIN staff st ON st.id = s.staff_id WHERE s.created_at >= @from AND s.created_at < @to
       UNION ALL
       SELECT 'topup', t.created_at, t.reference, t.status, coalesce(st.name, t.staff_id), t.package_id, t.package_title, NULL, 1,
         t.retail_minor, t.retail_currency, t.net_minor, t.net_currency, t.payment_method, t.partner_order_code
       FROM topups t LEFT JOIN staff st ON st.id = t.staff_id WHERE t.created_at >= @from AND t.created_at < @to)
     ORDER BY createdAt`,
  ).all({ from, to }) as SaleLine[];
}

/** Which of these partner order codes the journal knows, in any day. */
export function knownOrderCodes(db: Database.Database, codes: readonly string[]): Set<string> {
  if (codes.length === 0) return new Set();
  const known = new Set<string>();
  // Chunked: SQLite limits the number of bound parameters.
  for (let i = 0; i < codes.length; i += 500) {
    const chunk = codes.slice(i, i + 500);
    const marks = chunk.map(() => '?').join(', ');
    const rows = db
      .prepare(
        `SELECT partner_order_code AS code FROM sales WHERE partner_order_code IN (${marks})
         UNION SELECT partner_order_code FROM topups WHERE partner_order_code IN (${marks})`,
      )
      .all(...chunk, ...chunk) as { code: string }[];
    for (const row of rows) known.add(row.code);
  }
  return known;
}
