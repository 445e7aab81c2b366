/**
 * The end-of-day close: what the journal expects per payment method, the cash the manager counts
 * against it, and the service's own order list for the day set against the journal. A day with a
 * sale whose outcome is still unknown cannot be closed: its money is not settled yet.
 */
import crypto from 'node:crypto';
import type Database from 'better-sqlite3';
import { stringify } from 'csv-stringify/sync';
import type { Money } from '../../shared/money.ts';
import { formatMoney, money, toDecimalString, toMinor } from '../../shared/money.ts';
import type { ClosePreview, DayClose, ExpectedTakings, Reconciliation, Report } from '../../shared/reports.ts';
import { appendAudit } from '../db/audit.ts';
import { getClose, insertClose, knownOrderCodes, saleLines } from '../db/closes.ts';
import type { PartnerClient } from '../partner/client.ts';
import { PartnerError } from '../partner/errors.ts';
import { listOrdersCreated } from '../partner/orders.ts';
import { AppFailure, type StaffSession } from '../rpc.ts';
import { AmountsAcc } from './amounts.ts';
import { buildReport } from './report.ts';
import { localRange } from './time-zone.ts';

export type CloseOptions = {
  readonly db: Database.Database;
  readonly partner: PartnerClient;
  readonly timeZone: () => string;
  readonly countryName: (code: string) => string;
  readonly now?: () => number;
};

const UNFINISHED = ['uncertain', 'submitting', 'pending'] as const;

export class CloseService {
  readonly #o: CloseOptions;

  constructor(options: CloseOptions) {
    this.#o = options;
  }

  report(fromDate: string, toDate: string): Report {
    return buildReport(this.#o.db, { fromDate, toDate, timeZone: this.#o.timeZone() }, this.#o.countryName);
  }

  async preview(date: string): Promise<ClosePreview> {
    const closed = getClose(this.#o.db, date);
    const report = closed?.report ?? this.report(date, date);
    const { expected, expectedCash } = takings(report);
    return {
      date,
      report,
      expected,
      expectedCash,
      unfinished: UNFINISHED.reduce((n, status) => n + (report.problemCounts[status] ?? 0), 0),
      reconciliation: closed?.reconciliation ?? (await this.#reconcile(date)),
      closed,
    };
  }

  async commit(date: string, countedCash: readonly Money[], staff: StaffSession): Promise<DayClose> {
    if (getClose(this.#o.db, date)) throw new AppFailure('conflict', `${date} is already closed.`);
    const preview = await this.preview(date);
    if (preview.unfinished > 0) {
      throw new AppFailure(
        'conflict',
        `${preview.unfinished} ${preview.unfinished === 1 ? 'sale is' : 'sales are'} still being checked with the eSIM service. Close the day once ${preview.unfinished === 1 ? 'it is' : 'they are'} settled.`,
      );
    }
    const counted = new AmountsAcc();
    for (const m of countedCash) counted.add(m.minor, m.currency);
    const difference = new AmountsAcc();
    for (const m of counted.list()) difference.add(m.minor, m.currency);
    for (const m of preview.expectedCash) difference.add(-m.minor, m.currency);
    const close: DayClose = {
      id: crypto.randomUUID(),
      date,
      timeZone: this.#o.timeZone(),
      closedAt: new Date((this.#o.now ?? Date.now)()).toISOString(),
      closedBy: staff.staffId,
      closedByName: staff.name,
      expected: preview.expected,
      countedCash: counted.list(),
      cashDifference: difference.list(),
      report: preview.report,
      reconciliation: preview.reconciliation,
    };
    this.#o.db.transaction(() => {
      insertClose(this.#o.db, close);
      appendAudit(this.#o.db, {
        action: 'day.closed',
        actorStaffId: staff.staffId,
        subject: date,
        details: { difference: close.cashDifference.map((m) => `${toDecimalString(m)} ${m.currency}`).join(', ') || '0' },
        at: close.closedAt,
      });
    })();
    return close;
  }

  /** Every sale and top-up of the day, one line each, for a spreadsheet. */
  csv(date: string): { filename: string; content: string } {
    const { from, to } = localRange(date, date, this.#o.timeZone());
    const lines = saleLines(this.#o.db, from, to);
    const amount = (minor: number, currency: string) => toDecimalString({ minor, currency });
    const content = stringify(
      lines.map((l) => [
        l.createdAt,
        l.kind,
        l.reference,
        l.status,
        l.staffName,
        l.packageId,
        l.packageTitle,
        l.countryCode ?? '',
        l.quantity,
        amount(l.unitPrice, l.currency),
        amount(l.unitPrice * l.quantity, l.currency),
        l.currency,
        amount(l.unitCost * l.quantity, l.costCurrency),
        l.costCurrency,
        l.paymentMethod,
        l.partnerOrderCode ?? '',
      ]),
      {
        header: true,
        columns: [
          'time_utc',
          'kind',
          'reference',
          'status',
          'clerk',
          'package_id',
          'package',
          'country',
          'quantity',
          'unit_price',
          'total',
          'currency',
          'cost',
          'cost_currency',
          'payment',
          'partner_order',
        ],
      },
    );
    return { filename: `esim-counter-${date}.csv`, content };
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
      const reason =
        error instanceof PartnerError
          ? 'The eSIM service could not be asked for its order list.'
          : 'The order list could not be read.';
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
    const ours = saleLines(this.#o.db, from, to).filter((l) => l.status === 'completed');
    const idOf = this.#o.db.prepare('SELECT id FROM sales WHERE reference = ? UNION SELECT id FROM topups WHERE reference = ?');
    return {
      checked: true,
      missingHere: inDay
        .filter((o) => !known.has(o.code))
        .map((o) => ({
          code: o.code,
          description: o.description,
          createdAt: o.created_at,
          price: money(toMinor(o.price, o.currency), o.currency),
        })),
      missingThere: ours
        .filter((l) => !l.partnerOrderCode || !serviceCodes.has(l.partnerOrderCode))
        .map((l) => ({
          kind: l.kind,
          id: (idOf.get(l.reference, l.reference) as { id: string }).id,
          reference: l.reference,
          code: l.partnerOrderCode,
        })),
      matched: ours.length - ours.filter((l) => !l.partnerOrderCode || !serviceCodes.has(l.partnerOrderCode)).length,
    };
  }
}

/** Expected takings per payment method and currency, and the cash part on its own. */
export function takings(report: Report): { expected: ExpectedTakings; expectedCash: readonly Money[] } {
  const expected = report.byPaymentMethod.flatMap((p) =>
    p.revenue.map((m) => ({ method: p.key, currency: m.currency, minor: m.minor })),
  );
  return {
    expected,
    expectedCash: expected.filter((e) => e.method === 'cash').map(({ currency, minor }) => ({ currency, minor })),
  };
}

export function describeDifference(difference: readonly Money[]): string {
  if (difference.every((m) => m.minor === 0)) return 'The drawer matches.';
  return difference
    .filter((m) => m.minor !== 0)
    .map((m) => (m.minor < 0 ? `${formatMoney({ ...m, minor: -m.minor })} short` : `${formatMoney(m)} over`))
    .join(', ');
}
