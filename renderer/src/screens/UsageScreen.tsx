import { useCallback, useEffect, useState } from 'react';
import type { UsageReading } from '../../../shared/esims.ts';
import { describeError, fieldWords } from '../errors.ts';
import { openScreen } from '../nav.ts';
import { useStore } from '../state/store.ts';
import { IccidField } from '../components/counter/IccidField.tsx';
import { groupIccid } from '../components/EsimCodes.tsx';
import { UsageRing } from '../components/usage/UsageRing.tsx';
import { clock } from '../../../shared/clock.ts';
import { useStoreTimeZone } from '../clock.ts';
import { expiryWords, freshnessLine, minutesUntil, statusWords } from '../components/usage/usage-words.ts';
import '../counter.css';

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
  const usage = useStore((s) => s.usage);
  const iccid = useStore((s) => s.usageIccid);
  const answeredAt = useStore((s) => s.usageAnsweredAt);
  const zone = useStoreTimeZone();
  const read = useCallback((value: string) => void useStore.getState().readUsage(value), []);

  const error = usage.status === 'failed' ? usage.error : null;
  const fieldProblem = error?.code === 'bad_input' ? (fieldWords(error, 'iccid') ?? describeError(error)) : null;

  return (
    <div className="counter-flow">
      <h1>eSIM usage</h1>
      <section className="panel wide" aria-label="Which eSIM">
        <IccidField
          id="usage-iccid"
          action="Check usage"
          busy={usage.status === 'loading'}
          problem={fieldProblem}
          initial={iccid ?? ''}
          onLookUp={read}
        />
      </section>

      {usage.status === 'loading' && (
        <p className="notice progress" role="status">
          <span className="spinner" aria-hidden="true" /> Asking the eSIM service for the usage of{' '}
          {iccid ? groupIccid(iccid) : 'this eSIM'}…
        </p>
      )}
      {error && !fieldProblem && (
        <div className="notice error" role="alert">
          {error.code === 'rate_limited' ? (
            <>
              <p>
                <strong>No reading yet.</strong> {describeError(error)}
              </p>
              <p>
                The eSIM service gives one usage reading per eSIM every 15 minutes
                {error.retryAfterSeconds
                  ? `; the next one can be asked for at ${clock(answeredAt + error.retryAfterSeconds * 1000, zone)}`
                  : ''}
                . Ask the customer to look in the phone’s settings (Mobile data) meanwhile.
              </p>
            </>
          ) : error.code === 'not_found' ? (
            <>
              <p>{describeError(error)}</p>
              <p>Compare the digits with the customer’s receipt and scan again.</p>
            </>
          ) : (
            <>
              <p>{describeError(error)}</p>
              {iccid && (
                <button type="button" className="button secondary" onClick={() => read(iccid)}>
                  Try again
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
  const now = useNow();
  const zone = useStoreTimeZone();
  const words = statusWords(reading.status, reading.packageDays);
  const wait = minutesUntil(reading.nextRefreshAt, now);
  const expiry = reading.expiresAt ? expiryWords(reading.status, reading.expiresAt, now, zone) : null;
  const recycled = reading.status.toUpperCase() === 'RECYCLED';

  return (
    <section className="panel wide usage-reading" aria-labelledby="usage-heading">
      <h2 id="usage-heading">
        eSIM <span className="iccid-digits">{groupIccid(reading.iccid)}</span>
      </h2>
      <div className="usage-body">
        <UsageRing remainingMb={reading.remainingMb} totalMb={reading.totalMb} isUnlimited={reading.isUnlimited} />
        <div className="usage-facts">
          <p className={`status-pill tone-${words.tone}`}>
            <span className="label">Status</span> {words.title}
          </p>
          <p>{words.next}</p>
          {expiry && (
            <p>
              <span className="label">{expiry.label}</span> {expiry.when}
              {expiry.left && <span className="muted"> · {expiry.left}</span>}
            </p>
          )}
          <p className="freshness" role="status">
            {freshnessLine(reading.asOf, reading.nextRefreshAt, now, zone)}
            {reading.fromCache && <span className="muted"> · saved reading (the service allows one every 15 min)</span>}
          </p>
          <div className="actions">
            <button type="button" className="button secondary" disabled={wait > 0} onClick={onRefresh}>
              {wait > 0 ? `Refresh in ${wait} min` : 'Refresh now'}
            </button>
            {recycled ? (
              <button type="button" className="button primary" onClick={() => openScreen('sell')}>
                Sell a new eSIM
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
                Top up this eSIM
              </button>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
