/**
 * Selling a package: the path that must never lose or duplicate money (design.md, "A sale, end to
 * end"). The intent is committed before the request; the reference travels as the order's
 * description; a definite refusal is `failed`; anything that may have reached the service is
 * `uncertain` and is only ever resolved by looking the reference up — never by posting again.
 */
import crypto from 'node:crypto';
import type Database from 'better-sqlite3';
import { money, multiplyMoney } from '../../shared/money.ts';
import type { PaymentMethod, ReconcileSummary, SaleStatus, SaleView } from '../../shared/sales.ts';
import { normalizeIccid } from '../../shared/iccid.ts';
import { appendAudit } from '../db/audit.ts';
import { getSale, insertEsim, insertSale, listEsimsOfSale, listSalesByStatus, transitionSale, type SaleRow } from '../db/sales.ts';
import { PartnerError } from '../partner/errors.ts';
import { findOrdersByDescription, submitOrder } from '../partner/orders.ts';
import type { PartnerClient } from '../partner/client.ts';
import type { OrderListEntry, SimEntry } from '../partner/schemas/orders.ts';
import { AppFailure, type StaffSession } from '../rpc.ts';
import type { CatalogService } from './catalog.ts';
import type { EventBus } from '../events.ts';
import { crashPoint } from '../crash-points.ts';

export type SalesOptions = {
  readonly db: Database.Database;
  readonly partner: PartnerClient;
  readonly catalog: Pick<CatalogService, 'offer'>;
  readonly events?: EventBus;
  readonly now?: () => number;
  /** How long after sending an order a lookup that finds nothing is believed. */
  readonly settleMs?: number;
  readonly log?: (message: string, error?: unknown) => void;
};

export type CreateSaleInput = {
  saleId?: string;
  packageId: string;
  quantity: number;
  paymentMethod: PaymentMethod;
  customerEmail?: string;
};

const UNFINISHED: SaleStatus[] = ['pending', 'submitting', 'uncertain'];
/** The eSIM data stays visible to the clerk who sold it for this long; after that a manager must approve. */
const REVEAL_WINDOW_MS = 30 * 60 * 1000;

export class SalesService {
  readonly #o: Required<Omit<SalesOptions, 'events' | 'log'>> & Pick<SalesOptions, 'events' | 'log'>;
  readonly #inFlight = new Map<string, Promise<void>>();
  readonly #creating = new Map<string, Promise<SaleView>>();
  #startup: Promise<ReconcileSummary> | null = null;

  constructor(options: SalesOptions) {
    this.#o = { ...options, now: options.now ?? Date.now, settleMs: options.settleMs ?? 120_000 };
  }

  #iso(): string {
    return new Date(this.#o.now()).toISOString();
  }

  /** Settles what a previous run left unfinished; every new sale waits for it. */
  reconcileAtStart(): Promise<ReconcileSummary> {
    this.#startup ??= this.#reconcileUnfinished(true);
    return this.#startup;
  }

