import { useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CountryOption } from '../../../shared/catalog.ts';
import { buildPlaceIndex } from '../../../shared/places.ts';
import { useFormats, type Formats } from '../i18n/format.ts';
import { placeWords } from './package-words.ts';
import type { Loadable } from '../state/catalog.ts';
import { describeError } from '../errors.ts';
import { Flag } from './Flag.tsx';
import { iccidTyped } from './sell/checkout.ts';

type Props = {
  countries: Loadable<readonly CountryOption[]>;
  selected: string | null;
  onSelect(code: string): void;
  onRetry(): void;
};

/**
 * Before anything is typed: the countries in the reader's alphabet (the catalogue sends them in
 * English order), then the regions and the world as the catalogue orders them.
 */
function browsingOrder(places: readonly CountryOption[], f: Formats): CountryOption[] {
  const collator = new Intl.Collator(f.locale);
  const countries = places
    .filter((p) => !p.kind)
    .map((p) => ({ p, name: placeWords(p, f) }))
    .sort((a, b) => collator.compare(a.name, b.name))
    .map(({ p }) => p);
  return [...countries, ...places.filter((p) => p.kind)];
}

/**
 * Type a few letters of the country or region (its name, code, another name, typos and all), arrow
 * to it, Enter. The same search as the catalogue's in the main process (shared/places.ts).
 */
export function CountryPicker({ countries, selected, onSelect, onRetry }: Props) {
  const { t } = useTranslation(['sell', 'common']);
  const f = useFormats();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const places = useMemo(() => (countries.status === 'ready' ? buildPlaceIndex(countries.value) : null), [countries]);
  const browsing = useMemo(() => (places === null ? [] : browsingOrder(places.docs, f)), [places, f]);
  const matches = useMemo(
    () => (places === null ? [] : query.trim() ? places.search(query) : browsing),
    [places, browsing, query],
  );

  if (countries.status === 'failed') {
    return (
      <div className="notice error" role="alert">
        <p>{describeError(countries.error)}</p>
        <button type="button" className="button" onClick={onRetry}>
          {t('common:action.tryAgain')}
        </button>
      </div>
    );
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => Math.min(i + 1, matches.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter' && matches[active]) {
      event.preventDefault();
      onSelect(matches[active].code);
    }
  };

  return (
    <div className="country-picker">
      <input
        className="search"
        type="search"
        autoFocus
        placeholder={t('picker.placeholder')}
        aria-label={t('picker.search')}
        aria-controls="country-list"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      {countries.status === 'loading' || countries.status === 'idle' ? (
        <p className="muted" role="status">
          {t('picker.loading')}
        </p>
      ) : matches.length === 0 ? (
        // A scanned ICCID gets its own offer beside the picker (a top-up), not "no country matches".
        iccidTyped(query) ? null : (
          <p className="muted">{t('picker.noMatch', { query })}</p>
        )
      ) : (
        <ul id="country-list" className="country-list" role="listbox" aria-label={t('picker.list')}>
          {matches.map((country, index) => (
            <li
              key={country.code}
              role="option"
              aria-selected={country.code === selected}
              className={`country${index === active ? ' active' : ''}${country.code === selected ? ' selected' : ''}`}
              onClick={() => onSelect(country.code)}
              onMouseEnter={() => setActive(index)}
            >
              {country.via && <span className="country-via">{country.via}</span>}
              <span className="flag" aria-hidden="true">
                <Flag code={country.code} />
              </span>
              <span className="country-name">{placeWords(country, f)}</span>
              <span className="country-meta">
                {[
                  country.kind && t(`picker.${country.kind}`),
                  t('picker.packages', { count: country.packageCount }),
                  country.fromPrice && t('picker.from', { price: f.money(country.fromPrice) }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
