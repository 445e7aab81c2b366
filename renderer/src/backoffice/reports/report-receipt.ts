/**
 * A period's report for the thermal printer: what ReportPrint.tsx prints on paper, shortened to a
 * roll — the period, the totals and margin %, the comparison, takings by payment and by clerk, the
 * top packages — as blocks the backend encodes in ESC/POS, each row fitted to the roll's columns.
 */
import { RECEIPT_COLUMNS, type ReceiptBlockInput, type StoreHeader } from '../../../../shared/printing.ts';
import { soldEsims, type Breakdown, type Report, type ReportTotals } from '../../../../shared/reports.ts';
import type { ReceiptWidth } from '../../../../shared/settings.ts';
import { currentFormats } from '../../i18n/format.ts';
import { i18n } from '../../i18n/i18n.ts';
import { fittedPair, heading, storeHead, text } from '../../print/receipt-layout.ts';
import { breakdownLabel, type BreakdownDimension } from '../common/format.ts';
import { costUnknownText } from './report-tables.tsx';
import { costWords, taxWords, voucherWords, zeroWords } from '../prices/prices-words.ts';
import { changeWords, figureWords, FIGURES, periodWords } from './report-compare-words.ts';
import { change, figure, mainCurrency, marginRatio } from './report-figures.ts';

/** The packages a roll lists: the best sellers, as the report ranks them. */
import type { Environment } from '../../../../shared/contract.ts';
import { PRACTICE_MARK } from '../../../../shared/display.ts';

export const TOP_PACKAGES = 5;

export function reportReceiptBlocks(
  report: Report,
  previous: ReportTotals | null,
  lastWeek: ReportTotals | null,
  store: StoreHeader,
  width: ReceiptWidth,
  environment: Environment,
): ReceiptBlockInput[] {
  const t = i18n.t.bind(i18n);
  const f = currentFormats();
  const columns = RECEIPT_COLUMNS[width];
  const row = (label: string, value: string) => fittedPair(label, value, columns);
  const zero = zeroWords(f);
  const currency = mainCurrency(report.totals) ?? mainCurrency(previous?.totals ?? report.totals);
  const ratio = currency ? marginRatio(report.totals, currency) : null;
  const range = (to: string) => t('reports:range', { from: f.day(report.fromDate), to });
  // A range too long for the roll breaks before its last day rather than inside it.
  const period =
    report.fromDate === report.toDate
      ? f.day(report.fromDate)
      : range(f.day(report.toDate)).length <= columns
        ? range(f.day(report.toDate))
        : range(`\n${f.day(report.toDate)}`);

  const blocks: ReceiptBlockInput[] = [
    ...storeHead(store),
    text(t('reports:print.title'), { align: 'center', bold: true }),
    text(period, { align: 'center' }),
    text(t('reports:print.zone', { zone: report.timeZone }), { align: 'center' }),
    // Like every printout from practice: its figures are not takings.
    ...(environment === 'production'
      ? []
      : [text(t(`close:z.banner.${environment}`, { mark: PRACTICE_MARK[environment] }), { align: 'center', bold: true })]),
    { kind: 'rule' },
    ...heading(t('reports:totals')),
    row(t('manager:stat.sales'), f.number(report.totals.sales)),
    row(t('manager:stat.esims'), f.number(soldEsims(report.totals))),
    row(t('manager:stat.topups'), f.number(report.totals.topups)),
    row(t('manager:stat.vouchers'), voucherWords(report.totals, f, zero) ?? ''),
    row(t('manager:stat.revenue'), f.amounts(report.totals.revenue, zero)),
  ];
  const tax = taxWords(report.totals, f);
  if (tax) blocks.push(row(t('manager:stat.tax'), tax));
  blocks.push(
    row(t('manager:stat.cost'), costWords(report.totals, f, zero)),
    row(t('manager:stat.margin'), f.amounts(report.totals.margin, zero)),
    row(t('reports:compare.row.marginRatio'), ratio === null ? '—' : f.percent(ratio)),
  );
  const unknown = costUnknownText(report.totals.costUnknown);
  if (unknown) blocks.push(row(t('close:z.costUnknown'), unknown));

  // Each earlier period's figures and how this one changed from them, as the screen's table has them.
  const others = [
    previous && { words: t('reports:compare.previous', { period: periodWords(previous, f) }), report: previous },
    lastWeek && { words: t('reports:compare.lastWeek', { period: periodWords(lastWeek, f) }), report: lastWeek },
  ].filter((o) => o !== null);
  if (currency && others.length > 0) {
    blocks.push(...heading(t('reports:compare.heading')));
    for (const other of others) {
      blocks.push(text(other.words, { bold: true }));
      for (const which of FIGURES) {
        const then = figure(other.report.totals, which, currency);
        const c = changeWords(change(figure(report.totals, which, currency), then, which), which, f);
        blocks.push(
          row(t(`reports:compare.row.${which}`), c ? `${figureWords(then, which, f)} ${c}` : figureWords(then, which, f)),
        );
      }
    }
  }

  const list = (title: string, dimension: BreakdownDimension, rows: readonly Breakdown[]) => {
    if (rows.length === 0) return;
    blocks.push(...heading(title));
    for (const r of rows)
      blocks.push(
        row(t('close:z.clerkLine', { name: breakdownLabel(dimension, r), count: f.number(r.count) }), f.amounts(r.revenue, zero)),
      );
  };
  list(t('reports:by.payment'), 'payment', report.byPaymentMethod);
  list(t('reports:by.clerk'), 'clerk', report.byClerk);
  list(t('reports:print.topPackages'), 'package', report.byPackage.slice(0, TOP_PACKAGES));

  blocks.push(
    { kind: 'rule' },
    text(t('reports:print.printed', { when: f.dateTime(new Date().toISOString()) }), { align: 'center' }),
  );
  return blocks;
}
