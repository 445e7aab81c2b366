import { useId, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { Trans, useTranslation } from 'react-i18next';
import { machineTimeZone } from '../../../../shared/clock.ts';
import type { Environment, OwnerCreated } from '../../../../shared/contract.ts';
import { pinProblem } from '../../../../shared/pins.ts';
import { api } from '../../api.ts';
import { CurrencySelect } from '../../ui/CurrencySelect.tsx';
import { LanguagePicker } from '../../ui/LanguagePicker.tsx';
import { defaultStoreLocale, StoreLocaleSelect } from './StoreLocaleSelect.tsx';
import { describeError, pinProblemWords } from '../../errors.ts';
import { printPage } from '../../print/printPage.ts';
import { useStore } from '../../state/store.ts';
import './setup.css';

/** How the recovery code is used; a command, the same in every language. */
const RESET_COMMAND = 'npm run admin -- reset-pin';

const MACHINE_TIME_ZONE = machineTimeZone();

/**
 * First run of a journal with nobody on file: the store's details and its owner, then the one-time
 * recovery code. The code stays on screen until the owner says it is written down.
 */
export function SetupScreen({ environment }: { environment: Environment }) {
  const [created, setCreated] = useState<OwnerCreated | null>(null);
  return (
    <main className="setup">
      {created ? (
        <RecoveryCode owner={created} onDone={() => void useStore.getState().finishSetup()} />
      ) : (
        <OwnerForm environment={environment} onCreated={setCreated} />
      )}
    </main>
  );
}

function OwnerForm({ environment, onCreated }: { environment: Environment; onCreated(owner: OwnerCreated): void }) {
  const { t } = useTranslation('setup');
  const deviceLanguage = useStore((s) => s.deviceLanguage);
  const chooseDeviceLanguage = useStore((s) => s.chooseDeviceLanguage);
  const [storeName, setStoreName] = useState('');
  const [timeZone, setTimeZone] = useState(MACHINE_TIME_ZONE);
  const [currency, setCurrency] = useState('USD');
  const [locale, setLocale] = useState(defaultStoreLocale);
  const [name, setName] = useState('');
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problemId = useId();
  const localeHintId = useId();
  // The list leaves out aliases such as UTC, which may be the machine's own zone.
  const zones = useMemo(() => {
    const listed = Intl.supportedValuesOf('timeZone');
    return listed.includes(MACHINE_TIME_ZONE) ? listed : [MACHINE_TIME_ZONE, ...listed];
  }, []);
  const pinIssue = pin.length >= 4 ? pinProblem(pin) : null;
  const mismatch = again.length >= pin.length && again.length > 0 && again !== pin;
  const ready = storeName.trim() !== '' && name.trim() !== '' && pinProblem(pin) === null && again === pin && !busy;

  return (
    <form
      className="setup-card"
      aria-labelledby="setup-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (!ready) return;
        setBusy(true);
        setError(null);
        void api()
          .call('setup.createOwner', { name: name.trim(), pin, storeName: storeName.trim(), timeZone, currency, locale })
          .then((result) => {
            setBusy(false);
            if (result.ok) onCreated(result.value);
            else setError(describeError(result.error));
          });
      }}
    >
      <div className="setup-heading">
        <h1 id="setup-title">{t('title')}</h1>
        <LanguagePicker value={deviceLanguage} onChange={chooseDeviceLanguage} />
      </div>
      <p className="setup-lead">{t('intro', { firstStart: t(`firstStart.${environment}`) })}</p>
      <fieldset>
        <legend>{t('store.legend')}</legend>
        <label>
          {t('store.name')}
          <input value={storeName} maxLength={80} onChange={(e) => setStoreName(e.target.value)} autoComplete="organization" />
        </label>
        <label>
          {t('store.timeZone')}
          <select value={timeZone} onChange={(e) => setTimeZone(e.target.value)}>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('store.currency')}
          <CurrencySelect value={currency} onChange={setCurrency} />
        </label>
        <label className="setup-locale">
          {t('store.locale')}
          <StoreLocaleSelect value={locale} onChange={setLocale} aria-describedby={localeHintId} />
        </label>
        <p id={localeHintId} className="setup-hint">
          {t('store.localeHint')}
        </p>
      </fieldset>
      <fieldset>
        <legend>{t('owner.legend')}</legend>
        <label>
          {t('owner.name')}
          <input value={name} maxLength={80} onChange={(e) => setName(e.target.value)} autoComplete="name" />
        </label>
        <label>
          {t('owner.pin')}
          <input
            value={pin}
            type="password"
            inputMode="numeric"
            autoComplete="new-password"
            maxLength={8}
            aria-invalid={pinIssue !== null}
            aria-describedby={problemId}
            onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
          />
        </label>
        <label>
          {t('owner.pinAgain')}
          <input
            value={again}
            type="password"
            inputMode="numeric"
            autoComplete="new-password"
            maxLength={8}
            aria-invalid={mismatch}
            aria-describedby={problemId}
            onChange={(e) => setAgain(e.target.value.replace(/\D/g, ''))}
          />
        </label>
        <p id={problemId} className="setup-problem" role="status">
          {pinIssue ? pinProblemWords(pinIssue) : mismatch ? pinProblemWords('mismatch') : null}
        </p>
      </fieldset>
      {error && (
        <p className="notice error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={!ready}>
        {busy ? t('settingUp') : t('submit')}
      </button>
    </form>
  );
}

function RecoveryCode({ owner, onDone }: { owner: OwnerCreated; onDone(): void }) {
  const { t } = useTranslation('setup');
  const [kept, setKept] = useState(false);
  return (
    <section className="setup-card" aria-labelledby="recovery-title">
      <h1 id="recovery-title">{t('recovery.title')}</h1>
      <p className="setup-lead">{t('recovery.lead', { name: owner.name })}</p>
      <p className="recovery-code" data-testid="recovery-code" dir="ltr">
        {owner.recoveryCode}
      </p>
      <p className="muted">
        <Trans t={t} i18nKey="recovery.keep" values={{ command: RESET_COMMAND }} components={{ code: <code dir="ltr" /> }} />
      </p>
      <div className="setup-actions">
        <button type="button" className="button secondary" onClick={() => void printPage('a4')}>
          {t('recovery.print')}
        </button>
        <label className="setup-check">
          <input type="checkbox" checked={kept} onChange={(e) => setKept(e.target.checked)} />
          {t('recovery.written')}
        </label>
        <button type="button" className="button" disabled={!kept} onClick={onDone}>
          {t('recovery.continue')}
        </button>
      </div>
      {createPortal(
        <div className="print-root paper-a4">
          <div className="recovery-sheet">
            <h1>{t('recovery.sheetTitle')}</h1>
            <p>{t('recovery.sheetOwner', { name: owner.name })}</p>
            <p className="recovery-code" dir="ltr">
              {owner.recoveryCode}
            </p>
            <p>{t('recovery.sheetKeep', { command: RESET_COMMAND })}</p>
          </div>
        </div>,
        document.body,
      )}
    </section>
  );
}
