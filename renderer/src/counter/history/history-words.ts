import { iccidSearchDigits } from '../../../../shared/iccid.ts';
import type { EsimRefund } from '../../../../shared/history.ts';
import type { Money } from '../../../../shared/money.ts';
import type { SaleView } from '../../../../shared/sales.ts';
import type { VoucherBatchStatus, VoucherBatchView } from '../../../../shared/vouchers.ts';
import { i18n } from '../../i18n/i18n.ts';

/**
 * The status a clerk reads, in their language: a voided sale says so, whatever the service last
 * said of it. The component showing it uses useTranslation('history'), so it re-renders on a change.
 */
export function statusLabel(sale: Pick<SaleView, 'status' | 'voided'>): string {
  return i18n.t(`history:status.${sale.voided ? 'voided' : sale.status}`);
}

/** A voucher batch's status, in a sale's words: sold, failed, or being checked. */
export function voucherStatusLabel(status: VoucherBatchStatus): string {
  return statusLabel({ status, voided: null });
}

/** What the customer paid for a batch: its codes at the price they were sold at. */
export function batchTotal(batch: Pick<VoucherBatchView, 'unitPrice' | 'quantity'>): Money {
  return { minor: batch.unitPrice.minor * batch.quantity, currency: batch.unitPrice.currency };
}

/** A top-up's status: "Topped up" once done (not "Sold"), else as a sale's. */
export function topupStatusLabel(status: SaleView['status']): string {
  return status === 'completed' ? i18n.t('history:kind.topupDone') : statusLabel({ status, voided: null });
}

/**
 * Which eSIM of a sale a search found, when the search was for (part of) an ICCID: the row and the
 * opened sale show that one, not the sale's first. -1 when the search was for something else.
 */
export function matchedEsim(sale: SaleView, query: string | null): number {
  const digits = query === null ? null : iccidSearchDigits(query.trim());
  return digits === null ? -1 : sale.esims.findIndex((e) => e.iccid.includes(digits));
}

/** The service takes up to five eSIMs in one refund request. */
export const MAX_REFUND_ESIMS = 5;

/**
 * The eSIMs of a sale a refund may be asked for: those not refunded already, and none while a
 * request for one of them is with the service (its order's status could not tell two apart).
 */
export function refundable(sale: Pick<SaleView, 'esims'>, refunds: readonly EsimRefund[]): string[] {
  if (refunds.some((r) => r.state === 'in_review')) return [];
  const held = new Set(refunds.filter((r) => r.state === 'refunded').map((r) => r.iccid));
  return sale.esims.map((e) => e.iccid).filter((iccid) => !held.has(iccid));
}
