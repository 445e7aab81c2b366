import { MarkupFields } from './MarkupFields.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Ending, PriceRule } from '../../../../shared/pricing.ts';
import { OutcomeNotice, type Outcome } from '../common/notices.tsx';
import { useManager } from '../common/store.ts';
import { parseMarkupPercent, priceRuleExample } from './prices-words.ts';

/** How the counter prices packages: the service's recommended price, or our cost plus a markup. */
export function PriceRulePanel({ rule, currency }: { rule: PriceRule; currency: string }) {
  const { t } = useTranslation('prices');
  const [kind, setKind] = useState<'recommended' | 'markup'>(rule.kind === 'markup' ? 'markup' : 'recommended');
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
      aria-label={t('rule.region')}
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
            setMessage(failure ? { ok: false, text: failure } : { ok: true, text: t('rule.saved') });
          });
      }}
    >
      <h2>{t('rule.heading')}</h2>
      <fieldset className="choices" aria-label={t('rule.rule')}>
        <label className="choice">
          <input type="radio" name="price-rule" checked={kind === 'recommended'} onChange={() => setKind('recommended')} />
          <span>
            <strong>{t('rule.recommended')}</strong>
            <span className="muted">{t('rule.recommendedHelp')}</span>
          </span>
        </label>
        <label className="choice">
          <input type="radio" name="price-rule" checked={kind === 'markup'} onChange={() => setKind('markup')} />
          <span>
            <strong>{t('rule.markup')}</strong>
            <span className="muted">{t('rule.markupHelp')}</span>
          </span>
        </label>
      </fieldset>
      {kind === 'markup' && (
        <MarkupFields percent={percent} ending={ending} currency={currency} onPercent={setPercent} onEnding={setEnding} />
      )}
      {draft && (
        <p className="example" data-testid="price-example">
          {priceRuleExample(draft, currency)}
          {draft.kind === 'markup' && <span className="muted"> {t('rule.noNetPrice')}</span>}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button" disabled={!changed || busy}>
          {t('rule.save')}
        </button>
        <OutcomeNotice outcome={message} />
      </div>
    </form>
  );
}
