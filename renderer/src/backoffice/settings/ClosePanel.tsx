import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoreSettings } from '../../../../shared/manager.ts';
import { toDecimalString } from '../../../../shared/money.ts';
import { parseFloor } from '../common/format.ts';
import { OutcomeNotice, type Outcome } from '../common/notices.tsx';
import { useManager } from '../common/store.ts';

/**
 * The day close's rule: a difference in any tender above this amount cannot be closed without a
 * reason. Empty: a reason is never required (a note stays possible).
 */
export function ClosePanel({ settings }: { settings: StoreSettings }) {
  const { t } = useTranslation('close');
  const currency = settings.currency;
  const saved = settings.closeReasonThreshold;
  const [text, setText] = useState(saved ? toDecimalString(saved) : '');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const parsed = parseFloor(text, currency);
  const unchanged = parsed.ok && (parsed.minor ?? null) === (saved?.currency === currency ? saved.minor : null);
  return (
    <section className="panel" aria-label={t('threshold.heading')}>
      <h2>{t('threshold.heading')}</h2>
      <form
        className="floor-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!parsed.ok || unchanged) return;
          setBusy(true);
          setOutcome(null);
          void useManager
            .getState()
            .saveSettings({ closeReasonThreshold: parsed.minor === null ? null : { minor: parsed.minor, currency } })
            .then((failure) => {
              setBusy(false);
              setOutcome(failure ? { ok: false, text: failure } : { ok: true, text: t('threshold.saved') });
            });
        }}
      >
        <label className="inline-field">
          {t('threshold.label', { currency })}
          <input
            value={text}
            inputMode="decimal"
            placeholder={t('threshold.placeholder')}
            aria-invalid={!parsed.ok}
            aria-describedby="threshold-help"
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        <button type="submit" className="button" disabled={!parsed.ok || unchanged || busy}>
          {t('threshold.save')}
        </button>
        <p id="threshold-help" className={parsed.ok ? 'muted floor-help' : 'bad floor-help'}>
          {parsed.ok ? t('threshold.help') : parsed.message}
        </p>
        <OutcomeNotice outcome={outcome} />
      </form>
    </section>
  );
}
