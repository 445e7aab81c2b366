import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Trans, useTranslation } from 'react-i18next';
import { takings, type ClosePreview } from '../../../../shared/reports.ts';
import { printPage } from '../../print/printPage.ts';
import { printReceipt } from '../../print/printReceipt.ts';
import { PrintNotice } from '../../print/PrintNotice.tsx';
import { isRtl } from '../../../../shared/languages.ts';
import type { PrintResult } from '../../../../shared/printing.ts';
import { i18n } from '../../i18n/i18n.ts';
import { zReportBlocks } from './zreport-receipt.ts';
import { useFormats } from '../../i18n/format.ts';
import { useStore } from '../../state/store.ts';
import { CloseCount } from './CloseCount.tsx';
import { blockedBy, CloseRecord, CsvButton, ExpectedTable } from './CloseRecord.tsx';
import { closeDateTime, closeTime, paymentWords, salesAndTopupsWords, kindPackageWords, takingsWords } from '../common/format.ts';
import { ErrorNotice } from '../common/notices.tsx';
import { ProblemList } from '../reports/report-tables.tsx';
import { ReconciliationPanel } from './ReconciliationPanel.tsx';
import { useManager } from '../common/store.ts';
import { ZReport, type ZPaper } from './ZReport.tsx';

/** A day with a close: the closes, what completed after the last one, and its Z reports. */
export function ClosedDay({ preview }: { preview: ClosePreview }) {
  const { t } = useTranslation(['close', 'common']);
  const settings = useManager((s) => s.settings);
  const info = useStore((s) => s.info);
  const [paper, setPaper] = useState<ZPaper>('a4');
  const [printing, setPrinting] = useState<string | null>(null);
  const [csvError, setCsvError] = useState<string | null>(null);
  const [printed, setPrinted] = useState<PrintResult | null>(null);
  const { closes, open } = preview;
  const first = closes[0]!;
  const last = closes.at(-1)!;
  const later = open.sales + open.topups + open.vouchers;
  const blocked = blockedBy(preview);
  // The portal holds one Z report: the one asked for, else the latest.
  const zClose = closes.find((c) => c.id === printing) ?? last;
  const notice = useRef<HTMLDivElement>(null);
  const nothingLater = useRef<HTMLParagraphElement>(null);
  const seen = useRef(closes.length);
  // A close made here took its button away: the focus goes to what it did. The first close opens
  // this view with the notice, which the focus reads; after a supplementary one the notice is read
  // as a live region and the focus goes to the line saying nothing is left to close.
  useEffect(() => {
    const fresh = seen.current !== closes.length;
    seen.current = closes.length;
    if (!useManager.getState().committing) return;
    (fresh ? (nothingLater.current ?? notice.current) : notice.current)?.focus();
  }, [closes.length]);
  return (
    <>
      <div className="notice good" role="status" ref={notice} tabIndex={-1}>
        <Trans
          t={t}
          i18nKey="closedBy"
          values={{ name: first.closedByName, when: closeDateTime(first.closedAt, first) }}
          components={{ strong: <strong /> }}
        />
        {closes.length > 1 && ` ${t('supplementarySince', { count: closes.length - 1, time: closeTime(last.closedAt, last) })}`}
      </div>
      {blocked && (
        <div className="notice warn" role="alert">
          {blocked}
        </div>
      )}
      {blocked && <ProblemList report={preview.report} />}
      {later > 0 ? (
        <>
          <AfterTheClose preview={preview} />
          <div className="close-grid">
            <section className="panel" aria-label={t('later.takings')}>
              <h2>{t('later.expectedTakings')}</h2>
              <ExpectedTable expected={open.expected} label={t('later.expectedTakings')} />
            </section>
            <CloseCount
              open={open}
              heading={t('later.countCash')}
              action={t('later.action')}
              question={t('later.question', { what: salesAndTopupsWords(open.sales, open.topups, open.vouchers) })}
              blockedBy={blocked}
            />
          </div>
        </>
      ) : (
        <p className="muted" ref={nothingLater} tabIndex={-1}>
          {t('later.nothing', { time: closeTime(last.closedAt, last) })}
        </p>
      )}
      {(closes.length > 1 || later > 0) && <DayTotals preview={preview} />}
      <div className="actions">
        <label className="inline-field">
          {t('paper.label')}
          <select value={paper} onChange={(e) => setPaper(e.target.value as ZPaper)}>
            <option value="a4">{t('paper.a4')}</option>
            <option value="80mm">{t('paper.receipt80')}</option>
          </select>
        </label>
        <CsvButton date={preview.date} onError={setCsvError} />
      </div>
      <ErrorNotice error={csvError} />
      <PrintNotice result={printed} />
      {closes.map((close) => (
        <CloseRecord
          key={close.id}
          close={close}
          onPrint={() => {
            // The portal must hold this close's Z report before the page is printed.
            flushSync(() => setPrinting(close.id));
            setPrinted(null);
            const environment = info?.environment ?? 'demo';
            const printing =
              paper === 'a4'
                ? printPage('a4')
                : printReceipt((setup) => ({
                    blocks: zReportBlocks(close, setup.store, environment),
                    language: i18n.language,
                    dir: isRtl(i18n.language) ? 'rtl' : 'ltr',
                  }));
            void printing.then(setPrinted);
          }}
        />
      ))}
      <ReconciliationPanel reconciliation={preview.reconciliation} timeZone={preview.report.timeZone} />
      <ZReport
        close={zClose}
        paper={paper}
        storeName={settings?.storeName ?? t('common:appName')}
        storeAddress={settings?.storeAddress ?? ''}
        environment={info?.environment ?? 'demo'}
      />
    </>
  );
}

