import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UsageReading } from '../../../../shared/esims.ts';
import { describeError, fieldWords } from '../../errors.ts';
import { openScreen } from '../../nav.ts';
import { useStore } from '../../state/store.ts';
import { IccidField } from '../../ui/IccidField.tsx';
import { groupIccid } from '../esim/EsimCodes.tsx';
import { isolate } from '../../ui/isolate.ts';
import { UsageRing } from './UsageRing.tsx';
import { useFormats } from '../../i18n/format.ts';
import { expiryWords, freshnessLine, minutesUntil, statusWords } from './usage-words.ts';
import '../../ui/counter-screens.css';

/** The time, ticking every 15 s, so "next refresh in N min" counts down by itself. */
function useNow(periodMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), periodMs);
    return () => clearInterval(timer);
  }, [periodMs]);
  return now;
}

/** What is left on an eSIM: scan or type the ICCID (a scanner burst works wherever the focus is). */
export function UsageScreen() {
  const { t } = useTranslation(['usage', 'common']);
  const f = useFormats();
  const usage = useStore((s) => s.usage);
  const iccid = useStore((s) => s.usageIccid);
  const answeredAt = useStore((s) => s.usageAnsweredAt);
  const read = useCallback((value: string) => void useStore.getState().readUsage(value), []);

  const error = usage.status === 'failed' ? usage.error : null;
  const fieldProblem = error?.code === 'bad_input' ? (fieldWords(error, 'iccid') ?? describeError(error)) : null;

  return (
    <div className="counter-flow">
      <h1>{t('heading')}</h1>
      <section className="panel wide" aria-label={t('whichEsim')}>
        <IccidField
          id="usage-iccid"
          action={t('check')}
          busy={usage.status === 'loading'}
          problem={fieldProblem}
          initial={iccid ?? ''}
          onLookUp={read}
          onRefused={() => useStore.getState().clearUsage()}
        />
      </section>

      {usage.status === 'loading' && (
        <p className="notice progress" role="status">
          <span className="spinner" aria-hidden="true" />{' '}
          {iccid ? t('asking', { iccid: isolate(groupIccid(iccid)) }) : t('askingThis')}
        </p>
      )}
      {error && !fieldProblem && (
        <div className="notice error" role="alert">
          {error.code === 'rate_limited' ? (
            <>
              <p>
                <strong>{t('noReading')}</strong> {describeError(error)}
              </p>
              <p>
                {error.retryAfterSeconds
                  ? t('onePerNext', { time: f.time(answeredAt + error.retryAfterSeconds * 1000) })
                  : t('onePer')}
              </p>
            </>
          ) : error.code === 'not_found' ? (
            <>
              <p>{describeError(error)}</p>
              <p>{t('compareDigits')}</p>
            </>
          ) : (
            <>
              <p>{describeError(error)}</p>
              {iccid && (
                <button type="button" className="button secondary" onClick={() => read(iccid)}>
                  {t('common:action.tryAgain')}
                </button>
              )}
            </>
          )}
        </div>
      )}
      {usage.status === 'ready' && (
        <Reading
          key={`${usage.value.iccid}|${usage.value.asOf}|${String(usage.value.fromCache)}`}
          reading={usage.value}
          onRefresh={() => read(usage.value.iccid)}
        />
      )}
    </div>
  );
}

function Reading({ reading, onRefresh }: { reading: UsageReading; onRefresh(): void }) {
  // The words below come from usage-words (i18n.t): this re-renders them when the language changes.
  const { t } = useTranslation('usage');
  const f = useFormats();
  const now = useNow();
  const words = statusWords(reading.status, reading.packageDays);
  const wait = minutesUntil(reading.nextRefreshAt, now);
  const expiry = reading.expiresAt ? expiryWords(reading.status, reading.expiresAt, now, f) : null;
  const recycled = reading.status.toUpperCase() === 'RECYCLED';

  return (
    <section className="panel wide usage-reading" aria-labelledby="usage-heading">
      <h2 id="usage-heading">
        eSIM{' '}
        <bdi className="iccid-digits" dir="ltr">
          {groupIccid(reading.iccid)}
        </bdi>
      </h2>
      <div className="usage-body">
        <UsageRing remainingMb={reading.remainingMb} totalMb={reading.totalMb} isUnlimited={reading.isUnlimited} />
        <div className="usage-facts">
          <p className={`status-pill tone-${words.tone}`}>
            <span className="label">{t('status')}</span> {words.title}
          </p>
          <p>{words.next}</p>
          {expiry && (
            <p>
              <span className="label">{expiry.label}</span> {expiry.when}
              {expiry.left && <span className="muted"> · {expiry.left}</span>}
            </p>
          )}
          <p className="freshness" role="status">
            {freshnessLine(reading.asOf, reading.nextRefreshAt, now, f)}
            {reading.fromCache && <span className="muted"> · {t('saved')}</span>}
          </p>
          <div className="actions">
            <button type="button" className="button secondary" disabled={wait > 0} onClick={onRefresh}>
              {wait > 0 ? t('refreshIn', { count: wait }) : t('refreshNow')}
            </button>
            {recycled ? (
              <button type="button" className="button primary" onClick={() => openScreen('sell')}>
                {t('sellNew')}
              </button>
            ) : (
              <button
                type="button"
                className="button primary"
                onClick={() => {
                  useStore.getState().handOffIccid(reading.iccid);
                  openScreen('topup');
                }}
              >
                {t('topUp')}
              </button>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
