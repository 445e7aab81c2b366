import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoreSettings } from '../../../../shared/manager.ts';
import { toDecimalString, type Money } from '../../../../shared/money.ts';
import { offlineSalesSchema } from '../../../../shared/settings.ts';
import { parseFloor } from '../common/format.ts';
import { OutcomeNotice, type Outcome } from '../common/notices.tsx';
import { useManager } from '../common/store.ts';

const amountText = (amount: Money | null, currency: string) =>
  amount && amount.currency === currency ? toDecimalString(amount) : '';

/**
 * Sales while the eSIM service is away: on or off, the most one sale and all waiting sales may
 * come to (empty: no cap), and the hours within which a waiting sale must be placed, else it is
 * refused and listed for a refund.
 */
export function OfflineSalesPanel({ settings }: { settings: StoreSettings }) {
  const { t } = useTranslation('settings');
  const currency = settings.currency;
  const saved = settings.offlineSales;
  const [enabled, setEnabled] = useState(saved.enabled);
  const [perSale, setPerSale] = useState(() => amountText(saved.maxPerSale, currency));
  const [total, setTotal] = useState(() => amountText(saved.maxTotal, currency));
  const [hours, setHours] = useState(String(saved.hours));
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const perSaleParsed = parseFloor(perSale, currency);
  const totalParsed = parseFloor(total, currency);
  const amount = (parsed: typeof perSaleParsed) =>
    parsed.ok && parsed.minor !== null ? { minor: parsed.minor, currency } : null;
  const candidate = offlineSalesSchema.safeParse({
    enabled,
    maxPerSale: amount(perSaleParsed),
    maxTotal: amount(totalParsed),
    hours: Number(hours.trim() || NaN),
  });
  const hoursWrong = !offlineSalesSchema.shape.hours.safeParse(Number(hours.trim() || NaN)).success;
  const valid = candidate.success && perSaleParsed.ok && totalParsed.ok;
  const unchanged = candidate.success && JSON.stringify(candidate.data) === JSON.stringify(saved);
  return (
    <section className="panel" aria-label={t('offline.heading')}>
      <h2>{t('offline.heading')}</h2>
      <p className="muted">{t('offline.help')}</p>
      <form
        className="floor-form offline-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!valid || !candidate.success || unchanged) return;
          setBusy(true);
          setOutcome(null);
          void useManager
            .getState()
            .saveSettings({ offlineSales: candidate.data })
            .then((failure) => {
              setBusy(false);
              setOutcome(failure ? { ok: false, text: failure } : { ok: true, text: t('offline.saved') });
            });
        }}
      >
        <label className="check-line">
          <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
          {t('offline.enabled')}
        </label>
        <label className="inline-field">
          {t('offline.perSale', { currency })}
          <input
            value={perSale}
            inputMode="decimal"
            placeholder={t('offline.noCap')}
            aria-invalid={!perSaleParsed.ok}
            onChange={(e) => setPerSale(e.target.value)}
          />
        </label>
        <label className="inline-field">
          {t('offline.total', { currency })}
          <input
            value={total}
            inputMode="decimal"
            placeholder={t('offline.noCap')}
            aria-invalid={!totalParsed.ok}
            onChange={(e) => setTotal(e.target.value)}
          />
        </label>
        <label className="inline-field">
          {t('offline.hours')}
          <input value={hours} inputMode="numeric" aria-invalid={hoursWrong} onChange={(e) => setHours(e.target.value)} />
        </label>
        <button type="submit" className="button" disabled={!valid || unchanged || busy}>
          {t('offline.save')}
        </button>
        {!perSaleParsed.ok && <p className="bad floor-help">{perSaleParsed.message}</p>}
        {!totalParsed.ok && <p className="bad floor-help">{totalParsed.message}</p>}
        {hoursWrong && <p className="bad floor-help">{t('offline.hoursWrong')}</p>}
        <OutcomeNotice outcome={outcome} />
      </form>
    </section>
  );
}
