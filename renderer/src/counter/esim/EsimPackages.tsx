import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError, Result } from '../../../../shared/errors.ts';
import type { EsimPackage, EsimPackages as Packages } from '../../../../shared/history.ts';
import { api } from '../../api.ts';
import { describeError } from '../../errors.ts';
import { useFormats } from '../../i18n/format.ts';
import { formatMb } from '../usage/usage-words.ts';
import '../history/history.css';

/** A list that could not be read again stays on screen with the reason (`error`). */
type State =
  { status: 'loading' } | { status: 'ready'; value: Packages; error: AppError | null } | { status: 'failed'; error: AppError };

/** The statuses the service sends, each with its words and look; any other is shown as it came. */
const TONE = {
  ACTIVE: 'good',
  NOT_ACTIVE: 'neutral',
  FINISHED: 'warn',
  EXPIRED: 'bad',
  UNKNOWN: 'neutral',
  RECYCLED: 'bad',
} as const;
type Known = keyof typeof TONE;
const isKnown = (status: string): status is Known => Object.hasOwn(TONE, status);

/**
 * What the eSIM already has, as the service holds it: the package it was sold with and every
 * top-up, each with its state and what is left. For History's detail and for Top up, before the
 * clerk picks a package.
 */
export function EsimPackages({ iccid, level = 3 }: { iccid: string; level?: 2 | 3 }) {
  const { t } = useTranslation(['esims', 'common']);
  const f = useFormats();
  const id = useId();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [asking, setAsking] = useState(false);
  // The eSIM shown now: an answer about an earlier one is dropped.
  const shown = useRef(iccid);

  const apply = useCallback((asked: string, result: Result<Packages>) => {
    if (shown.current !== asked) return;
    if (result.ok) setState({ status: 'ready', value: result.value, error: null });
    else
      setState((before) =>
        before.status === 'ready' ? { ...before, error: result.error } : { status: 'failed', error: result.error },
      );
  }, []);

  // Each eSIM gets its own instance (key), so it starts loading.
  useEffect(() => {
    shown.current = iccid;
    void api()
      .call('esims.packages', { iccid, refresh: false })
      .then((result) => apply(iccid, result));
    return () => {
      shown.current = '';
    };
  }, [iccid, apply]);

  const askAgain = async () => {
    setAsking(true);
    const result = await api().call('esims.packages', { iccid, refresh: true });
    setAsking(false);
    apply(iccid, result);
  };

  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className="esim-packages" aria-labelledby={id} aria-busy={asking}>
      <Heading id={id}>{t('heading')}</Heading>
      {/* Polite: the list arriving is said once, without taking the clerk's place. */}
      <div aria-live="polite">
        {state.status === 'loading' && <p className="muted">{t('loading')}</p>}
        {state.status === 'failed' && (
          <div className="notice warn">
            <p>{describeError(state.error)}</p>
            <button type="button" className="button secondary small" onClick={() => void askAgain()}>
              {t('common:action.tryAgain')}
            </button>
          </div>
        )}
        {state.status === 'ready' && (
          <>
            {state.value.packages.length === 0 ? (
              <p className="muted">{t('none')}</p>
            ) : (
              <table className="packages-table">
                <thead>
                  <tr>
                    <th scope="col">{t('column.package')}</th>
                    <th scope="col">{t('column.status')}</th>
                    <th scope="col">{t('column.left')}</th>
                    <th scope="col">{t('column.until')}</th>
                  </tr>
                </thead>
                <tbody>
                  {state.value.packages.map((p) => (
                    <PackageRow key={p.id} item={p} />
                  ))}
                </tbody>
              </table>
            )}
            <p className="muted small packages-foot">
              {t(state.value.fromCache ? 'asOfKept' : 'asOf', { time: f.timeOrDate(state.value.asOf) })}{' '}
              <button type="button" className="link-button" disabled={asking} onClick={() => void askAgain()}>
                {asking ? t('asking') : t('askAgain')}
              </button>
            </p>
            {state.error && <p className="muted small">{describeError(state.error)}</p>}
          </>
        )}
      </div>
    </section>
  );
}

function PackageRow({ item }: { item: EsimPackage }) {
  const { t } = useTranslation('esims');
  const f = useFormats();
  const status = item.status.toUpperCase();
  const tone = isKnown(status) ? TONE[status] : 'neutral';
  const until = item.finishedAt ?? item.expiresAt;
  return (
    <tr>
      <td>
        <span className="chip">{t(`kind.${item.kind}`)}</span> <bdi dir="auto">{item.data}</bdi> ·{' '}
        {t('days', { count: item.days })}
      </td>
      <td>
        <span className={`status-chip tone-${tone}`}>{isKnown(status) ? t(`status.${status}`) : item.status}</span>
      </td>
      <td>{item.isUnlimited ? t('unlimited') : item.remainingMb === null ? '—' : formatMb(item.remainingMb, f)}</td>
      <td>{until ? f.date(until) : item.activatedAt ? '—' : t('notStarted')}</td>
    </tr>
  );
}
