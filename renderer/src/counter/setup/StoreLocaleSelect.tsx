import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { machineLocale, PSEUDO_LANGUAGE } from '../../../../shared/languages.ts';
import { formatsFor } from '../../i18n/format.ts';
import { i18n as instance } from '../../i18n/i18n.ts';

/**
 * Locales a store commonly runs in. What matters for the counter is each one's clock (12 or 24
 * hours) and the order of a typed date; the reader's language is each person's own.
 */
export const COMMON_STORE_LOCALES = [
  'en-US',
  'en-GB',
  'en-AU',
  'en-CA',
  'en-IE',
  'en-IN',
  'en-SG',
  'de-DE',
  'de-AT',
  'de-CH',
  'fr-FR',
  'fr-CA',
  'fr-CH',
  'es-ES',
  'es-MX',
  'it-IT',
  'pt-PT',
  'pt-BR',
  'nl-NL',
  'ja-JP',
  'zh-CN',
  'ko-KR',
  'th-TH',
  'tr-TR',
  'ar-AE',
] as const;

/** 14:05 on the store's clock shows which hour cycle a locale has ("14:05" or "2:05 PM"). */
const EXAMPLE = '2026-01-15T14:05:00.000Z';

/** This computer's locale, without extensions: the default a new store starts with. */
export function defaultStoreLocale(): string {
  const tag = machineLocale().replace(/-u-.*$/, '');
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? 'en-US';
  } catch {
    return 'en-US';
  }
}

export type LocaleOption = { readonly tag: string; readonly label: string };

/**
 * The choices, each named in the reader's language with an example time in its clock, in the
 * reader's alphabetical order; `current` is kept in the list even when it is not a common one.
 */
export function storeLocaleOptions(language: string, current: string): LocaleOption[] {
  const reader = language === PSEUDO_LANGUAGE ? 'en' : language;
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([reader], { type: 'language', languageDisplay: 'standard' });
  } catch {
    names = null;
  }
  const tags = (COMMON_STORE_LOCALES as readonly string[]).includes(current)
    ? [...COMMON_STORE_LOCALES]
    : [current, ...COMMON_STORE_LOCALES];
  const collator = new Intl.Collator(reader);
  return tags
    .map((tag) => {
      let name = tag;
      try {
        name = names?.of(tag) ?? tag;
      } catch {
        // A tag Intl cannot name is shown as it is.
      }
      return { tag, name, time: formatsFor(reader, 'UTC', tag).time(EXAMPLE) };
    })
    .sort((a, b) => collator.compare(a.name, b.name))
    .map(({ tag, name, time }) => ({ tag, label: instance.t('common:storeLocale.option', { name, time, lng: language }) }));
}

type Props = {
  id?: string;
  value: string;
  onChange(tag: string): void;
  'aria-describedby'?: string;
};

/** A select of the store's locale, each entry showing its clock. */
export function StoreLocaleSelect({ id, value, onChange, 'aria-describedby': describedBy }: Props) {
  const { i18n } = useTranslation();
  const options = useMemo(() => storeLocaleOptions(i18n.language, value), [i18n.language, value]);
  return (
    <select id={id} value={value} aria-describedby={describedBy} onChange={(e) => onChange(e.target.value)}>
      {options.map((option) => (
        <option key={option.tag} value={option.tag}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
