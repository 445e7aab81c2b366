import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import type { BasketStep } from './TripBasket.tsx';
import { useTranslation } from 'react-i18next';
import type { CountryOption, PackageOffer } from '../../../../shared/catalog.ts';
import type { AppError } from '../../../../shared/errors.ts';
import type { Money } from '../../../../shared/money.ts';
import type { InputOf } from '../../../../shared/contract.ts';
import { DEFAULT_TRIP_USES, MAX_TRIP_COUNTRIES, type TripPlan, type TripUses } from '../../../../shared/trips.ts';
import { useStore } from '../../state/store.ts';
import { api } from '../../api.ts';
import { describeError } from '../../errors.ts';
import { useFormats, type Formats } from '../../i18n/format.ts';
import { coverageWords, dataWords, daysWords, MB_PER_GB, mbWords } from '../esim/package-words.ts';
import './trip.css';

/** Fetched when an option is first sold whole: planning does without it. */
const TripBasket = lazy(() => import('./TripBasket.tsx').then((m) => ({ default: m.TripBasket })));

type Use = keyof TripUses | 'typed';

/** An option sold whole: its packages, one eSIM each, for one payment. */
type Whole = { readonly offers: readonly PackageOffer[]; readonly total: Money };

/** The trip as trip.plan and the display take it. */
type Trip = InputOf<'trip.plan'>;

type Planned =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; plan: TripPlan; trip: Trip }
  | { status: 'failed'; error: AppError };

/** MB a day from the clerk's choice; undefined when the typed figure is not a number of GB. */
function perDay(use: Use, typedGb: string, uses: TripUses): number | undefined {
  if (use !== 'typed') return uses[use];
  const gb = Number(typedGb.replace(',', '.'));
  return typedGb.trim() !== '' && Number.isFinite(gb) && gb >= 0 ? Math.round(gb * MB_PER_GB) : undefined;
}

/**
 * Plan a trip: the countries in travel order, the days and how the customer uses data, and the
 * ways to cover it from the catalogue, cheapest first, each saying what it leaves uncovered. A
 * package of an option is sold as any other (details, payment, the eSIM); the plan stays here for
 * the next one.
 */
