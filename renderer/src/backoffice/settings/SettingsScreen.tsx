import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoreSettings } from '../../../../shared/manager.ts';
import { AccountPanel } from './AccountPanel.tsx';
import { BackupsPanel } from './BackupsPanel.tsx';
import { SettingsFilePanel } from './SettingsFilePanel.tsx';
import { ClosePanel } from './ClosePanel.tsx';
import { TripUsesPanel } from './TripUsesPanel.tsx';
import { OfflineSalesPanel } from './OfflineSalesPanel.tsx';
import { LowDataPanel } from './LowDataPanel.tsx';
import { DeliveryPanel } from './DeliveryPanel.tsx';
import { ErrorNotice, Loading, OutcomeNotice, type Outcome } from '../common/notices.tsx';
import { PartnerPanel } from './PartnerPanel.tsx';
import { HeadOfficePanel } from '../head-office/HeadOfficePanel.tsx';
import { isValidTimeZone } from '../../../../shared/clock.ts';
import { LocaleSelect } from './LocaleSelect.tsx';
import { CurrencySelect } from '../../ui/CurrencySelect.tsx';
import { PrinterPanel } from './PrinterPanel.tsx';
import { SupportPanel } from './SupportPanel.tsx';
import { useManager } from '../common/store.ts';
import '../common/manager.css';

function zones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

const MINUTES = { min: 1, max: 120 } as const;

/**
 * The store's settings: the account balance and its floor first (what stops sales), then the price
 * rule, the store's details for vouchers, the connection to the eSIM service and low-data e-mails.
 */
export default function SettingsScreen() {
  const { t } = useTranslation('settings');
  const settings = useManager((s) => s.settings);
  const error = useManager((s) => s.settingsError);

  useEffect(() => {
    void useManager.getState().loadSettings();
  }, []);

  return (
    <div className="manager">
      <header className="manager-head">
        <h1>{t('heading')}</h1>
      </header>
      <ErrorNotice error={error} />
      {settings ? (
        <div className="settings">
          <AccountPanel />
          {/* Not keyed by the saved values: a remount after saving would drop "Saved." and the focus. */}
          <SettingsForm settings={settings} />
          <PrinterPanel printer={settings.printer} />
          <ClosePanel settings={settings} />
          <TripUsesPanel settings={settings} />
          <OfflineSalesPanel settings={settings} />
          <PartnerPanel />
          <HeadOfficePanel />
          <LowDataPanel />
          <DeliveryPanel />
          <BackupsPanel />
          <SettingsFilePanel />
          <SupportPanel />
        </div>
      ) : (
        !error && <Loading />
      )}
    </div>
  );
}

function SettingsForm({ settings }: { settings: StoreSettings }) {
  const { t } = useTranslation(['settings', 'common', 'manager', 'setup']);
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
  const minutesOk = /^\d+$/.test(minutes) && minutesValue >= MINUTES.min && minutesValue <= MINUTES.max;
  const zoneOk = isValidTimeZone(draft.timeZone);
  const nameOk = draft.storeName.trim().length > 0;
  const [feed, setFeed] = useState(settings.updateFeed ?? '');
  // Empty: the supplier's feed built into the app (shared/settings.ts updateFeedSchema says the rest).
  const feedOk = feed.trim() === '' || /^https?:\/\/[^\s/]+\S*$/.test(feed.trim());
  const feedValue = feed.trim() || null;
  const changed =
    draft.storeName !== settings.storeName ||
    draft.storeAddress !== settings.storeAddress ||
    draft.taxId !== settings.taxId ||
    draft.timeZone !== settings.timeZone ||
    draft.locale !== settings.locale ||
    draft.currency !== settings.currency ||
    minutesValue !== settings.idleLockMinutes ||
    feedValue !== settings.updateFeed;

  return (
    <form
      className="panel settings-form"
      aria-label={t('store.region')}
      onSubmit={(event) => {
        event.preventDefault();
        if (!changed || !minutesOk || !zoneOk || !nameOk || !feedOk) return;
        setBusy(true);
        const saving = {
          storeName: draft.storeName.trim(),
          storeAddress: draft.storeAddress.trim(),
          taxId: draft.taxId.trim(),
          timeZone: draft.timeZone,
          locale: draft.locale,
          currency: draft.currency,
          idleLockMinutes: minutesValue,
          updateFeed: feedValue,
        };
        void useManager
          .getState()
          .saveSettings(saving)
          .then((failure) => {
            setBusy(false);
            if (!failure) setDraft({ ...draft, ...saving });
            setMessage(failure ? { ok: false, text: failure } : { ok: true, text: t('manager:saved') });
          });
      }}
    >
      <h2>{t('store.heading')}</h2>
      <div className="form-grid">
        <label>
          {t('store.name')}
          <input
            value={draft.storeName}
            maxLength={80}
            aria-invalid={!nameOk}
            onChange={(e) => edit({ storeName: e.target.value })}
          />
        </label>
        <label>
          {t('store.timeZone')}
          <input
            value={draft.timeZone}
            list="time-zones"
            dir="ltr"
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
          {t('store.idleLock')}
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
        <LocaleSelect value={draft.locale} onChange={(locale) => edit({ locale })} />
        <label>
          {t('setup:store.currency')}
          <CurrencySelect value={draft.currency} onChange={(currency) => edit({ currency })} />
        </label>
      </div>
      <label className="wide">
        {t('store.address')}
        <textarea rows={3} maxLength={300} value={draft.storeAddress} onChange={(e) => edit({ storeAddress: e.target.value })} />
      </label>
      <label>
        {t('store.taxId')}
        <input value={draft.taxId} maxLength={40} dir="ltr" onChange={(e) => edit({ taxId: e.target.value })} />
      </label>
      <label>
        {t('store.updateFeed')}
        <input
          value={feed}
          maxLength={500}
          dir="ltr"
          inputMode="url"
          placeholder="https://"
          aria-invalid={!feedOk}
          onChange={(e) => {
            setFeed(e.target.value);
            setMessage(null);
          }}
        />
      </label>
      {!zoneOk && <p className="bad">{t('store.badZone')}</p>}
      {!minutesOk && <p className="bad">{t('store.badMinutes', MINUTES)}</p>}
      {!nameOk && <p className="bad">{t('store.noName')}</p>}
      {!feedOk && <p className="bad">{t('store.badFeed')}</p>}
      <div className="actions">
        <button type="submit" className="button" disabled={!changed || !minutesOk || !zoneOk || !nameOk || !feedOk || busy}>
          {t('common:action.save')}
        </button>
        <OutcomeNotice outcome={message} />
      </div>
    </form>
  );
}
