/**
 * Selling a package. The money-safe state machine lives in submission.ts; this module makes the
 * sale row from the catalogue, stores the eSIMs an order brings, and decides who may see them.
 */
import crypto from 'node:crypto';
import type { PackageOffer } from '../../shared/catalog.ts';
import type Database from 'better-sqlite3';
import { money, multiplyMoney } from '../../shared/money.ts';
import {
  UNSETTLED_STATUSES,
  type PaymentMethod,
  type PendingSales,
  type ReconcileSummary,
  type SaleView,
  type SaleVoid,
} from '../../shared/sales.ts';
import { normalizeIccid } from '../../shared/iccid.ts';
import { commitBeforeNextFullCommit } from '../db/durability.ts';
import { appendAudit, type JsonValue } from '../db/audit.ts';
import {
  getSaleOfEsim,
  getSale,
  iccidOfInstallCode,
  insertEsim,
  insertSale,
  listEsimsOfSale,
  type SaleRow,
} from '../db/sales.ts';
import { submitOrder } from '../partner/orders.ts';
import type { PartnerClient } from '../partner/client.ts';
import { AppFailure } from '../../shared/errors.ts';
import { type StaffSession } from '../rpc.ts';
import type { CatalogService } from './catalog.ts';
import type { EventBus } from '../events.ts';
import { failureOf } from './order-failure.ts';
import { listOrderStates } from '../db/orders.ts';
import { getVoid, insertVoid, type VoidRow } from '../db/voids.ts';
import { chargedPerUnit, freshOrderColumns, SubmissionMachine, type Outcome } from './submission.ts';
import { localCostColumns, PARTNER_PRICES, taxColumns, taxedTotal, type Pricing } from './pricing.ts';

export type SalesOptions = {
  readonly db: Database.Database;
  readonly partner: PartnerClient;
  readonly catalog: Pick<CatalogService, 'offer'>;
  readonly events?: EventBus;
  readonly now?: () => number;
  /** How long after sending an order a lookup that finds nothing is believed (default 2 minutes). */
  readonly settleMs?: number;
  readonly log?: (message: string, error?: unknown) => void;
  /** Checks that run before a new sale is written (the partner balance floor); throw to refuse. */
  readonly beforeSale?: () => Promise<void>;
  /** The store's prices: the rate the catalogue priced at and the tax (default: the partner's prices, no tax). */
  readonly pricing?: Pricing;
};

export type CreateSaleInput = {
  saleId?: string;
  packageId: string;
  quantity: number;
  paymentMethod: PaymentMethod;
  customerEmail?: string;
  /** The country the customer is going to, for a regional or global package (ISO 3166-1 alpha-2). */
  destination?: string;
};

/** The eSIM data stays visible to the clerk who sold it for this long; after that a manager must approve. */
const REVEAL_WINDOW_MS = 30 * 60 * 1000;
/** How long a manager's approval to show a QR again lasts. */
const APPROVAL_MS = 5 * 60 * 1000;

export class SalesService {
  readonly #db: Database.Database;
  readonly #partner: PartnerClient;
  readonly #catalog: Pick<CatalogService, 'offer'>;
  readonly #now: () => number;
  readonly #beforeSale: () => Promise<void>;
  readonly #pricing: Pricing;
  readonly #machine: SubmissionMachine;
  /**
   * Who a manager approved to see a sale again, until when (ms), keyed by sale and staff member:
   * the approval is for the person at the counter, not for whoever signs in next. In memory: an
   * approval does not outlive the app.
   */
  readonly #approvals = new Map<string, number>();
  #startup: Promise<ReconcileSummary & { settledAt: string }> | null = null;

