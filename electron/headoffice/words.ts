/**
 * The head office page's words: its own catalogue (locales/<language>.json beside this file, kept
 * out of the counter's bundle) and the counter's `common` for the tenders' names, read from disk once, in whichever of
 * the counter's UI languages the browser asks for first (Accept-Language), English otherwise.
 * Amounts, dates and countries go through Intl in that language, as on the counter's screens.
 */
import fs from 'node:fs';
import path from 'node:path';
import i18next, { type i18n as I18n, type Resource, type ResourceKey } from 'i18next';
import { dateTime, dayAndMonth, longDate } from '../../shared/clock.ts';
import { isRtl, matchLanguage, regionName, UI_LANGUAGES, type UiLanguage } from '../../shared/languages.ts';
import { formatMoney, type Money } from '../../shared/money.ts';

const COUNTER_LOCALES = path.resolve(import.meta.dirname, '../../renderer/src/i18n/locales');
const NAMESPACES = ['headoffice', 'common'] as const;

/** Where a namespace's catalogue of a language is. */
export function catalogFile(language: string, ns: (typeof NAMESPACES)[number]): string {
  return ns === 'headoffice'
    ? path.join(import.meta.dirname, 'locales', `${language}.json`)
    : path.join(COUNTER_LOCALES, language, `${ns}.json`);
}

export type Words = {
  readonly language: UiLanguage;
  /** The browser's own tag for that language where it names one ("en-GB"): dates and amounts are written its way. */
  readonly locale: string;
  readonly dir: 'ltr' | 'rtl';
  t(key: string, values?: Record<string, string | number>): string;
  money(amount: Money): string;
  number(value: number): string;
  /** 12.5 → "12.5 %" as the language writes it. */
  percent(value: number): string;
  /** A store day (YYYY-MM-DD). */
  day(date: string): string;
  /** A store day, short: a chart's label. */
  shortDay(date: string): string;
  /** An instant, on UTC's clock (the stores are in several zones). */
  instant(at: string): string;
  country(code: string): string;
};

let instance: I18n | null = null;

function catalogs(): I18n {
  if (instance) return instance;
  const resources: Resource = {};
  for (const language of UI_LANGUAGES) {
    resources[language] = Object.fromEntries(
      NAMESPACES.map((ns) => [ns, JSON.parse(fs.readFileSync(catalogFile(language, ns), 'utf8')) as ResourceKey]),
    );
  }
  instance = i18next.createInstance();
  void instance.init({
    resources,
    lng: 'en',
    fallbackLng: 'en',
    ns: [...NAMESPACES],
    defaultNS: 'headoffice',
    // The page escapes every text it writes itself: escaping here too would show &amp;.
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

/** The browser's languages from Accept-Language, most wanted first ("de-CH, de;q=0.9, en;q=0.5"). */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((l) => l.tag && l.tag !== '*' && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((l) => l.tag);
}

const made = new Map<string, Words>();

/**
 * The first accepted tag of `language` that Intl knows ("en-GB" for en), else the language itself,
 * with the digits the counter's screens use in that language (Western in Arabic, as on the counter).
 */
function localeOf(accepted: readonly string[], language: UiLanguage): string {
  const digits = new Intl.NumberFormat(language).resolvedOptions().numberingSystem;
  const base = language.split('-')[0]!;
  const tag = accepted.find((a) => {
    try {
      return new Intl.Locale(a).language === base && matchLanguage([a], UI_LANGUAGES, 'en') === language;
    } catch {
      return false;
    }
  });
  if (!tag || Intl.NumberFormat.supportedLocalesOf([tag]).length !== 1) return language;
  return `${new Intl.Locale(tag).baseName}-u-nu-${digits}`;
}

export function wordsFor(acceptLanguage: string | undefined): Words {
  const accepted = acceptedLanguages(acceptLanguage);
  const language = matchLanguage(accepted, UI_LANGUAGES, 'en');
  const locale = localeOf(accepted, language);
  const known = made.get(locale);
  if (known) return known;
  const t = catalogs().getFixedT(language);
  const numbers = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const regions = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const words: Words = {
    language,
    locale,
    dir: isRtl(language) ? 'rtl' : 'ltr',
    t: (key, values) => t(key, values ?? {}),
    money: (amount) => formatMoney(amount, locale),
    number: (value) => numbers.format(value),
    percent: (value) => percent.format(value / 100),
    day: (date) => longDate(date, locale),
    shortDay: (date) => dayAndMonth(date, locale),
    instant: (at) => dateTime(at, 'UTC', locale),
    country: (code) => regionName(regions, code),
  };
  made.set(locale, words);
  return words;
}
