/**
 * eSIM vouchers: codes bought from the partner for one package, to print as gift cards. Buying them
 * costs the shop's credit like an order, and the service has no way to look a voucher request up,
 * so the request is recorded (committed, FULL) before a byte is sent, a double click answers the
 * same batch, and an answer lost on the way is `uncertain`: never sent again by the counter.
 */
import type Database from 'better-sqlite3';
import { AppFailure } from '../../../shared/errors.ts';
import { money } from '../../../shared/money.ts';
import type { PaymentMethod } from '../../../shared/sales.ts';
import type { VoucherBatchView } from '../../../shared/vouchers.ts';
import { appendAudit } from '../audit/db.ts';
import {
  getVoucherBatch,
  insertVoucherBatch,
  listVoucherBatches,
  markVoucherBatchPrinted,
  settleVoucherBatch,
  voucherCodes,
  type VoucherBatchRow,
} from './db.ts';
import { partnerFailure } from '../common/failures.ts';
import type { PartnerClient } from '../partner/client.ts';
import { PartnerError } from '../partner/errors.ts';
import { createEsimVouchers } from '../partner/vouchers.ts';
import { sendAndSort, SendOnce } from '../orders/send-once.ts';
import type { StaffSession } from '../staff/sessions.ts';
import type { CatalogService } from '../catalogue/service.ts';
import { localCostColumns, PARTNER_PRICES, type Pricing } from '../pricing/service.ts';

export type VoucherServiceOptions = {
  readonly db: Database.Database;
  readonly partner: PartnerClient;
  readonly catalog: Pick<CatalogService, 'offer'>;
  /** The day's exchange rate, for the codes' cost in the store's currency; the partner's prices when absent. */
  readonly pricing?: Pick<Pricing, 'context'>;
  readonly now?: () => number;
  /** The same checks as before a sale (the balance floor, a writable journal); throw to refuse. */
  readonly beforePurchase?: () => Promise<void>;
};

export type CreateVouchersInput = {
  batchId: string;
  packageId: string;
  quantity: number;
  bookingReference?: string;
  /** How the customer paid, as for a sale. */
  paymentMethod: PaymentMethod;
};

export class VoucherService {
  readonly #o: VoucherServiceOptions;
  readonly #now: () => number;
  /** Batches being written or sent by this process: a `submitting` batch not among them lost its answer. */
  readonly #flights = new SendOnce();

  constructor(options: VoucherServiceOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
  }

  async create(input: CreateVouchersInput, staff: StaffSession): Promise<VoucherBatchView> {
    const id = input.batchId;
    const written = () => getVoucherBatch(this.#o.db, id) !== undefined;
    await this.#flights.create(
      id,
      written,
      () => this.#write(input, staff),
      () => this.#flights.send(id, () => this.#buy(input, staff)),
    );
    return this.view(id);
  }

