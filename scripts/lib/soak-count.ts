/**
 * What the soak compares after the last start has settled: the journal's sales against the orders
 * the partner service holds (one order per reference, the description), and what the callers were
 * told. Pure, so a test can show it would catch a loss or a duplicate.
 */
import type { SaleStatus } from '../../shared/sales.ts';

export type JournalSale = { readonly id: string; readonly reference: string; readonly status: SaleStatus };
export type ServiceOrder = { readonly description: string | null };
/** A sale taken while the service was away, as the journal's offline_sales has it. */
export type JournalOfflineSale = { readonly saleId: string; readonly status: 'queued' | 'placed' | 'lapsed' | 'withdrawn' };

export type SoakCounts = {
  readonly asked: number;
  readonly recorded: number;
  readonly completed: number;
  readonly failed: number;
  readonly notFound: number;
  readonly ordersAtService: number;
  /**
   * Money the customer paid that the counter does not show: an order at the service whose
   * reference has no completed sale in the journal, or a sale a caller was told was completed
   * that the journal does not hold as completed.
   */
  readonly lost: number;
  /** More than one order at the service for one reference: the customer charged twice. */
  readonly duplicated: number;
  /** Still pending, submitting or uncertain after the app has settled, or taken offline and still waiting. */
  readonly stuck: number;
  /** Sales taken while the service was away: asked for, and kept by the journal. */
  readonly offlineAsked: number;
  readonly offlineTaken: number;
  /** Taken offline and placed: their sales are counted with the others above. */
  readonly offlinePlaced: number;
  /** A completed sale with no order at the service: an eSIM shown that was never bought. */
  readonly phantom: number;
};

export function countSoak(input: {
  readonly asked: readonly string[];
  readonly toldCompleted: readonly string[];
  readonly sales: readonly JournalSale[];
  readonly orders: readonly ServiceOrder[];
  /** Offline sales asked for, those the caller was told were taken, and the journal's rows. */
  readonly offline?: {
    readonly asked: readonly string[];
    readonly toldTaken: readonly string[];
    readonly rows: readonly JournalOfflineSale[];
  };
}): SoakCounts {
  const byReference = new Map<string, number>();
  for (const order of input.orders) {
    if (order.description) byReference.set(order.description, (byReference.get(order.description) ?? 0) + 1);
  }
  const completedReferences = new Set(input.sales.filter((s) => s.status === 'completed').map((s) => s.reference));
  const completedIds = new Set(input.sales.filter((s) => s.status === 'completed').map((s) => s.id));
  const orphanOrders = [...byReference.keys()].filter((reference) => !completedReferences.has(reference)).length;
  const toldButNot = input.toldCompleted.filter((id) => !completedIds.has(id)).length;
  const count = (status: SaleStatus) => input.sales.filter((s) => s.status === status).length;
  const offline = input.offline ?? { asked: [], toldTaken: [], rows: [] };
  const kept = new Set(offline.rows.map((r) => r.saleId));
  // A customer told their sale was taken offline whose sale the journal does not hold: paid for, lost.
  const takenButNot = offline.toldTaken.filter((id) => !kept.has(id)).length;
  return {
    asked: input.asked.length,
    recorded: input.sales.length,
    completed: count('completed'),
    failed: count('failed'),
    notFound: count('not_found'),
    ordersAtService: input.orders.length,
    lost: orphanOrders + toldButNot + takenButNot,
    duplicated: [...byReference.values()].filter((n) => n > 1).length,
    stuck:
      input.sales.filter((s) => s.status === 'pending' || s.status === 'submitting' || s.status === 'uncertain').length +
      offline.rows.filter((r) => r.status === 'queued').length,
    offlineAsked: offline.asked.length,
    offlineTaken: offline.rows.length,
    offlinePlaced: offline.rows.filter((r) => r.status === 'placed').length,
    phantom: [...completedReferences].filter((reference) => !byReference.has(reference)).length,
  };
}

export function soakPassed(counts: SoakCounts): boolean {
  return counts.lost === 0 && counts.duplicated === 0 && counts.stuck === 0 && counts.phantom === 0;
}
