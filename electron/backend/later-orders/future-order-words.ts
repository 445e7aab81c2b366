/**
 * What a future order's refusals and views say: the service's answers as the closed vocabulary
 * (shared/orders.ts FUTURE_FAILURE_CODES) that the renderer words, and a row as the counter shows it.
 */
import { money, multiplyMoney } from '../../../shared/money.ts';
import { FUTURE_FAILURE_CODES, type FutureFailureCode, type FutureOrderView } from '../../../shared/orders.ts';
import type { FutureOrderRow } from './db-future.ts';
import type { SaleRow } from '../sales/db.ts';
import { AppFailure } from '../../../shared/errors.ts';
import type { PartnerError } from '../partner/errors.ts';
import { cancelRefusal, cancelWords } from '../partner/refusals.ts';
import { taxedTotal } from '../pricing/service.ts';

/** Which failures keep the service's own words for the screen: only its plain refusals. */
const PARTNER_WORDS: ReadonlySet<FutureFailureCode> = new Set(['rejected']);

function failureOf(row: FutureOrderRow): FutureOrderView['failure'] {
  if (row.status !== 'failed' || row.failureCode === null) return null;
  const code = (FUTURE_FAILURE_CODES as readonly string[]).includes(row.failureCode)
    ? (row.failureCode as FutureFailureCode)
    : 'rejected';
  return PARTNER_WORDS.has(code) && row.failureReason ? { code, partnerMessage: row.failureReason } : { code };
}

/** The sale kept with a future order, as written when it was paid for. */
export function saleOf(row: FutureOrderRow): SaleRow {
  return JSON.parse(row.sale) as SaleRow;
}

export function futureOrderView(row: FutureOrderRow): FutureOrderView {
  const sale = saleOf(row);
  const unit = money(sale.unitRetailMinor, sale.retailCurrency);
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    partnerStatus: row.partnerStatus,
    packageId: row.packageId,
    packageTitle: sale.packageTitle,
    packageData: sale.packageData,
    packageDays: sale.packageDays,
    countryCode: sale.packageCountryCode,
    quantity: row.quantity,
    unitPrice: unit,
    ...taxedTotal(multiplyMoney(unit, row.quantity), sale),
    paymentMethod: sale.paymentMethod,
    customerEmail: row.customerEmail,
    staffId: row.staffId,
    dueAt: row.dueAt,
    latestCancellationAt: row.latestCancellationAt,
    failure: failureOf(row),
    saleId: row.saleId,
    createdAt: row.createdAt,
    settledAt: row.settledAt,
  };
}

/** No cancellation in the last 24 hours before the due time: `at` is the last moment it was taken. */
export const tooLate = (at: string, partnerMessage?: string) =>
  new AppFailure('conflict', 'The eSIM service takes no cancellation in the last 24 hours before the due time.', {
    reason: 'future_cancel_too_late',
    params: { at },
    ...(partnerMessage ? { partnerMessage } : {}),
  });

/** The service's refusal of a cancellation, in the counter's words where it has them. */
export function cancelRefused(error: PartnerError, latest: string, nowMs: number): Error {
  const said = cancelWords(error);
  switch (cancelRefusal(error, { atMs: Date.parse(latest), nowMs })) {
    case 'already_made':
      return new AppFailure('conflict', 'The eSIM service has made this order already.', {
        reason: 'future_already_made',
        partnerMessage: said,
      });
    case 'too_late':
      return tooLate(latest, said);
    case 'unknown_order':
      return new AppFailure('not_found', 'The eSIM service does not know this future order.', {
        reason: 'future_order_not_found',
        partnerMessage: said,
      });
    case 'other':
      return error;
  }
}
