import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { toDecimalString, type Money } from '../../../../shared/money.ts';
import { useFormats } from '../../i18n/format.ts';
import { ErrorNotice, OutcomeNotice, type Outcome } from '../common/notices.tsx';
import { apiKey, callApi, queryClient, useApiQuery } from '../common/query.tsx';
import { useManager } from '../common/store.ts';
import { parseFloor } from '../common/format.ts';
import { SteadyLabel } from '../../ui/SteadyLabel.tsx';

/**
 * The shop's credit with the eSIM service and the floor below which the counter stops selling.
 * The balance is read fresh when the panel opens; the floor is a store setting, known at once: the
 * panel is drawn whole while the service answers (it grew by its floor's lines when the answer came,
 * moving every panel below under the manager's pointer), and the floor can be set while it is away.
 */
export function AccountPanel() {
  const { t } = useTranslation('settings');
  const f = useFormats();
  // Asks the eSIM service itself, not the backend's minute-old reading.
  const read = useApiQuery('account.balance', { refresh: true });
  const balance = read.data ?? null;
  const error = read.error;
  const loading = read.isFetching;
  const savedFloor = useManager((s) => s.settings?.balanceFloor ?? null);
  const floor = balance ? balance.floor : savedFloor;

  return (
    <section className={balance?.belowFloor ? 'panel account stopped' : 'panel account'} aria-label={t('account.region')}>
      <div className="account-head">
        <h2>{t('account.heading')}</h2>
        <button type="button" className="button secondary small" disabled={loading} onClick={() => void read.refetch()}>
          <SteadyLabel
            shown={loading ? t('account.reading') : t('account.refresh')}
            others={[t('account.reading'), t('account.refresh')]}
          />
        </button>
      </div>
      <ErrorNotice error={error} />
      <p className="balance-line">
        <span className="balance-label">{t('account.available')}</span>
        {balance || error ? (
          <strong className="balance-value" data-testid={balance ? 'balance-available' : undefined}>
            {balance?.available ? f.money(balance.available) : t('account.unknown')}
          </strong>
        ) : (
          // The value's place is kept at its size: the line does not grow when the amount comes.
          <>
            <strong className="balance-value" aria-hidden="true">
              …
            </strong>
            <span className="muted" role="status">
              {t('account.readingBalance')}
            </span>
          </>
        )}
        {balance?.asOf && <span className="muted">{t('account.asOf', { time: f.time(balance.asOf) })}</span>}
      </p>
      {balance?.belowFloor ? (
        <div className="notice error stop-notice" role="alert">
          <Trans
            t={t}
            i18nKey="account.stopped"
            values={{ floor: balance.floor ? f.money(balance.floor) : '' }}
            components={{ strong: <strong /> }}
          />
        </div>
      ) : balance && !balance.available ? (
        <p className="muted">{t('account.unreadable')}</p>
      ) : floor ? (
        <p>{t('account.stopsBelow', { floor: f.money(floor) })}</p>
      ) : (
        <p className="muted">{t('account.noFloor')}</p>
      )}
      <FloorForm floor={floor} accountCurrency={balance?.available?.currency ?? null} />
    </section>
  );
}

/** The floor as saved, in the account's currency (its balance's, once read). */
function FloorForm({ floor, accountCurrency }: { floor: Money | null; accountCurrency: string | null }) {
  const { t } = useTranslation('settings');
  const currency = floor?.currency ?? accountCurrency ?? 'USD';
  const floorText = floor ? toDecimalString(floor) : '';
  const [text, setText] = useState(floorText);
  // The floor read anew (another counter changed it) replaces what is shown, unless the manager is typing another.
  const [shown, setShown] = useState(floorText);
  if (shown !== floorText) {
    setShown(floorText);
    if (text === shown) setText(floorText);
  }
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Outcome>(null);
  const parsed = parseFloor(text, currency);
  const unchanged = parsed.ok && (parsed.minor ?? null) === (floor?.minor ?? null);

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
      {floor && (
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
