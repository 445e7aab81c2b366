/**
 * Group orders: a sale of more eSIMs than the counter sells at once (a tour group), sent to the
 * service as an asynchronous order. The service accepts it (202) and makes the eSIMs in the
 * background; its answer goes to a webhook no counter can receive, so the counter looks the sale's
 * reference up until the order is there, a little later each time. The sale's state machine
 * (submission.ts) carries it like any sale: the intent committed before sending, never posted twice.
 */
import type Database from 'better-sqlite3';
import type { GroupOrderView } from '../../../shared/orders.ts';
import type { SaleView } from '../../../shared/sales.ts';
import { getOrderState, type OrderState } from '../orders/db.ts';
import {
  getGroupOrder,
  insertGroupOrder,
  recordGroupAccepted,
  recordGroupCheck,
  setGroupFailedSeen,
  startGroupAttempt,
} from './db-group.ts';
import type { SaleRow } from '../sales/db.ts';
import { submitAsyncOrder } from '../partner/async-orders.ts';
import type { PartnerClient } from '../partner/client.ts';
import { findOrdersByDescription } from '../partner/orders.ts';
import { outcomeOfListed, type Accepted, type Found, type Outcome } from '../orders/outcome.ts';
import type { SaleStatus } from '../../../shared/sales.ts';

export type GroupOrdersOptions = {
  readonly db: Database.Database;
  readonly partner: PartnerClient;
  readonly now: () => number;
  /** How long after sending a look-up that finds nothing is believed: the service takes its time. */
  readonly settleMs: number;
  /** Looks the sale up now (the state machine's, so two look-ups never both adopt the order). */
  readonly reconcile: (id: string) => Promise<SaleStatus>;
  readonly log?: (message: string, error?: unknown) => void;
};

/** Waits between look-ups after the service accepted: soon at first, then every 20 seconds. */
const POLL_DELAYS_MS = [1_000, 2_000, 3_000, 5_000, 8_000, 13_000, 20_000];

export class GroupOrders {
  readonly #o: GroupOrdersOptions;
  readonly #timers = new Map<string, ReturnType<typeof setTimeout>>();
  #stopped = false;

  constructor(options: GroupOrdersOptions) {
    this.#o = options;
  }

  get settleMs(): number {
    return this.#o.settleMs;
  }

  #iso(): string {
    return new Date(this.#o.now()).toISOString();
  }

  /** Whether the sale goes to the service as a group (asynchronous) order. */
  has(saleId: string): boolean {
    return getGroupOrder(this.#o.db, saleId) !== undefined;
  }

  /** Marks a sale being written as a group order, in the transaction that writes it. */
  register(saleId: string, at: string): void {
    insertGroupOrder(this.#o.db, saleId, at);
  }

  async send(sale: SaleRow): Promise<Accepted> {
    const accepted = await submitAsyncOrder(this.#o.partner, {
      packageId: sale.packageId,
      quantity: sale.quantity,
      description: sale.reference,
      toEmail: sale.customerEmail,
    });
    return { accepted: true, requestId: accepted.requestId, acceptedAt: accepted.acceptedAt };
  }

  /** The service accepted it (inside the machine's transaction): kept, and looked for from now on. */
  accepted(saleId: string, accepted: Accepted, at: string): void {
    recordGroupAccepted(this.#o.db, saleId, accepted.requestId, at, at);
    this.#poll(saleId, 0);
  }

  /**
   * The sale's reference at the service: a made order is adopted; one more failed order than was
   * listed before this attempt says this attempt failed (nothing made, nothing charged).
   */
  async lookUp(row: OrderState): Promise<Found> {
    const found = await findOrdersByDescription(this.#o.partner, row.reference);
    recordGroupCheck(this.#o.db, row.id, this.#iso());
    const made = found.filter((order) => order.status?.slug !== 'failed');
    const first = made[0];
    if (first) return { kind: 'order', outcome: outcomeOfListed(first), orders: made.length };
    const failed = found.length - made.length;
    if (failed > (getGroupOrder(this.#o.db, row.id)?.failedSeen ?? 0)) {
      setGroupFailedSeen(this.#o.db, row.id, failed, this.#iso());
      return { kind: 'failed' };
    }
    return { kind: 'none' };
  }

  /**
   * Before the group is sent again: an order the service made for it after all (late) is adopted
   * instead; otherwise the failed ones listed now are the ones the next attempt must outnumber.
   */
  async beforeResend(row: OrderState): Promise<Outcome | null> {
    const found = await findOrdersByDescription(this.#o.partner, row.reference);
    const made = found.filter((order) => order.status?.slug !== 'failed');
    if (made[0]) return outcomeOfListed(made[0]);
    const at = this.#iso();
    this.#o.db.transaction(() => {
      setGroupFailedSeen(this.#o.db, row.id, found.length, at);
      startGroupAttempt(this.#o.db, row.id, at);
    })();
    return null;
  }

  view(sale: SaleView): GroupOrderView {
    const group = getGroupOrder(this.#o.db, sale.id);
    const state = getOrderState(this.#o.db, 'sales', sale.id);
    const waiting = sale.status === 'uncertain' && state?.submittedAt;
    return {
      sale,
      acceptedAt: group?.acceptedAt ?? null,
      checks: group?.checks ?? 0,
      lastCheckedAt: group?.lastCheckedAt ?? null,
      giveUpAt: waiting ? new Date(Date.parse(state.submittedAt!) + this.#o.settleMs).toISOString() : null,
    };
  }

  /** Looks the sale up after a wait, and again while it is still uncertain. */
  #poll(saleId: string, attempt: number): void {
    if (this.#stopped) return;
    clearTimeout(this.#timers.get(saleId));
    const delay = POLL_DELAYS_MS[Math.min(attempt, POLL_DELAYS_MS.length - 1)]!;
    const timer = setTimeout(() => {
      this.#timers.delete(saleId);
      void this.#o
        .reconcile(saleId)
        .catch((error: unknown) => {
          this.#o.log?.('looking a group order up failed', error);
          return 'uncertain' as const;
        })
        .then((status) => {
          if (status === 'uncertain') this.#poll(saleId, attempt + 1);
        });
    }, delay);
    timer.unref?.();
    this.#timers.set(saleId, timer);
  }

  stop(): void {
    this.#stopped = true;
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
  }
}
