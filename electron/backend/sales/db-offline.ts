/** Rows of offline_sales (migration 0027): sales taken while the service was away, and their sales. */
import type Database from 'better-sqlite3';
import { OFFLINE_MACHINE, refusedMoves } from '../../../shared/order-machine.ts';
import type { SaleStatus } from '../../../shared/sales.ts';
import { statement } from '../journal/statements.ts';
import type { SaleRow } from './db.ts';

export type OfflineStatus = (typeof OFFLINE_MACHINE.statuses)[number];

export type OfflineRow = {
  saleId: string;
  status: OfflineStatus;
  reference: string;
  customerEmail: string;
  totalMinor: number;
  currency: string;
  staffId: string;
  /** The sale as taken, JSON of a SaleRow (status pending). */
  sale: string;
  takenAt: string;
  deadline: string;
  updatedAt: string;
};

/** An offline row with what became of its sale: none while queued, else its status, failure and void. */
export type OfflineWithSale = OfflineRow & {
  saleStatus: SaleStatus | null;
  failureCode: string | null;
  voided: 0 | 1;
};

const COLUMNS = `o.sale_id AS saleId, o.status, o.reference, o.customer_email AS customerEmail, o.total_minor AS totalMinor,
  o.currency, o.staff_id AS staffId, o.sale, o.taken_at AS takenAt, o.deadline, o.updated_at AS updatedAt,
  s.status AS saleStatus, s.failure_code AS failureCode, (v.sale_id IS NOT NULL) AS voided`;
const FROM = `offline_sales o LEFT JOIN sales s ON s.id = o.sale_id LEFT JOIN sale_voids v ON v.sale_id = o.sale_id`;

export function insertOfflineSale(db: Database.Database, row: Omit<OfflineRow, 'status' | 'updatedAt'>): void {
  statement(
    db,
    `INSERT INTO offline_sales (sale_id, status, reference, customer_email, total_minor, currency, staff_id, sale, taken_at, deadline, updated_at)
     VALUES (@saleId, 'queued', @reference, @customerEmail, @totalMinor, @currency, @staffId, @sale, @takenAt, @deadline, @takenAt)`,
  ).run(row);
}

export function getOfflineSale(db: Database.Database, saleId: string): OfflineWithSale | undefined {
  return statement(db, `SELECT ${COLUMNS} FROM ${FROM} WHERE o.sale_id = ?`).get(saleId) as OfflineWithSale | undefined;
}

/**
 * Offline sales oldest first: those not settled for good (queued, or whose sale is unsettled,
 * failed or not found and not voided), optionally taken within [from, to).
 */
export function listOpenOfflineSales(db: Database.Database, range: { from?: string; to?: string } = {}): OfflineWithSale[] {
  return statement(
    db,
    `SELECT ${COLUMNS} FROM ${FROM}
     WHERE (o.status = 'queued' OR (s.status <> 'completed' AND v.sale_id IS NULL))
       AND (@from IS NULL OR o.taken_at >= @from) AND (@to IS NULL OR o.taken_at < @to)
     ORDER BY o.taken_at, o.sale_id`,
  ).all({ from: range.from ?? null, to: range.to ?? null }) as OfflineWithSale[];
}

/** Queued sales as History lists them (their sale rows as taken), newest first. */
export function listQueuedSaleRows(
  db: Database.Database,
  q: { from?: string; to?: string; query?: string; limit?: number },
): SaleRow[] {
  const like = q.query ? `%${q.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = statement(
    db,
    `SELECT sale FROM offline_sales WHERE status = 'queued'
       AND (@from IS NULL OR taken_at >= @from) AND (@to IS NULL OR taken_at < @to)
       AND (@like IS NULL OR reference LIKE @like ESCAPE '\\' OR customer_email LIKE @like ESCAPE '\\')
     ORDER BY taken_at DESC LIMIT @limit`,
  ).all({ from: q.from ?? null, to: q.to ?? null, like, limit: q.limit ?? 200 }) as { sale: string }[];
  return rows.map((r) => JSON.parse(r.sale) as SaleRow);
}

/** Moves a queued row on; false when it had left the queue already (another path moved it). */
export function leaveQueue(db: Database.Database, saleId: string, to: Exclude<OfflineStatus, 'queued'>, at: string): boolean {
  if (refusedMoves(OFFLINE_MACHINE, ['queued'], to).length > 0) throw new Error(`queued → ${to} is not a move`);
  return (
    statement(db, `UPDATE offline_sales SET status = ?, updated_at = ? WHERE sale_id = ? AND status = 'queued'`).run(
      to,
      at,
      saleId,
    ).changes === 1
  );
}

/** The sale row as taken, for a sale still in the queue (none once it has a sale row). */
export function queuedSaleRow(db: Database.Database, saleId: string): SaleRow | undefined {
  const row = statement(db, `SELECT sale FROM offline_sales WHERE sale_id = ? AND status = 'queued'`).get(saleId) as
    { sale: string } | undefined;
  return row ? (JSON.parse(row.sale) as SaleRow) : undefined;
}
