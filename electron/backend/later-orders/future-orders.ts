/**
 * Future orders: a package sold now for a departure date. The service makes the order at its due
 * time and e-mails the eSIM to the customer; the counter, which cannot receive the service's
 * webhook, reads the service's lists on a timer (and when a clerk looks) and, once the order is
 * made, writes its sale with the eSIMs, so it is in History and the reports. Like a sale, the
 * intent is committed before the request, and a request whose answer was lost is looked up by its
 * reference, never sent again.
 */
import crypto from 'node:crypto';
import type Database from 'better-sqlite3';
import { AppFailure } from '../../../shared/errors.ts';
import {
  CANCEL_BEFORE_DUE_MS,
  dueInstant,
  dueProblem,
  earliestDue,
  latestDue,
  parseUtcMinute,
  utcMinute,
  type FutureFailureCode,
  type FutureOrderList,
  type FutureOrderStatus,
  type FutureOrderView,
} from '../../../shared/orders.ts';
import type { PaymentMethod } from '../../../shared/sales.ts';
import { appendAudit, type JsonValue } from '../audit/db.ts';
import { commitBeforeNextFullCommit } from '../journal/durability.ts';
import {
  getFutureOrder,
  insertFutureOrder,
  listFutureOrdersIn,
  listFutureOrdersShown,
  transitionFutureOrder,
  type FutureOrderRow,
} from './db-future.ts';
import type { PartnerClient } from '../partner/client.ts';
import { PartnerError } from '../partner/errors.ts';
import { cancelFutureOrder, submitFutureOrder } from '../partner/future-orders.ts';
import type { StaffSession } from '../staff/sessions.ts';
import type { CatalogService } from '../catalogue/service.ts';
import { readServiceLists } from './future-order-lists.ts';
import { failFutureOrder, settleFutureOrder, type Settling } from './future-order-settle.ts';
import { futureOrderRefusal } from '../partner/refusals.ts';
import { cancelRefused, futureOrderView, tooLate } from './future-order-words.ts';
import { sendAndSort, SendOnce } from '../orders/send-once.ts';
import { PARTNER_PRICES, type Pricing } from '../pricing/service.ts';
import { newReference } from '../orders/reference.ts';
import { offeredOrRefused, saleRowFor } from '../sales/sale-row.ts';

export type FutureOrdersOptions = {
  readonly db: Database.Database;
  readonly partner: PartnerClient;
  readonly catalog: Pick<CatalogService, 'offer'>;
  /** The store's time zone: a typed due date is a date and time there. */
  readonly timeZone: () => string;
  readonly pricing?: Pricing;
  readonly now?: () => number;
  /** How long after sending a look-up that finds nothing is believed (default 2 minutes). */
  readonly settleMs?: number;
  /** How often the service's lists are read (default 5 minutes). */
  readonly pollMs?: number;
  /** Checks that run before a new order is written (the partner balance floor); throw to refuse. */
  readonly beforeSale?: () => Promise<void>;
  readonly log?: (message: string, error?: unknown) => void;
  /** <store>.<counter> for every new reference (electron/backend/chain/identity.ts), as a sale's. */
  readonly referenceTag?: () => string | null;
};

export type CreateFutureInput = {
  id?: string;
  packageId: string;
  quantity: number;
  /** `YYYY-MM-DD` or `YYYY-MM-DD HH:MM` in the store's time zone. */
  dueDate: string;
  customerEmail: string;
  paymentMethod: PaymentMethod;
  destination?: string;
};

const OPEN_AT_THE_SERVICE: readonly FutureOrderStatus[] = ['uncertain', 'scheduled', 'cancelling'];
/** A clerk's look at the list reads the service again when the last read is older than this. */
const FRESH_MS = 30_000;
/** Settled orders stay on the list this long. */
const SHOWN_DAYS = 60;

export class FutureOrdersService {
  readonly #o: FutureOrdersOptions;
  readonly #db: Database.Database;
  readonly #now: () => number;
  /** One send or cancellation per order at a time; a list read leaves such an order alone. */
  readonly #flights = new SendOnce();
  #refreshing: Promise<void> | null = null;
  #checkedAt: number | null = null;
  #checkFailed = false;
  #timer: ReturnType<typeof setInterval> | null = null;

  constructor(options: FutureOrdersOptions) {
    this.#o = options;
    this.#db = options.db;
    this.#now = options.now ?? Date.now;
  }