  constructor(options: SalesOptions) {
    this.#db = options.db;
    this.#partner = options.partner;
    this.#catalog = options.catalog;
    this.#now = options.now ?? Date.now;
    this.#beforeSale = options.beforeSale ?? (async () => undefined);
    this.#pricing = options.pricing ?? PARTNER_PRICES;
    this.#machine = new SubmissionMachine({
      db: options.db,
      table: 'sales',
      noun: 'sale',
      partner: options.partner,
      now: this.#now,
      settleMs: options.settleMs ?? 120_000,
      send: (id) => this.#send(id),
      record: (id, outcome, at) => this.#recordEsims(id, outcome, at),
      onChange: (id, status) => options.events?.emit('sale.updated', { id, status }),
      log: options.log,
    });
  }

  /** Settles what a previous run left unfinished; every new sale waits for it. */
  reconcileAtStart(): Promise<ReconcileSummary & { settledAt: string }> {
    this.#startup ??= this.#machine
      .reconcileUnfinished()
      .then((summary) => ({ ...summary, settledAt: new Date(this.#now()).toISOString() }));
    return this.#startup;
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

  reconcileUncertain(): Promise<void> {
    return this.#machine.reconcileUncertain();
  }

  async create(input: CreateSaleInput, staff: StaffSession): Promise<SaleView> {
    await this.reconcileAtStart();
    const id = input.saleId ?? crypto.randomUUID();
    await this.#machine.createOnce(id, () => this.#write(id, input, staff));
    return this.view(id, staff);
  }

  async #write(id: string, input: CreateSaleInput, staff: StaffSession): Promise<void> {
    const offer = await this.#catalog.offer(input.packageId);
    if (!offer) {
      throw new AppFailure('not_found', 'This package is no longer offered. Pick another one.', {
        reason: 'package_no_longer_offered',
      });
    }
    await this.#beforeSale();
    const at = new Date(this.#now()).toISOString();
    const local = localCostColumns(offer.net, offer.retail.currency, this.#pricing.context().rate);
    const line = { minor: offer.retail.minor * input.quantity, currency: offer.retail.currency };
    const row: SaleRow = {
      ...freshOrderColumns(at),
      id,
      reference: newReference(this.#now(), 'EC'),
      packageId: offer.id,
      packageTitle: `${offer.operator} ${offer.title}`,
      packageCountryCode: offer.kind === 'local' ? (offer.countries[0] ?? null) : null,
      packageData: offer.dataText,
      packageDays: offer.days,
      quantity: input.quantity,
      unitRetailMinor: offer.retail.minor,
      retailCurrency: offer.retail.currency,
      // What the partner is expected to charge; the order's answer replaces it with what it did charge.
      unitCostMinor: offer.net?.minor ?? null,
      netCurrency: offer.net?.currency ?? offer.retail.currency,
      fxRate: local.fxRate,
      fxDate: local.fxDate,
      unitCostLocalMinor: local.costLocal,
      ...taxColumns(line, this.#pricing.tax()),
      destinationCountryCode: destinationOf(offer, input.destination),
      paymentMethod: input.paymentMethod,
      customerEmail: input.customerEmail ?? null,
      staffId: staff.staffId,
    };
    // Durable before sending: the machine's `submitting` commit is FULL and precedes the request.
    commitBeforeNextFullCommit(this.#db, () => {
      insertSale(this.#db, row);
      this.#audit('sale.created', staff.staffId, id, {
        reference: row.reference,
        packageId: row.packageId,
        quantity: row.quantity,
      });
    });
  }

  /** Sends a sale again under its own reference; only when the service certainly has no order for it. */
  async retry(id: string, staff: StaffSession): Promise<SaleView> {
    await this.reconcileAtStart();
    if (getVoid(this.#db, id)) {
      throw new AppFailure('conflict', 'This sale was voided by a manager: it cannot be sent again.', { reason: 'sale_voided' });
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
    return this.view(id, manager);
  }

  async #send(id: string): Promise<Outcome> {
    const sale = getSale(this.#db, id)!;
    const order = await submitOrder(this.#partner, {
      packageId: sale.packageId,
      quantity: sale.quantity,
      description: sale.reference,
      toEmail: sale.customerEmail,
    });
    return { orderId: order.id, code: order.code, sims: order.sims, unitCost: chargedPerUnit(order) };
  }

  #recordEsims(saleId: string, outcome: Outcome, at: string): void {
    for (const sim of outcome.sims) {
      const iccid = normalizeIccid(sim.iccid);
      insertEsim(this.#db, {
        id: crypto.randomUUID(),
        saleId,
        iccid: iccid.ok ? iccid.iccid : sim.iccid,
        lpa: sim.lpa,
        matchingId: sim.matching_id,
        qrcode: sim.qrcode,
        appleInstallationUrl: sim.direct_apple_installation_url ?? appleInstallUrl(sim.qrcode),
        qrcodeUrl: sim.qrcode_url,
        createdAt: at,
        updatedAt: at,
      });
    }
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
    const sale = getSale(this.#db, id);
    if (!sale) throw saleNotFound();
    return this.viewOf(sale, viewer);
  }

  /** The view of a row already read (a list), without reading it again. */
  viewOf(sale: SaleRow, viewer: StaffSession | null): SaleView {
    const id = sale.id;
    const revealed = this.#revealed(sale, viewer);
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
      ...taxedTotal(multiplyMoney(unit, sale.quantity), sale),
      paymentMethod: sale.paymentMethod,
      customerEmail: sale.customerEmail,
      staffId: sale.staffId,
      partnerOrderCode: sale.partnerOrderCode,
      ...failureOf(sale, this.#now()),
      attempts: sale.attempts,
      createdAt: sale.createdAt,
      completedAt: sale.completedAt,
      voided: voidOf(getVoid(this.#db, id)),
      esims: listEsimsOfSale(this.#db, id).map((esim) => ({
        iccid: esim.iccid,
        qrcode: revealed ? esim.qrcode : null,
        appleInstallUrl: revealed ? esim.appleInstallationUrl : null,
        masked: !revealed,
      })),
    };
  }

  /**
   * Whether `viewer` may see the activation code of the eSIM with this ICCID: only for a sale of
   * ours that reads unmasked to them. Install steps written around the code follow this rule.
   */
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

/**
 * Where the customer is going, for reports: a local package's own country; for a regional or global
 * one the country the clerk chose, which the package must cover; none when the clerk chose the region.
 */
function destinationOf(offer: PackageOffer, destination: string | undefined): string | null {
  if (offer.kind === 'local' || destination === undefined) return null;
  if (!offer.countries.includes(destination)) {
    throw new AppFailure('bad_input', `This package does not work in ${destination}. Pick a package for that country.`, {
      reason: 'package_not_for_country',
      params: { country: destination },
      fields: { destination: 'not_covered' },
    });
  }
  return destination;
}

const saleNotFound = () => new AppFailure('not_found', 'There is no such sale.', { reason: 'sale_not_found' });

const approvalKey = (saleId: string, staffId: string) => `${saleId}\n${staffId}`;

const voidOf = (row: VoidRow | undefined): SaleVoid | null =>
  row ? { at: row.voidedAt, byStaffId: row.voidedBy, reason: row.reason } : null;

/** <prefix>-<date>-<8 characters>: unique, short enough to read out, never a substring of another. */
export function newReference(nowMs: number, prefix: 'EC' | 'TU'): string {
  const date = new Date(nowMs).toISOString().slice(0, 10).replaceAll('-', '');
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const random = [...crypto.randomBytes(8)].map((b) => alphabet[b % 32]).join('');
  return `${prefix}-${date}-${random}`;
}

/** The Apple universal link for one-tap installation on iOS 17.4+, built from the LPA text. */
export function appleInstallUrl(qrcode: string): string {
  return `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${qrcode}`;
}
