/**
 * What a future order's refusals and views say: the service's answers as the closed vocabulary
 * (shared/orders.ts FUTURE_FAILURE_CODES) that the renderer words, and a row as the counter shows it.
 */
import { money, multiplyMoney } from '../../shared/money.ts';
import { FUTURE_FAILURE_CODES, type FutureFailureCode, type FutureOrderView } from '../../shared/orders.ts';
import type { FutureOrderRow } from '../db/future-orders.ts';
import type { SaleRow } from '../db/sales.ts';
import { AppFailure } from '../../shared/errors.ts';
import type { PartnerError } from '../partner/errors.ts';
import { failureCode } from './order-failure.ts';
import { taxedTotal } from './pricing.ts';

/** A definite refusal of a future order, in the vocabulary; the due-date rules have names of their own. */
export function futureFailureCode(error: PartnerError): FutureFailureCode {
  const due = error.details.fields?.due_date;
  if (due && /at least|minimum/i.test(due)) return 'due_too_soon';
  if (due && /within one year|maximum|one year/i.test(due)) return 'due_too_late';
  const code = failureCode(error);
  switch (code) {
    case 'unreachable':
    case 'rate_limited':
    case 'refused_credentials':
    case 'sold_out':
    case 'low_credit':
    case 'maintenance':
      return code;
    default:
      return 'rejected';
  }
}

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
export function cancelRefusal(error: PartnerError, latest: string): Error {
  const said = Object.values(error.details.fields ?? {})[0] ?? error.message;
  if (/already processed/i.test(said)) {
    return new AppFailure('conflict', 'The eSIM service has made this order already.', {
      reason: 'future_already_made',
      partnerMessage: said,
    });
  }
  if (/24 hours/i.test(said)) return tooLate(latest, said);
  if (/does not exist/i.test(said)) {
    return new AppFailure('not_found', 'The eSIM service does not know this future order.', {
      reason: 'future_order_not_found',
      partnerMessage: said,
    });
  }
  return error;
}
