import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../../shared/errors.ts';
import type { FutureOrderView } from '../../../../shared/orders.ts';
import { api } from '../../api.ts';
import { useFormats } from '../../i18n/format.ts';
import { openScreen } from '../../nav.ts';
import { useStore } from '../../state/store.ts';
import { AppErrorNotice } from '../../ui/AppErrorNotice.tsx';
import { packageWords } from '../esim/package-words.ts';
import { futureFailureWords, futureStatusWords } from './future-words.ts';

type Props = {
  order: FutureOrderView;
  busy: boolean;
  error: AppError | null;
  /** Now on the counter's clock, as of the list's last reading: whether it may still be cancelled. */
  now: number;
  onCancel(): void;
};

/** One future order: when it is due, what, for whom, how it stands, and what the clerk can do. */
export function FutureOrderRow({ order, busy, error, now, onCancel }: Props) {
  const { t } = useTranslation(['orders', 'common']);
  const f = useFormats();
  const [asking, setAsking] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const cancellable =
    order.status === 'scheduled' && order.latestCancellationAt !== null && now < Date.parse(order.latestCancellationAt);
  const refund = order.status === 'failed' || order.status === 'cancelled';

  useEffect(() => {
    if (asking) keep.current?.focus();
  }, [asking]);
  // A refused cancellation: the focus back on Cancel…, its reason said beside it (role=alert).
  useEffect(() => {
    if (error) cancelButton.current?.focus();
  }, [error]);

  const openSale = async () => {
    if (!order.saleId) return;
    const sale = await api().call('sales.get', { id: order.saleId });
    if (!sale.ok) return;
    useStore.getState().openHistorySale(sale.value);
    openScreen('history');
  };

  return (
    <tr data-future-id={order.id}>
      <td>{f.dateTime(order.dueAt)}</td>
      <td>
        {packageWords(order.packageData, order.packageDays, f)} · {t('screen.quantity', { count: order.quantity })}
        <div className="muted small">
          <bdi>{order.reference}</bdi> · {f.money(order.total)}
        </div>
      </td>
      <td>
        <bdi>{order.customerEmail}</bdi>
      </td>
      <td>
        <span className={`status status-future-${order.status}`}>{futureStatusWords(order)}</span>
        {order.status === 'failed' && <div className="small">{futureFailureWords(order.failure).words}</div>}
        {refund && <div className="small">{t('screen.refund', { total: f.money(order.total) })}</div>}
        {order.status === 'scheduled' && order.latestCancellationAt && (
          <div className="muted small">
            {cancellable
              ? t('screen.cancelUntil', { until: f.dateTime(order.latestCancellationAt) })
              : t('screen.tooLateToCancel')}
          </div>
        )}
        <div className="row-actions">
          {order.saleId && (
            <button type="button" className="button small secondary" onClick={() => void openSale()}>
              {t('screen.openSale')}
            </button>
          )}
          {cancellable && !asking && (
            <button
              ref={cancelButton}
              type="button"
              className="button small secondary"
              disabled={busy}
              aria-label={t('screen.cancelLabel', { reference: order.reference })}
              onClick={() => setAsking(true)}
            >
              {t('screen.cancel')}
            </button>
          )}
        </div>
        {asking && (
          <div className="cancel-ask" role="group" aria-label={t('screen.cancelLabel', { reference: order.reference })}>
            <p>{t('screen.cancelQuestion', { due: f.dateTime(order.dueAt), total: f.money(order.total) })}</p>
            <button
              ref={keep}
              type="button"
              className="button small secondary"
              onClick={() => {
                setAsking(false);
                requestAnimationFrame(() => cancelButton.current?.focus());
              }}
            >
              {t('screen.keep')}
            </button>{' '}
            <button
              type="button"
              className="button small danger"
              disabled={busy}
              aria-busy={busy}
              onClick={() => {
                setAsking(false);
                onCancel();
              }}
            >
              {busy ? t('screen.cancelling') : t('screen.cancelYes')}
            </button>
          </div>
        )}
        {error && <AppErrorNotice error={error} />}
      </td>
    </tr>
  );
}
