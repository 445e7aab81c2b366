import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../../shared/errors.ts';
import type { GroupOrderView } from '../../../../shared/orders.ts';
import { describeSaleFailure } from '../../errors.ts';
import { useFormats } from '../../i18n/format.ts';
import { AppErrorNotice } from '../../ui/AppErrorNotice.tsx';

type Props = {
  group: GroupOrderView;
  busy: boolean;
  error: AppError | null;
  blocked: boolean;
  onCheck(): void;
  onResend(): void;
  onRefresh(): void;
  onOtherPackage(): void;
  onServeNext(): void;
};

/** How often the screen asks the backend how the group order stands while the service makes it. */
const POLL_MS = 1_500;

/**
 * A group order on its way: sent, accepted by the service, its eSIMs being made (the counter looks
 * them up by the sale's reference, a little later each time), or what went wrong. The clerk may serve
 * the next customer meanwhile: the order is in History and settles there, never sent twice.
 */
export function GroupProgress({ group, busy, error, blocked, onCheck, onResend, onRefresh, onOtherPackage, onServeNext }: Props) {
  const { t } = useTranslation(['orders', 'sell', 'common']);
  const f = useFormats();
  const { sale } = group;
  const waiting = sale.status === 'submitting' || sale.status === 'uncertain' || sale.status === 'pending';
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => heading.current?.focus(), [sale.status]);
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(onRefresh, POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, onRefresh]);

  const accepted = group.acceptedAt !== null;
  const steps = [
    { key: 'sent', done: sale.status !== 'pending' && sale.status !== 'submitting', words: t('group.sent') },
    {
      key: 'accepted',
      done: accepted,
      words: accepted ? t('group.acceptedAt', { time: f.time(group.acceptedAt!) }) : t('group.accepted'),
    },
    { key: 'ready', done: false, words: t('group.making', { count: sale.quantity }) },
  ];

  if (!waiting) {
    const failure = describeSaleFailure(sale.failure);
    const notMade = sale.status === 'not_found';
    // Sold out: sending again would be refused again, so the clerk is not told to.
    const resendable = notMade || !failure.soldOut;
    return (
      <section className="panel group-progress" aria-labelledby="group-heading">
        <h1 id="group-heading" ref={heading} tabIndex={-1} className="step-heading">
          {t('group.heading', { count: sale.quantity })}
        </h1>
        <div className="notice error" role="alert">
          <p>
            <strong>{notMade ? t('group.notMade') : t('group.failed')}</strong> {notMade ? '' : failure.words}
          </p>
          {failure.detail && !notMade && <p className="small">{t('sell:confirm.serviceSaid', { detail: failure.detail })}</p>}
          <p>{resendable ? t('group.nothingCharged') : t('group.nothingChargedSoldOut')}</p>
        </div>
        {error && <AppErrorNotice error={error} />}
        <div className="actions">
          <button type="button" className="button secondary" disabled={busy} onClick={onOtherPackage}>
            {t('group.otherPackage')}
          </button>
          {resendable && (
            <button
              type="button"
              className="button primary big"
              disabled={blocked && !busy}
              aria-disabled={busy || undefined}
              aria-busy={busy}
              onClick={onResend}
            >
              {busy ? t('group.sending') : t('group.sendAgain')}
            </button>
          )}
        </div>
      </section>
    );
  }

  return (
    <section className="panel group-progress" aria-labelledby="group-heading" aria-busy="true">
      <h1 id="group-heading" ref={heading} tabIndex={-1} className="step-heading">
        {t('group.heading', { count: sale.quantity })}
      </h1>
      <ol className="group-steps" aria-label={t('group.steps')}>
        {steps.map((step) => (
          <li key={step.key} className={step.done ? 'done' : 'waiting'}>
            <span className="step-mark" aria-hidden="true">
              {step.done ? '✓' : <span className="spinner" />}
            </span>
            <span>
              {step.words}
              <span className="visually-hidden">{step.done ? ` (${t('group.done')})` : ` (${t('group.waiting')})`}</span>
            </span>
          </li>
        ))}
      </ol>
      <p className="small" role="status" aria-live="polite">
        {group.lastCheckedAt
          ? t('group.checks', { count: group.checks, time: f.timeWithSeconds(group.lastCheckedAt) })
          : t('group.notChecked')}
      </p>
      <p>
        <strong>{t('group.paid')}</strong> {t('group.doNotChargeAgain')}
      </p>
      {group.giveUpAt && <p className="small muted">{t('group.giveUp', { time: f.time(group.giveUpAt) })}</p>}
      {error && <AppErrorNotice error={error} />}
      <div className="actions">
        {/* Marked busy, not disabled: a disabled button drops the keyboard's focus (the store asks once). */}
        <button type="button" className="button secondary" aria-disabled={busy || undefined} aria-busy={busy} onClick={onCheck}>
          {busy ? t('group.checking') : t('group.checkNow')}
        </button>
        <button type="button" className="button secondary" onClick={onServeNext}>
          {t('group.serveNext')}
        </button>
      </div>
      <p className="small">{t('group.leftInHistory', { reference: sale.reference })}</p>
    </section>
  );
}
