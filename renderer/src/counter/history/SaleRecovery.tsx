import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { SaleView } from '../../../../shared/sales.ts';
import { useFormats } from '../../i18n/format.ts';
import { useStore } from '../../state/store.ts';
import { AppErrorNotice } from '../../ui/AppErrorNotice.tsx';
import { useWaitUntil } from '../../ui/useWaitUntil.ts';

/**
 * A sale the eSIM service certainly never got (not issued, or not found by its reference): the
 * clerk can send the same order again for a customer who has paid and still wants it, or a
 * manager can void it for good. A voided sale says who, when and why.
 */
export function SaleRecovery({ sale, staffName }: { sale: SaleView; staffName(id: string): string }) {
  const { t } = useTranslation(['history', 'common']);
  const f = useFormats();
  const role = useStore((s) => (s.session?.status === 'active' ? s.session.role : null));
  const busy = useStore((s) => s.historyActionBusy);
  const error = useStore((s) => s.historyActionError);
  const [mode, setMode] = useState<'idle' | 'send' | 'void'>('idle');
  const [reason, setReason] = useState('');
  const waitUntil = useWaitUntil(sale.status === 'failed' ? sale.retryAfter : null);

  if (sale.voided) {
    return (
      <p className="notice" role="note" data-testid="sale-voided">
        <Trans
          t={t}
          i18nKey="recovery.voided"
          values={{ name: staffName(sale.voided.byStaffId), when: f.dateTime(sale.voided.at), reason: sale.voided.reason }}
          components={{ b: <strong /> }}
        />
      </p>
    );
  }
  if (sale.status !== 'failed' && sale.status !== 'not_found') return null;
  // Taken while the service was away: the queue sends it while its time lasts; after, it is refunded, never sent.
  const sendable = !sale.offline;

  const cancel = () => {
    setMode('idle');
    useStore.getState().clearHistoryActionError();
  };
  return (
    <div className="sale-recovery">
      {mode === 'idle' && (
        <div className="actions">
          {sendable && (
            <button
              type="button"
              className="button primary"
              disabled={busy || waitUntil !== null}
              onClick={() => setMode('send')}
            >
              {waitUntil ? t('recovery.sendAgainAt', { time: f.time(waitUntil) }) : t('recovery.sendAgain')}
            </button>
          )}
          {role === 'manager' && (
            <button type="button" className="button secondary" disabled={busy} onClick={() => setMode('void')}>
              {t('recovery.void')}
            </button>
          )}
        </div>
      )}
      {mode === 'send' && (
        <div className="notice warn" role="group" aria-label={t('recovery.sendLabel')}>
          <p>
            <strong>{t('recovery.sendTitle', { reference: sale.reference })}</strong> {t('recovery.sendBody')}
          </p>
          <div className="actions">
            <button
              type="button"
              className="button primary"
              disabled={busy}
              onClick={() =>
                void useStore
                  .getState()
                  .resendHistorySale()
                  .then((ok) => ok && setMode('idle'))
              }
            >
              {busy ? t('recovery.sending') : t('recovery.sendNow')}
            </button>
            <button type="button" className="button secondary" disabled={busy} onClick={cancel}>
              {t('common:action.cancel')}
            </button>
          </div>
        </div>
      )}
      {mode === 'void' && (
        <form
          className="notice warn"
          aria-label={t('recovery.voidLabel')}
          onSubmit={(event) => {
            event.preventDefault();
            void useStore
              .getState()
              .voidHistorySale(reason)
              .then((ok) => ok && setMode('idle'));
          }}
        >
          <p>
            <strong>{t('recovery.voidTitle', { reference: sale.reference })}</strong> {t('recovery.voidBody')}
          </p>
          <label className="field">
            <span>{t('recovery.reason')}</span>
            <input
              type="text"
              value={reason}
              maxLength={200}
              required
              autoFocus
              onChange={(e) => setReason(e.target.value)}
              placeholder={t('recovery.reasonPlaceholder')}
            />
          </label>
          <div className="actions">
            <button type="submit" className="button primary" disabled={busy || reason.trim() === ''}>
              {busy ? t('recovery.voiding') : t('recovery.voidSale')}
            </button>
            <button type="button" className="button secondary" disabled={busy} onClick={cancel}>
              {t('common:action.cancel')}
            </button>
          </div>
        </form>
      )}
      {error && <AppErrorNotice error={error} />}
    </div>
  );
}
