/**
 * A basket: several packages and top-ups for one payment. Each line is a sale or a top-up of its
 * own, sent through the order machine under an id the basket keeps, so each is made exactly once
 * however often the basket is asked for (a lost answer, a crash, a second window), and counted by
 * the close, the reports, History and refunds as any sale or top-up is.
 */
import crypto from 'node:crypto';
import type Database from 'better-sqlite3';
import type { BasketLineStatus, BasketLineView, BasketView } from '../../../shared/baskets.ts';
import { AppFailure, type AppError } from '../../../shared/errors.ts';
import type { Money } from '../../../shared/money.ts';
import { AmountsAcc } from '../reports/amounts.ts';
import { UNSETTLED_STATUSES, type PaymentMethod } from '../../../shared/sales.ts';
import { crashPoint } from '../common/crash-points.ts';
import { expectedFailure } from '../common/failures.ts';
import type { SalesService } from '../sales/service.ts';
import type { StaffSession } from '../staff/sessions.ts';
import type { TopupsService } from '../topups/service.ts';
import { getBasket, insertBasket, refuseBasketLine, type BasketLineRow } from './db.ts';

export type BasketLineInput = { packageId: string; quantity: number } | { iccid: string; packageId: string };
export type CreateBasketInput = { id?: string; paymentMethod: PaymentMethod; lines: readonly BasketLineInput[] };

type Orders = { sales: Pick<SalesService, 'create' | 'view'>; topups: Pick<TopupsService, 'create' | 'view'> };

const UNSETTLED: ReadonlySet<string> = new Set(UNSETTLED_STATUSES);

/** What a line asks for, for telling a resumed basket from another one under the same id. */
const shape = (l: Pick<BasketLineRow, 'kind' | 'packageId' | 'quantity' | 'iccid'>) =>
  `${l.kind}:${l.packageId}:${l.quantity}:${l.iccid ?? ''}`;

export class BasketService {
  readonly #db: Database.Database;
  readonly #orders: Orders;
  readonly #now: () => number;

  constructor(db: Database.Database, orders: Orders, now: () => number = Date.now) {
    this.#db = db;
    this.#orders = orders;
    this.#now = now;
  }

  async create(input: CreateBasketInput, staff: StaffSession): Promise<BasketView> {
    const id = input.id ?? crypto.randomUUID();
    const lines: BasketLineRow[] = input.lines.map((line, index) => ({
      index,
      kind: 'iccid' in line ? 'topup' : 'sale',
      orderId: crypto.randomUUID(),
      packageId: line.packageId,
      quantity: 'quantity' in line ? line.quantity : 1,
      iccid: 'iccid' in line ? line.iccid : null,
      refusal: null,
    }));
    const held = getBasket(this.#db, id);
    const paymentMethod = input.paymentMethod;
    if (!held) {
      insertBasket(
        this.#db,
        { id, paymentMethod, staffId: staff.staffId, createdAt: new Date(this.#now()).toISOString() },
        lines,
      );
    } else if (held.basket.paymentMethod !== paymentMethod || held.lines.map(shape).join() !== lines.map(shape).join()) {
      throw new AppFailure('conflict', 'This basket was already taken with other lines or another payment.', {
        reason: 'basket_differs',
      });
    }
    // A basket asked again goes on with the lines (and their ids) it was first written with.
    for (const line of held?.lines ?? lines) {
      if (line.refusal || this.#order(line, null)) continue;
      await this.#send(id, paymentMethod, line, staff);
      crashPoint('basket_between_lines');
    }
    return this.view(id, staff);
  }

  /** Each line as the journal has it now. */
  view(id: string, viewer: StaffSession | null): BasketView {
    const held = getBasket(this.#db, id);
    if (!held) throw new AppFailure('not_found', 'There is no such basket.', { reason: 'basket_not_found' });
    const lines = held.lines.map((line) => this.#lineView(line, viewer));
    const totals = (status: BasketLineStatus) => {
      const sum = new AmountsAcc();
      for (const l of lines) if (l.status === status && l.total) sum.add(l.total.minor, l.total.currency);
      return sum.list();
    };
    return {
      id: held.basket.id,
      paymentMethod: held.basket.paymentMethod,
      createdAt: held.basket.createdAt,
      lines,
      charged: totals('issued'),
      checking: totals('checking'),
    };
  }

  /** One line sent once: its order's own machine decides; a refusal before any order is kept on the line. */
  async #send(basketId: string, paymentMethod: PaymentMethod, line: BasketLineRow, staff: StaffSession): Promise<void> {
    try {
      if (line.kind === 'sale') {
        await this.#orders.sales.create(
          { saleId: line.orderId, packageId: line.packageId, quantity: line.quantity, paymentMethod },
          staff,
        );
      } else {
        await this.#orders.topups.create(
          { topupId: line.orderId, iccid: line.iccid!, packageId: line.packageId, paymentMethod },
          staff,
        );
      }
    } catch (error) {
      // An order already written has its own outcome, whatever was thrown after it.
      if (this.#order(line, null)) return;
      const refusal: AppError | null =
        error instanceof AppFailure ? error.error : expectedFailure(error, line.kind === 'sale' ? 'the sale' : 'the top-up');
      if (!refusal) throw error;
      refuseBasketLine(this.#db, basketId, line.index, refusal);
    }
  }

  /** The line's sale or top-up as `viewer` may see it; null while none was written. */
  #order(line: BasketLineRow, viewer: StaffSession | null): { status: string; reference: string; total: Money } | null {
    try {
      return line.kind === 'sale' ? this.#orders.sales.view(line.orderId, viewer) : this.#orders.topups.view(line.orderId);
    } catch (error) {
      if (error instanceof AppFailure && error.error.code === 'not_found') return null;
      throw error;
    }
  }

  #lineView(line: BasketLineRow, viewer: StaffSession | null): BasketLineView {
    const order = this.#order(line, viewer);
    const status: BasketLineStatus = !order
      ? line.refusal
        ? 'failed'
        : 'waiting'
      : order.status === 'completed'
        ? 'issued'
        : UNSETTLED.has(order.status)
          ? 'checking'
          : 'failed';
    return {
      index: line.index,
      kind: line.kind,
      orderId: line.orderId,
      packageId: line.packageId,
      quantity: line.quantity,
      iccid: line.iccid,
      status,
      orderStatus: order?.status ?? null,
      reference: order?.reference ?? null,
      total: status === 'issued' || status === 'checking' ? order!.total : null,
      refusal: line.refusal,
    };
  }
}