  /** Nothing needs doing before sending, so the batch is written straight as `submitting`. */
  async #write(input: CreateVouchersInput, staff: StaffSession): Promise<void> {
    const { db } = this.#o;
    const offer = await this.#o.catalog.offer(input.packageId);
    if (!offer) {
      throw new AppFailure('not_found', 'This package is no longer offered. Pick another one.', {
        reason: 'package_no_longer_offered',
      });
    }
    await this.#o.beforePurchase?.();
    const at = this.#iso();
    const booking = input.bookingReference?.trim() || null;
    // What the partner is expected to charge per code, as a sale records it: the reports' margin.
    const local = localCostColumns(offer.net, offer.retail.currency, (this.#o.pricing ?? PARTNER_PRICES).context().rate);
    // A FULL commit (the journal's default) before the request goes out.
    db.transaction(() => {
      insertVoucherBatch(db, {
        id: input.batchId,
        status: 'submitting',
        packageId: offer.id,
        packageTitle: `${offer.operator} ${offer.title}`,
        packageData: offer.dataText,
        packageDays: offer.days,
        countryCode: offer.kind === 'local' ? (offer.countries[0] ?? null) : null,
        coverageName: offer.coverageName,
        quantity: input.quantity,
        bookingReference: booking,
        unitRetailMinor: offer.retail.minor,
        retailCurrency: offer.retail.currency,
        paymentMethod: input.paymentMethod,
        unitCostMinor: offer.net?.minor ?? null,
        netCurrency: offer.net?.currency ?? null,
        unitCostLocalMinor: local.costLocal,
        staffId: staff.staffId,
        refusal: null,
        createdAt: at,
        completedAt: null,
        printedAt: null,
      });
      appendAudit(db, {
        action: 'vouchers.requested',
        actorStaffId: staff.staffId,
        subject: input.batchId,
        details: { packageId: offer.id, quantity: input.quantity, paymentMethod: input.paymentMethod },
        at,
      });
    })();
  }

  async #buy(input: CreateVouchersInput, staff: StaffSession): Promise<void> {
    const batch = getVoucherBatch(this.#o.db, input.batchId)!;
    const request = { packageId: batch.packageId, quantity: batch.quantity, bookingReference: batch.bookingReference };
    const sent = await sendAndSort(() => createEsimVouchers(this.#o.partner, request), `voucher batch ${batch.id}`);
    if (sent.kind === 'answered') return this.#settle(batch.id, 'completed', staff, { codes: sent.answer.codes });
    if (sent.kind === 'refused') {
      // Refused, unreachable before sending, asked to wait, credentials refused: nothing was bought.
      const { error } = sent;
      this.#settle(batch.id, 'failed', staff, {
        refusal: error.kind === 'validation' || error.kind === 'business' ? error.message : null,
      });
      throw AppFailure.from(partnerFailure(error, 'the vouchers'));
    }
    // The service cannot look a voucher request up: uncertain stays, never sent again.
    this.#settle(batch.id, 'uncertain', staff, { refusal: null });
    // Not the service's answer (a fault of ours after sending): the caller hears of it.
    if (!(sent.error instanceof PartnerError)) throw sent.error;
  }

  #settle(
    id: string,
    status: 'completed' | 'failed' | 'uncertain',
    staff: StaffSession,
    extra: { refusal?: string | null; codes?: readonly string[] },
  ): void {
    const at = this.#iso();
    this.#o.db.transaction(() => {
      if (!settleVoucherBatch(this.#o.db, id, { status, at, ...extra })) return;
      appendAudit(this.#o.db, {
        action: `vouchers.${status}`,
        actorStaffId: staff.staffId,
        subject: id,
        details: { codes: extra.codes?.length ?? 0 },
        at,
      });
    })();
  }

  list(query?: string): VoucherBatchView[] {
    return listVoucherBatches(this.#o.db, query).map((row) => this.viewOf(row));
  }

  view(id: string): VoucherBatchView {
    const row = getVoucherBatch(this.#o.db, id);
    if (!row) throw new AppFailure('not_found', 'There is no such voucher batch.', { reason: 'voucher_batch_not_found' });
    return this.viewOf(row);
  }

  /** The gift cards went to the printer: the codes are worth money, so it is on the record. */
  printed(id: string, staff: StaffSession): VoucherBatchView {
    const row = getVoucherBatch(this.#o.db, id);
    if (!row) throw new AppFailure('not_found', 'There is no such voucher batch.', { reason: 'voucher_batch_not_found' });
    if (row.status !== 'completed') {
      throw new AppFailure('conflict', 'Only vouchers the service made can be printed.', {
        reason: 'voucher_batch_not_completed',
      });
    }
    const at = this.#iso();
    this.#o.db.transaction(() => {
      markVoucherBatchPrinted(this.#o.db, id, at);
      appendAudit(this.#o.db, {
        action: 'vouchers.printed',
        actorStaffId: staff.staffId,
        subject: id,
        details: { reprint: row.printedAt !== null },
        at,
      });
    })();
    return this.view(id);
  }

  viewOf(row: VoucherBatchRow): VoucherBatchView {
    // Sending, but not by this process: the answer was lost in a crash or a restart.
    const status = row.status === 'submitting' && !this.#flights.held(row.id) ? 'uncertain' : row.status;
    return {
      id: row.id,
      status,
      packageId: row.packageId,
      packageTitle: row.packageTitle,
      packageData: row.packageData,
      packageDays: row.packageDays,
      countryCode: row.countryCode,
      coverageName: row.coverageName,
      quantity: row.quantity,
      bookingReference: row.bookingReference,
      codes: row.status === 'completed' ? voucherCodes(this.#o.db, row.id) : [],
      unitPrice: money(row.unitRetailMinor, row.retailCurrency),
      paymentMethod: row.paymentMethod,
      staffId: row.staffId,
      createdAt: row.createdAt,
      completedAt: row.completedAt,
      printedAt: row.printedAt,
      refusal: row.refusal,
    };
  }

  #iso(): string {
    return new Date(this.#now()).toISOString();
  }
}