/** The sales no close covers yet, listed so the manager sees who sold what after the close. */
function AfterTheClose({ preview }: { preview: ClosePreview }) {
  const { t } = useTranslation(['close', 'manager']);
  const f = useFormats();
  const { open, closes } = preview;
  const last = closes.at(-1)!;
  const shown = open.lines.length;
  const time = closeTime(last.closedAt, last);
  return (
    <section className="panel warn" aria-label={t('later.region')}>
      <h2>
        {t('later.heading', {
          what: salesAndTopupsWords(open.sales, open.topups, open.vouchers),
          takings: takingsWords(open.expected),
        })}
      </h2>
      <p>
        {last.sequence === 1
          ? t('later.afterDayClosed', { time })
          : t('later.afterSupplementary', { sequence: last.sequence, time })}
      </p>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">{t('column.time')}</th>
            <th scope="col">{t('column.clerk')}</th>
            <th scope="col">{t('column.package')}</th>
            <th scope="col">{t('column.payment')}</th>
            <th scope="col" className="num">
              {t('column.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {open.lines.map((l) => (
            <tr key={`${l.kind}-${l.id}`}>
              <td>{f.time(l.createdAt)}</td>
              <td>{l.staffName}</td>
              <td>
                <bdi>{kindPackageWords(l.kind, l.packageTitle)}</bdi>
              </td>
              <td>{paymentWords(l.paymentMethod)}</td>
              <td className="num">{f.money(l.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {shown < open.sales + open.topups + open.vouchers && <p className="muted">{t('later.latest', { count: shown })}</p>}
    </section>
  );
}

/** Per payment method: what the closes hold, what is still open, and the whole day as Reports shows it. */
function DayTotals({ preview }: { preview: ClosePreview }) {
  const { t } = useTranslation('close');
  const f = useFormats();
  const key = (e: { method: string; currency: string }) => `${e.method} ${e.currency}`;
  const closed = new Map<string, number>();
  for (const e of preview.closes.flatMap((c) => c.expected)) closed.set(key(e), (closed.get(key(e)) ?? 0) + e.minor);
  const open = new Map(preview.open.expected.map((e) => [key(e), e.minor]));
  const whole = takings(preview.report).expected;
  return (
    <section className="panel" aria-label={t('whole.region')}>
      <h2>{t('whole.heading')}</h2>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">{t('column.payment')}</th>
            <th scope="col" className="num">
              {t('column.inCloses')}
            </th>
            <th scope="col" className="num">
              {t('column.notClosed')}
            </th>
            <th scope="col" className="num">
              {t('column.wholeDay')}
            </th>
          </tr>
        </thead>
        <tbody>
          {whole.map((e) => (
            <tr key={key(e)}>
              <th scope="row">{paymentWords(e.method)}</th>
              <td className="num">{f.money({ minor: closed.get(key(e)) ?? 0, currency: e.currency })}</td>
              <td className="num">{f.money({ minor: open.get(key(e)) ?? 0, currency: e.currency })}</td>
              <td className="num">{f.money(e)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