  async create(input: CreateSaleInput, staff: StaffSession): Promise<SaleView> {
    await this.reconcileAtStart();
    const id = input.saleId ?? crypto.randomUUID();
    // A repeated request (double click, a retried call) gets the sale the first one makes.
    const running = this.#creating.get(id);
    if (running) {
      await running.catch(() => undefined);
      return this.view(id, staff);
    }
    if (getSale(this.#o.db, id)) {
      await this.#inFlight.get(id);
      return this.view(id, staff);
    }
    const task = this.#create(id, input, staff).finally(() => this.#creating.delete(id));
    this.#creating.set(id, task);
    return task;
  }

  async #create(id: string, input: CreateSaleInput, staff: StaffSession): Promise<SaleView> {
    const offer = await this.#o.catalog.offer(input.packageId);
    if (!offer) throw new AppFailure('not_found', 'This package is no longer offered. Pick another one.');
    const at = this.#iso();
    const row: SaleRow = {
      id,
      reference: newReference(this.#o.now()),
      status: 'pending',
      packageId: offer.id,
      packageTitle: `${offer.operator} ${offer.title}`,
      packageCountryCode: offer.kind === 'local' ? (offer.countries[0] ?? null) : null,
      packageData: offer.dataText,
      packageDays: offer.days,
      quantity: input.quantity,
      unitRetailMinor: offer.retail.minor,
      retailCurrency: offer.retail.currency,
      // Under discount pricing the service publishes no net price per package; cost is then unknown (0).
      unitNetMinor: offer.net?.minor ?? 0,
      netCurrency: offer.net?.currency ?? offer.retail.currency,
      paymentMethod: input.paymentMethod,
      customerEmail: input.customerEmail ?? null,
      staffId: staff.staffId,
      partnerOrderId: null,
      partnerOrderCode: null,
      failureCode: null,
      failureReason: null,
      attempts: 0,
      createdAt: at,
      updatedAt: at,
      submittedAt: null,
      completedAt: null,
    };
    this.#o.db.transaction(() => {
      insertSale(this.#o.db, row);
      this.#audit('sale.created', staff.staffId, id, { reference: row.reference, packageId: row.packageId, quantity: row.quantity });
    })();
    crashPoint('after_intent');
    await this.#submit(id);
    return this.view(id, staff);
  }

  /** Sends a sale again under its own reference; only when the service certainly has no order for it. */
  async retry(id: string, staff: StaffSession): Promise<SaleView> {
    await this.reconcileAtStart();
    const sale = getSale(this.#o.db, id);
    if (!sale) throw new AppFailure('not_found', 'There is no such sale.');
    if (sale.status !== 'failed' && sale.status !== 'not_found') {
      throw new AppFailure('conflict', 'Only a failed sale, or one the eSIM service has no order for, can be sent again.');
    }
    this.#audit('sale.retried', staff.staffId, id, { reference: sale.reference });
    await this.#submit(id);
    return this.view(id, staff);
  }

  /** One submission per sale at a time, in this process; the status check guards across processes. */
  #submit(id: string): Promise<void> {
    const running = this.#inFlight.get(id);
    if (running) return running;
    const task = this.#send(id).finally(() => this.#inFlight.delete(id));
    this.#inFlight.set(id, task);
    return task;
  }

