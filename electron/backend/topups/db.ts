/** Rows of the topups table; status changes go through orders/db.ts like those of sales. */
import { statement } from '../journal/statements.ts';
import type Database from 'better-sqlite3';
import type { PaymentMethod, SaleStatus } from '../../../shared/sales.ts';

export type TopupRow = {
  id: string;
  reference: string;
  status: SaleStatus;
  iccid: string;
  iccidLuhnValid: 0 | 1;
  packageId: string;
  packageTitle: string;
  packageData: string;
  packageDays: number;
  retailMinor: number;
  retailCurrency: string;
  /** What the partner charges for it, in netCurrency; null when nobody knows (migration 0010). */
  costMinor: number | null;
  netCurrency: string;
  /** The rate it was priced at (store currency per unit of netCurrency) and its day; null in one currency. */
  fxRate: string | null;
  fxDate: string | null;
  /** The cost in the store's currency (retailCurrency); null when unknown. */
  costLocalMinor: number | null;
  /** The line's tax: part of the price (included) or on top of it (added); mode null before 0012. */
  taxMode: 'included' | 'added' | null;
  taxRatePpm: number;
  taxMinor: number;
  paymentMethod: PaymentMethod;
  staffId: string;
  partnerOrderId: string | null;
  partnerOrderCode: string | null;
  failureCode: string | null;
  failureReason: string | null;
  attempts: number;
  createdAt: string;
  updatedAt: string;
  submittedAt: string | null;
  completedAt: string | null;
};

export const TOPUP_COLUMNS = `id, reference, status, iccid, iccid_luhn_valid AS iccidLuhnValid, package_id AS packageId,
  package_title AS packageTitle, package_data AS packageData, package_days AS packageDays, retail_minor AS retailMinor,
  retail_currency AS retailCurrency, cost_minor AS costMinor, net_currency AS netCurrency, payment_method AS paymentMethod,
  fx_rate AS fxRate, fx_date AS fxDate, cost_local_minor AS costLocalMinor, tax_mode AS taxMode,
  tax_rate_ppm AS taxRatePpm, tax_minor AS taxMinor,
  staff_id AS staffId, partner_order_id AS partnerOrderId, partner_order_code AS partnerOrderCode,
  failure_code AS failureCode, failure_reason AS failureReason, attempts, created_at AS createdAt,
  updated_at AS updatedAt, submitted_at AS submittedAt, completed_at AS completedAt`;

export function insertTopup(db: Database.Database, row: TopupRow): void {
  statement(
    db,
    `INSERT INTO topups (id, reference, status, iccid, iccid_luhn_valid, package_id, package_title, package_data, package_days,
      retail_minor, retail_currency, net_minor, cost_minor, net_currency, fx_rate, fx_date, cost_local_minor, tax_mode, tax_rate_ppm,
      tax_minor, payment_method, staff_id, partner_order_id, partner_order_code,
      failure_code, failure_reason, attempts, created_at, updated_at, submitted_at, completed_at)
     VALUES (@id, @reference, @status, @iccid, @iccidLuhnValid, @packageId, @packageTitle, @packageData, @packageDays,
      @retailMinor, @retailCurrency, coalesce(@costMinor, 0), @costMinor, @netCurrency, @fxRate, @fxDate, @costLocalMinor, @taxMode,
      @taxRatePpm, @taxMinor, @paymentMethod, @staffId, @partnerOrderId, @partnerOrderCode,
      @failureCode, @failureReason, @attempts, @createdAt, @updatedAt, @submittedAt, @completedAt)`,
  ).run(row);
}

export function getTopup(db: Database.Database, id: string): TopupRow | undefined {
  return statement(db, `SELECT ${TOPUP_COLUMNS} FROM topups WHERE id = ?`).get(id) as TopupRow | undefined;
}