export function TripPlanner({
  onPick,
  onClose,
  onBasketStep,
}: {
  onPick(offer: PackageOffer): void;
  onClose(): void;
  /** A whole option being paid for, or its result, is a step of the sale the stepper shows. */
  onBasketStep(step: BasketStep): void;
}) {
  const { t } = useTranslation('sell', { keyPrefix: 'trip' });
  const f = useFormats();
  const [stops, setStops] = useState<CountryOption[]>([]);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<readonly CountryOption[]>([]);
  const [days, setDays] = useState('');
  const [use, setUse] = useState<Use>('light');
  const [typedGb, setTypedGb] = useState('');
  const [planned, setPlanned] = useState<Planned>({ status: 'idle' });
  // The store's figures, as a manager set them; its defaults until they are read (or if they cannot be).
  const [uses, setUses] = useState<TripUses>(DEFAULT_TRIP_USES);
  useEffect(() => {
    void api()
      .call('trip.uses', {})
      .then((result) => result.ok && setUses(result.value));
  }, []);
  // The options on the customer display, by their packages' ids, with the trip they were planned for.
  const [shown, setShown] = useState<{ trip: Trip; options: string[][] } | null>(null);
  const [whole, setWhole] = useState<Whole | null>(null);

  // Answers to a fast typist's keystrokes may come back out of order: only the latest is shown.
  const asked = useRef('');
  const search = async (text: string) => {
    setQuery(text);
    asked.current = text;
    if (!text.trim()) return setFound([]);
    const result = await api().call('catalog.countries', { query: text });
    if (asked.current !== text) return;
    // Only countries are stops of a trip; regions are what the planner finds for them.
    if (result.ok) setFound(result.value.filter((c) => !c.kind && !stops.some((s) => s.code === c.code)).slice(0, 5));
  };
  const add = (place: CountryOption) => {
    setStops((list) => (list.length < MAX_TRIP_COUNTRIES && !list.some((s) => s.code === place.code) ? [...list, place] : list));
    setQuery('');
    asked.current = '';
    setFound([]);
    setPlanned({ status: 'idle' });
  };
  const remove = (code: string) => {
    setStops((list) => list.filter((s) => s.code !== code));
    setPlanned({ status: 'idle' });
  };

  const dayCount = Number(days);
  const mbPerDay = perDay(use, typedGb, uses);
  const ready = stops.length > 0 && Number.isInteger(dayCount) && dayCount >= 1 && dayCount <= 365 && mbPerDay !== undefined;

  const plan = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setPlanned({ status: 'loading' });
    const trip: Trip = { countries: stops.map((s) => s.code), days: dayCount, dataMbPerDay: mbPerDay };
    const result = await api().call('trip.plan', trip);
    setPlanned(result.ok ? { status: 'ready', plan: result.value, trip } : { status: 'failed', error: result.error });
    setShown(null);
  };

  /** Adds an option to what the customer sees (three at most, side by side) or takes it off. */
  const toggleShown = (ids: string[]) => {
    if (planned.status !== 'ready') return;
    const key = ids.join();
    const now = shown !== null && shown.trip === planned.trip ? shown.options : [];
    const next = now.some((o) => o.join() === key) ? now.filter((o) => o.join() !== key) : [...now, ids].slice(-3);
    setShown({ trip: planned.trip, options: next });
    void useStore.getState().showOnDisplay(next.length ? { kind: 'trip', trip: planned.trip, options: next } : { kind: 'idle' });
  };

  return (
    <section className="trip" aria-labelledby="trip-heading">
      <div className="trip-head">
        <h1 id="trip-heading">{t('heading')}</h1>
        <button type="button" className="button secondary" onClick={onClose}>
          {t('close')}
        </button>
      </div>
      <form className="trip-form" onSubmit={(event) => void plan(event)}>
        <div className="trip-field">
          <label htmlFor="trip-country">{t('countries')}</label>
          <ol className="trip-stops" aria-label={t('stops')}>
            {stops.map((stop, i) => (
              <li key={stop.code}>
                <span>{t('stop', { n: i + 1, place: f.country(stop.code) })}</span>
                <button
                  type="button"
                  className="trip-remove"
                  onClick={() => remove(stop.code)}
                  aria-label={t('remove', { place: f.country(stop.code) })}
                >
                  ×
                </button>
              </li>
            ))}
          </ol>
          <input
            id="trip-country"
            type="search"
            autoComplete="off"
            value={query}
            disabled={stops.length >= MAX_TRIP_COUNTRIES}
            placeholder={stops.length >= MAX_TRIP_COUNTRIES ? t('full', { max: MAX_TRIP_COUNTRIES }) : t('countryPlaceholder')}
            onChange={(event) => void search(event.target.value)}
            onKeyDown={(event) => {
              // Enter takes the first match, as a clerk typing a name expects; an empty field submits the plan.
              if (event.key === 'Enter' && found[0]) {
                event.preventDefault();
                add(found[0]);
              }
            }}
          />
          {found.length > 0 && (
            <ul className="trip-found" aria-label={t('matches')}>
              {found.map((place) => (
                <li key={place.code}>
                  <button type="button" className="button secondary" onClick={() => add(place)}>
                    {f.country(place.code)}
                    {place.via ? ` (${place.via})` : ''}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="trip-field">
          <label htmlFor="trip-days">{t('days')}</label>
          <input
            id="trip-days"
            type="number"
            inputMode="numeric"
            min={1}
            max={365}
            value={days}
            onChange={(e) => setDays(e.target.value)}
          />
        </div>
        <fieldset className="trip-field trip-uses">
          <legend>{t('use.legend')}</legend>
          {(Object.keys(uses) as (keyof TripUses)[]).map((key) => (
            <label key={key}>
              <input type="radio" name="trip-use" checked={use === key} onChange={() => setUse(key)} />
              {t(`use.${key}`, { amount: mbWords(uses[key], f) })}
            </label>
          ))}
          <label>
            <input type="radio" name="trip-use" checked={use === 'typed'} onChange={() => setUse('typed')} />
            {t('use.typed')}
            <input
              type="text"
              inputMode="decimal"
              className="trip-gb"
              aria-label={t('use.typedLabel')}
              value={typedGb}
              onFocus={() => setUse('typed')}
              onChange={(e) => setTypedGb(e.target.value)}
            />
          </label>
        </fieldset>
        <button type="submit" className="button primary" disabled={!ready || planned.status === 'loading'}>
          {t('plan')}
        </button>
      </form>
      {whole ? (
        <Suspense fallback={<span className="spinner" aria-hidden="true" />}>
          <TripBasket offers={whole.offers} total={whole.total} onClose={() => setWhole(null)} onStep={onBasketStep} />
        </Suspense>
      ) : (
        <TripOptions
          planned={planned}
          f={f}
          onPick={onPick}
          onPickAll={setWhole}
          shown={planned.status === 'ready' && shown?.trip === planned.trip ? shown.options.map((o) => o.join()) : []}
          onShow={toggleShown}
        />
      )}
    </section>
  );
}

type OptionsProps = {
  planned: Planned;
  f: Formats;
  onPick(offer: PackageOffer): void;
  /** The whole option for one payment, as a basket of its packages. */
  onPickAll(whole: Whole): void;
  /** The options on the customer display, as their packages' ids joined. */
  shown: readonly string[];
  onShow(ids: string[]): void;
};

function TripOptions({ planned, f, onPick, onPickAll, shown, onShow }: OptionsProps) {
  const { t } = useTranslation('sell', { keyPrefix: 'trip' });
  if (planned.status === 'idle') return null;
  if (planned.status === 'loading')
    return (
      <p className="muted loading" role="status">
        <span className="spinner" aria-hidden="true" /> {t('planning')}
      </p>
    );
  if (planned.status === 'failed')
    return (
      <p className="notice error" role="alert">
        {describeError(planned.error)}
      </p>
    );
  const { options, packages } = planned.plan;
  const { countries } = planned.trip;
  if (options.length === 0) return <p className="muted">{t('none')}</p>;
  const byId = new Map(packages.map((p) => [p.id, p]));
  return (
    <ol className="trip-options" aria-label={t('options')}>
      {options.map((option) => (
        <li
          key={option.packages.map((p) => p.id).join()}
          className={option.uncovered.length ? 'trip-option short' : 'trip-option'}
        >
          <div className="trip-option-head">
            <span className="trip-total">{f.money(option.total)}</span>
            <span>{option.unlimited ? dataWords('Unlimited', f) : t('perDay', { amount: mbWords(option.dataMbPerDay, f) })}</span>
            <span className="trip-count">{t('packages', { count: option.packages.length })}</span>
            <button
              type="button"
              className="button secondary small trip-show"
              aria-pressed={shown.includes(option.packages.map((p) => p.id).join())}
              onClick={() => onShow(option.packages.map((p) => p.id))}
            >
              {t('show')}
            </button>
            {option.packages.length > 1 && (
              <button
                type="button"
                className="button primary small"
                onClick={() => onPickAll({ offers: option.packages.map((p) => byId.get(p.id)!), total: option.total })}
              >
                {t('sellAll', { count: option.packages.length, total: f.money(option.total) })}
              </button>
            )}
          </div>
          <p className={option.uncovered.length ? 'trip-gaps' : 'trip-covered'}>
            {option.uncovered.length === 0
              ? t('covered')
              : t('gaps', {
                  list: new Intl.ListFormat(f.locale).format(
                    option.uncovered.map((gap) =>
                      gap === 'days'
                        ? t('gap.days', { count: option.daysShort })
                        : gap === 'data'
                          ? t('gap.data', { amount: mbWords(option.dataShortMb, f) })
                          : t('gap.country', { place: f.country(gap) }),
                    ),
                  ),
                })}
          </p>
          <ul className="trip-parts">
            {option.packages.map((part) => {
              const offer = byId.get(part.id)!;
              return (
                <li key={part.id}>
                  <span>
                    {part.country ? f.country(part.country) : servedWords(offer, option.packages, countries, f)}:{' '}
                    {dataWords(offer.dataText, f)} · {daysWords(offer.days)} · {f.money(offer.retail)}
                  </span>
                  <button type="button" className="button secondary" onClick={() => onPick(offer)}>
                    {t('sell')}
                  </button>
                </li>
              );
            })}
          </ul>
        </li>
      ))}
    </ol>
  );
}

/**
 * A package serving several of the trip's countries, by those countries and its region: "South
 * Korea, Thailand (Asia)". Those with a package of their own in the option are not its to serve.
 */
function servedWords(
  offer: PackageOffer,
  parts: readonly { id: string; country?: string }[],
  countries: readonly string[],
  f: Formats,
): string {
  const served = countries.filter((c) => offer.countries.includes(c) && !parts.some((p) => p.country === c));
  const region = coverageWords(offer, f);
  return served.length ? `${new Intl.ListFormat(f.locale).format(served.map((c) => f.country(c)))} (${region})` : region;
}
