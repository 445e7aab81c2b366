import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PriceRule } from '../../../shared/pricing.ts';
import { useFormats, type Formats } from '../i18n/format.ts';
import { OutcomeNotice, type Outcome } from './parts.tsx';
import { useManager } from './store.ts';
import { parseMarkupPercent, priceRuleExample } from './format.ts';

type Ending = Extract<PriceRule, { kind: 'markup' }>['ending'];

const ENDINGS: readonly Ending[] = ['99', '49', 'none'];

/** ".99" with the reader's decimal sign (",99" in German). */
const cents = (f: Formats, value: number) =>
  f.number(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).replace(/^0/, '');

/** How the counter prices packages: the service's recommended price, or our cost plus a markup. */
export function PriceRulePanel({ rule, currency }: { rule: PriceRule; currency: string }) {
  const { t } = useTranslation('settings');
  const f = useFormats();
  const endingWords = (ending: Ending) =>
    ending === '99'
      ? t('price.ending99', { end: cents(f, 0.99) })
      : ending === '49'
        ? t('price.ending49', { low: cents(f, 0.49), end: cents(f, 0.99) })
        : t('price.endingNone');
  const [kind, setKind] = useState<PriceRule['kind']>(rule.kind);
  const [percent, setPercent] = useState(rule.kind === 'markup' ? String(rule.percent) : '50');
  const [ending, setEnding] = useState<Ending>(rule.kind === 'markup' ? rule.ending : '99');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Outcome>(null);

  const parsed = parseMarkupPercent(percent);
  const draft: PriceRule | null =
    kind === 'recommended' ? { kind } : parsed.ok ? { kind, percent: parsed.percent, ending } : null;
  const changed = draft !== null && JSON.stringify(draft) !== JSON.stringify(rule);

  return (
    <form
      className="panel price-rule"
      aria-label={t('price.region')}
      onSubmit={(event) => {
        event.preventDefault();
        if (!draft || !changed) return;
        setBusy(true);
        setMessage(null);
        void useManager
          .getState()
          .saveSettings({ priceRule: draft })
          .then((failure) => {
            setBusy(false);
            setMessage(failure ? { ok: false, text: failure } : { ok: true, text: t('price.saved') });
          });
      }}
    >
      <h2>{t('price.heading')}</h2>
      <fieldset className="choices" aria-label={t('price.rule')}>
        <label className="choice">
          <input type="radio" name="price-rule" checked={kind === 'recommended'} onChange={() => setKind('recommended')} />
          <span>
            <strong>{t('price.recommended')}</strong>
            <span className="muted">{t('price.recommendedHelp')}</span>
          </span>
        </label>
        <label className="choice">
          <input type="radio" name="price-rule" checked={kind === 'markup'} onChange={() => setKind('markup')} />
          <span>
            <strong>{t('price.markup')}</strong>
            <span className="muted">{t('price.markupHelp')}</span>
          </span>
        </label>
      </fieldset>
      {kind === 'markup' && (
        <div className="form-grid">
          <label>
            {t('price.markupLabel')}
            <input value={percent} inputMode="decimal" aria-invalid={!parsed.ok} onChange={(e) => setPercent(e.target.value)} />
          </label>
          <label>
            {t('price.ending')}
            <select value={ending} onChange={(e) => setEnding(e.target.value as Ending)}>
              {ENDINGS.map((value) => (
                <option key={value} value={value}>
                  {endingWords(value)}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
      {kind === 'markup' && !parsed.ok && <p className="bad">{parsed.message}</p>}
      {draft && (
        <p className="example" data-testid="price-example">
          {priceRuleExample(draft, currency)}
          {draft.kind === 'markup' && <span className="muted"> {t('price.noNetPrice')}</span>}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button" disabled={!changed || busy}>
          {t('price.save')}
        </button>
        <OutcomeNotice outcome={message} />
      </div>
    </form>
  );
}
