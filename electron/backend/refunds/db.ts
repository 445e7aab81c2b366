/**
 * Refund requests (0004), each eSIM's part in them and what the service's order status has said
 * since (0014), and the eSIMs sold here that were refunded.
 */
import { statement } from '../journal/statements.ts';
import type Database from 'better-sqlite3';
import type { RefundView } from '../../../shared/manager.ts';
import type { EsimRefund, EsimRefundState } from '../../../shared/history.ts';

/** An order's status as the service gives it (`status.slug`), for the ones a refund changes. */
export type OrderRefundStatus = 'completed' | 'partially_refunded' | 'refunded';

export type RefundEsimInput = {
  readonly iccid: string;
  readonly saleId: string | null;
  readonly orderId: string | null;
  readonly baseline: OrderRefundStatus | null;
};

export type RefundRequestRow = {
  readonly id: string;
  readonly partnerId: string | null;
  readonly iccids: readonly string[];
  readonly reason: string;
  readonly notes: string | null;
  readonly email: string | null;
  readonly status: 'requested' | 'refused';
  readonly refusal: string | null;
  readonly requestedBy: string;
  readonly at: string;
  readonly saleId: string | null;
  readonly esims: readonly RefundEsimInput[];
};

/** The request and one row per eSIM; the caller holds the transaction. */
export function insertRefundRequest(db: Database.Database, row: RefundRequestRow): void {
  statement(
    db,
    `INSERT INTO refund_requests (id, partner_id, iccids, reason, notes, email, status, refusal, requested_by, created_at, updated_at, sale_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    row.id,
    row.partnerId,
    JSON.stringify(row.iccids),
    row.reason,
    row.notes,
    row.email,
    row.status,
    row.refusal,
    row.requestedBy,
    row.at,
    row.at,
    row.saleId,
  );
  const esim = statement(
    db,
    `INSERT INTO refund_esims (request_id, iccid, sale_id, requested_at, order_id, baseline, state) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const e of row.esims) {
    esim.run(row.id, e.iccid, e.saleId, row.at, e.orderId, e.baseline, row.status === 'refused' ? 'refused' : 'in_review');
  }
}

type RequestRow = {
  id: string;
  partner_id: string | null;
  iccids: string;
  reason: string;
  notes: string | null;
  status: 'requested' | 'refused';
  refusal: string | null;
  by_name: string;
  created_at: string;
  sale_id: string | null;
  sale_reference: string | null;
  refunded: string | null;
  unclear: number | null;
  checked_at: string | null;
};

/**
 * The latest 200 requests, newest first, each with the name of who asked (their id if they are
 * gone), and what the service has answered so far.
 */
export function listRefundRequests(db: Database.Database): RefundView[] {
  const rows = statement(
    db,
    `SELECT r.id, r.partner_id, r.iccids, r.reason, r.notes, r.status, r.refusal, r.created_at, r.sale_id,
       coalesce(s.name, r.requested_by) AS by_name, sa.reference AS sale_reference,
       (SELECT json_group_array(e.iccid) FROM refund_esims e WHERE e.request_id = r.id AND e.state = 'refunded') AS refunded,
       (SELECT count(*) FROM refund_esims e WHERE e.request_id = r.id AND e.state = 'unclear') AS unclear,
       (SELECT max(e.checked_at) FROM refund_esims e WHERE e.request_id = r.id) AS checked_at
     FROM refund_requests r LEFT JOIN staff s ON s.id = r.requested_by LEFT JOIN sales sa ON sa.id = r.sale_id
     ORDER BY r.created_at DESC, r.rowid DESC LIMIT 200`,
  ).all() as RequestRow[];
  return rows.map((r) => {
    const iccids = JSON.parse(r.iccids) as string[];
    const refunded = JSON.parse(r.refunded ?? '[]') as string[];
    return {
      id: r.id,
      partnerId: r.partner_id,
      iccids,
      reason: r.reason,
      notes: r.notes,
      status: requestStatus(r.status, iccids.length, refunded.length, r.unclear ?? 0),
      refusal: r.refusal,
      requestedBy: r.by_name,
      createdAt: r.created_at,
      saleId: r.sale_id,
      saleReference: r.sale_reference,
      refunded: iccids.filter((i) => refunded.includes(i)),
      checkedAt: r.checked_at,
    };
  });
}

function requestStatus(stored: 'requested' | 'refused', esims: number, refunded: number, unclear: number): RefundView['status'] {
  if (stored === 'refused') return 'refused';
  if (refunded > 0 && refunded >= esims) return 'refunded';
  return refunded > 0 || unclear > 0 ? 'partly_refunded' : 'requested';
}

/** When each request since `since` (ISO) was sent, newest first: the counter's own refund rate. */
export function refundTimesSince(db: Database.Database, since: string): string[] {
  return (
    statement(db, 'SELECT created_at AS at FROM refund_requests WHERE created_at >= ? ORDER BY created_at DESC').all(since) as {
      at: string;
    }[]
  ).map((r) => r.at);
}

