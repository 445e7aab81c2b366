import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { SaleViewStatus } from '../../../../shared/sales.ts';
import { openScreen } from '../../nav.ts';
import { i18n } from '../../i18n/i18n.ts';
import { UNSETTLED, type SaleNotice } from '../../state/sale.ts';
import { useStore } from '../../state/store.ts';
import './sell-notes.css';

/** How often unsettled sales are read again, besides the sale.updated events (which a reconnect can miss). */
const POLL_MS = 4000;

/** Reads the open sale and the other unsettled ones again while they are unsettled, on every screen. */
function useSettlingWatch(): void {
  const openUnsettled = useStore((s) => s.sale !== null && UNSETTLED.has(s.sale.status));
  const aside = useStore((s) => s.asideSales.length > 0);
  useEffect(() => {
    if (!openUnsettled) return;
    const timer = setInterval(() => void useStore.getState().refreshSale(), POLL_MS);
    return () => clearInterval(timer);
  }, [openUnsettled]);
  useEffect(() => {
    // Whoever is at the counter sees what is still being checked, also after a restart.
    void useStore.getState().loadPending();
  }, []);
  useEffect(() => {
    if (!aside) return;
    const timer = setInterval(() => void useStore.getState().loadPending(), POLL_MS);
    return () => clearInterval(timer);
  }, [aside]);
}

const went = (status: SaleViewStatus) => status === 'completed';

function words(n: SaleNotice): string {
  const reference = n.reference;
  if (n.place === 'sell') {
    return went(n.status)
      ? i18n.t('sell:notices.sellCompleted', { reference })
      : i18n.t('sell:notices.sellFailed', { reference });
  }
  return went(n.status)
    ? i18n.t('sell:notices.asideCompleted', { reference })
    : i18n.t('sell:notices.asideFailed', { reference });
}

/**
 * Sales that settled where the clerk was not looking: the open sale while another screen was up,
 * and sales set aside. Each says what happened and opens where the clerk finds it.
 */
export function SaleNotices({ onSell }: { onSell: boolean }) {
  useSettlingWatch();
  const { t } = useTranslation('sell');
  const notices = useStore((s) => s.saleNotices).filter((n) => !(onSell && n.place === 'sell'));
  if (notices.length === 0) return null;
  return (
    <div className="sale-notices" role="status" aria-label={t('notices.label')}>
      {notices.map((n) => (
        <div key={n.saleId} className={`sale-notice ${went(n.status) ? 'good' : 'bad'}`}>
          <p>{words(n)}</p>
          <button
            type="button"
            className="button small"
            onClick={() => {
              if (n.place === 'sell') openScreen('sell');
              else
                void useStore
                  .getState()
                  .openSettledInHistory(n.saleId)
                  .then(() => openScreen('history'));
            }}
          >
            {n.place === 'sell' ? t('notices.backToSell') : t('notices.openInHistory')}
          </button>
          <button
            type="button"
            className="button small secondary"
            aria-label={t('notices.dismiss', { reference: n.reference })}
            onClick={() => useStore.getState().dismissSaleNotice(n.saleId)}
          >
            ✕
          </button>
        </div>
      ))}
    </div>
  );
}

/** Beside "Sell" in the rail: a sale is being checked there, or finished while the clerk was away. */
export function SellNavBadge() {
  const state = useStore((s) =>
    s.sale && UNSETTLED.has(s.sale.status) ? 'checking' : s.saleNotices.some((n) => n.place === 'sell') ? 'settled' : null,
  );
  const { t } = useTranslation('sell');
  if (!state) return null;
  const label = state === 'checking' ? t('notices.badgeChecking') : t('notices.badgeSettled');
  return (
    <span className={`nav-badge nav-badge-${state}`} aria-label={label} title={label}>
      {state === 'checking' ? '…' : '●'}
    </span>
  );
}
