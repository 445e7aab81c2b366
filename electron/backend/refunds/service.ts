/**
 * Refund requests to the eSIM service, from the Refunds screen or from a sale in History, and
 * their answers. The service reviews each request by hand, credits an approved one to the shop's
 * account and offers no way to read a request back; what changes is the status of the order an
 * eSIM came with (completed → partially_refunded or refunded). So each eSIM keeps the status its
 * order had when the request was sent, and a change read since is the answer:
 * - `refunded`: every eSIM of the order is refunded;
 * - `partially_refunded` from `completed`: the request's eSIMs of that order are the refunded
 *   ones when it named only some of them; when it named them all, which were refunded is unclear.
 * One request per order is open at a time, so a change is never taken for another request's.
 * The service takes few requests (5 a minute on its endpoint's page, one per 5 minutes on its
 * rate-limit page): the counter holds to a rate before sending, and to any wait a 429 asks for.
 */
import crypto from 'node:crypto';
import type Database from 'better-sqlite3';
import { AppFailure } from '../../../shared/errors.ts';
import type { EsimRefund, RefundLimit } from '../../../shared/history.ts';
import { normalizeIccid } from '../../../shared/iccid.ts';
import type { RefundView } from '../../../shared/manager.ts';
import type { RefundReason } from '../../../shared/refunds.ts';
import { appendAudit } from '../audit/db.ts';
import {
  insertRefundRequest,
  lastOrderStatus,
  latestRefundsOf,
  latestRefundsOfSales,
  listRefundRequests,
  refundTimesSince,
  type RefundEsimInput,
} from './db.ts';
import { getSale, getSaleOfEsim, listEsimsOfSale } from '../sales/db.ts';
import { iccidRefused, partnerFailure } from '../common/failures.ts';
import { requestRefund } from '../partner/account.ts';
import type { PartnerClient } from '../partner/client.ts';
import { PartnerError } from '../partner/errors.ts';
import { clampRetryAfterSeconds, RETRY_AFTER_DEFAULT_SECONDS } from '../partner/retry-after.ts';
import type { StaffSession } from '../staff/sessions.ts';
import { checkRefunds } from './answers.ts';

export type RefundRate = { readonly requests: number; readonly windowMs: number };

/** The stricter of the two documented limits, so the counter keeps to both: one request per 5 minutes. */
export const PARTNER_REFUND_RATE: RefundRate = { requests: 1, windowMs: 5 * 60_000 };
/** The embedded Demo sandbox's limit (the endpoint page's 5 a minute), which it is started with. */
export const DEMO_REFUND_RATE: RefundRate = { requests: 5, windowMs: 60_000 };
/**
 * In Demo the embedded sandbox approves a request by itself after this long, so someone practising
 * sees a refund answered (on the Refunds screen's "check now") instead of "in review" for ever.
 */
export const DEMO_REFUND_REVIEW_MS = 60_000;

/** Requests older than this are no longer looked after: the service answers within days. */
export const REFUND_FOLLOW_MS = 90 * 86_400_000;
/** A look for answers at most this often unless a manager asks. */
export const REFUND_CHECK_SPACING_MS = 60_000;

export type RefundInput = {
  readonly iccids: readonly string[];
  readonly reason: RefundReason;
  readonly notes?: string;
  readonly email?: string;
  /** Started from this sale in History: its eSIMs only. */
  readonly saleId?: string;
};

export type RefundsOptions = {
  readonly db: Database.Database;
  readonly partner: PartnerClient;
  readonly now?: () => number;
  readonly rate?: RefundRate;
  readonly log?: (message: string, error?: unknown) => void;
};

export class RefundsService {
  readonly #db: Database.Database;
  readonly #partner: PartnerClient;
  readonly #now: () => number;
  readonly #rate: RefundRate;
  readonly #log: (message: string, error?: unknown) => void;
  /** Requests that may have reached the service without a row (the answer was lost): they count too. */
  readonly #unrecorded: number[] = [];
  /** Until when (ms) the service asked us to send no more. */
  #serviceWaitUntil = 0;
  /** One request at a time, so two managers cannot both pass the rate check. */
  #queue: Promise<unknown> = Promise.resolve();
  #lastCheck = 0;
  #checking: Promise<void> | null = null;

