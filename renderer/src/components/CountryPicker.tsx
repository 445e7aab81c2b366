import { useMemo, useState, type KeyboardEvent } from 'react';
import type { CountryOption } from '../../../shared/catalog.ts';
import { formatMoney } from '../../../shared/money.ts';
import { buildPlaceIndex } from '../../../shared/places.ts';
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

const KIND_LABEL = { regional: 'Region', global: 'Worldwide' } as const;

/**
 * Type a few letters of the country or region (its name, code, another name, typos and all), arrow
 * to it, Enter. The same search as the catalogue's in the main process (shared/places.ts).
 */
export function CountryPicker({ countries, selected, onSelect, onRetry }: Props) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const places = useMemo(() => (countries.status === 'ready' ? buildPlaceIndex(countries.value) : null), [countries]);
  const matches = useMemo(() => (places === null ? [] : query.trim() ? places.search(query) : places.docs), [places, query]);

  if (countries.status === 'failed') {
    return (
      <div className="notice error" role="alert">
        <p>{describeError(countries.error)}</p>
        <button type="button" className="button" onClick={onRetry}>
          Try again
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
        placeholder="Country or region, e.g. Japan, JP, Europe"
        aria-label="Search countries"
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
          Loading countries…
        </p>
      ) : matches.length === 0 ? (
        // A scanned ICCID gets its own offer beside the picker (a top-up), not "no country matches".
        iccidTyped(query) ? null : (
          <p className="muted">No country or region matches “{query}”.</p>
        )
      ) : (
        <ul id="country-list" className="country-list" role="listbox" aria-label="Countries">
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
              <span className="country-name">{country.name}</span>
              <span className="country-meta">
                {country.kind && `${KIND_LABEL[country.kind]} · `}
                {country.packageCount} {country.packageCount === 1 ? 'package' : 'packages'}
                {country.fromPrice && ` · from ${formatMoney(country.fromPrice)}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
