/**
 * History's search over sales and top-ups together: by reference, the partner's order code, an
 * ICCID (whole, grouped as printed, or a part such as its last digits) and the customer's e-mail.
 */
import type Database from 'better-sqlite3';
import { listNewestFirst, listSales, type SaleRow } from './sales.ts';
import { TOPUP_COLUMNS, type TopupRow } from './topups.ts';

export type HistoryQuery = { from?: string; to?: string; query?: string; limit?: number };

export type HistoryRow = { kind: 'sale'; at: string; row: SaleRow } | { kind: 'topup'; at: string; row: TopupRow };

/**
 * Top-ups newest first. `query` finds a top-up by its reference or order code, by its eSIM's ICCID,
 * and by the e-mail of the sale its eSIM came with (a top-up itself has none).
 */
export function listTopups(db: Database.Database, q: HistoryQuery): TopupRow[] {
  return listNewestFirst<TopupRow>(
    db,
    'topups',
    TOPUP_COLUMNS,
    `reference LIKE @like ESCAPE '\\' OR partner_order_code LIKE @like ESCAPE '\\' OR iccid LIKE @iccidLike ESCAPE '\\'
      OR iccid IN (SELECT e.iccid FROM esims e JOIN sales s ON s.id = e.sale_id WHERE s.customer_email LIKE @like ESCAPE '\\')`,
    q,
  );
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
