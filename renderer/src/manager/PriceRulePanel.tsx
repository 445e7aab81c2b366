import { useState } from 'react';
import type { PriceRule } from '../../../shared/pricing.ts';
import { OutcomeNotice, type Outcome } from './parts.tsx';
import { useManager } from './store.ts';
import { parseMarkupPercent, priceRuleExample } from './format.ts';

type Ending = Extract<PriceRule, { kind: 'markup' }>['ending'];

const ENDINGS: readonly { value: Ending; label: string }[] = [
  { value: '99', label: 'Round up to .99' },
  { value: '49', label: 'Round up to .49 or .99' },
  { value: 'none', label: 'No rounding' },
];

/** How the counter prices packages: the service's recommended price, or our cost plus a markup. */
export function PriceRulePanel({ rule, currency }: { rule: PriceRule; currency: string }) {
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
      aria-label="Retail price"
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
            setMessage(failure ? { ok: false, text: failure } : { ok: true, text: 'Saved. New prices show at the counter now.' });
          });
      }}
    >
      <h2>Retail price</h2>
      <fieldset className="choices" aria-label="Price rule">
        <label className="choice">
          <input type="radio" name="price-rule" checked={kind === 'recommended'} onChange={() => setKind('recommended')} />
          <span>
            <strong>Recommended retail price</strong>
            <span className="muted">The price the eSIM service recommends for each package.</span>
          </span>
        </label>
        <label className="choice">
          <input type="radio" name="price-rule" checked={kind === 'markup'} onChange={() => setKind('markup')} />
          <span>
            <strong>Our cost plus a markup</strong>
            <span className="muted">The net price the service charges us, plus a percentage, rounded up.</span>
          </span>
        </label>
      </fieldset>
      {kind === 'markup' && (
        <div className="form-grid">
          <label>
            Markup (%)
            <input value={percent} inputMode="decimal" aria-invalid={!parsed.ok} onChange={(e) => setPercent(e.target.value)} />
          </label>
          <label>
            Price ending
            <select value={ending} onChange={(e) => setEnding(e.target.value as Ending)}>
              {ENDINGS.map((e) => (
                <option key={e.value} value={e.value}>
                  {e.label}
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
          {draft.kind === 'markup' && (
            <span className="muted"> Packages the service publishes no net price for keep the recommended price.</span>
          )}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button" disabled={!changed || busy}>
          Save price rule
        </button>
        <OutcomeNotice outcome={message} />
      </div>
    </form>
  );
}
