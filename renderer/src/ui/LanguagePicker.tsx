import { useTranslation } from 'react-i18next';
import { endonym, isUiLanguage, UI_LANGUAGES, type UiLanguage } from '../../../shared/languages.ts';
import { systemLanguage } from '../i18n/language.ts';

type Props = {
  /** The chosen language; null follows this computer. */
  value: string | null;
  onChange(language: UiLanguage | null): void;
  disabled?: boolean;
};

/**
 * The language of the counter's screens, each named in its own language so whoever reads it
 * finds theirs. The first entry follows the computer's (the browser's or the OS's) language.
 */
export function LanguagePicker({ value, onChange, disabled = false }: Props) {
  const { t } = useTranslation();
  const system = systemLanguage();
  const shown = value && isUiLanguage(value) ? value : system;
  // Closed, the picker shows only the language's own name ("Deutsch", "日本語"), so it fits a full
  // top bar in any language; the native select lies over it, invisible, and opens the whole list.
  return (
    <span
      className="language-picker"
      title={shown === value ? endonym(shown) : t('language.system', { language: endonym(system) })}
    >
      {/* A drawn globe: an emoji shows as an empty box on a machine without an emoji font. */}
      <svg className="language-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
        <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.2" />
        <ellipse cx="8" cy="8" rx="2.8" ry="6.5" fill="none" stroke="currentColor" strokeWidth="1.2" />
        <path d="M1.5 8h13M2.6 4.7h10.8M2.6 11.3h10.8" stroke="currentColor" strokeWidth="1.2" />
      </svg>
      <span className="language-current" aria-hidden="true" lang={shown}>
        {endonym(shown)}
      </span>
      <select
        className="language-select"
        aria-label={t('language.label')}
        value={value ?? ''}
        disabled={disabled}
        onChange={(event) => onChange(isUiLanguage(event.target.value) ? event.target.value : null)}
      >
        <option value="">{t('language.system', { language: endonym(system) })}</option>
        {UI_LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {endonym(code)}
          </option>
        ))}
      </select>
    </span>
  );
}
