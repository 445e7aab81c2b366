import { createPortal } from 'react-dom';
import type { Environment } from '../../../shared/contract.ts';
import { formatMoney } from '../../../shared/money.ts';
import type { DayClose } from '../../../shared/reports.ts';
import { PRACTICE_MARK } from '../../../shared/display.ts';
import { clock, dateTime, longDate } from '../../../shared/clock.ts';
import { auditHeadWords, formatAmounts, formatDifference, reconciliationSummary } from './format.ts';
import { costUnknownText } from './parts.tsx';
import './zreport.css';

export type ZPaper = 'a4' | '80mm';

const BANNER: Record<Exclude<Environment, 'production'>, string> = {
  demo: `${PRACTICE_MARK.demo} — PRACTICE SALES, NOT REAL TAKINGS`,
  partner_sandbox: `${PRACTICE_MARK.partner_sandbox} — PARTNER SANDBOX, NOT REAL TAKINGS`,
};

const METHOD_WORDS: Record<string, string> = { cash: 'Cash', card: 'Card', other: 'Other' };

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
 * A4 sheet or an 80 mm receipt.
 */
export function ZReport({ close, paper, storeName, storeAddress, environment }: Props) {
  const { report } = close;
  const banner = environment === 'production' ? null : BANNER[environment];
  const differences = close.cashDifference.filter((m) => m.minor !== 0);
  return createPortal(
    <div className={`print-root zreport-root paper-${paper}`} data-testid="z-report">
      <article className="zreport">
        <header className="z-head">
          <div className="z-store">{storeName}</div>
          {storeAddress && <div className="z-address">{storeAddress}</div>}
          <div className="z-title">
            {close.sequence === 1 ? 'Z report — end of day' : `Z report — supplementary close ${close.sequence}`}
          </div>
          <div>{longDate(close.date)}</div>
          {close.follows && (
            <div className="z-small">Sales completed after the close at {clock(close.follows, close.timeZone)}</div>
          )}
          <div className="z-small">Time zone {close.timeZone}</div>
        </header>
        {banner && <div className="z-banner">{banner}</div>}
        <dl className="z-lines">
          <dt>Closed by</dt>
          <dd>{close.closedByName}</dd>
          <dt>Closed at</dt>
          <dd>{dateTime(close.closedAt, close.timeZone)}</dd>
          <dt>Audit log</dt>
          <dd>{close.auditHead ? auditHeadWords(close.auditHead) : 'not recorded'}</dd>
        </dl>
        <h3>Totals</h3>
        <dl className="z-lines">
          <dt>Sales</dt>
          <dd>{report.totals.sales}</dd>
          <dt>eSIMs</dt>
          <dd>{report.totals.esims}</dd>
          <dt>Top-ups</dt>
          <dd>{report.totals.topups}</dd>
          <dt>Revenue</dt>
          <dd>{formatAmounts(report.totals.revenue, '0')}</dd>
          <dt>Wholesale cost</dt>
          <dd>{formatAmounts(report.totals.cost, '0')}</dd>
          <dt>Margin</dt>
          <dd>{formatAmounts(report.totals.margin, '0')}</dd>
          {costUnknownText(report.totals.costUnknown) && (
            <>
              <dt>Cost unknown</dt>
              <dd>{costUnknownText(report.totals.costUnknown)}</dd>
            </>
          )}
        </dl>
        <h3>Takings by payment</h3>
        <dl className="z-lines">
          {close.expected.length === 0 && (
            <>
              <dt>None</dt>
              <dd />
            </>
          )}
          {close.expected.map((e) => (
            <div key={`${e.method}-${e.currency}`} className="z-pair">
              <dt>{METHOD_WORDS[e.method] ?? e.method}</dt>
              <dd>{formatMoney(e)}</dd>
            </div>
          ))}
        </dl>
        <h3>Cash</h3>
        <dl className="z-lines">
          <dt>Counted</dt>
          <dd>{formatAmounts(close.countedCash, '0')}</dd>
          <dt>Difference</dt>
          <dd>{differences.length === 0 ? 'none' : differences.map((m) => formatDifference(m)).join(' · ')}</dd>
        </dl>
        {close.note && <p className="z-note">Note: {close.note}</p>}
        {report.byClerk.length > 0 && (
          <>
            <h3>By clerk</h3>
            <dl className="z-lines">
              {report.byClerk.map((c) => (
                <div key={c.key} className="z-pair">
                  <dt>
                    {c.label} ({c.count})
                  </dt>
                  <dd>{formatAmounts(c.revenue, '0')}</dd>
                </div>
              ))}
            </dl>
          </>
        )}
        <h3>eSIM service</h3>
        <p className="z-small">{reconciliationSummary(close.reconciliation)}</p>
        {close.auditHead && (
          // Whole, so an auditor can hold it against the journal without trusting the app.
          <p className="z-small z-hash" data-testid="z-audit-hash">
            Audit log entry {close.auditHead.seq}, sha256 {close.auditHead.hash}
          </p>
        )}
        <footer className="z-small z-foot">
          Printed {dateTime(new Date(), close.timeZone)} · close {close.id.slice(0, 8)}
        </footer>
      </article>
    </div>,
    document.body,
  );
}
