import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoreSettings } from '../../../../shared/manager.ts';
import { tripUsesSchema } from '../../../../shared/settings.ts';
import type { TripUses } from '../../../../shared/trips.ts';
import { OutcomeNotice, type Outcome } from '../common/notices.tsx';
import { useManager } from '../common/store.ts';

const USES = ['light', 'everyday', 'heavy'] as const;

/**
 * The trip planner's rule of thumb: how many MB a day each way of using data takes. Clerks pick
 * the way ("maps and messages"), the planner takes the figure set here.
 */
export function TripUsesPanel({ settings }: { settings: StoreSettings }) {
  const { t } = useTranslation('settings');
  const saved = settings.tripUses;
  const [texts, setTexts] = useState<Record<keyof TripUses, string>>(() => ({
    light: String(saved.light),
    everyday: String(saved.everyday),
    heavy: String(saved.heavy),
  }));
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const parsed = tripUsesSchema.safeParse(Object.fromEntries(USES.map((use) => [use, Number(texts[use].trim() || NaN)])));
  const wrong = (use: keyof TripUses) => !tripUsesSchema.shape[use].safeParse(Number(texts[use].trim() || NaN)).success;
  const unchanged = parsed.success && USES.every((use) => parsed.data[use] === saved[use]);
  return (
    <section className="panel" aria-label={t('trips.heading')}>
      <h2>{t('trips.heading')}</h2>
      <p className="muted">{t('trips.help')}</p>
      <form
        className="floor-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!parsed.success || unchanged) return;
          setBusy(true);
          setOutcome(null);
          void useManager
            .getState()
            .saveSettings({ tripUses: parsed.data })
            .then((failure) => {
              setBusy(false);
              setOutcome(failure ? { ok: false, text: failure } : { ok: true, text: t('trips.saved') });
            });
        }}
      >
        {USES.map((use) => (
          <label key={use} className="inline-field">
            {t(`trips.${use}`)}
            <input
              value={texts[use]}
              inputMode="numeric"
              aria-invalid={wrong(use)}
              onChange={(e) => setTexts((now) => ({ ...now, [use]: e.target.value }))}
            />
          </label>
        ))}
        <button type="submit" className="button" disabled={!parsed.success || unchanged || busy}>
          {t('trips.save')}
        </button>
        {!parsed.success && <p className="bad floor-help">{t('trips.invalid')}</p>}
        <OutcomeNotice outcome={outcome} />
      </form>
    </section>
  );
}
