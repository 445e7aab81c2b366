/**
 * Topping up an eSIM by its ICCID: the options the service offers for it, and the purchase, with
 * the same guarantees as a sale (submission.ts). A failed Luhn check is a warning the clerk
 * confirms, never a block: some issuers print ICCIDs whose check digit is not the Luhn digit.
 */
import crypto from 'node:crypto';
import type Database from 'better-sqlite3';
import { money } from '../../../shared/money.ts';
import { localPrice } from '../../../shared/pricing.ts';
import { localCostColumns, PARTNER_PRICES, taxColumns, taxedTotal, type Pricing } from '../pricing/service.ts';
import { normalizeIccid } from '../../../shared/iccid.ts';
import type { PaymentMethod, ReconcileSummary, TopupOffer, TopupOptions, TopupView } from '../../../shared/sales.ts';
import { commitBeforeNextFullCommit } from '../journal/durability.ts';
import { appendAudit } from '../audit/db.ts';
import { getTopup, insertTopup, type TopupRow } from './db.ts';
import { PartnerError } from '../partner/errors.ts';
import { submitTopup } from '../partner/orders.ts';
import { isRecycled } from '../partner/refusals.ts';
import { getTopupOptions } from '../partner/sims.ts';
import type { PartnerClient } from '../partner/client.ts';
import { AppFailure } from '../../../shared/errors.ts';
import { iccidRefused } from '../common/failures.ts';
import type { StaffSession } from '../staff/sessions.ts';
import type { EventBus } from '../events.ts';
import { newReference } from '../orders/reference.ts';
import { failureOf } from '../orders/failure.ts';
import { chargedPerUnit, freshOrderColumns, SubmissionMachine } from '../orders/submission.ts';
import { offerOf } from '../catalogue/offers.ts';

export type TopupsOptions = {
  readonly db: Database.Database;
  readonly partner: PartnerClient;
  readonly events?: EventBus;
  readonly now?: () => number;
  readonly settleMs?: number;
  readonly log?: (message: string, error?: unknown) => void;
  /** The store's prices: rules, currency, the partner's rate and the tax (default: the partner's recommended prices). */
  readonly pricing?: Pricing;
  /** Checks that run before a new top-up is written (the partner balance floor); throw to refuse. */
  readonly beforeSale?: () => Promise<void>;
  /** <store>.<counter> for every new reference (electron/backend/chain/identity.ts). */
  readonly referenceTag?: () => string | null;
  /** A write the journal refused once the order may have left (submission-options.ts): sales pause. */
  readonly journalFailed?: (error: unknown, context: string) => void;
};

export type CreateTopupInput = {
  topupId?: string;
  iccid: string;
  packageId: string;
  paymentMethod: PaymentMethod;
  /** The clerk saw the check-digit warning and confirmed the number is right. */
  confirmChecksum?: boolean;
};

/** How long a lookup's options serve the customer display before the service is asked again. */
const RECENT_MS = 10 * 60_000;
const RECENT_MAX = 50;

export class TopupsService {
  readonly #db: Database.Database;
  /** The last options read per ICCID: showing the top-up the clerk picked asks the service nothing new. */
  readonly #recent = new Map<string, { at: number; options: TopupOptions }>();
  readonly #partner: PartnerClient;
  readonly #now: () => number;
  readonly #pricing: Pricing;
  readonly #beforeSale: () => Promise<void>;
  readonly #referenceTag: () => string | null;
  readonly #machine: SubmissionMachine;

