/**
 * The end-of-day close: what the journal expects per payment method, the cash the manager counts
 * against it, and the service's own order list for the day set against the journal. Nothing can be
 * closed while a sale's outcome is still unknown: its money is not settled yet.
 *
 * A date's first close covers every sale and top-up completed by then. What completes on that date
 * afterwards is shown as "after the close" and closed by a supplementary close with its own counted
 * cash and Z report (electron/backend/till/unclosed.ts), so every sale is in exactly one close and the
 * date's closes add up to what Reports shows for it.
 */
import { SALE_MACHINE } from '../../../shared/order-machine.ts';
import crypto from 'node:crypto';
import type Database from 'better-sqlite3';
import type { CashCount } from '../../../shared/denominations.ts';
import type { Money } from '../../../shared/money.ts';
import { toDecimalString } from '../../../shared/money.ts';
import {
  takings,
  type ClosePreview,
  type DayClose,
  type DayStatus,
  type Reconciliation,
  type ReconciliationProblem,
  type Report,
  type UnclosedDay,
} from '../../../shared/reports.ts';
import { appendAudit } from '../audit/db.ts';
import { closedDates, insertClose, knownOrderCodes, listCloses, saleLines, type SaleLine } from './db-closes.ts';
import { closeCsv } from './close-csv.ts';
import type { PartnerClient } from '../partner/client.ts';
import { PartnerError } from '../partner/errors.ts';
import { listOrdersCreated } from '../partner/orders.ts';
import { AppFailure } from '../../../shared/errors.ts';
import type { StaffSession } from '../staff/sessions.ts';
import { AmountsAcc } from '../reports/amounts.ts';
import { basisOf, isOpen, openTakings, reportOfLines, withFloat } from './unclosed.ts';
import { aboveThreshold, checkCashCounts, countTenders, floatFor, openTill, tillToday, type OpenTillInput } from './service.ts';
import type { TillSession, TillToday } from '../../../shared/till.ts';
import { buildReport } from '../reports/report.ts';
import { addDays, localRange, today } from '../../../shared/clock.ts';

export type CloseOptions = {
  readonly db: Database.Database;
  readonly partner: PartnerClient;
  readonly timeZone: () => string;
  /** The store's currency: the opening float's. */
  readonly currency?: () => string;
  /** A difference above this needs the manager's reason; null or absent: never. */
  readonly reasonThreshold?: () => Money | null;
  /** The references of sales taken offline within [from, to) not yet issued nor refunded: the close waits for them. */
  readonly offlineOpen?: (from: string, to: string) => readonly { readonly reference: string }[];
  readonly now?: () => number;
  /** Runs once a close is committed (the backend's backup); it cannot undo or fail the close. */
  readonly afterCommit?: (close: DayClose) => void;
  /** Where a failing afterCommit is told; the close stands regardless. */
  readonly log?: (message: string, error?: unknown) => void;
  /**
   * True for an order another counter on the same partner account placed (its reference names
   * another store or counter, electron/backend/chain/identity.ts): not this counter's to reconcile.
   */
  readonly isOtherCountersOrder?: (description: string | null) => boolean;
};

export type CommitInput = {
  readonly countedCash: readonly Money[];
  /** The open takings' basis the manager counted against (ClosePreview.open.basis). */
  readonly basis: string;
  readonly note?: string | undefined;
  /** The card terminal's and other tenders' totals as counted; absent: not counted. */
  readonly countedTenders?:
    readonly { readonly method: 'card' | 'other'; readonly minor: number; readonly currency: string }[] | undefined;
  /** The cash counted by notes and coins, per currency so counted; each adds up to its countedCash. */
  readonly cashCounts?: readonly CashCount[] | undefined;
};

/** Every kind's unsettled states: a voucher batch's are among a sale's. */
const UNFINISHED = SALE_MACHINE.unsettled;
/** How far back the Close screen looks for closed dates with sales completed after their close. */
const OTHER_DAYS = 14;
/** How far back days never closed are looked for: older ones are a matter for the accountant. */
export const UNCLOSED_DAYS = 60;

/** A date as the journal has it now: its closes, the whole day, and what is still open. */
type DateState = {
  readonly closes: DayClose[];
  readonly whole: Report;
  readonly open: SaleLine[];
  /** The report of the open lines alone: what the next close would record. */
  readonly part: Report;
  readonly unfinished: number;
};

export class CloseService {
  readonly #o: CloseOptions;

  constructor(options: CloseOptions) {
    this.#o = options;
  }

