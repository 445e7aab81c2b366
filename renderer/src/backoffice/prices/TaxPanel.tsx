import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaxRule } from '../../../../shared/pricing.ts';
import { useFormats } from '../../i18n/format.ts';
import { OutcomeNotice, type Outcome } from '../common/notices.tsx';
import { parseTaxPercent, taxExample } from './prices-words.ts';
import { useManager } from '../common/store.ts';

/** VAT in the shelf price, or sales tax added at checkout: the rate and the name receipts give it. */
export function TaxPanel({ tax, currency }: { tax: TaxRule; currency: string }) {
  const { t } = useTranslation('prices');
  const f = useFormats();
  const [mode, setMode] = useState(tax.mode);
  const [percent, setPercent] = useState(tax.percent === 0 ? '' : f.number(tax.percent, { maximumFractionDigits: 3 }));
  const [label, setLabel] = useState(tax.label);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const parsed = parseTaxPercent(percent);
  const draft: TaxRule | null = parsed.ok ? { mode, percent: parsed.percent, label: label.trim() } : null;
  const changed = draft !== null && JSON.stringify(draft) !== JSON.stringify(tax);
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setOutcome(null);
    };

  return (
    <form
      className="panel tax"
      aria-label={t('tax.heading')}
      onSubmit={(event) => {
        event.preventDefault();
        if (!draft || !changed) return;
        setBusy(true);
        void useManager
          .getState()
          .saveSettings({ tax: draft })
          .then((failure) => {
            setBusy(false);
            setOutcome(failure ? { ok: false, text: failure } : { ok: true, text: t('tax.saved') });
          });
      }}
    >
      <h2>{t('tax.heading')}</h2>
      <p className="muted">{t('tax.help')}</p>
      <fieldset className="choices">
        <legend>{t('tax.mode')}</legend>
        {(['included', 'added'] as const).map((value) => (
          <label key={value} className="choice">
            <input type="radio" name="tax-mode" checked={mode === value} onChange={() => edit(setMode)(value)} />
            <span>{t(`tax.${value}`)}</span>
          </label>
        ))}
      </fieldset>
      <div className="form-grid">
        <label>
          {t('tax.percent')}
          <input
            value={percent}
            inputMode="decimal"
            aria-invalid={!parsed.ok}
            onChange={(e) => edit(setPercent)(e.target.value)}
          />
        </label>
        <label>
          {t('tax.label')}
          <input
            value={label}
            maxLength={20}
            placeholder={t('tax.labelPlaceholder')}
            onChange={(e) => edit(setLabel)(e.target.value)}
          />
        </label>
      </div>
      {!parsed.ok && <p className="bad">{parsed.message}</p>}
      {draft && (
        <p className="example" data-testid="tax-example">
          {taxExample(draft, currency)}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button" disabled={!changed || busy}>
          {t('tax.save')}
        </button>
        <OutcomeNotice outcome={outcome} />
      </div>
    </form>
  );
}
