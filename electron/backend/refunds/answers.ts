/**
 * The service's answers to refund requests, read from the status of each order behind them
 * (refunds/service.ts says why and how a change is read).
 */
import type Database from 'better-sqlite3';
import { AppFailure } from '../../../shared/errors.ts';
import type { EsimRefundState } from '../../../shared/history.ts';
import { appendAudit } from '../audit/db.ts';
import {
  listRefundRequests,
  openRefundEsims,
  recordRefundCheck,
  recordRefundedEsim,
  type OpenRefundEsim,
  type OrderRefundStatus,
} from './db.ts';
import { listEsimsOfSale } from '../sales/db.ts';
import { partnerFailure } from '../common/failures.ts';
import type { PartnerClient } from '../partner/client.ts';
import { findOrderOfIccid, getOrderWithStatus } from '../partner/esim-history.ts';
import { PartnerError } from '../partner/errors.ts';
import type { OrderListEntry } from '../partner/schemas/orders.ts';

type Order = { readonly id: string; readonly status: OrderRefundStatus | null; readonly esims: readonly string[] | null };

const REFUND_STATUSES: readonly string[] = ['completed', 'partially_refunded', 'refunded'];

const statusOf = (order: OrderListEntry): OrderRefundStatus | null => {
  const slug = order.status?.slug ?? null;
  return slug && REFUND_STATUSES.includes(slug) ? (slug as OrderRefundStatus) : null;
};

/**
 * What one eSIM's request now stands at, given its order's status now. `named` is how many of the
 * order's eSIMs the request named, `total` how many the order has (null when not known).
 */
export function answerOf(
  current: EsimRefundState,
  baseline: OrderRefundStatus,
  now: OrderRefundStatus | null,
  named: number,
  total: number | null,
): EsimRefundState {
  if (now === 'refunded') return 'refunded';
  if (now === 'partially_refunded' && baseline === 'completed') {
    return total !== null && named < total ? 'refunded' : 'unclear';
  }
  return current;
}

export async function checkRefunds(o: {
  db: Database.Database;
  partner: PartnerClient;
  now: () => number;
  since: string;
  log: (message: string, error?: unknown) => void;
}): Promise<void> {
  const open = openRefundEsims(o.db, o.since);
  if (open.length === 0) return;
  const orders = new Map<string, Order | null>();
  const orderOf = new Map<OpenRefundEsim, Order | null>();
  for (const esim of open) {
    const key = esim.orderId ?? `iccid:${esim.iccid}`;
    if (!orders.has(key)) orders.set(key, await readOrder(o, esim));
    orderOf.set(esim, orders.get(key) ?? null);
  }

  const before = new Map(listRefundRequests(o.db).map((r) => [r.id, r.status]));
  const at = new Date(o.now()).toISOString();
  o.db.transaction(() => {
    for (const esim of open) {
      const order = orderOf.get(esim);
      if (!order) continue;
      const sameOrder = open.filter((e) => e.requestId === esim.requestId && orderOf.get(e)?.id === order.id);
      const baseline = esim.baseline ?? 'completed';
      const state = answerOf(esim.state, baseline, order.status, sameOrder.length, order.esims?.length ?? null);
      recordRefundCheck(o.db, {
        requestId: esim.requestId,
        iccid: esim.iccid,
        orderId: order.id,
        baseline,
        orderStatus: order.status,
        state,
        at,
      });
      if (state !== 'refunded' || !esim.saleId) continue;
      recordRefundedEsim(o.db, { iccid: esim.iccid, saleId: esim.saleId, requestId: esim.requestId, at });
      // The whole order refunded: the sale's other eSIMs are no longer sold either.
      if (order.status === 'refunded') {
        for (const other of listEsimsOfSale(o.db, esim.saleId)) {
          recordRefundedEsim(o.db, { iccid: other.iccid, saleId: esim.saleId, requestId: null, at });
        }
      }
    }
    for (const refund of listRefundRequests(o.db)) {
      const was = before.get(refund.id);
      if (was === undefined || was === refund.status) continue;
      appendAudit(o.db, {
        action: 'refund.answered',
        subject: refund.id,
        details: { refundStatus: refund.status, refunded: refund.refunded.length, iccids: refund.iccids.length },
        at,
      });
    }
  })();
}

/**
 * The order behind an eSIM with its status: by its id when the counter sold the eSIM, else looked
 * up by ICCID. Null when the service could not say; an unreachable service ends the whole look.
 */
async function readOrder(
  o: { db: Database.Database; partner: PartnerClient; log: (message: string, error?: unknown) => void },
  esim: OpenRefundEsim,
): Promise<Order | null> {
  try {
    if (esim.orderId !== null) {
      const order = await getOrderWithStatus(o.partner, esim.orderId);
      const esims = esim.saleId ? listEsimsOfSale(o.db, esim.saleId).map((e) => e.iccid) : null;
      return { id: esim.orderId, status: statusOf(order), esims };
    }
    const order = await findOrderOfIccid(o.partner, esim.iccid);
    if (!order) return null;
    return { id: String(order.id), status: statusOf(order), esims: order.sims?.map((s) => s.iccid) ?? null };
  } catch (error) {
    if (!(error instanceof PartnerError)) throw error;
    if (error.kind === 'not_found' || error.kind === 'validation' || error.kind === 'malformed_response') {
      o.log(`refund answers: the order of ${esim.iccid} could not be read (${error.kind})`);
      return null;
    }
    throw AppFailure.from(partnerFailure(error, 'the refunds’ answers'));
  }
}
