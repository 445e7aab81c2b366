import { useState } from 'react';
import type { SaleView } from '../../../../shared/sales.ts';
import { clock, dateTime } from '../../../../shared/clock.ts';
import { useStoreTimeZone } from '../../clock.ts';
import { useStore } from '../../state/store.ts';
import { AppErrorNotice } from '../AppErrorNotice.tsx';
import { useWaitUntil } from '../useWaitUntil.ts';

/**
 * A sale the eSIM service certainly never got (not issued, or not found by its reference): the
 * clerk can send the same order again for a customer who has paid and still wants it, or a
 * manager can void it for good. A voided sale says who, when and why.
 */
export function SaleRecovery({ sale, staffName }: { sale: SaleView; staffName(id: string): string }) {
  const role = useStore((s) => (s.session?.status === 'active' ? s.session.role : null));
  const busy = useStore((s) => s.historyActionBusy);
  const error = useStore((s) => s.historyActionError);
  const [mode, setMode] = useState<'idle' | 'send' | 'void'>('idle');
  const [reason, setReason] = useState('');
  const waitUntil = useWaitUntil(sale.status === 'failed' ? sale.retryAfter : null);
  const zone = useStoreTimeZone();

  if (sale.voided) {
    return (
      <p className="notice" role="note" data-testid="sale-voided">
        <strong>Voided</strong> by {staffName(sale.voided.byStaffId)} on {dateTime(sale.voided.at, zone)}: {sale.voided.reason}
      </p>
    );
  }
  if (sale.status !== 'failed' && sale.status !== 'not_found') return null;

  const cancel = () => {
    setMode('idle');
    useStore.getState().clearHistoryActionError();
  };
  return (
    <div className="sale-recovery">
      {mode === 'idle' && (
        <div className="actions">
          <button type="button" className="button primary" disabled={busy || waitUntil !== null} onClick={() => setMode('send')}>
            {waitUntil ? `Send again at ${clock(waitUntil, zone)}` : 'Send again…'}
          </button>
          {role === 'manager' && (
            <button type="button" className="button secondary" disabled={busy} onClick={() => setMode('void')}>
              Void…
            </button>
          )}
        </div>
      )}
      {mode === 'send' && (
        <div className="notice warn" role="group" aria-label="Send this sale again">
          <p>
            <strong>Send {sale.reference} again?</strong> Only if the customer has paid for it and still wants it: the same order
            goes to the eSIM service, and the eSIM is issued and charged once.
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
              {busy ? 'Sending…' : 'Send again now'}
            </button>
            <button type="button" className="button secondary" disabled={busy} onClick={cancel}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {mode === 'void' && (
        <form
          className="notice warn"
          aria-label="Void this sale"
          onSubmit={(event) => {
            event.preventDefault();
            void useStore
              .getState()
              .voidHistorySale(reason)
              .then((ok) => ok && setMode('idle'));
          }}
        >
          <p>
            <strong>Void {sale.reference}?</strong> It can never be sent again. Give the customer their money back first.
          </p>
          <label className="field">
            <span>Why</span>
            <input
              type="text"
              value={reason}
              maxLength={200}
              required
              autoFocus
              onChange={(e) => setReason(e.target.value)}
              placeholder="e.g. money given back, customer left"
            />
          </label>
          <div className="actions">
            <button type="submit" className="button primary" disabled={busy || reason.trim() === ''}>
              {busy ? 'Voiding…' : 'Void the sale'}
            </button>
            <button type="button" className="button secondary" disabled={busy} onClick={cancel}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {error && <AppErrorNotice error={error} />}
    </div>
  );
}
