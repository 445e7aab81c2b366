import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrinterSettings } from '../../../shared/settings.ts';
import { useManager } from './store.ts';
import { OutcomeNotice, type Outcome } from './parts.tsx';

/**
 * Where vouchers print at this counter. The desktop app prints to the named printer without a
 * dialog when asked to; in browser mode the browser's own print dialog is always used.
 */
export function PrinterPanel({ printer }: { printer: PrinterSettings }) {
  const { t } = useTranslation(['settings', 'manager']);
  const [draft, setDraft] = useState(printer);
  const [name, setName] = useState(printer.printerName ?? '');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Outcome>(null);
  const next: PrinterSettings = { ...draft, printerName: name.trim() || null };
  const changed = JSON.stringify(next) !== JSON.stringify(printer);

  return (
    <form
      className="panel settings-form"
      aria-label={t('printer.region')}
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        void useManager
          .getState()
          .saveSettings({ printer: next })
          .then((failure) => setMessage(failure ? { ok: false, text: failure } : { ok: true, text: t('manager:saved') }))
          .finally(() => setBusy(false));
      }}
    >
      <h2>{t('printer.heading')}</h2>
      <label>
        {t('printer.name')}
        <input
          className="text-input"
          value={name}
          placeholder={t('printer.namePlaceholder')}
          onChange={(e) => {
            setName(e.target.value);
            setMessage(null);
          }}
        />
      </label>
      <fieldset className="choice-row">
        <legend>{t('printer.paper')}</legend>
        {(['receipt80', 'a4'] as const).map((value) => (
          <label key={value} className="check-line">
            <input
              type="radio"
              name="paper"
              checked={draft.paper === value}
              onChange={() => {
                setDraft({ ...draft, paper: value });
                setMessage(null);
              }}
            />{' '}
            {t(`printer.${value}`)}
          </label>
        ))}
      </fieldset>
      <label className="check-line">
        <input
          type="checkbox"
          checked={draft.silent}
          disabled={!name.trim()}
          onChange={(e) => {
            setDraft({ ...draft, silent: e.target.checked });
            setMessage(null);
          }}
        />{' '}
        {t('printer.silent')}
      </label>
      <div className="actions">
        <button type="submit" className="button primary" disabled={busy || !changed}>
          {busy ? t('printer.saving') : t('printer.save')}
        </button>
        <OutcomeNotice outcome={message} />
      </div>
    </form>
  );
}
