/**
 * Selling a package. The money-safe state machine lives in submission.ts; this module makes the
 * sale row from the catalogue, stores the eSIMs an order brings, and decides who may see them.
 */
import crypto from 'node:crypto';
import { newReference } from '../orders/reference.ts';
import type Database from 'better-sqlite3';
import {
  UNSETTLED_STATUSES,
  type PaymentMethod,
  type PendingSales,
  type ReconcileSummary,
  type SaleView,
} from '../../../shared/sales.ts';
import { commitBeforeNextFullCommit } from '../journal/durability.ts';
import { appendAudit, type JsonValue } from '../audit/db.ts';
import { getSaleOfEsim, getSale, iccidOfInstallCode, insertSale, listSales, type SaleListQuery, type SaleRow } from './db.ts';
import type { GroupOrderView } from '../../../shared/orders.ts';
import { submitOrder } from '../partner/orders.ts';
import type { PartnerClient } from '../partner/client.ts';
import { AppFailure } from '../../../shared/errors.ts';
import type { StaffSession } from '../staff/sessions.ts';
import type { CatalogService } from '../catalogue/service.ts';
import type { EventBus } from '../events.ts';
import { listOrderStates } from '../orders/db.ts';
import { getVoid, insertVoid } from './db-voids.ts';
import { chargedPerUnit, SubmissionMachine, type Accepted, type Outcome } from '../orders/submission.ts';
import { lookUpByReference } from '../orders/outcome.ts';
import { deliveryOf, deliveryRequest, saleDelivery, sharingColumn } from '../delivery/service.ts';
import type { SharingOption } from '../../../shared/delivery.ts';
import { PARTNER_PRICES, type Pricing } from '../pricing/service.ts';
import { insertOrderEsims, offeredOrRefused, saleRowFor } from './sale-row.ts';
import { saleView } from './sale-view.ts';
import { GroupOrders } from '../later-orders/group-orders.ts';
import { getOfflineSale, queuedSaleRow } from './db-offline.ts';
import { offlineStateOf } from './offline-state.ts';

export type SalesOptions = {
  readonly db: Database.Database;
  readonly partner: PartnerClient;
  /** `regionOf` names a regional package's region on the sale's view (a counter without it names none). */
  readonly catalog: Pick<CatalogService, 'offer'> & Partial<Pick<CatalogService, 'regionOf'>>;
  readonly events?: EventBus;
  readonly now?: () => number;
  /** How long after sending an order a lookup that finds nothing is believed (default 2 minutes). */
  readonly settleMs?: number;
  readonly log?: (message: string, error?: unknown) => void;
  /** Checks that run before a new sale is written (the partner balance floor); throw to refuse. */
  readonly beforeSale?: () => Promise<void>;
  /** The store's prices: the rate the catalogue priced at and the tax (default: the partner's prices, no tax). */
  readonly pricing?: Pricing;
  /** <store>.<counter> for every new reference (electron/backend/chain/identity.ts); none: the old EC-<date>-<random>. */
  readonly referenceTag?: () => string | null;
  /** How long after sending a group order a look-up that finds nothing is believed (default 10 minutes). */
  readonly groupSettleMs?: number;
  /** A write the journal refused once the order may have left (submission-options.ts): sales pause. */
  readonly journalFailed?: (error: unknown, context: string) => void;
};

export type CreateSaleInput = {
  saleId?: string;
  packageId: string;
  quantity: number;
  paymentMethod: PaymentMethod;
  customerEmail?: string;
  /** The country the customer is going to, for a regional or global package (ISO 3166-1 alpha-2). */
  destination?: string;
  /** How the service e-mails the eSIM, a copy to the store, the brand (delivery/service.ts). */
  sharing?: readonly SharingOption[];
  copyToStore?: boolean;
  brand?: string | null;
};

/** The eSIM data stays visible to the clerk who sold it for this long; after that a manager must approve. */
const REVEAL_WINDOW_MS = 30 * 60 * 1000;
/** How long a manager's approval to show a QR again lasts. */
const APPROVAL_MS = 5 * 60 * 1000;