  constructor(options: TopupsOptions) {
    this.#db = options.db;
    this.#partner = options.partner;
    this.#now = options.now ?? Date.now;
    this.#pricing = options.pricing ?? PARTNER_PRICES;
    this.#beforeSale = options.beforeSale ?? (async () => undefined);
    this.#referenceTag = options.referenceTag ?? (() => null);
    this.#machine = new SubmissionMachine({
      db: options.db,
      table: 'topups',
      noun: 'topup',
      partner: options.partner,
      now: this.#now,
      settleMs: options.settleMs ?? 120_000,
      send: async (id) => {
        const row = getTopup(this.#db, id)!;
        const order = await submitTopup(this.#partner, {
          packageId: row.packageId,
          iccid: row.iccid,
          description: row.reference,
        });
        return { orderId: order.id, code: order.code, sims: [], unitCost: chargedPerUnit(order) };
      },
      record: () => undefined, // a top-up adds allowance to an eSIM we already have; nothing new to store
      onChange: (id, status) => options.events?.emit('topup.updated', { id, status }),
      journalFailed: options.journalFailed,
      log: options.log,
    });
  }

  reconcileAtStart(): Promise<ReconcileSummary> {
    return this.#machine.reconcileOnceAtStart();
  }

  reconcileUncertain(): Promise<void> {
    return this.#machine.reconcileUncertain();
  }

  reconcile(id: string) {
    return this.#machine.reconcile(id);
  }

  /** "Check now": a look-up at the service for an uncertain top-up, never a second order. */
  async check(id: string): Promise<TopupView> {
    await this.#machine.check(id);
    return this.view(id);
  }

  async options(rawIccid: string): Promise<TopupOptions> {
    const { iccid, luhnValid } = parseIccid(rawIccid);
    let response;
    try {
      response = await getTopupOptions(this.#partner, iccid);
    } catch (error) {
      throw explainLookupError(error, iccid);
    }
    const context = this.#pricing.context();
    const offers: TopupOffer[] = response.data
      .filter((p) => p.type === 'topup')
      .map((p) => offerOf(p, response.pricing))
      .map((o) => ({ ...o, retail: localPrice({ ...o, kind: 'topup', countries: [] }, context).retail }))
      .sort(
        (a, b) =>
          Number(a.isUnlimited) - Number(b.isUnlimited) ||
          a.dataMb - b.dataMb ||
          a.days - b.days ||
          a.retail.minor - b.retail.minor,
      );
    const options = { iccid, luhnValid, offers };
    this.#recent.delete(iccid);
    this.#recent.set(iccid, { at: this.#now(), options });
    if (this.#recent.size > RECENT_MAX) this.#recent.delete(this.#recent.keys().next().value!);
    return options;
  }

  /** One top-up offered for this eSIM (ICCID normalised), from the options just read when there are fresh ones. */
  async offer(rawIccid: string, packageId: string): Promise<{ iccid: string; offer: TopupOffer } | null> {
    const { iccid } = parseIccid(rawIccid);
    const recent = this.#recent.get(iccid);
    const options = recent && this.#now() - recent.at < RECENT_MS ? recent.options : await this.options(iccid);
    const offer = options.offers.find((o) => o.id === packageId);
    return offer ? { iccid, offer } : null;
  }

  async create(input: CreateTopupInput, staff: StaffSession): Promise<TopupView> {
    await this.reconcileAtStart();
    const id = input.topupId ?? crypto.randomUUID();
    await this.#machine.createOnce(id, () => this.#write(id, input, staff));
    return this.view(id);
  }

  async #write(id: string, input: CreateTopupInput, staff: StaffSession): Promise<void> {
    const { iccid, luhnValid } = parseIccid(input.iccid);
    if (!luhnValid && !input.confirmChecksum) {
      throw new AppFailure(
        'bad_input',
        'The last digit of this ICCID does not check out. Compare it with the card, then confirm.',
        { reason: 'iccid_check_digit', fields: { iccid: 'iccid_check_digit' } },
      );
    }
    // The price comes from the service's current list for this eSIM, never from the screen.
    const { offers } = await this.options(iccid);
    const offer = offers.find((o) => o.id === input.packageId);
    if (!offer)
      throw new AppFailure('not_found', 'This top-up is not offered for this eSIM any more. Pick one from the list again.', {
        reason: 'topup_no_longer_offered',
      });
    await this.#beforeSale();
    const at = new Date(this.#now()).toISOString();
    const local = localCostColumns(offer.net, offer.retail.currency, this.#pricing.context().rate);
    const row: TopupRow = {
      ...freshOrderColumns(at),
      id,
      reference: newReference(this.#now(), 'TU', this.#referenceTag()),
      iccid,
      iccidLuhnValid: luhnValid ? 1 : 0,
      packageId: offer.id,
      packageTitle: offer.title,
      packageData: offer.dataText,
      packageDays: offer.days,
      retailMinor: offer.retail.minor,
      retailCurrency: offer.retail.currency,
      costMinor: offer.net?.minor ?? null,
      netCurrency: offer.net?.currency ?? offer.retail.currency,
      fxRate: local.fxRate,
      fxDate: local.fxDate,
      costLocalMinor: local.costLocal,
      ...taxColumns(offer.retail, this.#pricing.tax()),
      paymentMethod: input.paymentMethod,
      staffId: staff.staffId,
    };
    // Durable before sending: the machine's `submitting` commit is FULL and precedes the request.
    commitBeforeNextFullCommit(this.#db, () => {
      insertTopup(this.#db, row);
      appendAudit(this.#db, {
        action: 'topup.created',
        actorStaffId: staff.staffId,
        subject: id,
        details: { reference: row.reference, packageId: row.packageId, luhnValid },
        at,
      });
    });
  }

  async retry(id: string, staff: StaffSession): Promise<TopupView> {
    await this.reconcileAtStart();
    await this.#machine.retry(id, staff.staffId);
    return this.view(id);
  }

  view(id: string): TopupView {
    const row = getTopup(this.#db, id);
    if (!row) throw new AppFailure('not_found', 'There is no such top-up.', { reason: 'topup_not_found' });
    return this.viewOf(row);
  }

  viewOf(row: TopupRow): TopupView {
    return {
      id: row.id,
      reference: row.reference,
      status: row.status,
      iccid: row.iccid,
      packageId: row.packageId,
      packageTitle: row.packageTitle,
      packageData: row.packageData,
      packageDays: row.packageDays,
      price: money(row.retailMinor, row.retailCurrency),
      ...taxedTotal(money(row.retailMinor, row.retailCurrency), row),
      paymentMethod: row.paymentMethod,
      staffId: row.staffId,
      partnerOrderCode: row.partnerOrderCode,
      ...failureOf(row, this.#now()),
      attempts: row.attempts,
      createdAt: row.createdAt,
      completedAt: row.completedAt,
    };
  }
}

function parseIccid(raw: string): { iccid: string; luhnValid: boolean } {
  const result = normalizeIccid(raw);
  if (!result.ok) throw iccidRefused(result);
  return { iccid: result.iccid, luhnValid: result.luhnValid };
}

function explainLookupError(error: unknown, iccid: string): unknown {
  if (!(error instanceof PartnerError)) return error;
  if (error.kind === 'not_found') {
    return new AppFailure(
      'not_found',
      `The eSIM service does not know the eSIM ${iccid}. Check the number; only eSIMs sold through this shop's account can be topped up.`,
      { reason: 'esim_unknown_topup', params: { iccid } },
    );
  }
  if (isRecycled(error)) {
    return new AppFailure(
      'partner_rejected',
      'This eSIM has been recycled: it can no longer be used or topped up. Sell the customer a new eSIM.',
      {
        reason: 'recycled',
        partnerMessage: error.message,
        ...(error.details.businessCode !== undefined && { partnerCode: error.details.businessCode }),
      },
    );
  }
  return error;
}
