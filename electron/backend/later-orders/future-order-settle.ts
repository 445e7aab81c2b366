/**
 * What the service's lists say of one open future order, and what the counter does about it: still
 * to be made (its state noted), failed at the service, cancelled, never received, or made — then
 * its sale (as paid for) is written with the eSIMs, so it is in History and the reports.
 */
import type Database from 'better-sqlite3';
import { AppFailure } from '../../../shared/errors.ts';
import { parseUtcMinute, type FutureFailureCode } from '../../../shared/orders.ts';
import type { JsonValue } from '../audit/db.ts';
import { noteFutureOrder, transitionFutureOrder, type FutureOrderPatch, type FutureOrderRow } from './db-future.ts';
import { transitionOrder } from '../orders/db.ts';
import { insertSale } from '../sales/db.ts';
import type { PartnerClient } from '../partner/client.ts';
import { findOrdersByDescription } from '../partner/orders.ts';
import type { OrderListEntry } from '../partner/schemas/orders.ts';
import type { ServiceLists } from './future-order-lists.ts';
import { saleOf } from './future-order-words.ts';
import { chargedPerUnit } from '../orders/outcome.ts';
import { insertOrderEsims } from '../sales/sale-row.ts';

export type Settling = {
  readonly db: Database.Database;
  readonly partner: PartnerClient;
  readonly now: () => number;
  /** How long after sending a look-up that finds nothing is believed. */
  readonly settleMs: number;
  readonly audit: (action: string, subject: string, details: Record<string, JsonValue>) => void;
};

const iso = (ms: number) => new Date(ms).toISOString();

export async function settleFutureOrder(s: Settling, row: FutureOrderRow, lists: ServiceLists): Promise<void> {
  const at = iso(s.now());
  const listed = (row.requestId ? lists.byRequest.get(row.requestId) : undefined) ?? lists.byDescription.get(row.reference);
  if (listed?.status === 'failed') {
    failFutureOrder(s, row, 'failed_at_service', 'The eSIM service could not make this order.');
    return;
  }
  if (listed) {
    // Still to be made: a lost answer found, or a cancellation that did not happen.
    if (row.status === 'scheduled') {
      noteFutureOrder(s.db, row.id, { partnerStatus: listed.status, checkedAt: at }, at);
      return;
    }
    const latest = parseUtcMinute(listed.entry.latest_cancellation_date);
    const patch: FutureOrderPatch = {
      requestId: listed.entry.request_id,
      partnerStatus: listed.status,
      checkedAt: at,
      ...(Number.isNaN(latest) ? {} : { latestCancellationAt: iso(latest) }),
    };
    if (transitionFutureOrder(s.db, row.id, [row.status], 'scheduled', patch, at)) {
      const verb = row.status === 'cancelling' ? 'future_order.cancel_not_done' : 'future_order.scheduled';
      s.audit(verb, row.id, { reference: row.reference, requestId: listed.entry.request_id });
    }
    return;
  }
  // Left the lists: made (its order is there), cancelled, or never received.
  const made = (await findOrdersByDescription(s.partner, row.reference)).find((o) => o.status?.slug !== 'failed');
  if (made) return fulfilFutureOrder(s, row, made);
  if (row.status === 'cancelling') {
    if (transitionFutureOrder(s.db, row.id, ['cancelling'], 'cancelled', { settledAt: at, checkedAt: at }, at)) {
      s.audit('future_order.cancelled', row.id, { reference: row.reference, foundByLookUp: true });
    }
  } else if (row.status === 'uncertain' && s.now() - Date.parse(row.submittedAt ?? row.updatedAt) >= s.settleMs) {
    failFutureOrder(s, row, 'not_found', 'The eSIM service has no such future order. Nothing was ordered.');
  } else {
    noteFutureOrder(s.db, row.id, { checkedAt: at }, at);
  }
}

/** The service made it: its sale (as paid for) with the eSIMs, in one transaction. */
export function fulfilFutureOrder(s: Settling, row: FutureOrderRow, order: OrderListEntry): void {
  const at = iso(s.now());
  const sale = saleOf(row);
  const unitCost = chargedPerUnit(order);
  s.db.transaction(() => {
    // Written as sent, then completed with what the service charged: the reports count it so.
    insertSale(s.db, { ...sale, status: 'submitting', attempts: row.attempts, submittedAt: row.submittedAt, updatedAt: at });
    const patch = {
      partnerOrderId: String(order.id),
      partnerOrderCode: order.code,
      completedAt: at,
      ...(unitCost && { unitCost }),
    };
    transitionOrder(s.db, 'sales', sale.id, ['submitting'], 'completed', patch, at);
    insertOrderEsims(s.db, sale.id, order.sims ?? [], at);
    const done = { saleId: sale.id, settledAt: at, checkedAt: at };
    if (!transitionFutureOrder(s.db, row.id, [row.status], 'fulfilled', done, at)) {
      throw new AppFailure('conflict', 'This future order was settled by another path.', { reason: 'future_not_cancellable' });
    }
    s.audit('future_order.fulfilled', row.id, {
      reference: row.reference,
      orderCode: order.code,
      esims: order.sims?.length ?? 0,
    });
  })();
}

/** Nothing was or will be made: final, with the reason in the vocabulary. */
export function failFutureOrder(s: Settling, row: FutureOrderRow, code: FutureFailureCode, reason: string): void {
  const at = iso(s.now());
  const patch = { failureCode: code, failureReason: reason, settledAt: at, checkedAt: at, partnerStatus: null };
  if (transitionFutureOrder(s.db, row.id, [row.status], 'failed', patch, at)) {
    s.audit('future_order.failed', row.id, { reference: row.reference, code });
  }
}
