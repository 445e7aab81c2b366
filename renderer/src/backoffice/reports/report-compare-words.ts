/**
 * The comparison's figures in words, on screen (ReportCompare.tsx) and on the thermal printer
 * (report-receipt.ts) alike: a period's days, a figure's value, its change.
 */
import type { Money } from '../../../../shared/money.ts';
import type { ReportTotals } from '../../../../shared/reports.ts';
import type { Formats } from '../../i18n/format.ts';
import { i18n } from '../../i18n/i18n.ts';
import type { Figure } from './report-figures.ts';

export const FIGURES: readonly Figure[] = ['count', 'revenue', 'margin', 'marginRatio'];

/** "12 Mar" for a day, "1 Mar – 7 Mar" for a range. */
export function periodWords(report: ReportTotals, f: Formats): string {
  return report.fromDate === report.toDate
    ? f.day(report.fromDate)
    : `${f.dayAndMonth(report.fromDate)} – ${f.dayAndMonth(report.toDate)}`;
}

/** A figure's value: a count, an amount, a percentage; "—" where there is none. */
export function figureWords(v: number | Money | null, which: Figure, f: Formats): string {
  return v === null ? '—' : typeof v === 'number' ? (which === 'marginRatio' ? f.percent(v) : f.number(v)) : f.money(v);
}

/** "+25%", "−3%", "±0%"; for margin % the points ("+3.7 pts"). Empty with nothing to compare. */
export function changeWords(c: number | null, which: Figure, f: Formats): string {
  if (c === null) return '';
  const sign = c > 0 ? '+' : c < 0 ? '−' : '±';
  return which === 'marginRatio'
    ? i18n.t('reports:compare.points', { value: `${sign}${f.number(Math.abs(c) * 100, { maximumFractionDigits: 1 })}` })
    : `${sign}${f.percent(Math.abs(c))}`;
}
