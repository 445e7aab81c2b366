import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CashCount } from '../../../../shared/denominations.ts';
import type { ClosePreview, DayClose, ExpectedTakings } from '../../../../shared/reports.ts';
import { useFormats } from '../../i18n/format.ts';
import { i18n } from '../../i18n/i18n.ts';
import { denominationWords } from './cash-count.ts';
import { closeSections } from './close-figures.ts';
import { closeTime, paymentWords, salesAndTopupsWords } from '../common/format.ts';
import { useManager } from '../common/store.ts';
import './cash-count.css';

export function ExpectedTable({ expected, label }: { expected: ExpectedTakings; label?: string }) {
  const { t } = useTranslation('close');
  const f = useFormats();
  if (expected.length === 0) return <p className="muted">{t('record.noTakings')}</p>;
  return (
    <table className="table" aria-label={label ?? t('expectedTakings')}>
      <thead>
        <tr>
          <th scope="col">{t('column.payment')}</th>
          <th scope="col" className="num">
            {t('column.expected')}
          </th>
        </tr>
      </thead>
      <tbody>
        {expected.map((e) => (
          <tr key={`${e.method}-${e.currency}`}>
            <th scope="row">{paymentWords(e.method)}</th>
            <td className="num">{f.money(e)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** "Day close" for the first, "Supplementary close 2" and on for the later ones. */
export function closeName(close: Pick<DayClose, 'sequence'>): string {
  return close.sequence === 1
    ? i18n.t('close:record.dayClose')
    : i18n.t('close:record.supplementary', { sequence: close.sequence });
}

/** Why nothing can be closed yet, if so: sales whose outcome is not known. */
export function blockedBy(preview: ClosePreview): string | null {
  const n = preview.unfinished;
  if (n > 0) return i18n.t('close:blocked', { count: n });
  const offline = preview.offlineOpen;
  return offline.length === 0 ? null : i18n.t('close:blockedOffline', { count: offline.length, references: offline.join(', ') });
}

/** One close as it was recorded: what it covered, the cash counted against it, the note, its Z report. */
export function CloseRecord({ close, onPrint }: { close: DayClose; onPrint: () => void }) {
  const { t } = useTranslation('close');
  // closeSections reads the store's formats itself: this re-renders the record when they change.
  useFormats();
  const { sales, topups, vouchers } = close.report.totals;
  const what = salesAndTopupsWords(sales, topups, vouchers);
  const name = closeName(close);
  const time = closeTime(close.closedAt, close);
  return (
    <section className="panel close-record" aria-label={t('record.region', { name, time })}>
      <h2>{t('record.heading', { name, time, person: close.closedByName })}</h2>
      <p className="muted">
        {close.follows ? t('record.coversAfter', { what, time: closeTime(close.follows, close) }) : t('record.covers', { what })}
      </p>
      <div className="close-grid">
        <ExpectedTable
          expected={close.expected}
          label={
            close.sequence === 1 ? t('record.takingsOfDay') : t('record.takingsOfSupplementary', { sequence: close.sequence })
          }
        />
        <div>
          {closeSections(close)
            .filter((section) => section.kind !== 'denominations')
            .map((section) => (
              <section key={section.id} aria-label={section.heading} data-testid={`close-${close.sequence}-${section.id}`}>
                <h3>{section.heading}</h3>
                <dl className="facts">
                  {section.lines.map((line) => (
                    <div key={line.id} className="fact" data-testid={`close-${close.sequence}-${section.id}-${line.id}`}>
                      <dt>{line.label}</dt>
                      <dd>{line.value}</dd>
                    </div>
                  ))}
                </dl>
              </section>
            ))}
          {close.note && (
            <dl className="facts">
              <dt>{t('record.note')}</dt>
              <dd className="close-note">{close.note}</dd>
            </dl>
          )}
          {close.cashCounts.map((c) => (
            <CashCountTable key={c.currency} count={c} sequence={close.sequence} />
          ))}
          <div className="actions">
            <button type="button" className="button secondary" onClick={onPrint}>
              {t('record.print')}
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}

/** The cash a close counted by notes and coins: how many of each, and what they come to. */
function CashCountTable({ count, sequence }: { count: CashCount; sequence: number }) {
  const { t } = useTranslation('close');
  const f = useFormats();
  const caption = t('denominations.recordHeading', { currency: count.currency });
  return (
    <table className="table cash-count" data-testid={`cash-count-${sequence}-${count.currency}`}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('denominations.column.value')}</th>
          <th scope="col" className="num">
            {t('denominations.column.count')}
          </th>
          <th scope="col" className="num">
            {t('denominations.column.amount')}
          </th>
        </tr>
      </thead>
      <tbody>
        {count.counts.map((d) => (
          <tr key={d.value}>
            <th scope="row">{denominationWords(d.value, count.currency)}</th>
            <td className="num">{f.number(d.count)}</td>
            <td className="num">{f.money({ minor: d.value * d.count, currency: count.currency })}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function CsvButton({ date, onError }: { date: string; onError: (message: string | null) => void }) {
  const { t } = useTranslation('close');
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="button secondary"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void useManager
          .getState()
          .downloadCsv(date)
          .then((message) => {
            onError(message);
            setBusy(false);
          });
      }}
    >
      {t('downloadCsv')}
    </button>
  );
}
