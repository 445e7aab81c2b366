/**
 * What the order machine (submission.ts) writes to the journal for each thing that happens to an
 * order: the move of its status (compare-and-set, so two paths never both finish it) and its audit
 * entry, in one commit; an accepted asynchronous order, a completed one with what it brought, a
 * refusal. When to send and when to look up is the machine's; what is recorded is here.
 */
import type { SaleStatus } from '../../../shared/sales.ts';
import { AppFailure } from '../../../shared/errors.ts';
import { appendAudit, type JsonValue } from '../audit/db.ts';
import { RATE_LIMITED, rateLimitedCode, transitionOrder, type OrderPatch } from './db.ts';
import type { PartnerError } from '../partner/errors.ts';
import { clampRetryAfterSeconds, RETRY_AFTER_DEFAULT_SECONDS } from '../partner/retry-after.ts';
import { crashPoint } from '../common/crash-points.ts';
import { orderRefusal } from '../partner/refusals.ts';
import { describeFailure } from './failure.ts';
import type { Accepted, Outcome } from './outcome.ts';
import type { MachineOptions } from './submission-options.ts';

type Row = { readonly id: string; readonly reference: string };

export class OrderRecords {
  readonly #o: MachineOptions;

  constructor(options: MachineOptions) {
    this.#o = options;
  }

  iso(): string {
    return new Date(this.#o.now()).toISOString();
  }

  /** Moves the row on from one of `from` (compare-and-set); false when another path moved it first. */
  move(id: string, from: readonly SaleStatus[], to: SaleStatus, patch: OrderPatch): boolean {
    return transitionOrder(this.#o.db, this.#o.table, id, from, to, patch, this.iso());
  }

  audit(verb: string, subject: string | null, details: Record<string, JsonValue>): void {
    appendAudit(this.#o.db, { action: `${this.#o.noun}.${verb}`, subject, details, at: this.iso() });
  }

  /** The move and, when it happened, its audit entry (`verb`, the reference and `details`) in one commit. */
  transition(
    row: Row,
    from: readonly SaleStatus[],
    to: SaleStatus,
    patch: OrderPatch,
    verb: string,
    details: Record<string, JsonValue> = {},
  ): boolean {
    return this.#o.db.transaction(() => {
      const moved = this.move(row.id, from, to, patch);
      if (moved) this.audit(verb, row.id, { reference: row.reference, ...details });
      return moved;
    })();
  }

  /** A row whose `submitting` commit never happened: it was never sent, nothing was charged. */
  notSent(row: Row, reason: string): void {
    const moved = this.transition(row, ['pending'], 'failed', { failureCode: 'not_sent', failureReason: reason }, 'not_sent');
    if (moved) this.#o.onChange?.(row.id, 'failed');
  }

  /** An asynchronous order the service accepted: uncertain until a look-up finds it made (or failed). */
  accept(row: Row, accepted: Accepted): void {
    const at = this.iso();
    const reason = 'The eSIM service accepted this order and is making its eSIMs. The app looks for them by its reference.';
    this.#o.db.transaction(() => {
      transitionOrder(
        this.#o.db,
        this.#o.table,
        row.id,
        ['submitting'],
        'uncertain',
        { failureCode: 'uncertain', failureReason: reason },
        at,
      );
      this.#o.accepted?.(row.id, accepted, at);
      this.audit('accepted', row.id, { reference: row.reference, requestId: accepted.requestId });
    })();
    crashPoint('after_accepted');
    this.#o.onChange?.(row.id, 'uncertain');
  }

  /** Records the order made for the row, its eSIMs and its audit entries (`alsoWrite`'s) in one commit. */
  complete(row: Row, outcome: Outcome, from: SaleStatus, alsoWrite?: () => void): void {
    const at = this.iso();
    this.#o.db.transaction(() => {
      alsoWrite?.();
      const patch: OrderPatch = {
        partnerOrderId: String(outcome.orderId),
        partnerOrderCode: outcome.code,
        completedAt: at,
        failureCode: null,
        failureReason: null,
        // In the same update as the status: the report triggers read the cost as it completes.
        ...(outcome.unitCost && { unitCost: outcome.unitCost }),
      };
      if (!transitionOrder(this.#o.db, this.#o.table, row.id, [from], 'completed', patch, at)) {
        throw new AppFailure('conflict', `This ${this.#o.noun} was finished by another path.`, {
          reason: `${this.#o.noun}_finished_elsewhere`,
        });
      }
      this.#o.record(row.id, outcome, at);
      // A top-up makes no eSIM: "0 eSIMs" would read as a sale that delivered nothing.
      this.audit('completed', row.id, {
        reference: row.reference,
        orderCode: outcome.code,
        ...(outcome.sims.length > 0 ? { esims: outcome.sims.length } : {}),
      });
    })();
    crashPoint('after_complete');
    this.#o.onChange?.(row.id, 'completed');
  }

  /** A definite refusal; the service's own words stay with the manager (the audit log): they can name the wholesale cost. */
  fail(row: Row, error: PartnerError): void {
    const code = orderRefusal(error);
    // A 429 without a readable wait still means "wait": the default minute, never "at once".
    const retryAfter =
      code === RATE_LIMITED
        ? new Date(
            this.#o.now() + clampRetryAfterSeconds(error.details.retryAfterSeconds ?? RETRY_AFTER_DEFAULT_SECONDS) * 1000,
          ).toISOString()
        : null;
    this.transition(
      row,
      ['submitting'],
      'failed',
      { failureCode: retryAfter ? rateLimitedCode(retryAfter) : code, failureReason: describeFailure(error) },
      'failed',
      {
        code,
        partnerMessage: error.message,
        ...(error.details.businessCode !== undefined ? { partnerCode: error.details.businessCode } : {}),
        ...(retryAfter ? { retryAfter } : {}),
      },
    );
    this.#o.onChange?.(row.id, 'failed');
  }
}
