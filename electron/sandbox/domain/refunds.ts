// Refund requests under review. The service decides by hand and says nothing of a request after
// accepting it; what a partner sees is the order: partially_refunded once some of its eSIMs are
// refunded, refunded once all are, and the net price of each credited to the balance.
import type { SandboxContext } from '../context.ts';
import type { RefundRec } from '../model.ts';

const money = (n: number) => Math.round(n * 100) / 100;

/** Approves (the named eSIMs, or all the request's) or rejects a request still in review. */
export function decideRefund(ctx: SandboxContext, refund: RefundRec, approve: boolean, iccids?: readonly string[]): RefundRec {
  const now = ctx.clock.now();
  const approved = approve ? refund.iccids.filter((i) => !iccids || iccids.includes(i)) : [];
  let credit = 0;
  const touched = new Set<number>();
  for (const iccid of approved) {
    const sim = ctx.store.sims.get(iccid);
    if (!sim || sim.refundedAt) continue;
    sim.refundedAt = now;
    ctx.store.sims.put(iccid, sim);
    const order = ctx.store.orders.get(sim.orderId);
    if (order) credit += order.netPrice;
    touched.add(sim.orderId);
  }
  for (const orderId of touched) {
    const order = ctx.store.orders.get(orderId);
    if (!order) continue;
    const refunded = order.iccids.filter((i) => ctx.store.sims.get(i)?.refundedAt).length;
    order.status = refunded >= order.iccids.length ? 'refunded' : 'partially_refunded';
    ctx.store.orders.put(orderId, order);
  }
  if (credit > 0) {
    ctx.store.updateMeta((m) => {
      m.balance = money(m.balance + credit);
    });
  }
  const decided: RefundRec = { ...refund, status: approve ? 'approved' : 'rejected', approvedIccids: approved, decidedAt: now };
  ctx.store.refunds.put(refund.id, decided);
  return decided;
}

/** With `refundReviewMs` set, requests in review that long are approved whole. */
export function refundReviewProcessor(ctx: SandboxContext): void {
  const after = ctx.opts.refundReviewMs;
  if (after === null) return;
  const now = ctx.clock.now();
  for (const refund of ctx.store.refunds.values()) {
    if ((refund.status ?? 'in_review') === 'in_review' && now - refund.createdAt >= after) decideRefund(ctx, refund, true);
  }
}
