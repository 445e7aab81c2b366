/**
 * History's search over sales, top-ups and voucher batches together: by reference, the partner's
 * order code, an ICCID (whole, grouped as printed, or a part such as its last digits), the
 * customer's e-mail, and a voucher batch's booking reference, package or one of its codes.
 */
import type Database from 'better-sqlite3';
import { listNewestFirst, listSales, type SaleRow } from '../sales/db.ts';
import { listQueuedSaleRows } from '../sales/db-offline.ts';
import { TOPUP_COLUMNS, type TopupRow } from '../topups/db.ts';
import { VOUCHER_COLUMNS, type VoucherBatchRow } from '../vouchers/db.ts';

export type HistoryQuery = { from?: string; to?: string; query?: string; limit?: number };

export type HistoryRow =
  | { kind: 'sale'; at: string; row: SaleRow }
  | { kind: 'topup'; at: string; row: TopupRow }
  | { kind: 'voucher'; at: string; row: VoucherBatchRow };

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

/** Voucher batches newest first; `query` finds one by its id, booking reference, package or a code. */
export function listVoucherRows(db: Database.Database, q: HistoryQuery): VoucherBatchRow[] {
  return listNewestFirst<VoucherBatchRow>(
    db,
    'voucher_batches',
    VOUCHER_COLUMNS,
    `id LIKE @like ESCAPE '\\' OR booking_reference LIKE @like ESCAPE '\\' OR package_title LIKE @like ESCAPE '\\'
      OR id IN (SELECT batch_id FROM voucher_codes WHERE code LIKE @like ESCAPE '\\')`,
    q,
  );
}

/** Sales, top-ups and voucher batches together, newest first, at most `limit` (200) of them. */
export function searchHistory(db: Database.Database, q: HistoryQuery): HistoryRow[] {
  const limit = q.limit ?? 200;
  const rows: HistoryRow[] = [
    ...listSales(db, { ...q, limit }).map((row) => ({ kind: 'sale' as const, at: row.createdAt, row })),
    // Taken while the service was away and not placed yet: no sale row, the row as taken.
    ...listQueuedSaleRows(db, { ...q, limit }).map((row) => ({ kind: 'sale' as const, at: row.createdAt, row })),
    ...listTopups(db, { ...q, limit }).map((row) => ({ kind: 'topup' as const, at: row.createdAt, row })),
    ...listVoucherRows(db, { ...q, limit }).map((row) => ({ kind: 'voucher' as const, at: row.createdAt, row })),
  ];
  // ISO-8601 UTC strings sort as the instants they name; a sale before its top-up made in the same millisecond.
  const saleLast = (row: HistoryRow) => Number(row.kind === 'sale');
  return rows.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : saleLast(a) - saleLast(b))).slice(0, limit);
}
