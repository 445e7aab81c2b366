import { MarkupFields } from './MarkupFields.tsx';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PackageOffer } from '../../../../shared/catalog.ts';
import { minorDigits } from '../../../../shared/money.ts';
import type { Ending, PriceRule } from '../../../../shared/pricing.ts';
import { Flag } from '../../ui/Flag.tsx';
import { useFormats } from '../../i18n/format.ts';
import { parseCountedCash } from '../common/format.ts';
import { OutcomeNotice, type Outcome } from '../common/notices.tsx';
import { usePrices } from './prices-store.ts';
import { parseMarkupPercent, ruleShortWords, sampleCost } from './prices-words.ts';

type Scope = 'country' | 'package';
type Kind = PriceRule['kind'];

/** Exceptions to the store's rule: a country's local packages, or one package, by a rule of their own. */
export function ExceptionsPanel({ currency }: { currency: string }) {
  const { t } = useTranslation('prices');
  const f = useFormats();
  const rules = usePrices((s) => s.rules);
  const offers = usePrices((s) => s.offers);
  const [outcome, setOutcome] = useState<Outcome>(null);
  if (!rules) return null;
  const packageWords = (id: string) => {
    const offer = offers.get(id);
    return offer
      ? t('exceptions.package', { title: `${offer.operator} ${offer.title}`, country: offer.coverageName })
      : t('exceptions.packageUnknown', { id });
  };
  const entries = [
    ...Object.entries(rules.byCountry)
      .map(([code, rule]) => ({
        scope: 'country' as const,
        target: code,
        rule,
        what: t('exceptions.country', { country: f.country(code) }),
      }))
      .sort((a, b) => a.what.localeCompare(b.what, f.locale)),
    ...Object.entries(rules.byPackage).map(([id, rule]) => ({
      scope: 'package' as const,
      target: id,
      rule,
      what: packageWords(id),
    })),
  ];
  const remove = (scope: Scope, target: string) =>
    void usePrices
      .getState()
      .setRule({ scope, target, rule: null })
      .then((failure) => setOutcome(failure ? { ok: false, text: failure } : { ok: true, text: t('exceptions.removed') }));

  return (
    <section className="panel exceptions" aria-label={t('exceptions.heading')}>
      <h2>{t('exceptions.heading')}</h2>
      <p className="muted">{t('exceptions.help')}</p>
      {entries.length === 0 ? (
        <p>{t('exceptions.none')}</p>
      ) : (
        <ul className="exception-list" aria-label={t('exceptions.listLabel')}>
          {entries.map((e) => (
            <li key={`${e.scope}:${e.target}`}>
              {e.scope === 'country' && <Flag code={e.target} />}
              <span className="exception-what">{e.what}</span>
              <span className="exception-rule">{ruleShortWords(e.rule)}</span>
              <button
                type="button"
                className="button small secondary"
                aria-label={t('exceptions.removeLabel', { what: e.what })}
                onClick={() => remove(e.scope, e.target)}
              >
                {t('exceptions.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <AddException currency={currency} onDone={setOutcome} />
      <OutcomeNotice outcome={outcome} block />
    </section>
  );
}

function AddException({ currency, onDone }: { currency: string; onDone: (outcome: Outcome) => void }) {
  const { t } = useTranslation('prices');
  const f = useFormats();
  const countries = usePrices((s) => s.countries);
  const [scope, setScope] = useState<Scope>('country');
  const [country, setCountry] = useState('');
  const [loaded, setLoaded] = useState<{ country: string; list: readonly PackageOffer[] } | null>(null);
  const packages = loaded?.country === country ? loaded.list : null;
  const [packageId, setPackageId] = useState('');
  const [kind, setKind] = useState<Kind>('markup');
  const [percent, setPercent] = useState('30');
  const [ending, setEnding] = useState<Ending>('99');
  const [price, setPrice] = useState('');
  const [busy, setBusy] = useState(false);
  const sorted = useMemo(
    () =>
      [...countries]
        .map((c) => ({ code: c.code, name: f.country(c.code) }))
        .sort((a, b) => a.name.localeCompare(b.name, f.locale)),
    [countries, f],
  );

  useEffect(() => {
    if (scope !== 'package' || !country) return;
    let live = true;
    void usePrices
      .getState()
      .packagesOf(country)
      .then((list) => live && setLoaded({ country, list }));
    return () => {
      live = false;
    };
  }, [scope, country]);

  const markup = parseMarkupPercent(percent);
  const fixed = parseCountedCash(price, currency);
  const rule: PriceRule | null =
    kind === 'recommended'
      ? { kind }
      : kind === 'markup'
        ? markup.ok
          ? { kind, percent: markup.percent, ending }
          : null
        : fixed.ok && fixed.minor > 0
          ? { kind, price: { minor: fixed.minor, currency } }
          : null;
  const target = scope === 'country' ? country : packageId;
  const ready = rule !== null && target !== '' && !busy;

  return (
    <form
      className="add-exception"
      aria-label={t('exceptions.add')}
      onSubmit={(event) => {
        event.preventDefault();
        if (!ready) return;
        setBusy(true);
        void usePrices
          .getState()
          .setRule({ scope, target, rule })
          .then((failure) => {
            setBusy(false);
            onDone(failure ? { ok: false, text: failure } : { ok: true, text: t('exceptions.saved') });
          });
      }}
    >
      <h3>{t('exceptions.add')}</h3>
      <div className="form-grid">
        <label>
          {t('exceptions.scope')}
          <select value={scope} onChange={(e) => setScope(e.target.value as Scope)}>
            <option value="country">{t('exceptions.scopeCountry')}</option>
            <option value="package">{t('exceptions.scopePackage')}</option>
          </select>
        </label>
        <label>
          {t('exceptions.countryLabel')}
          <select
            value={country}
            onChange={(e) => {
              setCountry(e.target.value);
              setPackageId('');
            }}
          >
            <option value="">{t('exceptions.choose')}</option>
            {sorted.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        {scope === 'package' && (
          <label>
            {t('exceptions.packageLabel')}
            <select value={packageId} disabled={!packages} onChange={(e) => setPackageId(e.target.value)}>
              <option value="">{packages ? t('exceptions.choose') : t('exceptions.loadingPackages')}</option>
              {packages?.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.operator} {o.title} — {f.money(o.retail)}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <fieldset className="choices">
        <legend>{t('rule.rule')}</legend>
        {(['recommended', 'markup', 'fixed'] as const).map((value) => (
          <label key={value} className="choice">
            <input type="radio" name="exception-kind" checked={kind === value} onChange={() => setKind(value)} />
            <span>{t(`rule.${value}`)}</span>
          </label>
        ))}
      </fieldset>
      {kind === 'markup' && (
        <MarkupFields percent={percent} ending={ending} currency={currency} onPercent={setPercent} onEnding={setEnding} />
      )}
      {kind === 'fixed' && (
        <div className="form-grid">
          <label>
            {t('rule.fixedLabel', { currency })}
            <input
              value={price}
              inputMode="decimal"
              aria-invalid={price !== '' && !fixed.ok}
              placeholder={f.number((sampleCost(currency).minor * 3) / 10 ** minorDigits(currency))}
              onChange={(e) => setPrice(e.target.value)}
            />
          </label>
        </div>
      )}
      {kind === 'fixed' && price !== '' && !fixed.ok && <p className="bad">{fixed.message}</p>}
      <div className="actions">
        <button type="submit" className="button" disabled={!ready}>
          {t('exceptions.save')}
        </button>
      </div>
    </form>
  );
}