export class SalesService {
  readonly #db: Database.Database;
  readonly #partner: PartnerClient;
  readonly #catalog: SalesOptions['catalog'];
  readonly #now: () => number;
  readonly #beforeSale: () => Promise<void>;
  readonly #pricing: Pricing;
  readonly #referenceTag: () => string | null;
  readonly #machine: SubmissionMachine;
  readonly #groups: GroupOrders;
  readonly #events: EventBus | undefined;
  /**
   * Who a manager approved to see a sale again, until when (ms), keyed by sale and staff member:
   * the approval is for the person at the counter, not for whoever signs in next. In memory: an
   * approval does not outlive the app.
   */
  readonly #approvals = new Map<string, number>();

  constructor(options: SalesOptions) {
    this.#db = options.db;
    this.#partner = options.partner;
    this.#catalog = options.catalog;
    this.#now = options.now ?? Date.now;
    this.#beforeSale = options.beforeSale ?? (async () => undefined);
    this.#pricing = options.pricing ?? PARTNER_PRICES;
    this.#referenceTag = options.referenceTag ?? (() => null);
    this.#events = options.events;
    this.#groups = new GroupOrders({
      db: options.db,
      partner: options.partner,
      now: this.#now,
      settleMs: options.groupSettleMs ?? 600_000,
      reconcile: (id) => this.#machine.reconcile(id),
      log: options.log,
    });
    const groups = this.#groups;
    this.#machine = new SubmissionMachine({
      db: options.db,
      table: 'sales',
      noun: 'sale',
      partner: options.partner,
      now: this.#now,
      settleMs: options.settleMs ?? 120_000,
      send: (id) => this.#send(id),
      accepted: (id, accepted, at) => groups.accepted(id, accepted, at),
      settleMsOf: (id) => (groups.has(id) ? groups.settleMs : (options.settleMs ?? 120_000)),
      lookUp: (row) => (groups.has(row.id) ? groups.lookUp(row) : lookUpByReference(options.partner, row.reference)),
      beforeResend: async (row) => (groups.has(row.id) ? groups.beforeResend(row) : null),
      record: (id, outcome, at) => insertOrderEsims(this.#db, id, outcome.sims, at),
      onChange: (id, status) => options.events?.emit('sale.updated', { id, status }),
      journalFailed: options.journalFailed,
      log: options.log,
    });
  }

  /** Settles what a previous run left unfinished; every new sale waits for it. */
  reconcileAtStart(): Promise<ReconcileSummary & { settledAt: string }> {
    return this.#machine.reconcileOnceAtStart();
  }

  /** The start's summary and the sales still unsettled, for every clerk (no eSIM codes in them). */
  async pending(viewer: StaffSession | null): Promise<PendingSales> {
    const summary = await this.reconcileAtStart();
    const unsettled = listOrderStates(this.#db, 'sales', UNSETTLED_STATUSES).map((row) => this.view(row.id, viewer));
    return { ...summary, unsettled };
  }

  reconcile(id: string) {
    return this.#machine.reconcile(id);
  }

  /** "Check now": a look-up at the service for an uncertain sale, never a second order. */
  async check(id: string, viewer: StaffSession | null): Promise<SaleView> {
    await this.#machine.check(id);
    return this.view(id, viewer);
  }

  /** Looks up what is unsettled, after making the writes a full disk refused (the timer's, and the journal's return). */
  reconcileUncertain(): Promise<void> {
    return this.#machine.reconcileUncertain();
  }

  /** Stops looking group orders up on a timer (the app is closing); the next start settles them. */
  stop(): void {
    this.#groups.stop();
  }

  async create(input: CreateSaleInput, staff: StaffSession): Promise<SaleView> {
    await this.reconcileAtStart();
    const id = input.saleId ?? crypto.randomUUID();
    // Taken offline under this id already (its answer lost, the clerk pressed Sell again): that sale stands.
    if (getOfflineSale(this.#db, id)) return this.view(id, staff);
    await this.#machine.createOnce(id, () => this.#write(id, input, staff, false));
    return this.view(id, staff);
  }

  /**
   * A group order (a tour group): a sale of up to the partner's maximum, sent as an asynchronous
   * order and settled by looking its reference up. A repeated call with its id returns the same one.
   */
  async createGroup(input: CreateSaleInput, staff: StaffSession): Promise<GroupOrderView> {
    await this.reconcileAtStart();
    const id = input.saleId ?? crypto.randomUUID();
    const existing = getSale(this.#db, id);
    if (existing && !this.#groups.has(id)) {
      throw new AppFailure('conflict', 'This sale was made at the counter, not as a group order.', {
        reason: 'sale_not_group',
      });
    }
    await this.#machine.createOnce(id, () => this.#write(id, input, staff, true));
    return this.groupView(id, staff);
  }

  /** A group order's sale and what the service has said of it so far. */
  groupView(id: string, viewer: StaffSession | null): GroupOrderView {
    if (!this.#groups.has(id)) throw saleNotFound();
    return this.#groups.view(this.view(id, viewer));
  }

  async #write(id: string, input: CreateSaleInput, staff: StaffSession, group: boolean): Promise<void> {
    const row = await this.draftRow(id, input, staff);
    await this.#beforeSale();
    // Durable before sending: the machine's `submitting` commit is FULL and precedes the request.
    commitBeforeNextFullCommit(this.#db, () => {
      if (getOfflineSale(this.#db, id)) {
        throw new AppFailure('conflict', 'This sale was taken while the service was away: it is sent from the queue.', {
          reason: 'offline_sale_differs',
        });
      }
      insertSale(this.#db, row);
      if (group) this.#groups.register(id, row.createdAt);
      this.#audit('sale.created', staff.staffId, id, {
        reference: row.reference,
        packageId: row.packageId,
        quantity: row.quantity,
        ...(group ? { group: true } : {}),
      });
    });
  }

  /** A sale's row as it would be paid for now: the catalogue's package at its price, a new reference. */
  async draftRow(id: string, input: CreateSaleInput, staff: StaffSession): Promise<SaleRow> {
    const offer = offeredOrRefused(await this.#catalog.offer(input.packageId));
    const delivery = saleDelivery(this.#db, input);
    const at = new Date(this.#now()).toISOString();
    const ids = { id, reference: newReference(this.#now(), 'EC', this.#referenceTag()), staffId: staff.staffId };
    return {
      ...saleRowFor(offer, input, ids, this.#pricing, at),
      sharingOptions: sharingColumn(delivery.sharing),
      copyAddress: delivery.copyTo,
      brand: delivery.brand,
    };
  }

  /** Places a sale taken offline: `write` commits its row (durable by the FULL `submitting` commit), then it is sent once. */
  placeQueued(id: string, write: () => void): Promise<void> {
    return this.#machine.createOnce(id, async () => commitBeforeNextFullCommit(this.#db, write));
  }

  /** Sends an offline sale again that certainly never reached the service (offline.ts decides). */
  resend(id: string): Promise<void> {
    return this.#machine.submit(id);
  }

  /** Sends a sale again under its own reference; only when the service certainly has no order for it. */
  async retry(id: string, staff: StaffSession): Promise<SaleView> {
    await this.reconcileAtStart();
    if (getVoid(this.#db, id)) {
      throw new AppFailure('conflict', 'This sale was voided by a manager: it cannot be sent again.', { reason: 'sale_voided' });
    }
    // Taken offline: sent again only while its time lasts (the queue does so by itself), never once it is for a refund.
    const offline = getOfflineSale(this.#db, id);
    if (offline && offlineStateOf(offline, this.#now()) !== 'waiting') {
      throw new AppFailure('conflict', 'This sale was taken while the service was away and its time ran out: refund it.', {
        reason: 'offline_expired',
      });
    }
    await this.#machine.retry(id, staff.staffId);
    return this.view(id, staff);
  }

  /**
   * A manager closes a sale the service certainly never got: the customer had their money back,
   * or went elsewhere. Only failed and not-found sales; the journal's triggers hold to it too.
   */
  void(id: string, reason: string, manager: StaffSession): SaleView {
    const sale = getSale(this.#db, id);
    if (!sale) throw saleNotFound();
    if (getVoid(this.#db, id))
      throw new AppFailure('conflict', 'This sale is voided already.', { reason: 'sale_already_voided' });
    if (sale.status !== 'failed' && sale.status !== 'not_found') {
      throw new AppFailure('conflict', 'Only a sale the eSIM service never got (not issued) can be voided.', {
        reason: 'only_not_issued_can_be_voided',
      });
    }
    const at = new Date(this.#now()).toISOString();
    this.#db.transaction(() => {
      insertVoid(this.#db, { saleId: id, voidedAt: at, voidedBy: manager.staffId, reason });
      this.#audit('sale.voided', manager.staffId, id, { reference: sale.reference, reason });
    })();
    // A voided sale taken offline leaves every counter's list of what waits or is to be refunded.
    this.#events?.emit('sale.updated', { id, status: sale.status });
    return this.view(id, manager);
  }

  async #send(id: string): Promise<Outcome | Accepted> {
    const sale = getSale(this.#db, id)!;
    if (this.#groups.has(id)) return this.#groups.send(sale);
    const order = await submitOrder(this.#partner, {
      packageId: sale.packageId,
      quantity: sale.quantity,
      description: sale.reference,
      toEmail: sale.customerEmail,
      ...deliveryRequest(deliveryOf(sale)),
    });
    return { orderId: order.id, code: order.code, sims: order.sims, unitCost: chargedPerUnit(order) };
  }

  /**
   * A manager's approval to show a sale's QR again (reprint, re-show, a customer who lost it): for
   * the next few minutes the sale reads unmasked. The caller has checked the manager's PIN.
   */
  approveReveal(id: string, manager: { staffId: string }, clerk: StaffSession | null): SaleView {
    const sale = getSale(this.#db, id);
    if (!sale) throw saleNotFound();
    if (sale.status !== 'completed') {
      throw new AppFailure('conflict', 'Only a completed sale has a QR code to show.', { reason: 'sale_not_completed' });
    }
    if (clerk) this.#approvals.set(approvalKey(id, clerk.staffId), this.#now() + APPROVAL_MS);
    this.#audit('sale.revealed', manager.staffId, id, { reference: sale.reference, forStaff: clerk?.staffId ?? '' });
    return this.view(id, clerk);
  }

  view(id: string, viewer: StaffSession | null): SaleView {
    // A sale taken offline has no sale row until it is placed: its row as taken stands for it.
    const sale = getSale(this.#db, id) ?? queuedSaleRow(this.#db, id);
    if (!sale) throw saleNotFound();
    return this.viewOf(sale, viewer);
  }

  /** Sales newest first, as `viewer` may see them. */
  list(query: SaleListQuery, viewer: StaffSession | null): SaleView[] {
    return listSales(this.#db, query).map((row) => this.viewOf(row, viewer));
  }

  /** The view of a row already read (a list), without reading it again. */
  viewOf(sale: SaleRow, viewer: StaffSession | null): SaleView {
    return saleView(this.#db, sale, {
      revealed: this.#revealed(sale, viewer),
      region: sale.packageCountryCode ? null : (this.#catalog.regionOf?.(sale.packageId) ?? null),
      nowMs: this.#now(),
    });
  }

  /**
   * Which of our eSIMs a voucher's install QR belongs to (the camera read the QR, not the ICCID's
   * barcode): its ICCID, or null for a code this counter did not sell. The code itself is a bearer
   * secret: it is compared, never stored, logged or answered.
   */
  iccidOfInstallQr(qrcode: string): { readonly iccid: string | null } {
    // LPA:1$<SM-DP+ address>$<matching id>[$…] (GSMA SGP.22 activation code).
    const [format, smdp, matchingId] = qrcode.trim().split('$');
    const parsed = /^LPA:1$/i.test(format ?? '') && smdp && matchingId ? { smdp, matchingId } : { smdp: null, matchingId: null };
    return { iccid: iccidOfInstallCode(this.#db, { qrcode: qrcode.trim(), ...parsed }) ?? null };
  }

  /**
   * Whether `viewer` may see the activation code of the eSIM with this ICCID: only for a sale of
   * ours that reads unmasked to them. Install steps written around the code follow this rule.
   */
  codesVisible(iccid: string, viewer: StaffSession | null): boolean {
    const sale = getSaleOfEsim(this.#db, iccid);
    return sale !== undefined && this.#revealed(sale, viewer);
  }

  #revealed(sale: SaleRow, viewer: StaffSession | null): boolean {
    if (viewer === null) return false;
    if ((this.#approvals.get(approvalKey(sale.id, viewer.staffId)) ?? 0) > this.#now()) return true;
    return (
      viewer.staffId === sale.staffId &&
      sale.completedAt !== null &&
      this.#now() - Date.parse(sale.completedAt) < REVEAL_WINDOW_MS
    );
  }

  #audit(action: string, actor: string | null, subject: string | null, details: Record<string, JsonValue>): void {
    appendAudit(this.#db, { action, actorStaffId: actor, subject, details, at: new Date(this.#now()).toISOString() });
  }
}

const saleNotFound = () => new AppFailure('not_found', 'There is no such sale.', { reason: 'sale_not_found' });

const approvalKey = (saleId: string, staffId: string) => `${saleId}\n${staffId}`;

export { appleInstallUrl } from './sale-row.ts';
export { newReference } from '../orders/reference.ts';