  #iso(ms = this.#now()): string {
    return new Date(ms).toISOString();
  }

  /** Settles what a previous run left, then reads the service's lists on a timer. */
  start(): void {
    try {
      this.#settleAtStart();
    } catch (error) {
      this.#o.log?.('settling future orders at start failed', error);
    }
    void this.refresh();
    this.#timer = setInterval(() => void this.refresh(), this.#o.pollMs ?? 5 * 60_000);
    this.#timer.unref?.();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  /** Never sent (the app stopped first): failed, nothing ordered. Caught while sending: looked up. */
  #settleAtStart(): void {
    const at = this.#iso();
    for (const row of listFutureOrdersIn(this.#db, ['pending', 'submitting'])) {
      if (row.status === 'pending') {
        this.#failRow(row, 'not_sent', 'The app stopped before this future order was sent. Nothing was ordered.');
      } else if (
        transitionFutureOrder(
          this.#db,
          row.id,
          ['submitting'],
          'uncertain',
          { failureReason: 'The app stopped while sending.' },
          at,
        )
      ) {
        this.#audit('future_order.uncertain', null, row.id, { reference: row.reference });
      }
    }
  }

  async create(input: CreateFutureInput, staff: StaffSession): Promise<FutureOrderView> {
    const id = input.id ?? crypto.randomUUID();
    const written = () => getFutureOrder(this.#db, id) !== undefined;
    await this.#flights.create(
      id,
      written,
      () => this.#write(id, input, staff),
      () => this.#flights.send(id, () => this.#send(id)),
    );
    return this.view(id);
  }

  async #write(id: string, input: CreateFutureInput, staff: StaffSession): Promise<void> {
    const now = this.#now();
    const due = dueInstant(input.dueDate, this.#o.timeZone());
    if (due === null) {
      throw new AppFailure('bad_input', 'The due date is not a date (YYYY-MM-DD, or YYYY-MM-DD HH:MM).', {
        fields: { dueDate: 'date' },
      });
    }
    const problem = dueProblem(due, now);
    if (problem) {
      const at = this.#iso(problem === 'due_too_soon' ? earliestDue(now) : latestDue(now));
      throw new AppFailure(
        'bad_input',
        `The eSIM service takes future orders due from the day after tomorrow (UTC) to a year ahead.`,
        {
          reason: problem === 'due_too_soon' ? 'future_due_too_soon' : 'future_due_too_late',
          params: { at },
          fields: { dueDate: 'invalid' },
        },
      );
    }
    const offer = offeredOrRefused(await this.#o.catalog.offer(input.packageId));
    await this.#o.beforeSale?.();
    const at = this.#iso(now);
    const ids = { id, reference: newReference(now, 'EC', this.#o.referenceTag?.() ?? null), staffId: staff.staffId };
    const sale = saleRowFor(offer, input, ids, this.#o.pricing ?? PARTNER_PRICES, at);
    const row: FutureOrderRow = {
      id,
      reference: sale.reference,
      status: 'pending',
      packageId: offer.id,
      quantity: input.quantity,
      customerEmail: input.customerEmail,
      staffId: staff.staffId,
      dueAt: this.#iso(due),
      dueMinute: utcMinute(due),
      requestId: null,
      latestCancellationAt: this.#iso(due - CANCEL_BEFORE_DUE_MS),
      partnerStatus: null,
      failureCode: null,
      failureReason: null,
      attempts: 0,
      sale: JSON.stringify(sale),
      saleId: null,
      createdAt: at,
      updatedAt: at,
      submittedAt: null,
      checkedAt: null,
      settledAt: null,
    };
    // Durable before sending: the `submitting` commit is FULL and precedes the request.
    commitBeforeNextFullCommit(this.#db, () => {
      insertFutureOrder(this.#db, row);
      this.#audit('future_order.created', staff.staffId, id, {
        reference: row.reference,
        packageId: row.packageId,
        quantity: row.quantity,
        due: row.dueMinute,
      });
    });
  }

  async #send(id: string): Promise<void> {
    const row = getFutureOrder(this.#db, id)!;
    const patch = { attempts: row.attempts + 1, submittedAt: this.#iso() };
    if (!transitionFutureOrder(this.#db, id, ['pending'], 'submitting', patch, this.#iso())) return;
    const request = {
      packageId: row.packageId,
      quantity: row.quantity,
      dueDate: row.dueMinute,
      description: row.reference,
      toEmail: row.customerEmail,
    };
    const sent = await sendAndSort(
      () => submitFutureOrder(this.#o.partner, request),
      `future order ${row.reference}`,
      this.#o.log,
    );
    if (sent.kind === 'refused') {
      const code = futureOrderRefusal(sent.error, { dueMs: Date.parse(row.dueAt), atMs: this.#now() });
      this.#failRow({ ...row, status: 'submitting' }, code, sent.error.message);
      return;
    }
    if (sent.kind === 'uncertain') {
      transitionFutureOrder(this.#db, id, ['submitting'], 'uncertain', { failureReason: sent.reason }, this.#iso());
      this.#audit('future_order.uncertain', null, id, { reference: row.reference });
      return;
    }
    const accepted = sent.answer;
    const latest = parseUtcMinute(accepted.latestCancellationDate);
    transitionFutureOrder(
      this.#db,
      id,
      ['submitting'],
      'scheduled',
      {
        requestId: accepted.requestId,
        partnerStatus: 'pending',
        ...(Number.isNaN(latest) ? {} : { latestCancellationAt: this.#iso(latest) }),
      },
      this.#iso(),
    );
    this.#audit('future_order.scheduled', null, id, { reference: row.reference, requestId: accepted.requestId });
  }

  /** A clerk's look: the service's lists read again when the last read is old (or when asked). */
  async list(refresh = false): Promise<FutureOrderList> {
    if (refresh || this.#checkedAt === null || this.#now() - this.#checkedAt > FRESH_MS) await this.refresh();
    const since = this.#iso(this.#now() - SHOWN_DAYS * 86_400_000);
    return {
      orders: listFutureOrdersShown(this.#db, since).map(futureOrderView),
      checkedAt: this.#checkedAt === null ? null : this.#iso(this.#checkedAt),
      checkFailed: this.#checkFailed,
    };
  }

  view(id: string): FutureOrderView {
    const row = getFutureOrder(this.#db, id);
    if (!row) throw notFound();
    return futureOrderView(row);
  }

  /** Reads the service's lists once (shared with a read under way) and settles every open order. */
  refresh(): Promise<void> {
    this.#refreshing ??= this.#refresh().finally(() => (this.#refreshing = null));
    return this.#refreshing;
  }

  async #refresh(): Promise<void> {
    const deadline = this.#o.partner.orderTimeoutMs + 5_000;
    for (const row of listFutureOrdersIn(this.#db, ['submitting'])) {
      // Its answer was lost after sending (the write failed): looked up like any uncertain one.
      if (this.#flights.sending(row.id) || this.#now() - Date.parse(row.submittedAt ?? row.updatedAt) < deadline) continue;
      transitionFutureOrder(
        this.#db,
        row.id,
        ['submitting'],
        'uncertain',
        { failureReason: 'The answer was lost.' },
        this.#iso(),
      );
    }
    const open = listFutureOrdersIn(this.#db, OPEN_AT_THE_SERVICE).filter((row) => !this.#flights.sending(row.id));
    try {
      if (open.length > 0) {
        const lists = await readServiceLists(this.#o.partner);
        for (const row of open) await settleFutureOrder(this.#settling(), row, lists);
      }
      this.#checkFailed = false;
      this.#checkedAt = this.#now();
    } catch (error) {
      this.#checkFailed = true;
      this.#o.log?.(
        'reading the future orders at the eSIM service failed',
        error instanceof PartnerError ? error.toLogFormat() : error,
      );
    }
  }

  /** Cancels a scheduled order while the service still takes it (up to 24 hours before its due time). */
  async cancel(id: string, staff: StaffSession): Promise<FutureOrderView> {
    const row = getFutureOrder(this.#db, id);
    if (!row) throw notFound();
    if (row.status !== 'scheduled' || !row.requestId || this.#flights.sending(id)) {
      throw new AppFailure('conflict', 'Only a future order the service has scheduled can be cancelled.', {
        reason: 'future_not_cancellable',
      });
    }
    const latest = row.latestCancellationAt ?? this.#iso(Date.parse(row.dueAt) - CANCEL_BEFORE_DUE_MS);
    if (this.#now() >= Date.parse(latest)) throw tooLate(latest);
    await this.#flights.send(id, () => this.#cancel(row, staff, latest));
    // A cancellation whose answer was lost: the lists say whether it went.
    if (getFutureOrder(this.#db, id)?.status === 'cancelling') await this.refresh();
    return this.view(id);
  }

  async #cancel(row: FutureOrderRow, staff: StaffSession, latest: string): Promise<void> {
    if (!transitionFutureOrder(this.#db, row.id, ['scheduled'], 'cancelling', {}, this.#iso())) return;
    this.#audit('future_order.cancel_requested', staff.staffId, row.id, { reference: row.reference });
    try {
      await cancelFutureOrder(this.#o.partner, row.requestId!);
    } catch (error) {
      if (!(error instanceof PartnerError) || error.outcomeUncertain) {
        this.#o.log?.(
          `future order ${row.reference}: cancellation uncertain`,
          error instanceof PartnerError ? error.toLogFormat() : error,
        );
        return;
      }
      transitionFutureOrder(this.#db, row.id, ['cancelling'], 'scheduled', {}, this.#iso());
      this.#audit('future_order.cancel_refused', staff.staffId, row.id, {
        reference: row.reference,
        partnerMessage: error.message,
      });
      throw cancelRefused(error, latest, this.#now());
    }
    const at = this.#iso();
    transitionFutureOrder(this.#db, row.id, ['cancelling'], 'cancelled', { settledAt: at }, at);
    this.#audit('future_order.cancelled', staff.staffId, row.id, { reference: row.reference });
  }

  #failRow(row: FutureOrderRow, code: FutureFailureCode, reason: string): void {
    failFutureOrder(this.#settling(), row, code, reason);
  }

  #settling(): Settling {
    return {
      db: this.#db,
      partner: this.#o.partner,
      now: this.#now,
      settleMs: this.#o.settleMs ?? 120_000,
      audit: (action, subject, details) => this.#audit(action, null, subject, details),
    };
  }

  #audit(action: string, actor: string | null, subject: string, details: Record<string, JsonValue>): void {
    appendAudit(this.#db, { action, actorStaffId: actor, subject, details, at: this.#iso() });
  }
}

const notFound = () => new AppFailure('not_found', 'There is no such future order.', { reason: 'future_order_not_found' });
