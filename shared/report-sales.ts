import type { Money } from './money.ts';
import type { LineKind } from './reports.ts';
import type { SaleStatus } from './sales.ts';

/**
 * The report's breakdowns a manager can open into their sales; a day of the per-day chart too, and
 * an hour of the per-hour chart ('0'…'23': that local hour on every day of the period).
 */
export const REPORT_SALE_DIMENSIONS = ['clerk', 'payment', 'package', 'country', 'day', 'hour'] as const;
export type ReportSaleDimension = (typeof REPORT_SALE_DIMENSIONS)[number];

/** At most this many sales are listed; the list says when there are more. */
export const REPORT_SALES_LIMIT = 500;

/** One completed sale, top-up or voucher batch behind a breakdown's row. */
export type ReportSale = {
  readonly kind: LineKind;
  readonly id: string;
  readonly reference: string;
  readonly createdAt: string;
  readonly staffName: string;
  readonly packageTitle: string;
  /** eSIMs sold, or a voucher batch's codes; 1 for a top-up. */
  readonly quantity: number;
  /** What the customer paid, tax added where it is added. */
  readonly total: Money;
  readonly status: SaleStatus;
};

export type ReportSales = {
  /** The latest first. */
  readonly rows: readonly ReportSale[];
  /** More sales match than are listed. */
  readonly more: boolean;
};