  report(fromDate: string, toDate: string): Report {
    return buildReport(this.#o.db, { fromDate, toDate, timeZone: this.#o.timeZone() });
  }

  status(): DayStatus {
    const date = today(this.#o.timeZone(), (this.#o.now ?? Date.now)());
    const last = listCloses(this.#o.db, date).closes.at(-1);
    return {
      date,
      lastClose: last ? { sequence: last.sequence, closedAt: last.closedAt, closedByName: last.closedByName } : null,
    };
  }

  async preview(date: string): Promise<ClosePreview> {
    const state = this.#state(date);
    const last = state.closes.at(-1);
    return {
      date,
      report: state.whole,
      closes: state.closes,
      open: openTakings(state.open, state.part, {
        float: floatFor(this.#o.db, date, state.closes.length === 0),
        reasonAbove: this.#o.reasonThreshold?.() ?? null,
      }),
      unfinished: state.unfinished,
      offlineOpen: this.#offlineOpen(date),
      reconciliation: last && state.open.length === 0 ? last.reconciliation : await this.#reconcile(date),
      otherDays: this.#otherDays(date),
    };
  }

  /**
   * Days before today, within UNCLOSED_DAYS, with completed sales or top-ups and no close at all,
   * latest first: the manager is told of them on Reports and beside Close in the rail.
   */
  unclosedDays(): UnclosedDay[] {
    const timeZone = this.#o.timeZone();
    const last = addDays(today(timeZone, (this.#o.now ?? Date.now)()), -1);
    const first = addDays(last, -(UNCLOSED_DAYS - 1));
    const closed = new Set(closedDates(this.#o.db, first, last));
    return this.report(first, last)
      .perDay.filter((d) => d.count > 0 && !closed.has(d.date))
      .map((d) => ({ date: d.date, count: d.count }))
      .reverse();
  }

  /** Today's till for the first sign-in of the day: opened already, or what could be carried over. */
  tillToday(): TillToday {
    const date = today(this.#o.timeZone(), (this.#o.now ?? Date.now)());
    return tillToday(this.#o.db, date, this.#currency());
  }

  openTill(input: OpenTillInput, staff: StaffSession): TillSession {
    const now = (this.#o.now ?? Date.now)();
    const date = today(this.#o.timeZone(), now);
    return openTill(this.#o.db, date, this.#currency(), input, staff.staffId, new Date(now).toISOString());
  }

  #currency(): string {
    return this.#o.currency?.() ?? 'USD';
  }

  async commit(date: string, input: CommitInput, staff: StaffSession): Promise<DayClose> {
    // Asked before the transaction: a close never holds the journal while it waits on the network.
    const reconciliation = await this.#reconcile(date);
    const db = this.#o.db;
    let close: DayClose | undefined;
    // IMMEDIATE: what the close covers is read and listed under the write lock, so a sale that
    // completes meanwhile is either in it (and in its figures) or left open, never half of each.
    db.transaction(() => {
      const state = this.#state(date);
      if (state.unfinished > 0) {
        throw new AppFailure(
          'conflict',
          `${state.unfinished} ${state.unfinished === 1 ? 'sale is' : 'sales are'} still being checked with the eSIM service. Close once ${state.unfinished === 1 ? 'it is' : 'they are'} settled.`,
          { reason: 'close_sales_unsettled', params: { count: state.unfinished } },
        );
      }
      const offline = this.#offlineOpen(date);
      if (offline.length > 0) {
        throw new AppFailure(
          'conflict',
          `Sales taken while the eSIM service was away are not issued or refunded yet: ${offline.join(', ')}. Close once each is placed or refunded.`,
          { reason: 'close_offline_open', params: { count: offline.length, references: offline.join(', ') } },
        );
      }
      const last = state.closes.at(-1);
      if (last && state.open.length === 0) {
        throw new AppFailure('conflict', `${date} is already closed, and nothing has been sold on it since.`, {
          reason: 'day_already_closed',
          params: { day: date },
        });
      }
      if (basisOf(state.open) !== input.basis) {
        throw new AppFailure(
          'conflict',
          'A sale was completed while you were counting, so the expected takings have changed. Look at them again, then close.',
          { reason: 'close_takings_changed' },
        );
      }
      const float = floatFor(db, date, state.closes.length === 0);
      const { expected, expectedCash } = withFloat(takings(state.part), float);
      const tenders = countTenders(expected, input.countedTenders ?? []);
      const counted = new AmountsAcc();
      for (const m of input.countedCash) counted.add(m.minor, m.currency);
      const cashCounts = checkCashCounts(input.cashCounts ?? [], counted.list());
      const difference = new AmountsAcc();
      for (const m of counted.list()) difference.add(m.minor, m.currency);
      for (const m of expectedCash) difference.add(-m.minor, m.currency);
      const note = input.note?.trim() || null;
      const differences = [...difference.list(), ...tenders.map((t) => ({ minor: t.difference, currency: t.currency }))];
      if (!note && aboveThreshold(differences, this.#o.reasonThreshold?.() ?? null)) {
        throw new AppFailure('bad_input', 'A difference this large needs a reason: say what happened in the note.', {
          fields: { note: 'reason_required' },
        });
      }
      const closedAt = new Date((this.#o.now ?? Date.now)()).toISOString();
      const sequence = state.closes.length + 1;
      // The close's own entry first: the head the close records (and its Z report prints) then
      // vouches for the close itself and everything logged before it.
      const entry = appendAudit(db, {
        action: 'day.closed',
        actorStaffId: staff.staffId,
        subject: date,
        details: {
          sequence,
          covers: state.open.length,
          difference:
            difference
              .list()
              .map((m) => `${toDecimalString(m)} ${m.currency}`)
              .join(', ') || '0',
          ...(note ? { note } : {}),
        },
        at: closedAt,
      });
      close = {
        id: crypto.randomUUID(),
        date,
        sequence,
        timeZone: this.#o.timeZone(),
        closedAt,
        closedBy: staff.staffId,
        closedByName: staff.name,
        follows: last?.closedAt ?? null,
        expected,
        countedCash: counted.list(),
        cashDifference: difference.list(),
        note,
        float,
        tenders,
        cashCounts,
        report: state.part,
        reconciliation,
        auditHead: { seq: entry.seq, hash: entry.hash },
      };
      insertClose(db, close, state.open);
    }).immediate();
    try {
      this.#o.afterCommit?.(close!);
    } catch (error) {
      // The close is on disk and the manager must hear so: the hook's failure is logged, not thrown.
      this.#o.log?.(`after closing ${close!.date}: the follow-up (backup) failed`, error);
    }
    return close!;
  }

  #state(date: string): DateState {
    const timeZone = this.#o.timeZone();
    const { from, to } = localRange(date, date, timeZone);
    const { closes, legacyCutoff } = listCloses(this.#o.db, date);
    const open = saleLines(this.#o.db, from, to).filter((l) => isOpen(l, legacyCutoff));
    const whole = this.report(date, date);
    return {
      closes,
      whole,
      open,
      part: reportOfLines(open, { fromDate: date, toDate: date, timeZone }, whole),
      unfinished: UNFINISHED.reduce((n, status) => n + (whole.problemCounts[status] ?? 0), 0),
    };
  }

  /** The references of the date's offline sales still waiting, being placed or to be refunded. */
  #offlineOpen(date: string): string[] {
    const { from, to } = localRange(date, date, this.#o.timeZone());
    return (this.#o.offlineOpen?.(from, to) ?? []).map((s) => s.reference);
  }

  /** Recent closed dates, other than `date`, with sales completed after their last close. */
  #otherDays(date: string): ClosePreview['otherDays'] {
    const timeZone = this.#o.timeZone();
    const last = today(timeZone, (this.#o.now ?? Date.now)());
    return closedDates(this.#o.db, addDays(last, -OTHER_DAYS), last)
      .filter((d) => d !== date)
      .flatMap((d) => {
        const { from, to } = localRange(d, d, timeZone);
        const { legacyCutoff } = listCloses(this.#o.db, d);
        const open = saleLines(this.#o.db, from, to).filter((l) => isOpen(l, legacyCutoff));
        if (open.length === 0) return [];
        const count = (kind: SaleLine['kind']) => open.filter((l) => l.kind === kind).length;
        return [{ date: d, sales: count('sale'), topups: count('topup'), vouchers: count('voucher') }];
      });
  }

  /** Every sale and top-up of the day, then what each close counted, for a spreadsheet (close-csv.ts). */
  csv(date: string): { filename: string; content: string } {
    return closeCsv(this.#o.db, date, this.#o.timeZone());
  }

  async #reconcile(date: string): Promise<Reconciliation> {
    const { from, to } = localRange(date, date, this.#o.timeZone());
    let orders;
    try {
      // The service filters by its own (UTC) dates: ask for every UTC date the local day touches.
      orders = await listOrdersCreated(
        this.#o.partner,
        from.slice(0, 10),
        new Date(Date.parse(to) - 1).toISOString().slice(0, 10),
      );
    } catch (error) {
      // A code, not words: the close keeps it, and each reader sees it in their own language.
      const reason: ReconciliationProblem = error instanceof PartnerError ? 'service_unreachable' : 'unreadable';
      return { checked: false, reason };
    }
    const inDay = orders.filter((o) => {
      const at = `${o.created_at.replace(' ', 'T')}.000Z`;
      return at >= from && at < to;
    });
    const known = knownOrderCodes(
      this.#o.db,
      inDay.map((o) => o.code),
    );
    const serviceCodes = new Set(inDay.map((o) => o.code));
    // Vouchers are bought as a batch with no order at the service to match: they are not checked here.
    const ours = saleLines(this.#o.db, from, to).filter(
      (l): l is SaleLine & { kind: 'sale' | 'topup' } => l.status === 'completed' && l.kind !== 'voucher',
    );
    const missingThere = ours.filter((l) => !l.partnerOrderCode || !serviceCodes.has(l.partnerOrderCode));
    return {
      checked: true,
      // Another counter's orders on a shared account are not missing here; this one's own are known.
      missingHere: inDay
        .filter((o) => !known.has(o.code) && !(this.#o.isOtherCountersOrder?.(o.description) ?? false))
        .map((o) => ({
          code: o.code,
          description: o.description,
          createdAt: o.created_at,
          price: o.price,
        })),
      missingThere: missingThere.map((l) => ({
        kind: l.kind,
        id: l.id,
        reference: l.reference,
        code: l.partnerOrderCode,
      })),
      matched: ours.length - missingThere.length,
    };
  }
}
