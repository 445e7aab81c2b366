/**
 * Any report as a CSV file for a spreadsheet: the totals, then each breakdown (clerk, payment,
 * package, country) and each day, one line per row and currency. Column heads and row names are
 * in the reader's language, amounts plain decimals with their currency code (a spreadsheet adds
 * them up), and a cost nobody knows stays empty, not 0.
 */
import { toCsv } from '../../../../shared/csv.ts';
import { toDecimalString, type Money } from '../../../../shared/money.ts';
import type { Amounts, Report } from '../../../../shared/reports.ts';
import { i18n } from '../../i18n/i18n.ts';
import { breakdownLabel, REPORT_BREAKDOWNS } from '../common/format.ts';
import { countOf, marginRatio, rowRatio } from './report-figures.ts';

const currencies = (...lists: Amounts[]) => [...new Set(lists.flat().map((m) => m.currency))].sort();
const amount = (list: Amounts, currency: string): string => {
  const m: Money | undefined = list.find((x) => x.currency === currency);
  return m ? toDecimalString(m) : '';
};

/**
 * A margin % as a plain number of percent with one decimal ('21.3'): what a spreadsheet reads
 * whatever its language. Empty where it is not known.
 */
const percent = (ratio: number | null) => (ratio === null ? '' : (Math.round(ratio * 1000) / 10).toFixed(1));

/** The report's lines, heads first: what the CSV and the XLSX file both hold. */
export function reportLines(report: Report): (string | number)[][] {
  const t = (key: string) => i18n.t(key as never);
  const lines: (string | number)[][] = [
    [
      t('reports:export.section'),
      t('reports:export.row'),
      t('reports:compare.row.count'),
      t('manager:stat.revenue'),
      t('manager:stat.margin'),
      t('reports:compare.row.marginRatio'),
      t('reports:export.currency'),
    ],
  ];
  const totals = report.totals;
  for (const currency of currencies(totals.revenue, totals.margin)) {
    lines.push([
      t('reports:totals'),
      `${report.fromDate} – ${report.toDate}`,
      countOf(totals),
      amount(totals.revenue, currency),
      amount(totals.margin, currency),
      // Totals recorded without tax are of a time before taxes: none was in their revenue.
      percent(marginRatio(totals, currency)),
      currency,
    ]);
  }
  // In the screen's order: the packages, the longest list, last.
  for (const { dimension, rows } of REPORT_BREAKDOWNS) {
    for (const row of rows(report)) {
      for (const currency of currencies(row.revenue, row.margin)) {
        lines.push([
          t(`reports:by.${dimension}`),
          breakdownLabel(dimension, row),
          row.count,
          amount(row.revenue, currency),
          amount(row.margin, currency),
          percent(rowRatio(row, currency)),
          currency,
        ]);
      }
    }
  }
  for (const day of report.perDay) {
    // A day's margin is known (its tax is not, so neither is its margin %); a report recorded before days carried it has none.
    for (const currency of currencies(day.revenue)) {
      lines.push([
        t('reports:export.day'),
        day.date,
        day.count,
        amount(day.revenue, currency),
        amount(day.margin ?? [], currency),
        '',
        currency,
      ]);
    }
  }
  return lines;
}

export function reportCsv(report: Report): string {
  return toCsv(reportLines(report), { windows: true });
}

export function reportCsvName(report: Report, extension = 'csv'): string {
  return report.fromDate === report.toDate
    ? `esim-counter-report-${report.fromDate}.${extension}`
    : `esim-counter-report-${report.fromDate}-to-${report.toDate}.${extension}`;
}
