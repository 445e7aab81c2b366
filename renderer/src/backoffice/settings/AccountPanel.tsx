import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { BalanceView } from '../../../../shared/manager.ts';
import { toDecimalString } from '../../../../shared/money.ts';
import { useFormats } from '../../i18n/format.ts';
import { ErrorNotice, OutcomeNotice, type Outcome } from '../common/notices.tsx';
import { apiKey, callApi, queryClient, useApiQuery } from '../common/query.tsx';
import { useManager } from '../common/store.ts';
import { parseFloor } from '../common/format.ts';

/**
 * The shop's credit with the eSIM service and the floor below which the counter stops selling.
 * The balance is read fresh when the panel opens; the floor is a store setting.
 */
export function AccountPanel() {
  const { t } = useTranslation('settings');
  const f = useFormats();
  // Asks the eSIM service itself, not the backend's minute-old reading.
  const read = useApiQuery('account.balance', { refresh: true });
  const balance = read.data ?? null;
  const error = read.error;
  const loading = read.isFetching;

  return (
    <section className={balance?.belowFloor ? 'panel account stopped' : 'panel account'} aria-label={t('account.region')}>
      <div className="account-head">
        <h2>{t('account.heading')}</h2>
        <button type="button" className="button secondary small" disabled={loading} onClick={() => void read.refetch()}>
          {loading ? t('account.reading') : t('account.refresh')}
        </button>
      </div>
      <ErrorNotice error={error} />
      {balance ? (
        <>
          <p className="balance-line">
            <span className="balance-label">{t('account.available')}</span>
            <strong className="balance-value" data-testid="balance-available">
              {balance.available ? f.money(balance.available) : t('account.unknown')}
            </strong>
            {balance.asOf && <span className="muted">{t('account.asOf', { time: f.time(balance.asOf) })}</span>}
          </p>
          {balance.belowFloor ? (
            <div className="notice error stop-notice" role="alert">
              <Trans
                t={t}
                i18nKey="account.stopped"
                values={{ floor: balance.floor ? f.money(balance.floor) : '' }}
                components={{ strong: <strong /> }}
              />
            </div>
          ) : !balance.available ? (
            <p className="muted">{t('account.unreadable')}</p>
          ) : balance.floor ? (
            <p>{t('account.stopsBelow', { floor: f.money(balance.floor) })}</p>
          ) : (
            <p className="muted">{t('account.noFloor')}</p>
          )}
          <FloorForm balance={balance} />
        </>
      ) : (
        !error && (
          <p className="muted" role="status">
            {t('account.readingBalance')}
          </p>
        )
      )}
    </section>
  );
}

function FloorForm({ balance }: { balance: BalanceView }) {
  const { t } = useTranslation('settings');
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
      .saveSettings({ balanceFloor: minor === null ? null : { minor, currency } })
      .then(async (failure) => {
        // The new floor with the minute-old reading: a saved floor is no reason to ask the service again.
        if (!failure)
          await callApi('account.balance', { refresh: false })
            .then((view) => queryClient.setQueryData(apiKey('account.balance', { refresh: true }), view))
            .catch(() => undefined);
        setBusy(false);
        setMessage(
          failure
            ? { ok: false, text: failure }
            : { ok: true, text: minor === null ? t('account.floorRemoved') : t('account.floorSaved') },
        );
      });
  };

  return (
    <form
      className="floor-form"
      aria-label={t('account.floorForm')}
      onSubmit={(event) => {
        event.preventDefault();
        if (parsed.ok && !unchanged) save(parsed.minor);
      }}
    >
      <label className="inline-field">
        {t('account.floorLabel', { currency })}
        <input
          value={text}
          inputMode="decimal"
          placeholder={t('account.floorPlaceholder')}
          aria-invalid={!parsed.ok}
          aria-describedby="floor-help"
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <button type="submit" className="button" disabled={!parsed.ok || unchanged || busy}>
        {t('account.saveFloor')}
      </button>
      {balance.floor && (
        <button type="button" className="button secondary" disabled={busy} onClick={() => save(null)}>
          {t('account.removeFloor')}
        </button>
      )}
      <p id="floor-help" className={parsed.ok ? 'muted floor-help' : 'bad floor-help'}>
        {parsed.ok ? t('account.floorHelp') : parsed.message}
      </p>
      <OutcomeNotice outcome={message} />
    </form>
  );
}
