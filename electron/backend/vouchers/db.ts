/** Voucher batches and their codes (migration 0015). */
import type Database from 'better-sqlite3';
import type { PaymentMethod } from '../../../shared/sales.ts';
import type { VoucherBatchStatus } from '../../../shared/vouchers.ts';
import { statement } from '../journal/statements.ts';

export type VoucherBatchRow = {
  id: string;
  status: VoucherBatchStatus;
  packageId: string;
  packageTitle: string;
  packageData: string;
  packageDays: number;
  countryCode: string | null;
  coverageName: string;
  quantity: number;
  bookingReference: string | null;
  unitRetailMinor: number;
  retailCurrency: string;
  /** Null for batches made before the payment was asked (migration 0022). */
  paymentMethod: PaymentMethod | null;
  /** What the partner charges per code, in netCurrency, and in the store's currency; null when unknown (migration 0023). */
  unitCostMinor: number | null;
  netCurrency: string | null;
  unitCostLocalMinor: number | null;
  staffId: string;
  refusal: string | null;
  createdAt: string;
  completedAt: string | null;
  printedAt: string | null;
};

export const VOUCHER_COLUMNS = `id, status, package_id AS packageId, package_title AS packageTitle, package_data AS packageData,
  package_days AS packageDays, country_code AS countryCode, coverage_name AS coverageName, quantity,
  booking_reference AS bookingReference, unit_retail_minor AS unitRetailMinor, retail_currency AS retailCurrency,
  payment_method AS paymentMethod, unit_cost_minor AS unitCostMinor, net_currency AS netCurrency,
  unit_cost_local_minor AS unitCostLocalMinor, staff_id AS staffId, refusal, created_at AS createdAt, completed_at AS completedAt, printed_at AS printedAt`;

/**
 * A batch's reference where sales and top-ups show theirs (History, the close, reports): the booking
 * reference the clerk gave, else the start of its id, as shared/vouchers.ts voucherReference words it.
 */
export const VOUCHER_REFERENCE = 'coalesce(b.booking_reference, upper(substr(b.id, 1, 8)))';

export function insertVoucherBatch(db: Database.Database, row: VoucherBatchRow): void {
  statement(
    db,
    `INSERT INTO voucher_batches (id, status, package_id, package_title, package_data, package_days, country_code,
       coverage_name, quantity, booking_reference, unit_retail_minor, retail_currency, payment_method, unit_cost_minor, net_currency,
       unit_cost_local_minor, staff_id, refusal,
       created_at, completed_at, printed_at)
     VALUES (@id, @status, @packageId, @packageTitle, @packageData, @packageDays, @countryCode, @coverageName, @quantity,
       @bookingReference, @unitRetailMinor, @retailCurrency, @paymentMethod, @unitCostMinor, @netCurrency,
       @unitCostLocalMinor, @staffId, @refusal, @createdAt, @completedAt,
       @printedAt)`,
  ).run(row);
}

export function getVoucherBatch(db: Database.Database, id: string): VoucherBatchRow | undefined {
  return statement(db, `SELECT ${VOUCHER_COLUMNS} FROM voucher_batches WHERE id = ?`).get(id) as VoucherBatchRow | undefined;
}

/** Only from `submitting`: an answer that arrives late never overwrites a settled batch. */
export function settleVoucherBatch(
  db: Database.Database,
  id: string,
  change: { status: Exclude<VoucherBatchStatus, 'submitting'>; refusal?: string | null; at: string; codes?: readonly string[] },
): boolean {
  return db.transaction(() => {
    const moved = statement(
      db,
      `UPDATE voucher_batches SET status = @status, refusal = @refusal, completed_at = @completedAt
       WHERE id = @id AND status = 'submitting'`,
    ).run({
      id,
      status: change.status,
      refusal: change.refusal ?? null,
      completedAt: change.status === 'completed' ? change.at : null,
    });
    if (moved.changes === 0) return false;
    const insert = statement(db, 'INSERT INTO voucher_codes (code, batch_id, position) VALUES (?, ?, ?)');
    (change.codes ?? []).forEach((code, i) => insert.run(code, id, i));
    return true;
  })();
}

export function markVoucherBatchPrinted(db: Database.Database, id: string, at: string): void {
  statement(db, 'UPDATE voucher_batches SET printed_at = ? WHERE id = ?').run(at, id);
}

export function voucherCodes(db: Database.Database, batchId: string): string[] {
  return (
    statement(db, 'SELECT code FROM voucher_codes WHERE batch_id = ? ORDER BY position').all(batchId) as { code: string }[]
  ).map((r) => r.code);
}

const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Newest first; `query` matches a code, the booking reference, the package's id or title. */
export function listVoucherBatches(db: Database.Database, query: string | undefined, limit = 200): VoucherBatchRow[] {
  const q = query?.trim();
  if (!q) {
    return statement(db, `SELECT ${VOUCHER_COLUMNS} FROM voucher_batches ORDER BY created_at DESC LIMIT ?`).all(
      limit,
    ) as VoucherBatchRow[];
  }
  return statement(
    db,
    `SELECT ${VOUCHER_COLUMNS} FROM voucher_batches
     WHERE booking_reference LIKE @like ESCAPE '\\' OR package_id LIKE @like ESCAPE '\\' OR package_title LIKE @like ESCAPE '\\'
       OR coverage_name LIKE @like ESCAPE '\\'
       OR id IN (SELECT batch_id FROM voucher_codes WHERE code LIKE @code ESCAPE '\\')
     ORDER BY created_at DESC LIMIT @limit`,
  ).all({ like: likePattern(q), code: likePattern(q.replace(/[\s-]/g, '').toUpperCase()), limit }) as VoucherBatchRow[];
}
