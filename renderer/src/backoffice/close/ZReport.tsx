import { costWords, taxWords, voucherWords, zeroWords } from '../prices/prices-words.ts';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { Environment } from '../../../../shared/contract.ts';
import type { DayClose } from '../../../../shared/reports.ts';
import { PRACTICE_MARK } from '../../../../shared/display.ts';
import { useFormats } from '../../i18n/format.ts';
import {
  auditHeadWords,
  breakdownLabel,
  closeDateTime,
  closeTime,
  paymentWords,
  reconciliationSummary,
} from '../common/format.ts';
import { closeSections } from './close-figures.ts';
import { costUnknownText } from '../reports/report-tables.tsx';
import { usePrintSetup } from '../../print/print-setup.ts';
import './zreport.css';

export type ZPaper = 'a4' | '80mm';

type Props = {
  close: DayClose;
  paper: ZPaper;
  storeName: string;
  storeAddress: string;
  environment: Environment;
};

/**
 * The printed end-of-day (Z) report. Like the voucher it lives outside #root (a portal into
 * <body>): print.css hides the app in print and shows .print-root; zreport.css lays it out for an
 * A4 sheet or an 80 mm receipt. It speaks the language of whoever prints it; its times are on the
 * clock of the zone the close was made in, as recorded.
 */
export function ZReport({ close, paper, storeName, storeAddress, environment }: Props) {
  const { t } = useTranslation(['close', 'manager']);
  const f = useFormats();
  const store = usePrintSetup()?.store ?? { name: storeName, address: storeAddress, taxId: '' };
  const { report } = close;
  const zero = zeroWords(f);
  return createPortal(
    <div className={`print-root zreport-root paper-${paper}`} data-testid="z-report">
      <article className="zreport">
        <header className="z-head">
          <div className="z-store">{store.name}</div>
          {store.address && <div className="z-address">{store.address}</div>}
          {store.taxId && <div className="z-small">{t('z.taxId', { taxId: store.taxId })}</div>}
          <div className="z-title">
            {close.sequence === 1 ? t('z.endOfDay') : t('z.supplementary', { sequence: close.sequence })}
          </div>
          <div>{f.day(close.date)}</div>
          {close.follows && <div className="z-small">{t('z.after', { time: closeTime(close.follows, close) })}</div>}
          <div className="z-small">{t('z.timeZone', { zone: close.timeZone })}</div>
        </header>
        {environment !== 'production' && (
          <div className="z-banner">{t(`z.banner.${environment}`, { mark: PRACTICE_MARK[environment] })}</div>
        )}
        <dl className="z-lines">
          <dt>{t('z.closedBy')}</dt>
          <dd>{close.closedByName}</dd>
          <dt>{t('z.closedAt')}</dt>
          <dd>{closeDateTime(close.closedAt, close)}</dd>
          <dt>{t('z.auditLog')}</dt>
          <dd>{close.auditHead ? auditHeadWords(close.auditHead) : t('z.notRecorded')}</dd>
        </dl>
        <h3>{t('z.totals')}</h3>
        <dl className="z-lines">
          <dt>{t('manager:stat.sales')}</dt>
          <dd>{f.number(report.totals.sales)}</dd>
          <dt>{t('manager:stat.esims')}</dt>
          <dd>{f.number(report.totals.esims)}</dd>
          <dt>{t('manager:stat.topups')}</dt>
          <dd>{f.number(report.totals.topups)}</dd>
          {voucherWords(report.totals, f, zero) && (
            <div className="z-pair" data-testid="z-vouchers">
              <dt>{t('manager:stat.vouchers')}</dt>
              <dd>{voucherWords(report.totals, f, zero)}</dd>
            </div>
          )}
          <dt>{t('manager:stat.revenue')}</dt>
          <dd>{f.amounts(report.totals.revenue, zero)}</dd>
          {taxWords(report.totals, f) && (
            <>
              <dt>{t('manager:stat.tax')}</dt>
              <dd>{taxWords(report.totals, f)}</dd>
            </>
          )}
          <dt>{t('manager:stat.cost')}</dt>
          <dd>{costWords(report.totals, f, zero)}</dd>
          <dt>{t('manager:stat.margin')}</dt>
          <dd>{f.amounts(report.totals.margin, zero)}</dd>
          {costUnknownText(report.totals.costUnknown) && (
            <>
              <dt>{t('z.costUnknown')}</dt>
              <dd>{costUnknownText(report.totals.costUnknown)}</dd>
            </>
          )}
        </dl>
        <h3>{t('z.byPayment')}</h3>
        <dl className="z-lines">
          {close.expected.length === 0 && (
            <>
              <dt>{t('z.none')}</dt>
              <dd />
            </>
          )}
          {close.expected.map((e) => (
            <div key={`${e.method}-${e.currency}`} className="z-pair">
              <dt>{paymentWords(e.method)}</dt>
              <dd>{f.money(e)}</dd>
            </div>
          ))}
        </dl>
        {closeSections(close).map((section) => (
          <section key={section.id} data-testid={`z-${section.id}`}>
            <h3>{section.heading}</h3>
            <dl className="z-lines">
              {section.lines.map((line) => (
                <div key={line.id} className="z-pair" data-testid={`z-${section.id}-${line.id}`}>
                  <dt>{line.label}</dt>
                  <dd>{line.value}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
        {close.note && <p className="z-note">{t('z.note', { note: close.note })}</p>}
        {report.byClerk.length > 0 && (
          <>
            <h3>{t('z.byClerk')}</h3>
            <dl className="z-lines">
              {report.byClerk.map((c) => (
                <div key={c.key} className="z-pair">
                  <dt>{t('z.clerkLine', { name: breakdownLabel('clerk', c), count: f.number(c.count) })}</dt>
                  <dd>{f.amounts(c.revenue, zero)}</dd>
                </div>
              ))}
            </dl>
          </>
        )}
        <h3>{t('z.service')}</h3>
        <p className="z-small">{reconciliationSummary(close.reconciliation)}</p>
        {close.auditHead && (
          // Whole, so an auditor can hold it against the journal without trusting the app.
          <p className="z-small z-hash" data-testid="z-audit-hash">
            {t('z.auditHash', { seq: close.auditHead.seq, hash: close.auditHead.hash })}
          </p>
        )}
        <footer className="z-small z-foot">
          {t('z.printed', { when: closeDateTime(new Date(), close), id: close.id.slice(0, 8) })}
        </footer>
      </article>
    </div>,
    document.body,
  );
}
