import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FutureOrderView } from '../../../../shared/orders.ts';
import { OPEN_FUTURE_STATUSES } from '../../../../shared/orders.ts';
import { describeError } from '../../errors.ts';
import { useFormats } from '../../i18n/format.ts';
import { useStore } from '../../state/store.ts';
import { TableScroll } from '../../ui/TableScroll.tsx';
import { FutureOrderRow } from './FutureOrderRow.tsx';
import { paymentWords } from '../sell/checkout.ts';
import '../../ui/counter-screens.css';
import './orders.css';

/** The list is read again this often while the screen is open; the backend asks the service when old. */
const RELOAD_MS = 60_000;

/**
 * Packages sold for a later date. The service makes each at its due time and e-mails it; the counter
 * cannot hear of it, so it reads the service's lists (every few minutes, and here on "Check now").
 * Made ones are in History; a scheduled one can be cancelled up to 24 hours before it is due.
 */
export function FutureOrdersScreen() {
  const { t } = useTranslation(['orders', 'common']);
  const f = useFormats();
  const list = useStore((s) => s.futureList);
  const cancelling = useStore((s) => s.cancelling);
  const cancelError = useStore((s) => s.cancelError);
  const [checking, setChecking] = useState(false);
  const [announced, setAnnounced] = useState<string | null>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    void useStore.getState().loadFutureOrders();
    const timer = setInterval(() => void useStore.getState().loadFutureOrders(), RELOAD_MS);
    return () => clearInterval(timer);
  }, []);
  // Whether a row may still be cancelled is judged as of each reading of the list.
  useEffect(() => setNow(Date.now()), [list]);

  const value = list.status === 'ready' || list.status === 'error' ? list.value : null;
  const orders = value?.orders ?? [];
  const open = orders.filter((o) => OPEN_FUTURE_STATUSES.includes(o.status));
  const settled = orders.filter((o) => !OPEN_FUTURE_STATUSES.includes(o.status)).reverse();

  const checkNow = async () => {
    if (checking) return;
    setChecking(true);
    await useStore.getState().loadFutureOrders(true);
    setChecking(false);
  };

  const cancel = async (order: FutureOrderView) => {
    setAnnounced(null);
    const ok = await useStore.getState().cancelFutureOrder(order.id);
    if (ok) {
      setAnnounced(t('screen.cancelled', { total: f.money(order.total), payment: paymentWords(order.paymentMethod) }));
      status.current?.focus();
    }
  };

  const checked = value?.checkedAt
    ? value.checkFailed
      ? t('screen.checkFailed', { time: f.timeOrDate(value.checkedAt) })
      : t('screen.checkedAt', { time: f.timeOrDate(value.checkedAt) })
    : value?.checkFailed
      ? t('screen.neverReached')
      : t('screen.notChecked');

  // At 200 % zoom the rows (the due time, the cancel button) are wider than the window.
  const table = (rows: readonly FutureOrderView[], label: string) => (
    <TableScroll label={label}>
      <table className="history-table future-table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">{t('screen.due')}</th>
            <th scope="col">{t('screen.package')}</th>
            <th scope="col">{t('screen.customer')}</th>
            <th scope="col">{t('screen.status')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((order) => (
            <FutureOrderRow
              key={order.id}
              order={order}
              busy={cancelling === order.id}
              error={cancelError?.id === order.id ? cancelError.error : null}
              now={now}
              onCancel={() => void cancel(order)}
            />
          ))}
        </tbody>
      </table>
    </TableScroll>
  );

  return (
    <div className="counter-flow future-orders">
      <h1>{t('screen.heading')}</h1>
      <p className="muted">{t('screen.intro')}</p>
      <div className="future-check">
        {/* Announced: what Check now (or the timer) found is said where the focus stays. */}
        <p className={value?.checkFailed ? 'notice warn' : 'muted'} role="status">
          {checked}
        </p>
        <button
          type="button"
          className="button secondary"
          aria-disabled={checking || undefined}
          aria-busy={checking}
          onClick={() => void checkNow()}
        >
          {checking ? t('screen.checking') : t('screen.checkNow')}
        </button>
      </div>
      <p ref={status} className={announced ? 'notice good' : 'visually-hidden'} role="status" tabIndex={-1}>
        {announced}
      </p>
      {list.status === 'loading' && (
        <p className="notice progress" role="status">
          <span className="spinner" aria-hidden="true" /> {t('screen.loading')}
        </p>
      )}
      {list.status === 'error' && (
        <div className="notice error" role="alert">
          <p>{describeError(list.error)}</p>
        </div>
      )}
      {value && orders.length === 0 && <p className="notice">{t('screen.empty')}</p>}
      {open.length > 0 && (
        <section aria-labelledby="future-open">
          <h2 id="future-open">{t('screen.open', { count: open.length })}</h2>
          {table(open, t('screen.open', { count: open.length }))}
        </section>
      )}
      {settled.length > 0 && (
        <section aria-labelledby="future-settled">
          <h2 id="future-settled">{t('screen.settled')}</h2>
          {table(settled, t('screen.settled'))}
        </section>
      )}
    </div>
  );
}
