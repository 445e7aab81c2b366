/**
 * What no close covers yet, from the journal's own lines of a date: a completed sale, top-up or
 * voucher batch is
 open until a close lists it. The first close of a date takes every completed line; what
 * completes afterwards (sold after the close, or a failed sale sent again) waits for a
 * supplementary close, so no sale is ever left out of every close.
 */
import crypto from 'node:crypto';
import type { Money } from '../../../shared/money.ts';
import { takings, type Amounts, type OpenLine, type OpenTakings, type Report } from '../../../shared/reports.ts';
import type { SaleLine } from './db-closes.ts';
import type { Group, QuarterRow } from '../reports/db.ts';
import { AmountsAcc } from '../reports/amounts.ts';
import { assembleReport, type Period } from '../reports/report.ts';

const LINES_SHOWN = 100;

export function isOpen(line: SaleLine, legacyCutoff: string | null): boolean {
  if (line.status !== 'completed' || line.closeId !== null) return false;
  // A close made before closes listed their rows covered whatever had completed by then.
  return legacyCutoff === null || (line.completedAt !== null && line.completedAt > legacyCutoff);
}

/** What the customer paid for the line: its price, and the tax where it came on top. */
export const lineTotal = (line: SaleLine) => line.unitPrice * line.quantity + (line.taxMode === 'added' ? line.taxMinor : 0);
const total = lineTotal;

function groupOf(line: SaleLine): Group {
  return {
    kind: line.kind,
    staffId: line.staffId,
    staffName: line.staffName,
    packageId: line.packageId,
    packageTitle: line.packageTitle,
    countryCode: line.countryCode ?? '',
    paymentMethod: line.paymentMethod,
    retailCurrency: line.currency,
    netCurrency: line.costCurrency,
    count: 1,
    // A voucher batch's codes ride in `esims`, as its running totals keep them (migration 0023).
    esims: line.kind === 'topup' ? 0 : line.quantity,
    revenue: total(line),
    cost: (line.unitCost ?? 0) * line.quantity,
    costUnknown: line.unitCost === null ? 1 : 0,
    costedRevenue: line.unitCost === null ? 0 : total(line),
    tax: line.taxMinor,
    costLocal: (line.unitCostLocal ?? 0) * line.quantity,
    localCostUnknown: line.unitCostLocal === null ? 1 : 0,
    localCostedNetRevenue: line.unitCostLocal === null ? 0 : total(line) - line.taxMinor,
  };
}

function quarterOf(line: SaleLine): QuarterRow {
  // To the minute: finer than a quarter hour, which is all the per-hour chart needs. The margin as
  // the quarter rollup sums it (migration 0018): none where the cost in the store's currency is unknown.
  const margin = line.unitCostLocal === null ? 0 : total(line) - line.taxMinor - line.unitCostLocal * line.quantity;
  return { utcQuarter: line.createdAt.slice(0, 16), count: 1, revenue: total(line), margin, currency: line.currency };
}

/** Names exactly this set of rows, whatever their order. */
export function basisOf(lines: readonly SaleLine[]): string {
  const keys = lines.map((l) => `${l.kind}:${l.id}`).sort();
  return crypto.createHash('sha256').update(keys.join('\n')).digest('hex');
}

/** The report of just these lines; the problems stay those of the whole date, which is what needs looking at. */
export function reportOfLines(
  lines: readonly SaleLine[],
  period: Period,
  problems: Pick<Report, 'problems' | 'problemCounts'>,
): Report {
  return assembleReport(
    {
      groups: lines.map(groupOf),
      quarters: lines.map(quarterOf),
      problems: problems.problems,
      problemCounts: problems.problemCounts,
    },
    period,
  );
}

/**
 * What is open, as the close counts it: the expected cash is the cash taken plus the opening float
 * (`float`, given for the day's first close only), and `reasonAbove` is the manager's threshold.
 */
export function openTakings(
  lines: readonly SaleLine[],
  report: Report,
  till: { readonly float: Amounts; readonly reasonAbove: Money | null } = { float: [], reasonAbove: null },
): OpenTakings {
  const shown: OpenLine[] = [...lines]
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, LINES_SHOWN)
    .map((l) => ({
      kind: l.kind,
      id: l.id,
      reference: l.reference,
      createdAt: l.createdAt,
      staffName: l.staffName,
      packageTitle: l.packageTitle,
      paymentMethod: l.paymentMethod,
      total: { minor: total(l), currency: l.currency },
    }));
  return {
    sales: report.totals.sales,
    topups: report.totals.topups,
    vouchers: report.totals.vouchers ?? 0,
    ...withFloat(takings(report), till.float),
    float: till.float,
    reasonAbove: till.reasonAbove,
    lines: shown,
    basis: basisOf(lines),
  };
}

/** The expected takings with the float added to the expected cash (per currency). */
export function withFloat<T extends { expectedCash: Amounts }>(t: T, float: Amounts): T {
  if (float.length === 0) return t;
  const cash = new AmountsAcc();
  for (const m of t.expectedCash) cash.add(m.minor, m.currency);
  for (const m of float) cash.add(m.minor, m.currency);
  return { ...t, expectedCash: cash.list() };
}
