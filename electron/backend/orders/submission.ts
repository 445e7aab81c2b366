/**
 * The state machine that sales and top-ups share (design.md, "A sale, end to end"): the intent is
 * committed before the request; the reference travels as the order's description; a definite
 * refusal is `failed`; anything that may have reached the service is `uncertain` and is resolved
 * only by looking the reference up — never by posting again.
 */
import { UNSETTLED_STATUSES, type ReconcileSummary, type SaleStatus } from '../../../shared/sales.ts';
import { appendAudit } from '../audit/db.ts';
import { getOrderState, listOrderStates, readFailureCode, type OrderState } from './db.ts';
import { PartnerError } from '../partner/errors.ts';
import { AppFailure } from '../../../shared/errors.ts';
import { crashPoint } from '../common/crash-points.ts';
import { isJournalFailure } from '../journal/errors.ts';
import { secondsUntil } from './failure.ts';
import { lookUpByReference, type Found, type Outcome } from './outcome.ts';
import type { MachineOptions } from './submission-options.ts';
import { OrderRecords } from './records.ts';
import { singleFlight } from '../common/single-flight.ts';
import { sendAndSort, SendOnce } from './send-once.ts';
import { UnwrittenOutcomes, type Recording } from './unwritten-outcomes.ts';

export { chargedPerUnit, type Accepted, type Found, type Outcome } from './outcome.ts';

export { freshOrderColumns, type MachineOptions } from './submission-options.ts';

export class SubmissionMachine {
  readonly #o: MachineOptions;
  readonly #flights = new SendOnce();
  readonly #lookingUp = new Map<string, Promise<SaleStatus>>();
  /** Outcomes the journal refused to record (a full disk), made again once it takes writes. */
  readonly #unwritten: UnwrittenOutcomes;
  readonly #records: OrderRecords;
  #startup: Promise<ReconcileSummary & { settledAt: string }> | null = null;