export type OpenRefundEsim = {
  readonly requestId: string;
  readonly iccid: string;
  readonly saleId: string | null;
  readonly orderId: string | null;
  readonly baseline: OrderRefundStatus | null;
  readonly state: EsimRefundState;
  readonly requestedAt: string;
};

/** eSIMs of requests sent since `since` that the service has not answered for yet (or only in part). */
export function openRefundEsims(db: Database.Database, since: string): OpenRefundEsim[] {
  return statement(
    db,
    `SELECT request_id AS requestId, iccid, sale_id AS saleId, order_id AS orderId, baseline, state, requested_at AS requestedAt
     FROM refund_esims WHERE state IN ('in_review', 'unclear') AND requested_at >= ? ORDER BY requested_at, iccid`,
  ).all(since) as OpenRefundEsim[];
}

/** What one look at the service said of one eSIM of a request. */
export function recordRefundCheck(
  db: Database.Database,
  row: {
    requestId: string;
    iccid: string;
    orderId: string | null;
    baseline: OrderRefundStatus | null;
    orderStatus: OrderRefundStatus | null;
    state: EsimRefundState;
    at: string;
  },
): void {
  statement(
    db,
    `UPDATE refund_esims SET order_id = coalesce(@orderId, order_id), baseline = coalesce(baseline, @baseline),
       order_status = coalesce(@orderStatus, order_status), decided_at = CASE WHEN state <> @state THEN @at ELSE decided_at END,
       state = @state, checked_at = @at
     WHERE request_id = @requestId AND iccid = @iccid`,
  ).run(row);
}

/** The eSIM, sold here, is refunded: reports count it apart. Kept once, with the first request that got it. */
export function recordRefundedEsim(
  db: Database.Database,
  row: { iccid: string; saleId: string; requestId: string | null; at: string },
): void {
  statement(
    db,
    `INSERT INTO refunded_esims (iccid, sale_id, sale_created_at, request_id, seen_at)
     SELECT @iccid, id, created_at, @requestId, @at FROM sales WHERE id = @saleId
     ON CONFLICT (iccid) DO NOTHING`,
  ).run(row);
}

/**
 * The status the counter last read for a partner order, from any request: what a new request's
 * eSIMs of that order start from. Null when it was never read (a completed sale is 'completed').
 */
export function lastOrderStatus(db: Database.Database, orderId: string): OrderRefundStatus | null {
  const row = statement(
    db,
    `SELECT coalesce(order_status, baseline) AS status FROM refund_esims WHERE order_id = ? AND coalesce(order_status, baseline) IS NOT NULL
     ORDER BY coalesce(checked_at, requested_at) DESC LIMIT 1`,
  ).get(orderId) as { status: OrderRefundStatus } | undefined;
  return row?.status ?? null;
}

/** The latest request's state of each of these eSIMs that was ever asked for. */
export function latestRefundsOf(db: Database.Database, iccids: readonly string[]): EsimRefund[] {
  if (iccids.length === 0) return [];
  return statement(
    db,
    `SELECT iccid, request_id AS requestId, state, requested_at AS requestedAt FROM (
       SELECT e.*, row_number() OVER (PARTITION BY e.iccid ORDER BY e.requested_at DESC, r.rowid DESC) AS n
       FROM refund_esims e JOIN refund_requests r ON r.id = e.request_id
       WHERE e.iccid IN (SELECT value FROM json_each(?)))
     WHERE n = 1 ORDER BY iccid`,
  ).all(JSON.stringify(iccids)) as EsimRefund[];
}

/** The latest request's state of every eSIM of these sales that was ever asked for. */
export function latestRefundsOfSales(db: Database.Database, saleIds: readonly string[]): Map<string, EsimRefund[]> {
  const bySale = new Map<string, EsimRefund[]>();
  if (saleIds.length === 0) return bySale;
  const rows = statement(
    db,
    `SELECT saleId, iccid, requestId, state, requestedAt FROM (
       SELECT es.sale_id AS saleId, e.iccid, e.request_id AS requestId, e.state, e.requested_at AS requestedAt,
         row_number() OVER (PARTITION BY e.iccid ORDER BY e.requested_at DESC, r.rowid DESC) AS n
       FROM esims es JOIN refund_esims e ON e.iccid = es.iccid JOIN refund_requests r ON r.id = e.request_id
       WHERE es.sale_id IN (SELECT value FROM json_each(?)))
     WHERE n = 1 ORDER BY iccid`,
  ).all(JSON.stringify(saleIds)) as (EsimRefund & { saleId: string })[];
  for (const { saleId, ...refund } of rows) {
    const list = bySale.get(saleId) ?? [];
    list.push(refund);
    bySale.set(saleId, list);
  }
  return bySale;
}
