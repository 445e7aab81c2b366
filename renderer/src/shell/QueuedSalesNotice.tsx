import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../i18n/format.ts';
import { useStore } from '../state/store.ts';

/** A safety net beside the `sale.updated` events, which say when one is taken, placed or refused. */
const RELOAD_MS = 30_000;

/**
 * Above every screen while sales taken with the service away wait to be sent: how many, and each
 * one's reference, address and time limit, so any clerk can answer a customer who asks.
 */
export function QueuedSalesNotice() {
  const { t } = useTranslation();
  const f = useFormats();
  const queued = useStore((s) => s.queued);
  useEffect(() => {
    void useStore.getState().loadQueued();
    const timer = setInterval(() => void useStore.getState().loadQueued(), RELOAD_MS);
    return () => clearInterval(timer);
  }, []);
  if (!queued || queued.length === 0) return null;
  return (
    <details className="notice warn queued-notice" data-testid="queued-notice">
      <summary>{t('queued.count', { count: queued.length })}</summary>
      <ul>
        {queued.map((sale) => (
          <li key={sale.id}>
            <bdi>{sale.reference}</bdi> · <bdi>{sale.customerEmail}</bdi> ·{' '}
            {sale.offline?.state === 'placing'
              ? t('queued.placing')
              : t('queued.until', { time: f.dateTime(sale.offline?.deadline ?? sale.createdAt) })}
          </li>
        ))}
      </ul>
    </details>
  );
}
