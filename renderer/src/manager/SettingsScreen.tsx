import { useEffect, useMemo, useState } from 'react';
import type { StoreSettings } from '../../../shared/manager.ts';
import { AccountPanel } from './AccountPanel.tsx';
import { LowDataPanel } from './LowDataPanel.tsx';
import { ErrorNotice, OutcomeNotice, type Outcome } from './parts.tsx';
import { PartnerPanel } from './PartnerPanel.tsx';
import { PriceRulePanel } from './PriceRulePanel.tsx';
import { isValidTimeZone } from '../../../shared/clock.ts';
import { PrinterPanel } from './PrinterPanel.tsx';
import { useManager } from './store.ts';
import './manager.css';

function zones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

/**
 * The store's settings: the account balance and its floor first (what stops sales), then the price
 * rule, the store's details for vouchers, the connection to the eSIM service and low-data e-mails.
 */
export default function SettingsScreen() {
  const settings = useManager((s) => s.settings);
  const error = useManager((s) => s.settingsError);
  const currency = useManager((s) => s.balance?.available?.currency ?? s.settings?.balanceFloor?.currency ?? 'USD');

  useEffect(() => {
    void useManager.getState().loadSettings();
  }, []);

  return (
    <div className="manager">
      <header className="manager-head">
        <h1>Settings</h1>
      </header>
      <ErrorNotice error={error} />
      {settings ? (
        <div className="settings">
          <AccountPanel timeZone={settings.timeZone} />
          <PriceRulePanel rule={settings.priceRule} currency={currency} />
          {/* Not keyed by the saved values: a remount after saving would drop "Saved." and the focus. */}
          <SettingsForm settings={settings} />
          <PrinterPanel printer={settings.printer} />
          <PartnerPanel />
          <LowDataPanel />
        </div>
      ) : (
        !error && (
          <p className="muted" role="status">
            Loading…
          </p>
        )
      )}
    </div>
  );
}

function SettingsForm({ settings }: { settings: StoreSettings }) {
  const [draft, setDraft] = useState(settings);
  const [minutes, setMinutes] = useState(String(settings.idleLockMinutes));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Outcome>(null);
  const zoneList = useMemo(() => zones(), []);
  const edit = (patch: Partial<StoreSettings>) => {
    setDraft({ ...draft, ...patch });
    setMessage(null);
  };
  const minutesValue = Number(minutes);
  const minutesOk = /^\d+$/.test(minutes) && minutesValue >= 1 && minutesValue <= 120;
  const zoneOk = isValidTimeZone(draft.timeZone);
  const nameOk = draft.storeName.trim().length > 0;
  const changed =
    draft.storeName !== settings.storeName ||
    draft.storeAddress !== settings.storeAddress ||
    draft.timeZone !== settings.timeZone ||
    minutesValue !== settings.idleLockMinutes;

  return (
    <form
      className="panel settings-form"
      aria-label="Store settings"
      onSubmit={(event) => {
        event.preventDefault();
        if (!changed || !minutesOk || !zoneOk || !nameOk) return;
        setBusy(true);
        const saving = {
          storeName: draft.storeName.trim(),
          storeAddress: draft.storeAddress.trim(),
          timeZone: draft.timeZone,
          idleLockMinutes: minutesValue,
        };
        void useManager
          .getState()
          .saveSettings(saving)
          .then((failure) => {
            setBusy(false);
            if (!failure) setDraft({ ...draft, ...saving });
            setMessage(failure ? { ok: false, text: failure } : { ok: true, text: 'Saved.' });
          });
      }}
    >
      <h2>Store details</h2>
      <div className="form-grid">
        <label>
          Store name (on vouchers and the Z report)
          <input
            value={draft.storeName}
            maxLength={80}
            aria-invalid={!nameOk}
            onChange={(e) => edit({ storeName: e.target.value })}
          />
        </label>
        <label>
          Time zone (the store’s day for reports and the close)
          <input
            value={draft.timeZone}
            list="time-zones"
            aria-invalid={!zoneOk}
            onChange={(e) => edit({ timeZone: e.target.value })}
          />
          <datalist id="time-zones">
            {zoneList.map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
        </label>
        <label>
          Lock the screen after (minutes without use)
          <input
            value={minutes}
            inputMode="numeric"
            aria-invalid={!minutesOk}
            onChange={(e) => {
              setMinutes(e.target.value.replace(/\D/g, ''));
              setMessage(null);
            }}
          />
        </label>
      </div>
      <label className="wide">
        Store address
        <textarea rows={3} maxLength={300} value={draft.storeAddress} onChange={(e) => edit({ storeAddress: e.target.value })} />
      </label>
      {!zoneOk && <p className="bad">That is not a time zone. Pick one from the list, e.g. Europe/Berlin.</p>}
      {!minutesOk && <p className="bad">Between 1 and 120 minutes.</p>}
      {!nameOk && <p className="bad">The store needs a name.</p>}
      <div className="actions">
        <button type="submit" className="button" disabled={!changed || !minutesOk || !zoneOk || !nameOk || busy}>
          Save
        </button>
        <OutcomeNotice outcome={message} />
      </div>
    </form>
  );
}
