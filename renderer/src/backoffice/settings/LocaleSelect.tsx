import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateInput } from '../../ui/DateField.tsx';
import { formatsFor } from '../../i18n/format.ts';

/**
 * Locales a store is likely to be in. The store's locale decides the 12- or 24-hour clock of every
 * screen and printout and the order a date is typed in; the words stay each reader's own.
 */
export const STORE_LOCALES = [
  'en-US',
  'en-GB',
  'en-AU',
  'en-CA',
  'en-IE',
  'en-IN',
  'en-ZA',
  'de-DE',
  'de-AT',
  'de-CH',
  'fr-FR',
  'fr-BE',
  'fr-CA',
  'fr-CH',
  'es-ES',
  'es-MX',
  'es-AR',
  'es-CO',
  'it-IT',
  'pt-PT',
  'pt-BR',
  'nl-NL',
  'nl-BE',
  'sv-SE',
  'da-DK',
  'nb-NO',
  'fi-FI',
  'pl-PL',
  'cs-CZ',
  'hu-HU',
  'ro-RO',
  'el-GR',
  'tr-TR',
  'ru-RU',
  'uk-UA',
  'ar-AE',
  'ar-SA',
  'ar-EG',
  'he-IL',
  'hi-IN',
  'th-TH',
  'vi-VN',
  'id-ID',
  'ms-MY',
  'ja-JP',
  'ko-KR',
  'zh-CN',
  'zh-TW',
  'zh-HK',
  'zh-SG',
] as const;

/** A quarter to three in the afternoon: shows a 12-hour clock's PM where there is one. */
const EXAMPLE_AT = Date.UTC(2026, 10, 25, 14, 45);

/** The example time of a store locale, written in the reader's language: "14:45" or "2:45 PM". */
export function exampleTime(language: string, storeLocale: string): string {
  return formatsFor(language, 'UTC', storeLocale).time(EXAMPLE_AT);
}

/** The store's locale, each named in the reader's language with the time as it would show. */
export function LocaleSelect({ value, onChange }: { value: string; onChange: (locale: string) => void }) {
  const { t, i18n } = useTranslation('settings');
  const id = useId();
  const language = i18n.language;
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: 'language', languageDisplay: 'standard' });
  } catch {
    names = null;
  }
  const name = (tag: string) => names?.of(tag) ?? tag;
  const tags: string[] = (STORE_LOCALES as readonly string[]).includes(value) ? [...STORE_LOCALES] : [value, ...STORE_LOCALES];
  const options = tags
    .map((tag) => ({ tag, label: t('store.localeOption', { name: name(tag), time: exampleTime(language, tag) }) }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
  return (
    <div className="locale-field wide">
      <label>
        {t('store.locale')}
        <select value={value} aria-describedby={`${id}-help`} onChange={(e) => onChange(e.target.value)}>
          {options.map((o) => (
            <option key={o.tag} value={o.tag}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <p id={`${id}-help`} className="muted locale-help">
        {t('store.localeHelp', { time: exampleTime(language, value), date: formatDateInput('2026-11-25', value) })}
      </p>
    </div>
  );
}
