import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PSEUDO_LANGUAGE } from '../../../shared/languages.ts';

/** The currencies a store is most likely to sell in come first; then every other this runtime knows. */
const COMMON_CURRENCIES = ['USD', 'EUR', 'GBP', 'CHF', 'AUD', 'CAD', 'JPY', 'SGD', 'AED', 'TRY', 'THB', 'MXN', 'BRL', 'INR'];

/** A store's currency, each named in the reader's language ("EUR — Euro"). The label is the caller's. */
export function CurrencySelect({ value, onChange }: { value: string; onChange(currency: string): void }) {
  const { t, i18n } = useTranslation('setup');
  const currencies = useMemo(() => {
    const all = new Set(Intl.supportedValuesOf('currency'));
    return [...COMMON_CURRENCIES.filter((c) => all.has(c)), ...[...all].filter((c) => !COMMON_CURRENCIES.includes(c))];
  }, []);
  const names = useMemo(() => {
    try {
      return new Intl.DisplayNames([i18n.language === PSEUDO_LANGUAGE ? 'en' : i18n.language], { type: 'currency' });
    } catch {
      return null;
    }
  }, [i18n.language]);
  const option = (code: string) => {
    const named = names?.of(code);
    return named && named !== code ? t('store.currencyOption', { code, name: named }) : code;
  };
  return (
    <select value={value} onChange={(e) => onChange(e.target.value)}>
      {currencies.map((code) => (
        <option key={code} value={code}>
          {option(code)}
        </option>
      ))}
    </select>
  );
}
