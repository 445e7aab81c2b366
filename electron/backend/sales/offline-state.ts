/** Where a sale taken offline stands, read from its offline row and what became of its sale. */
import type { OfflineSaleInfo, OfflineState, SaleViewStatus } from '../../../shared/sales.ts';
import { readFailureCode } from '../orders/db.ts';
import type { OfflineWithSale } from './db-offline.ts';

/**
 * A placed sale that failed with one of these was not ordered, for a reason of the moment (the app
 * stopped before sending, the connection failed first, the service asked to wait, the shop's credit
 * or credentials, the operator's maintenance): it is placed again, under the same reference, while
 * its time lasts. Any other refusal (the package withdrawn, the order invalid) is for a refund.
 */
const NOT_ORDERED: ReadonlySet<string> = new Set([
  'not_sent',
  'unreachable',
  'rate_limited',
  'low_credit',
  'refused_credentials',
  'maintenance',
]);
/** Refusals that hold for every sale of the shop: the pass stops there, the next one tries again. */
const SHOP_WIDE: ReadonlySet<string> = new Set(['unreachable', 'rate_limited', 'low_credit', 'refused_credentials']);

export function nothingSent(failureCode: string | null): boolean {
  return NOT_ORDERED.has(readFailureCode(failureCode).code ?? '');
}

export function refusedShopWide(failureCode: string | null): boolean {
  return SHOP_WIDE.has(readFailureCode(failureCode).code ?? '');
}

export function offlineStateOf(row: OfflineWithSale, nowMs: number): OfflineState {
  if (row.voided) return 'refunded';
  const inTime = nowMs < Date.parse(row.deadline);
  if (row.status === 'queued') return inTime ? 'waiting' : 'to_refund';
  if (row.status !== 'placed') return 'to_refund';
  switch (row.saleStatus) {
    case 'completed':
      return 'issued';
    case 'failed':
      return inTime && nothingSent(row.failureCode) ? 'waiting' : 'to_refund';
    case 'not_found':
      // Looked up and certainly not made (safe to send again): placed again while its time lasts.
      return inTime ? 'waiting' : 'to_refund';
    default:
      return 'placing';
  }
}

/** What a sale's view says of an offline sale: `queued` while it waits, its own status otherwise. */
export function offlineView(
  row: OfflineWithSale,
  status: SaleViewStatus,
  nowMs: number,
): { status: SaleViewStatus; offline: OfflineSaleInfo } {
  const state = offlineStateOf(row, nowMs);
  return {
    // Still in the queue, even past its deadline until the next pass refuses it: never sent yet.
    status: state === 'waiting' || row.status === 'queued' ? 'queued' : status,
    offline: { state, takenAt: row.takenAt, deadline: row.deadline },
  };
}
