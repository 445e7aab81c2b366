import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CountryOption } from '../../../../shared/catalog.ts';
import { buildPlaceIndex } from '../../../../shared/places.ts';
import { useFormats, type Formats } from '../../i18n/format.ts';
import { placeWords } from '../esim/package-words.ts';
import type { Loadable } from '../../state/catalog.ts';
import { describeError } from '../../errors.ts';
import { Flag } from '../../ui/Flag.tsx';
import { LiveWords } from '../../ui/LiveWords.tsx';
import { iccidTyped } from './checkout.ts';
import './country-picker.css';

type Props = {
  countries: Loadable<readonly CountryOption[]>;
  selected: string | null;
  onSelect(code: string): void;
  onRetry(): void;
  /** What the search holds now, also when Escape clears it (no input event then). */
  onQuery?(query: string): void;
  /** Beside the search, on its line while there is room (the Sell screen's camera button). */
  beside?: ReactNode;
};

/** How far Page Up and Page Down move the highlight. */
const PAGE = 10;
/**
 * Rows drawn at once: more than the list shows, and the rest as it is scrolled toward them or the
 * arrows reach them. All two hundred places were drawn at every sign-in, a third of the CPU the
 * Sell screen took to appear (0.3 s of Chromium's on this machine).
 */
const ROWS_AT_ONCE = 30;
/** The room a row not drawn yet takes, so the scrollbar says how long the list is. */
const ROW_HEIGHT_PX = 63;
/** The count is said once the clerk pauses, not after every letter. */
const ANNOUNCE_MS = 600;

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
 *
 * For assistive technology it is a WAI-ARIA 1.2 combobox with a listbox that is always open: the
 * focus stays in the search while the arrow keys move the highlight (aria-activedescendant), and
 * the list itself is no Tab stop. How many places match is said politely once typing pauses.
 */
export function CountryPicker({ countries, selected, onSelect, onRetry, onQuery, beside }: Props) {
  const { t } = useTranslation(['sell', 'common']);
  const f = useFormats();
  const id = useId();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const places = useMemo(() => (countries.status === 'ready' ? buildPlaceIndex(countries.value) : null), [countries]);
  const browsing = useMemo(() => (places === null ? [] : browsingOrder(places.docs, f)), [places, f]);
  const matches = useMemo(
    () => (places === null ? [] : query.trim() ? places.search(query) : browsing),
    [places, browsing, query],
  );
  // Every row where the page cannot say what is scrolled into view (a test's server rendering).
  const [rowsDrawn, setRowsDrawn] = useState(() => (typeof IntersectionObserver === 'undefined' ? Infinity : ROWS_AT_ONCE));
  const rest = useRef<HTMLLIElement>(null);
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const highlighted = matches.length > 0 ? Math.min(active, matches.length - 1) : -1;
  const drawnCount = Math.min(matches.length, Math.max(rowsDrawn, highlighted + PAGE + 1));
  const undrawn = matches.length - drawnCount;
  const said = useSaidLater(
    !query.trim() || places === null
      ? ''
      : matches.length > 0
        ? t('picker.matches', { count: matches.length })
        : iccidTyped(query)
          ? ''
          : t('picker.noMatch', { query }),
  );

  // The room of the rows not drawn yet, seen (or nearly) in the list: draw more. Observed anew after
  // each batch, so a list scrolled far at once goes on drawing until the room is out of view.
  useEffect(() => {
    const room = rest.current;
    if (!room || undrawn === 0) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setRowsDrawn((drawn) => drawn + ROWS_AT_ONCE);
      },
      { root: room.parentElement, rootMargin: '600px 0px' },
    );
    observer.observe(room);
    return () => observer.disconnect();
  }, [drawnCount, undrawn]);

  useEffect(() => {
    if (highlighted < 0) return;
    document.getElementById(optionId(highlighted))?.scrollIntoView?.({ block: 'nearest' });
    // optionId depends on id only, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [highlighted]);

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

  const type = (value: string) => {
    setQuery(value);
    setActive(0);
    setRowsDrawn((drawn) => Math.min(drawn, ROWS_AT_ONCE));
    onQuery?.(value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = matches.length - 1;
    const to = {
      ArrowDown: highlighted + 1,
      ArrowUp: highlighted - 1,
      PageDown: highlighted + PAGE,
      PageUp: highlighted - PAGE,
    }[event.key];
    if (to !== undefined && !event.altKey) {
      event.preventDefault();
      if (last >= 0) setActive(Math.max(0, Math.min(last, to)));
    } else if (event.key === 'Enter' && matches[highlighted]) {
      event.preventDefault();
      onSelect(matches[highlighted].code);
    } else if (event.key === 'Escape' && query) {
      // Our own clearing rather than the search field's: the parent hears of it, and Escape with
      // nothing typed is left to the screen.
      event.preventDefault();
      type('');
    }
    // Home and End stay the text field's: to the start or end of what is typed.
  };

  const listed = countries.status === 'ready' && matches.length > 0;
  return (
    <div className="country-picker">
      <div className="country-search-row">
        <input
          className="search"
          type="search"
          role="combobox"
          autoFocus
          autoComplete="off"
          spellCheck={false}
          placeholder={t('picker.placeholder')}
          aria-label={t('picker.search')}
          aria-autocomplete="list"
          aria-expanded={listed}
          aria-controls={listId}
          aria-activedescendant={listed && highlighted >= 0 ? optionId(highlighted) : undefined}
          value={query}
          onChange={(e) => type(e.target.value)}
          onKeyDown={onKeyDown}
        />
        {beside}
      </div>
      <LiveWords words={said} />
      {countries.status === 'loading' || countries.status === 'idle' ? (
        <p className="muted" role="status">
          {t('picker.loading')}
        </p>
      ) : matches.length === 0 ? (
        // A scanned ICCID gets its own offer beside the picker (a top-up), not "no country matches".
        iccidTyped(query) ? null : (
          <p className="muted">{t('picker.noMatch', { query })}</p>
        )
      ) : null}
      {/* Always in the page, so aria-controls points at something; empty and hidden when nothing matches. */}
      <ul id={listId} className="country-list" role="listbox" aria-label={t('picker.list')} tabIndex={-1} hidden={!listed}>
        {listed &&
          matches.slice(0, drawnCount).map((country, index) => (
            <li
              key={country.code}
              id={optionId(index)}
              role="option"
              aria-setsize={matches.length}
              aria-posinset={index + 1}
              aria-selected={index === highlighted}
              className={`country${index === highlighted ? ' active' : ''}${country.code === selected ? ' selected' : ''}`}
              // The focus stays in the search, where the keys act.
              onMouseDown={(e) => e.preventDefault()}
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
        {listed && undrawn > 0 && (
          <li ref={rest} className="country-rest" aria-hidden="true" style={{ height: undrawn * ROW_HEIGHT_PX }} />
        )}
      </ul>
    </div>
  );
}

/** The words, once they have stayed the same for a moment: a live region that does not chatter. */
function useSaidLater(words: string): string {
  const [said, setSaid] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSaid(words), words ? ANNOUNCE_MS : 0);
    return () => clearTimeout(timer);
  }, [words]);
  return said;
}
