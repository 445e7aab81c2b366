import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { ClosePreview } from '../../../../shared/reports.ts';
import { api } from '../../api.ts';
import { OpeningFloat } from '../../shell/OpeningFloat.tsx';
import { DateField } from '../../ui/DateField.tsx';
import { useFormats } from '../../i18n/format.ts';
import { CloseCount } from './CloseCount.tsx';
import { ClosedDay } from './ClosedDay.tsx';
import { blockedBy, CsvButton, ExpectedTable } from './CloseRecord.tsx';
import { ErrorNotice, Loading } from '../common/notices.tsx';
import { ProblemList } from '../reports/report-tables.tsx';
import { ReconciliationPanel } from './ReconciliationPanel.tsx';
import { salesAndTopupsWords } from '../common/format.ts';
import { useManager } from '../common/store.ts';
import { UnclosedNotice } from './UnclosedDays.tsx';
import { OfflineRefunds } from './OfflineRefunds.tsx';
import '../common/manager.css';

/**
 * A sale settling in the background (an uncertain one found, a retry) changes what is open and may
 * unblock the close: the screen follows it after a short pause.
 */
const FOLLOW_MS = 1500;

/**
 * End of day: expected takings against the counted cash, the service's order list, the close. Once
 * a day is closed, what completes on it afterwards shows as "after the close" until a
 * supplementary close takes it, so the day's closes always add up to what Reports shows.
 */
export default function CloseScreen() {
  const { t } = useTranslation(['close', 'manager']);
  const f = useFormats();
  const today = useManager((s) => s.today);
  const date = useManager((s) => s.closeDate);
  const preview = useManager((s) => s.preview);
  const error = useManager((s) => s.closeError);
  const loading = useManager((s) => s.closeLoading);
  const load = useManager((s) => s.loadClose);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = api().subscribe((name) => {
      if (name !== 'sale.updated' && name !== 'topup.updated') return;
      clearTimeout(timer);
      timer = setTimeout(() => void useManager.getState().loadClose(), FOLLOW_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, []);

  return (
    <div className="manager">
      <header className="manager-head">
        <h1>{t('heading')}</h1>
        <DateField
          className="inline-field"
          label={t('day')}
          value={date ?? ''}
          max={today ?? undefined}
          onChange={(day) => day && void load(day)}
        />
        {today && date !== today && (
          <button type="button" className="button secondary" onClick={() => void load(today)}>
            {t('today')}
          </button>
        )}
        <button type="button" className="button secondary" onClick={() => void load()} disabled={loading}>
          {t('refresh')}
        </button>
      </header>
      <UnclosedNotice onOpen={(day) => void load(day)} />
      <ErrorNotice error={error} />
      {!preview && !error && <Loading />}
      {preview && preview.date === date && (
        <div className={loading ? 'close stale' : 'close'} aria-busy={loading}>
          <p className="muted period">{t('period', { date: f.day(preview.date), zone: preview.report.timeZone })}</p>
          {preview.otherDays.map((d) => (
            <div key={d.date} className="notice warn" role="alert">
              <Trans
                t={t}
                i18nKey="otherDay"
                values={{ date: f.day(d.date), what: salesAndTopupsWords(d.sales, d.topups, d.vouchers) }}
                components={{ strong: <strong /> }}
              />{' '}
              <button type="button" className="button small secondary" onClick={() => void load(d.date)}>
                {t('openDay', { date: f.day(d.date) })}
              </button>
            </div>
          ))}
          {preview.closes.length === 0 ? (
            <OpenDay preview={preview} today={preview.date === today} />
          ) : (
            <ClosedDay preview={preview} />
          )}
        </div>
      )}
    </div>
  );
}

function OpenDay({ preview, today }: { preview: ClosePreview; today: boolean }) {
  const { t } = useTranslation('close');
  const f = useFormats();
  const [csvError, setCsvError] = useState<string | null>(null);
  const blocked = blockedBy(preview);
  return (
    <>
      {blocked && (
        <div className="notice warn" role="alert">
          {blocked}
        </div>
      )}
      <OfflineRefunds />
      <ProblemList report={preview.report} />
      <div className="close-grid">
        <section className="panel" aria-label={t('takings')}>
          <h2>{t('expectedTakings')}</h2>
          <ExpectedTable expected={preview.open.expected} />
          {/* The expected cash assumes an empty drawer at the start: said, and today's float can still be entered. */}
          {preview.open.float.length === 0 && (
            <p className="muted" data-testid="no-float">
              {t('till.noFloat')}
            </p>
          )}
          {today && (
            <OpeningFloat hint={t('till.enterNow')} onOpened={() => void useManager.getState().loadClose(preview.date)} />
          )}
        </section>
        <CloseCount
          open={preview.open}
          heading={t('countCash')}
          action={t('closeTheDay')}
          question={t('question', { date: f.day(preview.date) })}
          blockedBy={blocked}
        >
          <CsvButton date={preview.date} onError={setCsvError} />
        </CloseCount>
      </div>
      <ErrorNotice error={csvError} />
      <ReconciliationPanel reconciliation={preview.reconciliation} timeZone={preview.report.timeZone} />
    </>
  );
}
