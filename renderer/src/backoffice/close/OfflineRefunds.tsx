import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SaleView } from '../../../../shared/sales.ts';
import { describeSaleFailure } from '../../errors.ts';
import { useFormats } from '../../i18n/format.ts';
import { runChange, useApiQuery } from '../common/query.tsx';
import { useManager } from '../common/store.ts';

/** How often the lists are read again while the screen is open (events also move the close itself). */
const POLL_MS = 15_000;

/**
 * Sales taken while the service was away that the close waits for: those still waiting (or being
 * placed), and those refused or out of time that the manager refunds. "Refunded" records the refund
 * (a void, with the manager's words), which lets the close go ahead.
 */
export function OfflineRefunds() {
  const { t } = useTranslation('close');
  const f = useFormats();
  const toRefund = useApiQuery('sales.toRefund', {}, { refetchInterval: POLL_MS });
  const waiting = useApiQuery('sales.queued', {}, { refetchInterval: POLL_MS });
  // A waiting sale stopped: what the manager must now give back, said after the line has gone.
  const [stopped, setStopped] = useState<SaleView | null>(null);
  if (!toRefund.data?.length && !waiting.data?.length && !stopped) return null;
  return (
    <section className="panel offline-refunds" aria-labelledby="offline-refunds-heading" data-testid="offline-refunds">
      <h2 id="offline-refunds-heading">{t('offline.heading')}</h2>
      <div role="status">
        {stopped && (
          <p className="notice good">{t('offline.stopped', { reference: stopped.reference, total: f.money(stopped.total) })}</p>
        )}
      </div>
      {toRefund.data && toRefund.data.length > 0 && (
        <>
          <p>{t('offline.toRefund', { count: toRefund.data.length })}</p>
          <ul className="offline-list">
            {toRefund.data.map((sale) => (
              <RefundLine key={sale.id} sale={sale} note={describeSaleFailure(sale.failure).words} />
            ))}
          </ul>
        </>
      )}
      {waiting.data && waiting.data.length > 0 && (
        <>
          <p>{t('offline.waiting', { count: waiting.data.length })}</p>
          <ul className="offline-list">
            {/* A customer who no longer wants to wait is refunded too; one being sent now is not. */}
            {waiting.data.map((sale) =>
              sale.offline?.state === 'placing' ? (
                <li key={sale.id}>
                  <bdi>{sale.reference}</bdi> · {f.money(sale.total)} · {t('offline.placing')}
                </li>
              ) : (
                <RefundLine
                  key={sale.id}
                  sale={sale}
                  note={t('offline.until', { time: f.dateTime(sale.offline?.deadline ?? sale.createdAt) })}
                  onStopped={() => setStopped(sale)}
                />
              ),
            )}
          </ul>
        </>
      )}
    </section>
  );
}

/**
 * One sale to settle. Refused or out of time: the money was given back, the manager records how.
 * Still waiting: the manager stops it first (it may be placed any moment), then gives the money back.
 */
function RefundLine({ sale, note, onStopped }: { sale: SaleView; note: string; onStopped?: () => void }) {
  const { t } = useTranslation(['close', 'common']);
  const f = useFormats();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const labelId = `offline-${sale.id}`;
  return (
    <li>
      <p id={labelId}>
        <strong>
          <bdi>{sale.reference}</bdi> · {f.money(sale.total)}
        </strong>{' '}
        · {t(`common:payment.${sale.paymentMethod}`)} · <bdi>{sale.customerEmail}</bdi>
      </p>
      <p className="muted">{note}</p>
      <form
        className="floor-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason.trim() || busy) return;
          setBusy(true);
          setProblem(null);
          void runChange('sales.void', { id: sale.id, reason: reason.trim() }, ['sales.toRefund', 'sales.queued']).then(
            (refused) => {
              setBusy(false);
              setProblem(refused);
              if (refused) return;
              onStopped?.();
              void useManager.getState().loadClose();
            },
          );
        }}
      >
        <label className="inline-field">
          {onStopped ? t('offline.howWill') : t('offline.how')}
          <input
            value={reason}
            maxLength={200}
            onChange={(e) => setReason(e.target.value)}
            placeholder={t('offline.howPlaceholder')}
            aria-describedby={labelId}
          />
        </label>
        <button type="submit" className="button" disabled={!reason.trim() || busy} aria-describedby={labelId}>
          {onStopped ? t('offline.stop') : t('offline.refunded')}
        </button>
      </form>
      {problem && (
        <p className="bad" role="alert">
          {problem}
        </p>
      )}
    </li>
  );
}
