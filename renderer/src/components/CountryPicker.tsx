import { useMemo, useState, type KeyboardEvent } from 'react';
import type { CountryOption } from '../../../shared/catalog.ts';
import { formatMoney } from '../../../shared/money.ts';
import type { Loadable } from '../state/catalog.ts';
import { describeError } from '../errors.ts';
import { flagEmoji } from './flag.ts';

type Props = {
  countries: Loadable<readonly CountryOption[]>;
  selected: string | null;
  onSelect(code: string): void;
  onRetry(): void;
};

/** Type a few letters of the country (or its code), arrow to it, Enter. */
export function CountryPicker({ countries, selected, onSelect, onRetry }: Props) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const matches = useMemo(
    () => (countries.status === 'ready' ? filterCountries(countries.value, query) : []),
    [countries, query],
  );

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
        placeholder="Country, e.g. Japan or JP"
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
        <p className="muted">No country matches “{query}”.</p>
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
              <span className="flag" aria-hidden="true">
                {flagEmoji(country.code)}
              </span>
              <span className="country-name">{country.name}</span>
              <span className="country-meta">
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

function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** Exact code first, then names that start with the query, then names that contain it. */
export function filterCountries(countries: readonly CountryOption[], query: string): CountryOption[] {
  const q = fold(query.trim());
  if (!q) return [...countries];
  const scored: Array<[number, CountryOption]> = [];
  for (const country of countries) {
    const name = fold(country.name);
    const score =
      country.code.toLowerCase() === q
        ? 0
        : name.startsWith(q)
          ? 1
          : name.split(/[\s-]+/).some((w) => w.startsWith(q))
            ? 2
            : name.includes(q)
              ? 3
              : -1;
    if (score >= 0) scored.push([score, country]);
  }
  return scored.sort((a, b) => a[0] - b[0] || a[1].name.localeCompare(b[1].name)).map(([, c]) => c);
}
