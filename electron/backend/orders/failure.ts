/**
 * A failed or unsettled sale or top-up in words a clerk may read, and the wait a 429 asked for:
 * what the state machine (submission.ts) stores and what views show of it.
 */
import type { OrderFailure } from '../../../shared/sales.ts';
import { readFailureCode } from './db.ts';
import { PartnerError } from '../partner/errors.ts';
import { orderRefusal } from '../partner/refusals.ts';

/**
 * The failure of a row as views show it: the code without the stored moment, how long is left
 * of a wait the service asked for, and until when (null once it has passed).
 */
export function failureOf(
  row: { readonly failureCode: string | null; readonly failureReason: string | null },
  nowMs: number,
): { failure: OrderFailure | null; retryAfter: string | null } {
  const { code, retryAfter } = readFailureCode(row.failureCode);
  const seconds = secondsUntil(retryAfter, nowMs);
  const waiting = seconds > 0 ? retryAfter : null;
  if (!row.failureReason) return { failure: null, retryAfter: waiting };
  return {
    failure: { code, reason: row.failureReason, ...(seconds > 0 ? { retryAfterSeconds: seconds } : {}) },
    retryAfter: waiting,
  };
}

/** Whole seconds from now until `iso`; 0 when it has passed or there is none. */
export function secondsUntil(iso: string | null, nowMs: number): number {
  if (!iso) return 0;
  return Math.max(0, Math.ceil((Date.parse(iso) - nowMs) / 1000));
}

/**
 * The reason kept on the row, which every clerk may read (History, the sale screen): never the
 * service's text where it names the shop's credit or what an order costs wholesale.
 */
export function describeFailure(error: PartnerError): string {
  switch (orderRefusal(error)) {
    case 'sold_out':
      return 'This package is sold out at the moment. Nothing was charged.';
    case 'low_credit':
      return 'The shop’s account with the eSIM service needs topping up. Nothing was ordered or charged.';
    case 'unreachable':
      return 'The eSIM service could not be reached, so nothing was ordered or charged.';
    case 'refused_credentials':
      return 'The eSIM service refused the shop’s credentials. Nothing was ordered.';
    case 'rate_limited':
      return 'The eSIM service asked us to wait before sending more. Nothing was ordered or charged.';
    default:
      return error.message;
  }
}

export function describeUncertain(error: unknown): string {
  if (error instanceof PartnerError && error.kind === 'server') return 'The eSIM service failed while taking the order.';
  if (error instanceof PartnerError && error.kind === 'malformed_response')
    return 'The eSIM service sent an answer we could not read.';
  return 'The connection broke before the eSIM service answered.';
}
