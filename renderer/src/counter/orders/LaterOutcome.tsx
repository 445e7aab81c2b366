import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../../shared/errors.ts';
import type { FutureOrderView } from '../../../../shared/orders.ts';
import { useFormats } from '../../i18n/format.ts';
import { openScreen } from '../../nav.ts';
import { AppErrorNotice } from '../../ui/AppErrorNotice.tsx';
import { packageWords } from '../esim/package-words.ts';
import { futureFailureWords } from './future-words.ts';

type Props = {
  order: FutureOrderView;
  busy: boolean;
  error: AppError | null;
  onCheck(): void;
  onChangeDate(): void;
  onOtherPackage(): void;
  onNewSale(): void;
};

/** A future order once sent: scheduled at the service, being checked, or not taken (and why). */
export function LaterOutcome({ order, busy, error, onCheck, onChangeDate, onOtherPackage, onNewSale }: Props) {
  const { t } = useTranslation(['orders', 'sell', 'common']);
  const f = useFormats();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [order.status]);

  if (order.status === 'failed') {
    const failure = futureFailureWords(order.failure);
    return (
      <section className="panel later-outcome" aria-labelledby="later-heading">
        <h1 id="later-heading" ref={heading} tabIndex={-1} className="step-heading">
          {t('laterResult.failed')}
        </h1>
        <div className="notice error" role="alert">
          <p>{failure.words}</p>
          {failure.detail && <p className="small">{t('sell:confirm.serviceSaid', { detail: failure.detail })}</p>}
          <p>{t('laterResult.noneOrdered')}</p>
        </div>
        <div className="actions">
          <button type="button" className="button secondary" onClick={onOtherPackage}>
            {t('group.otherPackage')}
          </button>
          <button type="button" className="button primary big" onClick={onChangeDate}>
            {t('laterResult.changeDate')}
          </button>
        </div>
      </section>
    );
  }

  if (order.status !== 'scheduled' && order.status !== 'fulfilled' && order.status !== 'cancelled') {
    return (
      <section className="panel later-outcome" aria-labelledby="later-heading">
        <h1 id="later-heading" ref={heading} tabIndex={-1} className="step-heading">
          {t('laterResult.checkingHeading')}
        </h1>
        <div className="notice warn" role="status">
          <p>
            <span className="spinner" aria-hidden="true" /> {t('laterResult.uncertain')}
          </p>
        </div>
        {error && <AppErrorNotice error={error} />}
        <div className="actions">
          <button
            type="button"
            className="button secondary"
            aria-disabled={busy || undefined}
            aria-busy={busy}
            onClick={() => !busy && onCheck()}
          >
            {busy ? t('group.checking') : t('group.checkNow')}
          </button>
          <button type="button" className="button secondary" onClick={onNewSale}>
            {t('group.serveNext')}
          </button>
        </div>
        <p className="small">{t('laterResult.leftInList', { reference: order.reference })}</p>
      </section>
    );
  }

  return (
    <section className="result later-outcome" aria-labelledby="later-heading">
      <h1 id="later-heading" ref={heading} tabIndex={-1} className="step-heading">
        <span className="tick" aria-hidden="true">
          ✓
        </span>{' '}
        {t('laterResult.heading', { due: f.dateTime(order.dueAt) })}
      </h1>
      <dl className="summary">
        <dt>{t('sell:confirm.package')}</dt>
        <dd>{packageWords(order.packageData, order.packageDays, f)}</dd>
        <dt>{t('sell:confirm.quantity')}</dt>
        <dd>{f.number(order.quantity)}</dd>
        <dt>{t('sell:confirm.total')}</dt>
        <dd>{f.money(order.total)}</dd>
        <dt>{t('laterResult.reference')}</dt>
        <dd>
          <bdi>{order.reference}</bdi>
        </dd>
      </dl>
      <p className="notice good" role="status">
        {t('laterResult.scheduled', { count: order.quantity, email: order.customerEmail })}{' '}
        {order.latestCancellationAt && t('laterResult.cancelUntil', { until: f.dateTime(order.latestCancellationAt) })}
      </p>
      <div className="actions">
        <button type="button" className="button secondary" onClick={() => openScreen('later')}>
          {t('laterResult.openList')}
        </button>
        <button type="button" className="button finish big" onClick={onNewSale}>
          {t('sell:result.newSale')}
        </button>
      </div>
    </section>
  );
}