  constructor(options: MachineOptions) {
    this.#o = options;
    this.#records = new OrderRecords(options);
    this.#unwritten = new UnwrittenOutcomes({
      journalFailed: options.journalFailed,
      log: options.log,
      name: (id) => `${options.noun} ${id}`,
    });
  }

  /**
   * Writes the row with `write` (committing the intent) and sends it, once per id: a repeated
   * request (a double click, a retried call) waits for the first one instead of making a second.
   */
  createOnce(id: string, write: () => Promise<void>): Promise<void> {
    const written = () => getOrderState(this.#o.db, this.#o.table, id) !== undefined;
    return this.#flights.create(id, written, write, () => {
      // `write` may commit the intent without an fsync of its own (commitBeforeNextFullCommit):
      // nothing that acts outside this process may run before the FULL `submitting` commit in
      // #send, which comes first in submit() with no await in between.
      crashPoint('after_intent');
      return this.submit(id);
    });
  }

  /** Sends a row again under its own reference: only when the service certainly has no order for it. */
  async retry(id: string, staffId: string): Promise<void> {
    const row = getOrderState(this.#o.db, this.#o.table, id);
    if (!row) throw this.#notFound();
    if (row.status !== 'failed' && row.status !== 'not_found') {
      throw new AppFailure(
        'conflict',
        `Only a failed ${this.#o.noun}, or one the eSIM service has no order for, can be sent again.`,
        { reason: `${this.#o.noun}_not_retryable` },
      );
    }
    // Refused here, before any byte goes out: asking early only earns another 429.
    const waitSeconds = secondsUntil(readFailureCode(row.failureCode).retryAfter, this.#o.now());
    if (waitSeconds > 0) {
      throw new AppFailure('rate_limited', `The eSIM service asked us to wait before this ${this.#o.noun} is sent again.`, {
        retryAfterSeconds: waitSeconds,
      });
    }
    appendAudit(this.#o.db, {
      action: `${this.#o.noun}.retried`,
      actorStaffId: staffId,
      subject: id,
      details: { reference: row.reference },
      at: this.#records.iso(),
    });
    await this.submit(id);
  }

  /** One submission per row at a time in this process; the status check guards across processes. */
  submit(id: string): Promise<void> {
    return this.#flights.send(id, () => this.#send(id));
  }

  async #send(id: string): Promise<void> {
    const row = getOrderState(this.#o.db, this.#o.table, id);
    if (!row) throw this.#notFound();
    const patch = { attempts: row.attempts + 1, submittedAt: this.#records.iso(), failureCode: null, failureReason: null };
    let moved: boolean;
    try {
      moved = this.#records.move(id, ['pending', 'failed', 'not_found'], 'submitting', patch);
    } catch (error) {
      // Refused before any byte left, and the clerk is told so. A new row would stay `pending`
      // until a restart: it fails as not sent once the journal takes writes (a failed or
      // not-found row simply stays what it was).
      if (row.status === 'pending' && isJournalFailure(error)) {
        this.#unwritten.keep(id, () =>
          this.#records.notSent(
            row,
            'The sales journal could not be written, so this order was never sent. Nothing was charged.',
          ),
        );
      }
      throw error;
    }
    if (!moved) return; // another path is sending it, or has finished it
    this.#o.onChange?.(id, 'submitting');
    crashPoint('after_submitting');
    // From here the order may be at the service: the clerk is never told it was refused. A write
    // the journal refuses pauses sales and is made again once it can be.
    await this.#unwritten.record(id, await this.#outcome(row));
  }

  /** Sends the row (or adopts its order before sending again) and says how to record the answer. */
  async #outcome(row: OrderState): Promise<Recording> {
    if (row.attempts > 0 && this.#o.beforeResend) {
      const adopted = await this.#adoptedBeforeResend(row);
      if (adopted) return adopted;
    }
    const sent = await sendAndSort(() => this.#o.send(row.id), `${this.#o.noun} ${row.reference}`, this.#o.log);
    if (sent.kind === 'refused') return () => this.#records.fail(row, sent.error);
    if (sent.kind === 'uncertain') return () => this.#uncertain(row, sent.reason);
    crashPoint('after_response');
    const outcome = sent.answer;
    if ('accepted' in outcome) return () => this.#records.accept(row, outcome);
    return () => this.#records.complete(row, outcome, 'submitting');
  }

  /** The answer is not known: the row is looked up by its reference, never sent again. */
  async #uncertain(row: OrderState, reason: string): Promise<void> {
    this.#records.transition(row, ['submitting'], 'uncertain', { failureCode: 'uncertain', failureReason: reason }, 'uncertain');
    this.#o.onChange?.(row.id, 'uncertain');
    await this.reconcile(row.id);
  }

  /**
   * A row about to be sent again whose order the service has made after all: how to adopt it.
   * A look-up that fails leaves nothing sent, so the row fails as such (or waits, for a 429).
   */
  async #adoptedBeforeResend(row: OrderState): Promise<Recording | null> {
    let found: Outcome | null;
    try {
      found = await this.#o.beforeResend!(row);
    } catch (error) {
      const definite =
        error instanceof PartnerError && !error.outcomeUncertain
          ? error
          : new PartnerError('network_before_send', 'The order list could not be read before sending again; nothing was sent.');
      return () => this.#records.fail(row, definite);
    }
    if (!found) return null;
    const outcome = found;
    return () =>
      this.#records.complete(row, outcome, 'submitting', () =>
        this.#records.audit('adopted_before_resend', row.id, { reference: row.reference, orderCode: outcome.code }),
      );
  }

  /**
   * A look-up the clerk asked for ("Check now"). While the order request itself is still out
   * there is nothing to look up yet: the row's status is the answer. A look-up already running
   * (the timer's, the one after an uncertain answer) is joined, not repeated.
   */
  async check(id: string): Promise<SaleStatus> {
    const running = this.#lookingUp.get(id);
    if (running) return running;
    await this.#unwritten.again(id);
    const row = getOrderState(this.#o.db, this.#o.table, id);
    if (!row) throw this.#notFound();
    if (this.#heldHere(id)) return row.status;
    if (row.status === 'submitting' && this.#settleStale(row)) return this.reconcile(id);
    if (row.status !== 'uncertain') return row.status;
    return this.reconcile(id);
  }

  /**
   * A `submitting` row no request of this process is carrying, past the request deadline: the
   * order went out but its answer was never written (the completing write failed). It becomes
   * uncertain, to be looked up by its reference — never sent again. False while it may be in flight.
   */
  #settleStale(row: OrderState): boolean {
    if (row.status !== 'submitting' || this.#heldHere(row.id)) return false;
    const deadlineMs = this.#o.requestDeadlineMs ?? this.#o.partner.orderTimeoutMs + 5_000;
    if (this.#o.now() - Date.parse(row.submittedAt ?? row.updatedAt) < deadlineMs) return false;
    const reason = 'The answer to this order could not be recorded. The app is checking with the eSIM service.';
    const moved = this.#records.transition(
      row,
      ['submitting'],
      'uncertain',
      { failureCode: 'uncertain', failureReason: reason },
      'uncertain',
      { answerLost: true },
    );
    if (moved) this.#o.onChange?.(row.id, 'uncertain');
    return moved;
  }

  /**
   * Looks an uncertain row up by its reference: adopts the order found, or after the settle window
   * says not found. One look-up per row at a time, so two callers cannot both adopt the order.
   */
  reconcile(id: string): Promise<SaleStatus> {
    return singleFlight(this.#lookingUp, id, () => this.#lookUp(id));
  }

  async #lookUp(id: string): Promise<SaleStatus> {
    const row = getOrderState(this.#o.db, this.#o.table, id);
    if (!row || row.status !== 'uncertain') return row?.status ?? 'failed';
    let found: Found;
    try {
      found = await (this.#o.lookUp ?? ((state) => lookUpByReference(this.#o.partner, state.reference)))(row);
    } catch (error) {
      // A look-up writes too (a group order counts its checks): a full disk pauses sales here as well.
      if (isJournalFailure(error)) this.#o.journalFailed?.(error, `looking ${this.#o.noun} ${row.reference} up`);
      this.#o.log?.(
        `${this.#o.noun} ${row.reference}: lookup failed`,
        error instanceof PartnerError ? error.toLogFormat() : error,
      );
      return 'uncertain';
    }
    try {
      return this.#settleFound(row, found);
    } catch (error) {
      // What was found is found again by the next look-up, once the journal takes writes.
      if (!isJournalFailure(error)) throw error;
      this.#o.journalFailed?.(error, `recording ${this.#o.noun} ${row.reference}`);
      return 'uncertain';
    }
  }

  #settleFound(row: OrderState, found: Found): SaleStatus {
    const id = row.id;
    if (found.kind === 'order') {
      const duplicate = () => this.#records.audit('duplicate_at_partner', id, { reference: row.reference, orders: found.orders });
      this.#records.complete(row, found.outcome, 'uncertain', found.orders > 1 ? duplicate : undefined);
      return 'completed';
    }
    const settleMs = this.#o.settleMsOf?.(id) ?? this.#o.settleMs;
    if (found.kind === 'none' && this.#o.now() - Date.parse(row.submittedAt ?? row.updatedAt) < settleMs) return 'uncertain';
    const reason =
      found.kind === 'failed'
        ? 'The eSIM service could not make this order. Nothing was charged; it can be sent again.'
        : 'The eSIM service has no order for this. Nothing was charged; it can be sent again.';
    this.#records.transition(
      row,
      ['uncertain'],
      'not_found',
      { failureCode: 'not_found', failureReason: reason },
      'not_found',
      found.kind === 'failed' ? { failedAtPartner: true } : {},
    );
    this.#o.onChange?.(id, 'not_found');
    return 'not_found';
  }

  /** Checks every uncertain row once, and every `submitting` row whose answer was lost (for a timer). */
  async reconcileUncertain(): Promise<void> {
    await this.#unwritten.all();
    for (const row of listOrderStates(this.#o.db, this.#o.table, ['uncertain', 'submitting'])) {
      if (this.#heldHere(row.id)) continue;
      if (row.status === 'uncertain' || this.#settleStale(row)) await this.reconcile(row.id);
    }
  }

  /**
   * reconcileUnfinished once a run, and when it was done. One that failed (a full disk) is tried
   * again by the next caller, never kept as the answer to every sale until a restart.
   */
  reconcileOnceAtStart(): Promise<ReconcileSummary & { settledAt: string }> {
    if (this.#startup) return this.#startup;
    const startup = this.reconcileUnfinished().then((summary) => ({ ...summary, settledAt: this.#records.iso() }));
    this.#startup = startup;
    startup.catch(() => {
      if (this.#startup === startup) this.#startup = null;
    });
    return startup;
  }

  /** At start: intents that never left fail as "not sent"; rows caught mid-flight are looked up. */
  async reconcileUnfinished(): Promise<ReconcileSummary> {
    const summary = { checked: 0, completed: 0, notSent: 0, notFound: 0, stillUncertain: 0 };
    for (const row of listOrderStates(this.#o.db, this.#o.table, UNSETTLED_STATUSES)) {
      summary.checked++;
      if (row.status === 'pending') {
        // Rows move to `submitting` before the request goes out, so `pending` was never sent.
        this.#records.notSent(row, 'The app stopped before this order was sent. Nothing was charged.');
        summary.notSent++;
        continue;
      }
      if (row.status === 'submitting') {
        const reason = 'The app stopped while this order was being sent.';
        this.#records.move(row.id, ['submitting'], 'uncertain', { failureCode: 'uncertain', failureReason: reason });
      }
      const outcome = await this.reconcile(row.id);
      if (outcome === 'completed') summary.completed++;
      else if (outcome === 'not_found') summary.notFound++;
      else summary.stillUncertain++;
    }
    if (summary.checked > 0) this.#records.audit('reconciled_at_start', null, summary);
    return summary;
  }

  /** A request of this process is carrying the row, or a write the journal refused is kept for it. */
  #heldHere(id: string): boolean {
    return this.#flights.sending(id) !== undefined || this.#unwritten.has(id);
  }

  #notFound(): AppFailure {
    return new AppFailure('not_found', `There is no such ${this.#o.noun}.`, { reason: `${this.#o.noun}_not_found` });
  }
}
