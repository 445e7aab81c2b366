/**
 * Rows of day_closes (migration 0003), day_close_supplements and day_close_items (0005): a close is
 * written once and never changed, and lists the sales and top-ups it covers.
 */
import type Database from 'better-sqlite3';
import type { DayClose, LineKind } from '../../../shared/reports.ts';
import type { PaymentMethod } from '../../../shared/sales.ts';
import type { Money } from '../../../shared/money.ts';
import { statement } from '../journal/statements.ts';
import { VOUCHER_REFERENCE } from '../vouchers/db.ts';
import { closeCashCounts, closeTenders, insertCloseCashCounts, insertCloseTenders } from './db.ts';

type Row = {
  id: string;
  local_date: string;
  sequence: number;
  time_zone: string;
  closed_at: string;
  closed_by: string;
  closed_by_name: string | null;
  expected: string;
  counted_cash: string;
  cash_difference: string;
  report: string;
  reconciliation: string;
  note: string | null;
  itemized: number;
  audit_head_seq: number | null;
  audit_head_hash: string | null;
};

export type CoveredRow = { readonly kind: LineKind; readonly id: string };

/** Writes a close and what it covers; the caller's transaction makes them one. */
export function insertClose(db: Database.Database, close: DayClose, covers: readonly CoveredRow[]): void {
  const values = [
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
    close.note,
    close.closedAt,
    close.auditHead?.seq ?? null,
    close.auditHead?.hash ?? null,
  ];
  if (close.sequence === 1) {
    statement(
      db,
      `INSERT INTO day_closes (id, local_date, time_zone, closed_at, closed_by, expected, counted_cash, cash_difference, report,
         reconciliation, note, updated_at, audit_head_seq, audit_head_hash, itemized) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
    ).run(...values);
  } else {
    statement(
      db,
      `INSERT INTO day_close_supplements (id, local_date, time_zone, closed_at, closed_by, expected, counted_cash, cash_difference,
         report, reconciliation, note, updated_at, audit_head_seq, audit_head_hash, sequence)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(...values, close.sequence);
  }
  insertCloseTenders(db, close.id, { float: close.float, tenders: close.tenders }, close.closedAt);
  insertCloseCashCounts(db, close.id, close.cashCounts, close.closedAt);
  const item = statement(db, 'INSERT INTO day_close_items (kind, row_id, close_id, updated_at) VALUES (?, ?, ?, ?)');
  for (const row of covers) item.run(row.kind, row.id, close.id, close.closedAt);
}

export type DateCloses = {
  /** Oldest first. */
  readonly closes: DayClose[];
  /**
   * For a day closed before closes listed what they cover: that close covered every row that had
   * completed by then, so rows completed by this instant count as covered.
   */
  readonly legacyCutoff: string | null;
};

export function listCloses(db: Database.Database, date: string): DateCloses {
  const rows = statement(
    db,
    `SELECT c.*, s.name AS closed_by_name FROM (
       SELECT id, local_date, 1 AS sequence, time_zone, closed_at, closed_by, expected, counted_cash, cash_difference, report,
         reconciliation, note, itemized, audit_head_seq, audit_head_hash FROM day_closes WHERE local_date = @date
       UNION ALL
       SELECT id, local_date, sequence, time_zone, closed_at, closed_by, expected, counted_cash, cash_difference, report,
         reconciliation, note, 1, audit_head_seq, audit_head_hash FROM day_close_supplements WHERE local_date = @date) c
     LEFT JOIN staff s ON s.id = c.closed_by ORDER BY c.sequence`,
  ).all({ date }) as Row[];
  const first = rows[0];
  return {
    closes: rows.map((row, i) => ({
      id: row.id,
      date: row.local_date,
      sequence: row.sequence,
      timeZone: row.time_zone,
      closedAt: row.closed_at,
      closedBy: row.closed_by,
      closedByName: row.closed_by_name ?? row.closed_by,
      follows: rows[i - 1]?.closed_at ?? null,
      expected: JSON.parse(row.expected) as DayClose['expected'],
      countedCash: JSON.parse(row.counted_cash) as DayClose['countedCash'],
      cashDifference: JSON.parse(row.cash_difference) as DayClose['cashDifference'],
      note: row.note,
      ...closeTenders(db, row.id),
      cashCounts: closeCashCounts(db, row.id),
      report: JSON.parse(row.report) as DayClose['report'],
      reconciliation: JSON.parse(row.reconciliation) as DayClose['reconciliation'],
      auditHead:
        row.audit_head_seq !== null && row.audit_head_hash !== null
          ? { seq: row.audit_head_seq, hash: row.audit_head_hash }
          : null,
    })),
    legacyCutoff: first && first.itemized === 0 ? first.closed_at : null,
  };
}

/** A close's recorded audit head, for checking it against the chain. */
export type CloseHead = { readonly date: string; readonly sequence: number; readonly seq: number; readonly hash: string };

/** Every close that recorded the audit head, in the chain's order: a few a day, so all are read. */
export function closeAuditHeads(db: Database.Database): CloseHead[] {
  return statement(
    db,
    `SELECT local_date AS date, 1 AS sequence, audit_head_seq AS seq, audit_head_hash AS hash
       FROM day_closes WHERE audit_head_seq IS NOT NULL
     UNION ALL
     SELECT local_date, sequence, audit_head_seq, audit_head_hash
       FROM day_close_supplements WHERE audit_head_seq IS NOT NULL
     ORDER BY seq`,
  ).all() as CloseHead[];
}

/** The closed local dates in [first, last], for looking for what completed after their close. */
export function closedDates(db: Database.Database, first: string, last: string): string[] {
  return (
    statement(db, 'SELECT local_date AS date FROM day_closes WHERE local_date BETWEEN ? AND ? ORDER BY local_date').all(
      first,
      last,
    ) as { date: string }[]
  ).map((r) => r.date);
}

/** The journal's own lines of a period, for the CSV export and for what a close covers. */
export type SaleLine = {
  kind: LineKind;
  id: string;
  createdAt: string;
  completedAt: string | null;
  reference: string;
  status: string;
  staffId: string;
  staffName: string;
  packageId: string;
  packageTitle: string;
  countryCode: string | null;
  quantity: number;
  unitPrice: number;
  currency: string;
  /** Null when the cost is not known. */
  unitCost: number | null;
  costCurrency: string;
  /** The cost per eSIM in the store's currency (currency); null when not known. */
  unitCostLocal: number | null;
  /** The line's tax, and whether it came on top of the price (added) or is part of it. */
  taxMinor: number;
  taxMode: 'included' | 'added' | null;
  paymentMethod: PaymentMethod;
  partnerOrderCode: string | null;
  /** The close that lists this row, if one does. */
  closeId: string | null;
};

export function saleLines(db: Database.Database, from: string, to: string): SaleLine[] {
  return statement(
    db,
    `SELECT * FROM (
       SELECT 'sale' AS kind, s.id, s.created_at AS createdAt, s.completed_at AS completedAt, s.reference, s.status,
         s.staff_id AS staffId, coalesce(st.name, s.staff_id) AS staffName, s.package_id AS packageId,
         s.package_title AS packageTitle, coalesce(s.destination_country_code, s.package_country_code) AS countryCode, s.quantity, s.unit_retail_minor AS unitPrice,
         s.retail_currency AS currency, s.unit_cost_minor AS unitCost, s.net_currency AS costCurrency,
         s.unit_cost_local_minor AS unitCostLocal, s.tax_minor AS taxMinor, s.tax_mode AS taxMode,
         s.payment_method AS paymentMethod, s.partner_order_code AS partnerOrderCode, i.close_id AS closeId
       FROM sales s LEFT JOIN staff st ON st.id = s.staff_id
         LEFT JOIN day_close_items i ON i.kind = 'sale' AND i.row_id = s.id
       WHERE s.created_at >= @from AND s.created_at < @to
       UNION ALL
       SELECT 'topup', t.id, t.created_at, t.completed_at, t.reference, t.status, t.staff_id, coalesce(st.name, t.staff_id),
         t.package_id, t.package_title, NULL, 1, t.retail_minor, t.retail_currency, t.cost_minor, t.net_currency,
         t.cost_local_minor, t.tax_minor, t.tax_mode, t.payment_method,
         t.partner_order_code, i.close_id
       FROM topups t LEFT JOIN staff st ON st.id = t.staff_id
         LEFT JOIN day_close_items i ON i.kind = 'topup' AND i.row_id = t.id
       WHERE t.created_at >= @from AND t.created_at < @to
       UNION ALL
       SELECT 'voucher', b.id, b.created_at, b.completed_at, ${VOUCHER_REFERENCE}, b.status, b.staff_id,
         coalesce(st.name, b.staff_id), b.package_id, b.package_title, b.country_code, b.quantity, b.unit_retail_minor,
         b.retail_currency, b.unit_cost_minor, coalesce(b.net_currency, b.retail_currency), b.unit_cost_local_minor, 0, NULL,
         coalesce(b.payment_method, 'other'), NULL, i.close_id
       FROM voucher_batches b LEFT JOIN staff st ON st.id = b.staff_id
         LEFT JOIN day_close_items i ON i.kind = 'voucher' AND i.row_id = b.id
       WHERE b.created_at >= @from AND b.created_at < @to)
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

/** The cash counted at the latest close of a date before `date`, every currency; none before the first close. */
export function lastCountedCash(db: Database.Database, date: string): Money[] {
  const row = statement(db, 'SELECT counted_cash FROM day_closes WHERE local_date < ? ORDER BY local_date DESC LIMIT 1').get(
    date,
  ) as { counted_cash: string } | undefined;
  return row ? (JSON.parse(row.counted_cash) as Money[]) : [];
}
