/**
 * The one table of the partner's refusals and the app's names for them. The service refuses in two
 * ways: a business code with a reason, or a 422 whose message sits on the field at fault. A code is
 * read as a number. A field refusal is read by its field and, where one field can be refused for
 * more than one reason, by what the app itself sent (the due date) or was told (the last moment a
 * cancellation is taken). The service's English is read only where the interface gives no other
 * sign: a quantity "not available" (the only out-of-stock signal of a plain order), and a
 * cancellation "already processed" or for an id that "does not exist".
 */
import type { FutureFailureCode } from '../../../shared/orders.ts';
import type { OrderFailureCode } from '../../../shared/sales.ts';
import { PartnerError } from './errors.ts';

/** The partner's business codes a counter meets, by name. */
export const BUSINESS_REFUSALS = {
  11: 'low_credit', // "Insufficient Airalo Credit"
  13: 'maintenance', // the operator is undergoing maintenance
  23: 'topup_disabled', // the operator disabled this top-up
  33: 'sold_out', // insufficient stock of eSIMs
  34: 'sold_out', // the package is invalid or out of stock
  73: 'recycled', // the eSIM was recycled: no use, no top-up
} as const satisfies Readonly<Record<number, OrderFailureCode>>;

/** The documented refusal of a plain order's quantity when the stock is short. */
const QUANTITY_NOT_AVAILABLE = /not available/i;

/** A definite refusal of an order (sale, top-up, group, vouchers) in the closed vocabulary (shared/sales.ts). */
export function orderRefusal(error: PartnerError): OrderFailureCode {
  const business = error.details.businessCode;
  if (business !== undefined) return (BUSINESS_REFUSALS as Readonly<Record<number, OrderFailureCode>>)[business] ?? 'rejected';
  switch (error.kind) {
    case 'network_before_send':
      return 'unreachable';
    case 'auth':
      return 'refused_credentials';
    case 'rate_limited':
      return 'rate_limited';
    case 'validation':
      return QUANTITY_NOT_AVAILABLE.test(error.details.fields?.quantity ?? '') ? 'sold_out' : 'rejected';
    default:
      return 'rejected';
  }
}

/** True when the service refused because the eSIM was recycled. */
export const isRecycled = (error: unknown): error is PartnerError =>
  error instanceof PartnerError && orderRefusal(error) === 'recycled';

/** Half of the service's window of due dates (the day after tomorrow to a year ahead): the side a refused date is on. */
const DUE_WINDOW_MIDDLE_MS = 183 * 86_400_000;

/**
 * A future order's refusal in its vocabulary (shared/orders.ts). A due date refused is too soon or
 * too late by the service's clock: which one is told by where the date sent lies, not by the words.
 */
export function futureOrderRefusal(error: PartnerError, sent: { dueMs: number; atMs: number }): FutureFailureCode {
  if (error.details.fields?.due_date !== undefined) {
    return sent.dueMs - sent.atMs < DUE_WINDOW_MIDDLE_MS ? 'due_too_soon' : 'due_too_late';
  }
  const code = orderRefusal(error);
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

/** Why a cancellation of a future order was refused, when the app has a name for it. */
export type CancelRefusal = 'already_made' | 'too_late' | 'unknown_order' | 'other';

/**
 * A cancellation's refusal: past the last moment the service gave (by the counter's clock, or its
 * words for a clock ahead of ours), an order it made already, or one it does not know.
 */
export function cancelRefusal(error: PartnerError, latestCancellation: { atMs: number; nowMs: number }): CancelRefusal {
  const said = cancelWords(error);
  if (/already processed/i.test(said)) return 'already_made';
  if (latestCancellation.nowMs >= latestCancellation.atMs || /24 hours/i.test(said)) return 'too_late';
  if (/does not exist/i.test(said)) return 'unknown_order';
  return 'other';
}

/** The service's words on a refused cancellation: the first id's message, else its own. */
export function cancelWords(error: PartnerError): string {
  return Object.values(error.details.fields ?? {})[0] ?? error.message;
}
