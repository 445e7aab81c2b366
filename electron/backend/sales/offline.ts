/**
 * Sales taken while the eSIM service cannot be reached (a manager allows them in Settings): the
 * customer pays at the counter and leaves with a receipt saying the eSIM comes by e-mail. The sale
 * waits in the journal (`queued`, committed before the clerk is answered); once the service answers
 * it is placed, in the order taken, through the sale's own machine (exactly once, with `to_email`
 * so the service e-mails the eSIM and its install steps). One that cannot be placed within the
 * manager's hours is refused and listed for a refund, never placed late.
 */
import type Database from 'better-sqlite3';
import { AppFailure } from '../../../shared/errors.ts';
import { multiplyMoney, toDecimalString, type Money } from '../../../shared/money.ts';
import type { OfflineReadiness, SaleView } from '../../../shared/sales.ts';
import type { OfflineSalesSettings } from '../../../shared/settings.ts';
import { appendAudit } from '../audit/db.ts';
import { crashPoint } from '../common/crash-points.ts';
import { singleFlight } from '../common/single-flight.ts';
import type { EventBus } from '../events.ts';
import { taxedTotal } from '../pricing/service.ts';
import type { StaffSession } from '../staff/sessions.ts';
import { getSale, insertSale, type SaleRow } from './db.ts';
import {
  getOfflineSale,
  insertOfflineSale,
  leaveQueue,
  listOpenOfflineSales,
  type OfflineRow,
  type OfflineWithSale,
} from './db-offline.ts';
import { insertVoid } from './db-voids.ts';
import { offlineStateOf, refusedShopWide } from './offline-state.ts';
import { isJournalFailure } from '../journal/errors.ts';
import type { CreateSaleInput, SalesService } from './service.ts';
import type { Reachability } from '../partner/reachability.ts';
import type { OrderHold } from '../partner/order-hold.ts';
import type { Readiness } from './readiness.ts';

export type OfflineSalesOptions = {
  readonly db: Database.Database;
  readonly sales: Pick<SalesService, 'draftRow' | 'placeQueued' | 'resend' | 'view'>;
  readonly settings: () => OfflineSalesSettings;
  /** The service cannot be reached now, or holds every order: a sale may be taken offline. */
  readonly away: () => Promise<boolean>;
  /** The service answers, holds no order and sales are not paused: a waiting sale may be placed. */
  readonly canPlace: () => Promise<boolean>;
  readonly events?: EventBus;
  readonly now?: () => number;
  readonly log?: (message: string, error?: unknown) => void;
};

export type TakeOfflineInput = CreateSaleInput & { saleId: string; customerEmail: string };

/** A sale's total as the customer paid it: the eSIMs and the tax where it is added at checkout. */
const paidOf = (row: SaleRow): Money =>
  taxedTotal(multiplyMoney({ minor: row.unitRetailMinor, currency: row.retailCurrency }, row.quantity), row).total;

export class OfflineSales {
  readonly #o: OfflineSalesOptions;
  readonly #now: () => number;
  readonly #placing = new Map<string, Promise<void>>();

  constructor(options: OfflineSalesOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
  }

