/**
 * History's search over sales and top-ups together: by reference, the partner's order code, an
 * ICCID (whole, grouped as printed, or a part such as its last digits) and the customer's e-mail.
 */
import type Database from 'better-sqlite3';
import { iccidSearchDigits } from '../../shared/iccid.ts';
import { listSales, type SaleRow } from './sales.ts';
import { statement } from './statements.ts';
import { TOPUP_COLUMNS, type TopupRow } from './topups.ts';

export type HistoryQuery = { from?: string; to?: string; query?: string; limit?: number };

export type HistoryRow = { kind: 'sale'; at: string; row: SaleRow } | { kind: 'topup'; at: string; row: TopupRow };

const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Top-ups newest first. `query` finds a top-up by its reference or order code, by its eSIM's ICCID,
 * and by the e-mail of the sale its eSIM came with (a top-up itself has none).
 */
export function listTopups(db: Database.Database, q: HistoryQuery): TopupRow[] {
  const where: string[] = [];
  const params: Record<string, string | number> = { limit: q.limit ?? 200 };
  if (q.from) {
    where.push('created_at >= @from');
    params.from = q.from;
  }
  if (q.to) {
    where.push('created_at < @to');
    params.to = q.to;
  }
  if (q.query) {
    where.push(`(reference LIKE @like ESCAPE '\\' OR partner_order_code LIKE @like ESCAPE '\\' OR iccid LIKE @iccidLike ESCAPE '\\'
      OR iccid IN (SELECT e.iccid FROM esims e JOIN sales s ON s.id = e.sale_id WHERE s.customer_email LIKE @like ESCAPE '\\'))`);
    params.like = likePattern(q.query);
    params.iccidLike = likePattern(iccidSearchDigits(q.query) ?? q.query);
  }
  const sql = `SELECT ${TOPUP_COLUMNS} FROM topups ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at DESC LIMIT @limit`;
  return statement(db, sql).all(params) as TopupRow[];
}

/** Sales and top-ups together, newest first, at most `limit` (200) of them. */
export function searchHistory(db: Database.Database, q: HistoryQuery): HistoryRow[] {
  const limit = q.limit ?? 200;
  const rows: HistoryRow[] = [
    ...listSales(db, { ...q, limit }).map((row) => ({ kind: 'sale' as const, at: row.createdAt, row })),
    ...listTopups(db, { ...q, limit }).map((row) => ({ kind: 'topup' as const, at: row.createdAt, row })),
  ];
  // ISO-8601 UTC strings sort as the instants they name; a sale before its top-up made in the same millisecond.
  return rows
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.kind === b.kind ? 0 : a.kind === 'topup' ? -1 : 1))
    .slice(0, limit);
}
