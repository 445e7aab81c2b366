import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PackageOffer } from '../../../../shared/catalog.ts';
import type { AppError } from '../../../../shared/errors.ts';
import { api } from '../../api.ts';
import { useFormats } from '../../i18n/format.ts';
import { AppErrorNotice } from '../../ui/AppErrorNotice.tsx';
import { coverageWords, packageWords } from '../esim/package-words.ts';

type Props = { onPick(offer: PackageOffer): void };

/** A package found by what the clerk types (a place, a data size, days), as the catalogue ranks it. */
export function PackageSearch({ onPick }: Props) {
  const { t } = useTranslation('vouchers');
  const f = useFormats();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<readonly PackageOffer[] | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  const asked = useRef(0);

  const text = query.trim();
  // Fewer than two letters asks nothing: what an earlier text found is not shown.
  const shown = text.length < 2 ? null : found;

  const type = (value: string) => {
    setQuery(value);
    // Only a changed search asks again (a trailing space does not).
    if (value.trim() !== text) setBusy(value.trim().length >= 2);
  };

  useEffect(() => {
    if (text.length < 2) return;
    const ask = ++asked.current;
    const timer = setTimeout(() => {
      void api()
        .call('catalog.packages', { query: text })
        .then((result) => {
          // Only the answer to the latest text counts.
          if (ask !== asked.current) return;
          setBusy(false);
          setError(result.ok ? null : result.error);
          setFound(result.ok ? result.value.slice(0, 8) : null);
        });
    }, 200);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <div className="voucher-search">
      <label className="field">
        <span className="label">{t('create.search')}</span>
        <input
          className="text-input"
          type="search"
          value={query}
          placeholder={t('create.searchPlaceholder')}
          onChange={(e) => type(e.target.value)}
          aria-describedby="voucher-search-state"
        />
      </label>
      <p id="voucher-search-state" className="muted small" role="status">
        {busy ? t('create.loading') : shown && shown.length === 0 ? t('create.noMatch') : ''}
      </p>
      {error && <AppErrorNotice error={error} />}
      {shown && shown.length > 0 && (
        <ul className="voucher-packages" aria-label={t('create.packages')}>
          {shown.map((offer) => (
            <li key={offer.id}>
              <button type="button" className="button secondary voucher-package-pick" onClick={() => onPick(offer)}>
                <strong>{packageWords(offer.dataText, offer.days, f)}</strong>
                <span>
                  <bdi>{coverageWords(offer, f)}</bdi> · <bdi>{offer.operator}</bdi>
                </span>
                <span className="voucher-pick-price">{f.money(offer.retail)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
