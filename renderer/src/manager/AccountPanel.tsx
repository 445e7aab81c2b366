import { useEffect, useState } from 'react';
import type { BalanceView } from '../../../shared/manager.ts';
import { formatMoney, toDecimalString } from '../../../shared/money.ts';
import { ErrorNotice, OutcomeNotice, type Outcome } from './parts.tsx';
import { useManager } from './store.ts';
import { clock } from '../../../shared/clock.ts';
import { parseFloor } from './format.ts';

/**
 * The shop's credit with the eSIM service and the floor below which the counter stops selling.
 * The balance is read fresh when the panel opens; the floor is a store setting.
 */
export function AccountPanel({ timeZone }: { timeZone: string }) {
  const balance = useManager((s) => s.balance);
  const error = useManager((s) => s.balanceError);
  const loading = useManager((s) => s.balanceLoading);

  useEffect(() => {
    void useManager.getState().loadBalance(true);
  }, []);

  return (
    <section className={balance?.belowFloor ? 'panel account stopped' : 'panel account'} aria-label="Account balance">
      <div className="account-head">
        <h2>Account with the eSIM service</h2>
        <button
          type="button"
          className="button secondary small"
          disabled={loading}
          onClick={() => void useManager.getState().loadBalance(true)}
        >
          {loading ? 'Reading…' : 'Refresh'}
        </button>
      </div>
      <ErrorNotice error={error} />
      {balance ? (
        <>
          <p className="balance-line">
            <span className="balance-label">Available</span>
            <strong className="balance-value" data-testid="balance-available">
              {balance.available ? formatMoney(balance.available) : 'unknown'}
            </strong>
            {balance.asOf && <span className="muted">as of {clock(balance.asOf, timeZone)}</span>}
          </p>
          {balance.belowFloor ? (
            <div className="notice error stop-notice" role="alert">
              <strong>Sales are stopped until the account is topped up.</strong> The balance is below the{' '}
              {balance.floor ? formatMoney(balance.floor) : ''} floor. Top the account up with the eSIM service, then press
              Refresh.
            </div>
          ) : !balance.available ? (
            <p className="muted">The balance cannot be read now; sales go on and the service refuses an order it cannot pay.</p>
          ) : balance.floor ? (
            <p>Sales stop when the balance falls below {formatMoney(balance.floor)}.</p>
          ) : (
            <p className="muted">No floor is set: the counter sells until the service refuses for lack of credit.</p>
          )}
          <FloorForm balance={balance} />
        </>
      ) : (
        !error && (
          <p className="muted" role="status">
            Reading the balance…
          </p>
        )
      )}
    </section>
  );
}

function FloorForm({ balance }: { balance: BalanceView }) {
  const currency = balance.floor?.currency ?? balance.available?.currency ?? 'USD';
  const [text, setText] = useState(balance.floor ? toDecimalString(balance.floor) : '');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Outcome>(null);
  const parsed = parseFloor(text, currency);
  const unchanged = parsed.ok && (parsed.minor ?? null) === (balance.floor?.minor ?? null);

  const save = (minor: number | null) => {
    setBusy(true);
    setMessage(null);
    if (minor === null) setText('');
    void useManager
      .getState()
      .saveFloor(minor === null ? null : { minor, currency })
      .then((failure) => {
        setBusy(false);
        setMessage(
          failure ? { ok: false, text: failure } : { ok: true, text: minor === null ? 'Floor removed.' : 'Floor saved.' },
        );
      });
  };

  return (
    <form
      className="floor-form"
      aria-label="Balance floor"
      onSubmit={(event) => {
        event.preventDefault();
        if (parsed.ok && !unchanged) save(parsed.minor);
      }}
    >
      <label className="inline-field">
        Stop sales below ({currency})
        <input
          value={text}
          inputMode="decimal"
          placeholder="No floor"
          aria-invalid={!parsed.ok}
          aria-describedby="floor-help"
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <button type="submit" className="button" disabled={!parsed.ok || unchanged || busy}>
        Save floor
      </button>
      {balance.floor && (
        <button type="button" className="button secondary" disabled={busy} onClick={() => save(null)}>
          Remove floor
        </button>
      )}
      <p id="floor-help" className={parsed.ok ? 'muted floor-help' : 'bad floor-help'}>
        {parsed.ok ? 'Leave empty for no floor.' : parsed.message}
      </p>
      <OutcomeNotice outcome={message} />
    </form>
  );
}
