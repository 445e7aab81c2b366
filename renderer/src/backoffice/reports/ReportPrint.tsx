import { useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { PrintResult } from '../../../../shared/printing.ts';
import { soldEsims, type Report, type ReportTotals } from '../../../../shared/reports.ts';
import { useFormats } from '../../i18n/format.ts';
import { useStore } from '../../state/store.ts';
import { PRACTICE_MARK } from '../../../../shared/display.ts';
import { PrintNotice } from '../../print/PrintNotice.tsx';
import { usePrintSetup } from '../../print/print-setup.ts';
import { printPage } from '../../print/printPage.ts';
import { printReceipt } from '../../print/printReceipt.ts';
import { isRtl } from '../../../../shared/languages.ts';
import { i18n } from '../../i18n/i18n.ts';
import { reportReceiptBlocks } from './report-receipt.ts';
import { ReportBreakdowns } from './report-tables.tsx';
import { costWords, voucherWords, zeroWords } from '../prices/prices-words.ts';
import { ReportCompare } from './ReportCompare.tsx';
import { mainCurrency, marginRatio } from './report-figures.ts';
import '../close/zreport.css';
import './report-print.css';

type Paper = 'a4' | '80mm';

/**
 * Print buttons for the report on screen, on an A4 sheet or an 80 mm receipt, through the page's
 * print path (an 80 mm page as long as its content), and — when the manager set one up — on the
 * thermal receipt printer in ESC/POS; and what the print came to, in words.
 */
export function ReportPrintButtons({
  report,
  previous,
  lastWeek,
}: {
  report: Report;
  previous: ReportTotals | null;
  lastWeek: ReportTotals | null;
}) {
  // The thermal receipt's words come from the close's and the back office's catalogues too.
  const { t } = useTranslation(['reports', 'manager', 'close']);
  const thermal = usePrintSetup()?.receipt.kind === 'escpos';
  const environment = useStore((s) => s.info?.environment ?? 'demo');
  const [paper, setPaper] = useState<Paper>('a4');
  const [printed, setPrinted] = useState<PrintResult | null>(null);
  const [sending, setSending] = useState(false);
  const print = (next: Paper) => {
    // The portal must be laid out for this paper before the page is measured and printed.
    flushSync(() => setPaper(next));
    setPrinted(null);
    void printPage(next === 'a4' ? 'a4' : 'receipt80').then(setPrinted);
  };
  const printThermal = () => {
    // Should the manager have switched receipts to the OS since, the page prints itself on 80 mm.
    flushSync(() => setPaper('80mm'));
    setPrinted(null);
    setSending(true);
    void printReceipt((setup) => ({
      blocks: reportReceiptBlocks(
        report,
        previous,
        lastWeek,
        setup.store,
        setup.receipt.kind === 'escpos' ? setup.receipt.width : 80,
        environment,
      ),
      language: i18n.language,
      dir: isRtl(i18n.language) ? 'rtl' : 'ltr',
    }))
      .then(setPrinted)
      .finally(() => setSending(false));
  };
  return (
    <>
      <button type="button" className="button small secondary" onClick={() => print('a4')}>
        {t('print.a4')}
      </button>
      <button type="button" className="button small secondary" onClick={() => print('80mm')}>
        {t('print.receipt')}
      </button>
      {thermal && (
        <button type="button" className="button small secondary" disabled={sending} onClick={printThermal}>
          {t('print.thermal')}
        </button>
      )}
      <PrintNotice result={printed} />
      <ReportPaper report={report} previous={previous} lastWeek={lastWeek} paper={paper} />
    </>
  );
}

/** The printed report: never on screen (print.css), the Z report's layout for its paper. */
function ReportPaper({
  report,
  previous,
  lastWeek,
  paper,
}: {
  report: Report;
  previous: ReportTotals | null;
  lastWeek: ReportTotals | null;
  paper: Paper;
}) {
  const { t } = useTranslation(['reports', 'manager', 'close']);
  const f = useFormats();
  const store = usePrintSetup()?.store ?? { name: '', address: '', taxId: '' };
  const environment = useStore((s) => s.info?.environment ?? 'demo');
  const zero = zeroWords(f);
  const currency = mainCurrency(report.totals);
  const ratio = currency ? marginRatio(report.totals, currency) : null;
  // A4 has room for each row's margin %; an 80 mm roll does not.
  const wide = paper === 'a4';
  const period =
    report.fromDate === report.toDate
      ? f.day(report.fromDate)
      : t('range', { from: f.day(report.fromDate), to: f.day(report.toDate) });
  return createPortal(
    <div className={`print-root zreport-root report-print paper-${paper}`} data-testid="report-print">
      <article className="zreport">
        <header className="z-head">
          {store.name && <div className="z-store">{store.name}</div>}
          {store.address && <div className="z-address">{store.address}</div>}
          <div className="z-title">{t('print.title')}</div>
          <div>{period}</div>
          <div className="z-small">{t('print.zone', { zone: report.timeZone })}</div>
          {environment !== 'production' && (
            <div className="z-banner">{t(`close:z.banner.${environment}`, { mark: PRACTICE_MARK[environment] })}</div>
          )}
        </header>
        <h3>{t('totals')}</h3>
        <dl className="z-lines">
          <dt>{t('manager:stat.sales')}</dt>
          <dd>{f.number(report.totals.sales)}</dd>
          <dt>{t('manager:stat.esims')}</dt>
          <dd>{f.number(soldEsims(report.totals))}</dd>
          <dt>{t('manager:stat.topups')}</dt>
          <dd>{f.number(report.totals.topups)}</dd>
          <dt>{t('manager:stat.vouchers')}</dt>
          <dd>{voucherWords(report.totals, f, zero)}</dd>
          <dt>{t('manager:stat.revenue')}</dt>
          <dd>{f.amounts(report.totals.revenue, zero)}</dd>
          <dt>{t('manager:stat.cost')}</dt>
          <dd>{costWords(report.totals, f, zero)}</dd>
          <dt>{t('manager:stat.margin')}</dt>
          <dd>{f.amounts(report.totals.margin, zero)}</dd>
          <dt>{t('compare.row.marginRatio')}</dt>
          <dd data-testid="print-margin-ratio">{ratio === null ? '—' : f.percent(ratio)}</dd>
        </dl>
        <ReportCompare report={report} previous={previous} lastWeek={lastWeek} />
        <ReportBreakdowns report={report} ratio={wide} />
        <footer className="z-small z-foot">{t('print.printed', { when: f.dateTime(new Date().toISOString()) })}</footer>
      </article>
    </div>,
    document.body,
  );
}