  async #send(id: string): Promise<void> {
    const sale = getSale(this.#o.db, id)!;
    const moved = transitionSale(
      this.#o.db,
      id,
      ['pending', 'failed', 'not_found'],
      'submitting',
      { attempts: sale.attempts + 1, submittedAt: this.#iso(), failureCode: null, failureReason: null },
      this.#iso(),
    );
    if (!moved) return; // someone else is already sending or has finished it
    this.#emit(id, 'submitting');
    crashPoint('after_submitting');
    try {
      const order = await submitOrder(this.#o.partner, {
        packageId: sale.packageId,
        quantity: sale.quantity,
        description: sale.reference,
        toEmail: sale.customerEmail,
      });
      crashPoint('after_response');
      this.#complete(sale, { id: order.id, code: order.code, sims: order.sims }, 'submitting');
    } catch (error) {
      if (error instanceof PartnerError && !error.outcomeUncertain) {
        this.#fail(sale, error);
        return;
      }
      // Timeout, reset, 5xx, an unreadable 200, or a fault of our own after sending: it may exist.
      this.#o.log?.(`sale ${sale.reference}: outcome uncertain`, error instanceof PartnerError ? error.toLogFormat() : error);
      transitionSale(this.#o.db, id, ['submitting'], 'uncertain', { failureCode: 'uncertain', failureReason: describeUncertain(error) }, this.#iso());
      this.#audit('sale.uncertain', null, id, { reference: sale.reference });
      this.#emit(id, 'uncertain');
      await this.reconcile(id);
    }
  }

  #complete(sale: SaleRow, order: { id: number; code: string; sims: readonly SimEntry[] }, from: SaleStatus): void {
    const at = this.#iso();
    this.#o.db.transaction(() => {
      if (
        !transitionSale(
          this.#o.db,
          sale.id,
          [from],
          'completed',
          { partnerOrderId: String(order.id), partnerOrderCode: order.code, completedAt: at, failureCode: null, failureReason: null },
          at,
        )
      ) {
        throw new AppFailure('conflict', 'This sale was finished by another path.');
      }
      for (const sim of order.sims) {
        const iccid = normalizeIccid(sim.iccid);
        insertEsim(this.#o.db, {
          id: crypto.randomUUID(),
          saleId: sale.id,
          iccid: iccid.ok ? iccid.iccid : sim.iccid,
          lpa: sim.lpa,
          matchingId: sim.matching_id,
          qrcode: sim.qrcode,
          appleInstallationUrl: sim.direct_apple_installation_url ?? appleUrl(sim.qrcode),
          qrcodeUrl: sim.qrcode_url,
          createdAt: at,
          updatedAt: at,
        });
      }
      this.#audit('sale.completed', null, sale.id, { reference: sale.reference, orderCode: order.code, esims: order.sims.length });
    })();
    crashPoint('after_complete');
    this.#emit(sale.id, 'completed');
  }

  #fail(sale: SaleRow, error: PartnerError): void {
    const code = error.details.businessCode !== undefined ? `partner_${error.details.businessCode}` : error.kind;
    transitionSale(this.#o.db, sale.id, ['submitting'], 'failed', { failureCode: code, failureReason: describeFailure(error) }, this.#iso());
    this.#audit('sale.failed', null, sale.id, { reference: sale.reference, code });
    this.#emit(sale.id, 'failed');
  }

  /** Looks an uncertain sale up by its reference: adopts the order found, or after the settle window says not found. */
  async reconcile(id: string): Promise<SaleStatus> {
    const sale = getSale(this.#o.db, id);
    if (!sale || sale.status !== 'uncertain') return sale?.status ?? 'failed';
    let found: OrderListEntry[];
    try {
      found = await findOrdersByDescription(this.#o.partner, sale.reference);
    } catch (error) {
      this.#o.log?.(`sale ${sale.reference}: lookup failed`, error instanceof PartnerError ? error.toLogFormat() : error);
      return 'uncertain';
    }
    const order = found[0];
    if (order) {
      if (found.length > 1) this.#audit('sale.duplicate_at_partner', null, id, { reference: sale.reference, orders: found.length });
      this.#complete(sale, { id: order.id, code: order.code, sims: order.sims ?? [] }, 'uncertain');
      return 'completed';
    }
    const sentAt = Date.parse(sale.submittedAt ?? sale.updatedAt);
    if (this.#o.now() - sentAt < this.#o.settleMs) return 'uncertain';
    transitionSale(
      this.#o.db,
      id,
      ['uncertain'],
      'not_found',
      { failureCode: 'not_found', failureReason: 'The eSIM service has no order for this sale. Nothing was charged; it can be sent again.' },
      this.#iso(),
    );
    this.#audit('sale.not_found', null, id, { reference: sale.reference });
    this.#emit(id, 'not_found');
    return 'not_found';
  }

  /** Checks every uncertain sale once; for a timer, and for start-up. */
  async reconcileUncertain(): Promise<void> {
    for (const sale of listSalesByStatus(this.#o.db, ['uncertain'])) {
      if (!this.#inFlight.has(sale.id)) await this.reconcile(sale.id);
    }
  }

  async #reconcileUnfinished(atStart: boolean): Promise<ReconcileSummary> {
    const summary = { checked: 0, completed: 0, notSent: 0, notFound: 0, stillUncertain: 0 };
    for (const sale of listSalesByStatus(this.#o.db, UNFINISHED)) {
      summary.checked++;
      if (sale.status === 'pending' && atStart) {
        // The intent was written but the order never left: the status moves to submitting first.
        transitionSale(
          this.#o.db,
          sale.id,
          ['pending'],
          'failed',
          { failureCode: 'not_sent', failureReason: 'The app stopped before this order was sent. Nothing was charged.' },
          this.#iso(),
        );
        this.#audit('sale.not_sent', null, sale.id, { reference: sale.reference });
        summary.notSent++;
        continue;
      }
      if (sale.status === 'submitting') {
        transitionSale(this.#o.db, sale.id, ['submitting'], 'uncertain', { failureCode: 'uncertain', failureReason: 'The app stopped while this order was being sent.' }, this.#iso());
      }
      const outcome = await this.reconcile(sale.id);
      if (outcome === 'completed') summary.completed++;
      else if (outcome === 'not_found') summary.notFound++;
      else summary.stillUncertain++;
    }
    if (summary.checked > 0) this.#audit('sale.reconciled_at_start', null, null, summary);
    return summary;
  }

  view(id: string, viewer: StaffSession | null): SaleView {
    const sale = getSale(this.#o.db, id);
    if (!sale) throw new AppFailure('not_found', 'There is no such sale.');
    const revealed =
      viewer !== null &&
      viewer.staffId === sale.staffId &&
      sale.completedAt !== null &&
      this.#o.now() - Date.parse(sale.completedAt) < REVEAL_WINDOW_MS;
    const unit = money(sale.unitRetailMinor, sale.retailCurrency);
    return {
      id: sale.id,
      reference: sale.reference,
      status: sale.status,
      packageId: sale.packageId,
      packageTitle: sale.packageTitle,
      packageData: sale.packageData,
      packageDays: sale.packageDays,
      countryCode: sale.packageCountryCode,
      quantity: sale.quantity,
      unitPrice: unit,
      total: multiplyMoney(unit, sale.quantity),
      paymentMethod: sale.paymentMethod,
      customerEmail: sale.customerEmail,
      staffId: sale.staffId,
      partnerOrderCode: sale.partnerOrderCode,
      failure: sale.failureReason ? { code: sale.failureCode, reason: sale.failureReason } : null,
      attempts: sale.attempts,
      createdAt: sale.createdAt,
      completedAt: sale.completedAt,
      esims: listEsimsOfSale(this.#o.db, id).map((esim) => ({
        iccid: esim.iccid,
        qrcode: revealed ? esim.qrcode : null,
        appleInstallUrl: revealed ? esim.appleInstallationUrl : null,
        masked: !revealed,
      })),
    };
  }

  #audit(action: string, actor: string | null, subject: string | null, details: Record<string, string | number>): void {
    appendAudit(this.#o.db, { action, actorStaffId: actor, subject, details, at: this.#iso() });
  }

  #emit(id: string, status: SaleStatus): void {
    this.#o.events?.emit('sale.updated', { id, status });
  }
}

/** EC-<date>-<8 characters>: unique, short enough to read out, and never a substring of another. */
export function newReference(nowMs: number): string {
  const date = new Date(nowMs).toISOString().slice(0, 10).replaceAll('-', '');
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const random = [...crypto.randomBytes(8)].map((b) => alphabet[b % 32]).join('');
  return `EC-${date}-${random}`;
}

function appleUrl(qrcode: string): string {
  return `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${qrcode}`;
}

function describeFailure(error: PartnerError): string {
  switch (error.kind) {
    case 'network_before_send':
      return 'The eSIM service could not be reached, so nothing was ordered or charged.';
    case 'auth':
      return 'The eSIM service refused the shop’s credentials. Nothing was ordered.';
    case 'rate_limited':
      return 'The eSIM service asked us to slow down. Nothing was ordered; try again in a minute.';
    default:
      return error.message;
  }
}

function describeUncertain(error: unknown): string {
  if (error instanceof PartnerError && error.kind === 'server') return 'The eSIM service failed while taking the order.';
  if (error instanceof PartnerError && error.kind === 'malformed_response') return 'The eSIM service sent an answer we could not read.';
  return 'The connection broke before the eSIM service answered.';
}