  constructor(options: RefundsOptions) {
    this.#db = options.db;
    this.#partner = options.partner;
    this.#now = options.now ?? Date.now;
    this.#rate = options.rate ?? PARTNER_REFUND_RATE;
    this.#log = options.log ?? (() => undefined);
  }

  list(): RefundView[] {
    return listRefundRequests(this.#db);
  }

  /** The latest request's state of every eSIM of these sales that was ever asked for. */
  refundsOfSales(saleIds: readonly string[]): Map<string, EsimRefund[]> {
    return latestRefundsOfSales(this.#db, saleIds);
  }

  limit(): RefundLimit {
    const next = this.#nextAllowed();
    return {
      requests: this.#rate.requests,
      windowSeconds: Math.round(this.#rate.windowMs / 1000),
      nextAt: next > this.#now() ? new Date(next).toISOString() : null,
    };
  }

  request(input: RefundInput, manager: StaffSession): Promise<RefundView> {
    const run = this.#queue.then(() => this.#request(input, manager));
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Looks for the service's answers to the requests still open; at most once a minute unless
   * `force` (a manager's "Check now"), and never two looks at once.
   */
  async refresh(force = false): Promise<RefundView[]> {
    if (force || this.#now() - this.#lastCheck >= REFUND_CHECK_SPACING_MS) {
      this.#checking ??= checkRefunds({
        db: this.#db,
        partner: this.#partner,
        now: this.#now,
        since: new Date(this.#now() - REFUND_FOLLOW_MS).toISOString(),
        log: this.#log,
      })
        .then(() => {
          this.#lastCheck = this.#now();
        })
        .finally(() => {
          this.#checking = null;
        });
      await this.#checking;
    }
    return this.list();
  }

  /** The earliest moment (ms) the next request may go: the rate's window, or the service's own wait. */
  #nextAllowed(): number {
    const now = this.#now();
    const since = now - this.#rate.windowMs;
    while (this.#unrecorded.length > 0 && this.#unrecorded[0]! < since) this.#unrecorded.shift();
    const sent = [...refundTimesSince(this.#db, new Date(since).toISOString()).map(Date.parse), ...this.#unrecorded].sort(
      (a, b) => b - a,
    );
    const byRate = sent.length >= this.#rate.requests ? sent[this.#rate.requests - 1]! + this.#rate.windowMs : 0;
    return Math.max(byRate, this.#serviceWaitUntil);
  }

  async #request(input: RefundInput, manager: StaffSession): Promise<RefundView> {
    const typed = input.iccids.map((raw) => {
      const result = normalizeIccid(raw);
      if (!result.ok) throw iccidRefused(result, 'iccids', { reason: 'refund_iccid_invalid', params: { iccid: raw } });
      return result.iccid;
    });
    // One eSIM named twice (scanned twice, or typed grouped and whole) is one eSIM to refund.
    const iccids = [...new Set(typed)];
    if (input.reason === 'OTHERS' && !input.notes?.trim()) {
      throw new AppFailure('bad_input', 'Say in a note why, when the reason is “Other”.', {
        fields: { notes: 'notes_required' },
      });
    }
    const esims = this.#esimsOf(iccids, input.saleId ?? null);
    const next = this.#nextAllowed();
    if (next > this.#now()) {
      throw new AppFailure('rate_limited', 'The eSIM service takes few refund requests: wait before sending the next.', {
        retryAfterSeconds: Math.max(1, Math.ceil((next - this.#now()) / 1000)),
      });
    }

    const at = new Date(this.#now()).toISOString();
    const id = crypto.randomUUID();
    let partnerId: string | null = null;
    let refusal: string | null = null;
    try {
      partnerId = (await requestRefund(this.#partner, { ...input, iccids })).refundId;
    } catch (error) {
      if (!(error instanceof PartnerError)) throw error;
      if (error.kind === 'rate_limited') {
        const seconds = clampRetryAfterSeconds(error.details.retryAfterSeconds ?? RETRY_AFTER_DEFAULT_SECONDS);
        this.#serviceWaitUntil = this.#now() + seconds * 1000;
        throw AppFailure.from(partnerFailure(error));
      }
      if (error.kind !== 'validation' && error.kind !== 'business') {
        // It may have reached the service: it counts against the rate, though nothing is on file.
        if (error.outcomeUncertain) this.#unrecorded.push(this.#now());
        throw AppFailure.from(partnerFailure(error, 'the refund request'));
      }
      refusal = error.message;
    }
    this.#db.transaction(() => {
      insertRefundRequest(this.#db, {
        id,
        partnerId,
        iccids,
        reason: input.reason,
        notes: input.notes ?? null,
        email: input.email ?? null,
        status: refusal ? 'refused' : 'requested',
        refusal,
        requestedBy: manager.staffId,
        at,
        saleId: input.saleId ?? null,
        esims,
      });
      appendAudit(this.#db, {
        action: 'refund.requested',
        actorStaffId: manager.staffId,
        subject: id,
        details: {
          iccids: iccids.length,
          reason: input.reason,
          refused: refusal !== null,
          sale: input.saleId ? (getSale(this.#db, input.saleId)?.reference ?? null) : null,
        },
        at,
      });
    })();
    return this.list().find((r) => r.id === id)!;
  }

  /**
   * Each eSIM with the sale and order it came with here, and the status that order was last known
   * in. Refused: an eSIM not of the sale it was started from, one refunded already, and one whose
   * order has a request still with the service.
   */
  #esimsOf(iccids: readonly string[], saleId: string | null): RefundEsimInput[] {
    if (saleId !== null) {
      const sale = getSale(this.#db, saleId);
      if (!sale) throw new AppFailure('not_found', 'There is no such sale.', { reason: 'sale_not_found' });
      if (sale.status !== 'completed') {
        throw new AppFailure('conflict', 'Only a completed sale’s eSIMs can be refunded.', {
          reason: 'refund_sale_not_completed',
        });
      }
      const own = new Set(listEsimsOfSale(this.#db, saleId).map((e) => e.iccid));
      const foreign = iccids.find((iccid) => !own.has(iccid));
      if (foreign) {
        throw new AppFailure('bad_input', `The eSIM ${foreign} was not sold with this sale.`, {
          reason: 'refund_not_of_sale',
          params: { iccid: foreign },
        });
      }
    }
    return iccids.map((iccid) => {
      const sale = getSaleOfEsim(this.#db, iccid);
      // Its order's other eSIMs too: the service's order status cannot tell two open requests apart.
      const siblings = sale ? listEsimsOfSale(this.#db, sale.id).map((e) => e.iccid) : [iccid];
      for (const refund of latestRefundsOf(this.#db, siblings)) {
        if (refund.iccid === iccid && refund.state === 'refunded') {
          throw new AppFailure('conflict', `The eSIM ${iccid} has been refunded already.`, {
            reason: 'refund_already_refunded',
            params: { iccid },
          });
        }
        if (refund.state === 'in_review') {
          throw new AppFailure('conflict', `A refund for the eSIM ${refund.iccid} is still with the eSIM service.`, {
            reason: 'refund_in_review',
            params: { iccid: refund.iccid },
          });
        }
      }
      const orderId = sale?.partnerOrderId ?? null;
      return {
        iccid,
        saleId: sale?.id ?? null,
        orderId,
        // A completed sale's order was completed when sold, unless a refund since was seen.
        baseline: orderId ? (lastOrderStatus(this.#db, orderId) ?? 'completed') : null,
      };
    });
  }
}