  /** Takes a sale to be placed when the service answers; the same id again answers the same sale. */
  async take(input: TakeOfflineInput, staff: StaffSession): Promise<SaleView> {
    const { db } = this.#o;
    const held = getOfflineSale(db, input.saleId);
    if (held) {
      const first = JSON.parse(held.sale) as SaleRow;
      if (
        first.packageId !== input.packageId ||
        first.quantity !== input.quantity ||
        held.customerEmail !== input.customerEmail
      ) {
        throw new AppFailure('conflict', 'This offline sale was already taken for another package or e-mail address.', {
          reason: 'offline_sale_differs',
        });
      }
      return this.#o.sales.view(input.saleId, staff);
    }
    if (getSale(db, input.saleId)) {
      throw new AppFailure('conflict', 'This sale was already sent to the eSIM service.', { reason: 'offline_sale_differs' });
    }
    const settings = this.#o.settings();
    if (!settings.enabled) {
      throw new AppFailure('forbidden', 'A manager has not allowed sales while the eSIM service is away.', {
        reason: 'offline_sales_off',
      });
    }
    if (!(await this.#o.away())) {
      throw new AppFailure('conflict', 'The eSIM service answers: sell as usual.', { reason: 'service_answers' });
    }
    const row = await this.#o.sales.draftRow(input.saleId, input, staff);
    const paid = paidOf(row);
    const at = this.#now();
    const offline = {
      saleId: row.id,
      reference: row.reference,
      customerEmail: input.customerEmail,
      totalMinor: paid.minor,
      currency: paid.currency,
      staffId: staff.staffId,
      sale: JSON.stringify(row),
      takenAt: row.createdAt,
      deadline: new Date(at + settings.hours * 3_600_000).toISOString(),
    };
    // A full commit: the customer has paid, and this row is all that says so until it is placed.
    const inserted = db
      .transaction(() => {
        // Two calls with one id (two windows, a retried request): the first one's sale stands.
        if (getOfflineSale(db, row.id) || getSale(db, row.id)) return false;
        // The caps are checked again under the write lock: two counters cannot both take the last room.
        this.#withinCaps(paid, settings);
        insertOfflineSale(db, offline);
        this.#audit('sale.taken_offline', staff.staffId, row.id, {
          reference: row.reference,
          packageId: row.packageId,
          quantity: row.quantity,
          deadline: offline.deadline,
        });
        return true;
      })
      .immediate();
    if (!inserted) return this.take(input, staff);
    crashPoint('offline_taken');
    this.#o.events?.emit('sale.updated', { id: row.id, status: 'queued' });
    return this.#o.sales.view(row.id, staff);
  }

  #withinCaps(paid: Money, settings: OfflineSalesSettings): void {
    const { maxPerSale, maxTotal } = settings;
    if (maxPerSale && (maxPerSale.currency !== paid.currency || paid.minor > maxPerSale.minor)) {
      throw new AppFailure(
        'conflict',
        `A sale taken offline may come to at most ${toDecimalString(maxPerSale)} ${maxPerSale.currency}.`,
        {
          reason: 'offline_over_sale_cap',
          params: { max: `${toDecimalString(maxPerSale)} ${maxPerSale.currency}` },
        },
      );
    }
    const room = this.#room(maxTotal);
    if (room && (room.currency !== paid.currency || paid.minor > room.minor)) {
      throw new AppFailure(
        'conflict',
        `The sales waiting to be sent may come to at most ${toDecimalString(maxTotal!)} ${maxTotal!.currency}; ${toDecimalString(room)} is left.`,
        { reason: 'offline_over_total_cap', params: { room: `${toDecimalString(room)} ${room.currency}` } },
      );
    }
  }

  /** How much more may wait under the cap on the total (never below nothing); null: no cap. */
  #room(maxTotal: Money | null, waitingNow: readonly OfflineWithSale[] = this.#waiting()): Money | null {
    if (!maxTotal) return null;
    let waiting = 0;
    for (const row of waitingNow) if (row.currency === maxTotal.currency) waiting += row.totalMinor;
    return { minor: Math.max(0, maxTotal.minor - waiting), currency: maxTotal.currency };
  }

  /** Waiting to be placed or being placed: paid for, not yet issued nor refused. */
  #waiting(): OfflineWithSale[] {
    const now = this.#now();
    return listOpenOfflineSales(this.#o.db).filter((row) => {
      const state = offlineStateOf(row, now);
      return state === 'waiting' || state === 'placing';
    });
  }

  readiness(): OfflineReadiness {
    const settings = this.#o.settings();
    // Read once: the count and the room come from the same rows (the screens ask every 15 s).
    const waiting = this.#waiting();
    return {
      enabled: settings.enabled,
      hours: settings.hours,
      waiting: waiting.length,
      maxPerSale: settings.maxPerSale,
      room: this.#room(settings.maxTotal, waiting),
    };
  }

  /** The sales waiting to be placed or being placed, oldest first (`sales.queued`). */
  queued(viewer: StaffSession | null): SaleView[] {
    return this.#waiting().map((row) => this.#o.sales.view(row.saleId, viewer));
  }

  /** The sales taken offline that were refused or ran out of time, for a manager to refund. */
  toRefund(viewer: StaffSession | null): SaleView[] {
    const now = this.#now();
    return listOpenOfflineSales(this.#o.db)
      .filter((row) => offlineStateOf(row, now) === 'to_refund')
      .map((row) => this.#o.sales.view(row.saleId, viewer));
  }

  /** Taken within [from, to) and neither issued nor refunded: the close of that day waits for them. */
  openBetween(from: string, to: string): { reference: string }[] {
    return listOpenOfflineSales(this.#o.db, { from, to }).map((row) => ({ reference: row.reference }));
  }

  /** Taken while the service was away, whatever became of it since. */
  isOffline(id: string): boolean {
    return getOfflineSale(this.#o.db, id) !== undefined;
  }

  /** Still in the queue: refunded by a manager through `withdraw`, not through a sale's void. */
  isQueued(id: string): boolean {
    return getOfflineSale(this.#o.db, id)?.status === 'queued';
  }

  /**
   * Places what waits, oldest first, while the service takes orders; a waiting sale whose time ran
   * out is refused instead. One pass at a time: a second caller joins the first.
   */
  placeWaiting(): Promise<void> {
    return singleFlight(this.#placing, 'all', () => this.#placeAll());
  }

  async #placeAll(): Promise<void> {
    for (const row of listOpenOfflineSales(this.#o.db)) {
      if (row.status === 'queued' && this.#now() >= Date.parse(row.deadline)) {
        this.#lapse(row);
        continue;
      }
      if (offlineStateOf(row, this.#now()) !== 'waiting') continue;
      // In the order taken: while the service cannot take the oldest, none goes ahead of it.
      if (!(await this.#o.canPlace())) return;
      try {
        if (row.status === 'queued') await this.#o.sales.placeQueued(row.saleId, () => this.#placed(row));
        else {
          // Read again after the wait above: a manager may have refunded it, its time may have run out.
          const now = getOfflineSale(this.#o.db, row.saleId);
          if (!now || offlineStateOf(now, this.#now()) !== 'waiting') continue;
          await this.#o.sales.resend(row.saleId);
        }
      } catch (error) {
        if (error instanceof Lapsed) this.#lapse(row);
        // One sale's trouble does not hold up the others; a journal that refuses writes holds all.
        else if (isJournalFailure(error)) throw error;
        else this.#o.log?.(`placing the offline sale ${row.reference} failed`, error);
      }
      crashPoint('offline_between_sales');
      // Refused for the whole shop (no credit, credentials, a wait): the rest would be refused too.
      if (refusedShopWide(getOfflineSale(this.#o.db, row.saleId)?.failureCode ?? null)) return;
    }
  }

  /** The write that places a waiting sale: its sale row and the queue's move, in one commit. */
  #placed(row: OfflineRow): void {
    const at = new Date(this.#now()).toISOString();
    const current = getOfflineSale(this.#o.db, row.saleId);
    if (current?.status !== 'queued' || this.#now() >= Date.parse(row.deadline)) throw new Lapsed();
    insertSale(this.#o.db, { ...(JSON.parse(row.sale) as SaleRow), updatedAt: at });
    leaveQueue(this.#o.db, row.saleId, 'placed', at);
    this.#audit('sale.placed', null, row.saleId, { reference: row.reference });
  }

  /** Its time ran out before it could be placed: a failed sale, listed for the refund. */
  #lapse(row: OfflineRow): void {
    const at = new Date(this.#now()).toISOString();
    const moved = this.#o.db.transaction(() => {
      if (getOfflineSale(this.#o.db, row.saleId)?.status !== 'queued') return false;
      this.#insertFailed(
        row,
        at,
        'expired',
        'This sale could not be placed with the eSIM service in time. Nothing was charged by the service: refund the customer.',
      );
      leaveQueue(this.#o.db, row.saleId, 'lapsed', at);
      this.#audit('sale.offline_lapsed', null, row.saleId, { reference: row.reference, deadline: row.deadline });
      return true;
    })();
    if (moved) this.#o.events?.emit('sale.updated', { id: row.saleId, status: 'failed' });
  }

  /** A manager refunds a sale still waiting: it will never be placed. */
  withdraw(id: string, reason: string, manager: StaffSession): SaleView {
    const row = getOfflineSale(this.#o.db, id);
    if (!row) throw new AppFailure('not_found', 'There is no such sale.', { reason: 'sale_not_found' });
    const at = new Date(this.#now()).toISOString();
    this.#o.db.transaction(() => {
      if (getOfflineSale(this.#o.db, id)?.status !== 'queued') {
        throw new AppFailure('conflict', 'This sale is being placed with the eSIM service now: look at it again.', {
          reason: 'only_not_issued_can_be_voided',
        });
      }
      this.#insertFailed(row, at, 'not_sent', 'Refunded before it was sent to the eSIM service. Nothing was charged.');
      leaveQueue(this.#o.db, id, 'withdrawn', at);
      insertVoid(this.#o.db, { saleId: id, voidedAt: at, voidedBy: manager.staffId, reason });
      this.#audit('sale.voided', manager.staffId, id, { reference: row.reference, reason });
    })();
    this.#o.events?.emit('sale.updated', { id, status: 'failed' });
    return this.#o.sales.view(id, manager);
  }

  #insertFailed(row: OfflineRow, at: string, failureCode: string, failureReason: string): void {
    insertSale(this.#o.db, { ...(JSON.parse(row.sale) as SaleRow), status: 'failed', failureCode, failureReason, updatedAt: at });
  }

  #audit(action: string, actor: string | null, subject: string, details: Record<string, string | number>): void {
    appendAudit(this.#o.db, { action, actorStaffId: actor, subject, details, at: new Date(this.#now()).toISOString() });
  }
}

/** The sale left the queue, or its time ran out, between the pass's look and the placing write. */
class Lapsed extends Error {}

/**
 * The offline sales of a counter: taken while its partner client finds the service away or holding
 * orders; placed only as a sale would be sent (the service answers, holds nothing, the readiness
 * checks pass: the secret, the journal, the balance floor).
 */
export function createOfflineSales(deps: {
  readonly db: Database.Database;
  readonly sales: OfflineSalesOptions['sales'];
  readonly events: EventBus;
  readonly log: (message: string, error?: unknown) => void;
  readonly now: (() => number) | undefined;
  readonly settings: () => OfflineSalesSettings;
  readonly reachability: Pick<Reachability, 'fresh'>;
  readonly orderHold: Pick<OrderHold, 'current'>;
  readonly readiness: Pick<Readiness, 'assertCanSell'>;
}): OfflineSales {
  const away = async () => (await deps.reachability.fresh()).state !== 'reachable' || deps.orderHold.current() !== null;
  return new OfflineSales({
    db: deps.db,
    sales: deps.sales,
    events: deps.events,
    log: deps.log,
    ...(deps.now ? { now: deps.now } : {}),
    settings: deps.settings,
    away,
    canPlace: async () => {
      if (await away()) return false;
      try {
        await deps.readiness.assertCanSell();
        return true;
      } catch {
        return false;
      }
    },
  });
}
