/** Rows of the sales and esims tables. Status changes are compare-and-set on the old status. */
import { statement } from '../journal/statements.ts';
import type Database from 'better-sqlite3';
import { iccidSearchDigits } from '../../../shared/iccid.ts';
import type { PaymentMethod, SaleStatus } from '../../../shared/sales.ts';

export type SaleRow = {
  id: string;
  reference: string;
  status: SaleStatus;
  packageId: string;
  packageTitle: string;
  packageCountryCode: string | null;
  packageData: string;
  packageDays: number;
  quantity: number;
  unitRetailMinor: number;
  retailCurrency: string;
  /** What the partner charges per eSIM, in netCurrency; null when nobody knows (migration 0010). */
  unitCostMinor: number | null;
  netCurrency: string;
  /** The rate it was priced at (store currency per unit of netCurrency) and its day; null in one currency. */
  fxRate: string | null;
  fxDate: string | null;
  /** The cost per eSIM in the store's currency (retailCurrency); null when unknown. */
  unitCostLocalMinor: number | null;
  /** The line's tax: part of the price (included) or on top of it (added); mode null before 0012. */
  taxMode: 'included' | 'added' | null;
  taxRatePpm: number;
  taxMinor: number;
  /** The country a regional or global package was sold for, when the clerk chose one. */
  destinationCountryCode: string | null;
  paymentMethod: PaymentMethod;
  customerEmail: string | null;
  /** How the service e-mailed the eSIMs ('link', 'pdf', 'link,pdf'), the store's copy address, the brand (0015). */
  sharingOptions?: string | null;
  copyAddress?: string | null;
  brand?: string | null;
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

export type EsimRow = {
  id: string;
  saleId: string | null;
  iccid: string;
  lpa: string | null;
  matchingId: string | null;
  qrcode: string | null;
  appleInstallationUrl: string | null;
  qrcodeUrl: string | null;
  createdAt: string;
  updatedAt: string;
};

const SALE_COLUMNS = `id, reference, status, package_id AS packageId, package_title AS packageTitle,
  package_country_code AS packageCountryCode, package_data AS packageData, package_days AS packageDays, quantity,
  unit_retail_minor AS unitRetailMinor, retail_currency AS retailCurrency, unit_cost_minor AS unitCostMinor,
  destination_country_code AS destinationCountryCode, fx_rate AS fxRate, fx_date AS fxDate,
  unit_cost_local_minor AS unitCostLocalMinor, tax_mode AS taxMode, tax_rate_ppm AS taxRatePpm, tax_minor AS taxMinor,
  net_currency AS netCurrency, payment_method AS paymentMethod, customer_email AS customerEmail, staff_id AS staffId,
  sharing_options AS sharingOptions, copy_address AS copyAddress, brand,
  partner_order_id AS partnerOrderId, partner_order_code AS partnerOrderCode, failure_code AS failureCode,
  failure_reason AS failureReason, attempts, created_at AS createdAt, updated_at AS updatedAt,
  submitted_at AS submittedAt, completed_at AS completedAt`;

export function insertSale(db: Database.Database, row: SaleRow): void {
  statement(
    db,
    `INSERT INTO sales (id, reference, status, package_id, package_title, package_country_code, package_data, package_days,
      quantity, unit_retail_minor, retail_currency, unit_net_minor, unit_cost_minor, net_currency, destination_country_code,
      fx_rate, fx_date, unit_cost_local_minor, tax_mode, tax_rate_ppm, tax_minor,
      payment_method, customer_email, staff_id, sharing_options, copy_address, brand,
      partner_order_id, partner_order_code, failure_code, failure_reason, attempts, created_at, updated_at, submitted_at, completed_at)
     VALUES (@id, @reference, @status, @packageId, @packageTitle, @packageCountryCode, @packageData, @packageDays,
      @quantity, @unitRetailMinor, @retailCurrency, coalesce(@unitCostMinor, 0), @unitCostMinor, @netCurrency, @destinationCountryCode,
      @fxRate, @fxDate, @unitCostLocalMinor, @taxMode, @taxRatePpm, @taxMinor,
      @paymentMethod, @customerEmail, @staffId, @sharingOptions, @copyAddress, @brand,
      @partnerOrderId, @partnerOrderCode, @failureCode, @failureReason, @attempts, @createdAt, @updatedAt, @submittedAt, @completedAt)`,
  ).run({ sharingOptions: null, copyAddress: null, brand: null, ...row });
}

export function getSale(db: Database.Database, id: string): SaleRow | undefined {
  return statement(db, `SELECT ${SALE_COLUMNS} FROM sales WHERE id = ?`).get(id) as SaleRow | undefined;
}

export type SaleListQuery = { from?: string; to?: string; query?: string; limit?: number };

const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Rows of `table` newest first, within the period, and matching `matchSql` when there is a query:
 * it may use @like (the text anywhere) and @iccidLike (the text as ICCID digits, however written).
 */
export function listNewestFirst<Row>(
  db: Database.Database,
  table: 'sales' | 'topups' | 'voucher_batches',
  columns: string,
  matchSql: string,
  q: SaleListQuery,
): Row[] {
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
    where.push(`(${matchSql})`);
    params.like = likePattern(q.query);
    params.iccidLike = likePattern(iccidSearchDigits(q.query) ?? q.query);
  }
  const sql = `SELECT ${columns} FROM ${table} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at DESC LIMIT @limit`;
  return statement(db, sql).all(params) as Row[];
}

