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
import { BUCKETS, FIGURES, rollupOf, type LineParts } from '../reports/figures.ts';

const LINES_SHOWN = 100;

export function isOpen(line: SaleLine, legacyCutoff: string | null): boolean {
  if (line.status !== 'completed' || line.closeId !== null) return false;
  // A close made before closes listed their rows covered whatever had completed by then.
  return legacyCutoff === null || (line.completedAt !== null && line.completedAt > legacyCutoff);
}

/** A journal line as the figures' parts; a voucher batch's codes ride in `esims`, as its running totals keep them. */
const partsOf = (line: SaleLine): LineParts => ({
  unitPrice: line.unitPrice,
  quantity: line.quantity,
  esims: line.kind === 'topup' ? 0 : line.quantity,
  taxMode: line.taxMode,
  tax: line.taxMinor,
  unitCost: line.unitCost,
  unitCostLocal: line.unitCostLocal,
});

/** A figure of one line, as the running totals count it; null where a cost it needs is unknown. */
export const lineFigure = (figure: keyof typeof FIGURES, line: SaleLine) => FIGURES[figure].value(partsOf(line));

/** What the customer paid for the line: its price, and the tax where it came on top. */
export const lineTotal = (line: SaleLine) => lineFigure('revenue', line) ?? 0;
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
    ...rollupOf(partsOf(line)),
  };
}

function quarterOf(line: SaleLine): QuarterRow {
  // A line whose cost in the store's currency is unknown adds nothing to the margin, as in the totals.
  return {
    utcQuarter: BUCKETS.quarter.of(line.createdAt),
    count: 1,
    revenue: total(line),
    margin: lineFigure('margin', line) ?? 0,
    currency: line.currency,
  };
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