/**
 * Newest first; `query` matches the reference, the partner's order code, an ICCID or the e-mail.
 * An ICCID (or part of one) is matched as digits, so it is found however it was written.
 */
export function listSales(db: Database.Database, q: SaleListQuery): SaleRow[] {
  return listNewestFirst<SaleRow>(
    db,
    'sales',
    SALE_COLUMNS,
    `reference LIKE @like ESCAPE '\\' OR partner_order_code LIKE @like ESCAPE '\\' OR customer_email LIKE @like ESCAPE '\\'
      OR id IN (SELECT sale_id FROM esims WHERE iccid LIKE @iccidLike ESCAPE '\\')`,
    q,
  );
}

/** How many sales the journal holds from before `iso` (an ISO instant). */
export function countSalesBefore(db: Database.Database, iso: string): number {
  return (statement(db, 'SELECT count(*) AS n FROM sales WHERE created_at < ?').get(iso) as { n: number }).n;
}

export function insertEsim(db: Database.Database, row: EsimRow): void {
  statement(
    db,
    `INSERT INTO esims (id, sale_id, iccid, lpa, matching_id, qrcode, apple_installation_url, qrcode_url, created_at, updated_at)
     VALUES (@id, @saleId, @iccid, @lpa, @matchingId, @qrcode, @appleInstallationUrl, @qrcodeUrl, @createdAt, @updatedAt)`,
  ).run(row);
}

export function listEsimsOfSale(db: Database.Database, saleId: string): EsimRow[] {
  return statement(
    db,
    `SELECT id, sale_id AS saleId, iccid, lpa, matching_id AS matchingId, qrcode, apple_installation_url AS appleInstallationUrl,
        qrcode_url AS qrcodeUrl, created_at AS createdAt, updated_at AS updatedAt FROM esims WHERE sale_id = ? ORDER BY iccid`,
  ).all(saleId) as EsimRow[];
}

/** The sale an eSIM came with, by its ICCID; undefined for an eSIM this counter did not sell. */
export function getSaleOfEsim(db: Database.Database, iccid: string): SaleRow | undefined {
  return statement(db, `SELECT ${SALE_COLUMNS} FROM sales WHERE id = (SELECT sale_id FROM esims WHERE iccid = ?)`).get(iccid) as
    SaleRow | undefined;
}

/**
 * The ICCID of the eSIM this counter sold with this install code: the voucher QR's whole text, or
 * its SM-DP+ address and matching id (another app may print the same code with other case or
 * fields). Undefined for a code of an eSIM sold elsewhere.
 */
export function iccidOfInstallCode(
  db: Database.Database,
  code: { qrcode: string; smdp: string | null; matchingId: string | null },
): string | undefined {
  const row = statement(
    db,
    `SELECT iccid FROM esims WHERE qrcode = @qrcode
       OR (@matchingId IS NOT NULL AND matching_id = @matchingId AND lower(lpa) = lower(@smdp)) LIMIT 1`,
  ).get(code) as { iccid: string } | undefined;
  return row?.iccid;
}
