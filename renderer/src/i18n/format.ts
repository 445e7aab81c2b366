/**
 * Every number, amount, date and time a screen shows, in one place: words and month names in the
 * reader's language, times on the store's clock (its zone, and the 12- or 24-hour cycle of its
 * locale), amounts with their own currency's digits. Screens call useFormats(); words built outside
 * a component call currentFormats().
 */
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import {
  clock,
  clockOrDate,
  clockWithSeconds,
  dateLocale,
  dateTime,
  dayAndMonth,
  formattingLocale,
  longDate,
  machineTimeZone,
  shortDate,
  type Instant,
} from '../../../shared/clock.ts';
import { machineLocale, PSEUDO_LANGUAGE, regionName } from '../../../shared/languages.ts';
import { formatMoney, type Money } from '../../../shared/money.ts';
import { useStore } from '../state/store.ts';
import { i18n } from './i18n.ts';

export type Formats = {
  /** The BCP 47 tag the values are written in: the reader's language with the store's hour cycle. */
  readonly locale: string;
  /** The locale its dates and times are written in: the store's region where the reader reads the store's language. */
  readonly dateLocale: string;
  readonly timeZone: string;
  /** "14:05" or "2:05 PM", as the store's locale writes the time. */
  time(at: Instant): string;
  timeWithSeconds(at: Instant): string;
  /** The time alone today, with the short date on another day. */
  timeOrDate(at: Instant, now?: Instant): string;
  dateTime(at: Instant): string;
  /** The date of an instant, compact: for lists. */
  date(at: Instant): string;
  /** A store day (YYYY-MM-DD) with its weekday. */
  day(date: string): string;
  /** A store day's day and month: a chart's label. */
  dayAndMonth(date: string): string;
  money(amount: Money): string;
  /** Amounts of different currencies side by side, never added; `empty` when there are none. */
  amounts(list: readonly Money[], empty?: string): string;
  number(value: number, options?: Intl.NumberFormatOptions): string;
  /** 0.254 → "25.4 %" (as the language writes a percentage). */
  percent(ratio: number, fractionDigits?: number): string;
  /** A country or territory's name in the reader's language, from its ISO code. */
  country(code: string): string;
};

/** The language values are written in: the pseudo-locale reads as English. */
function valueLanguage(language: string): string {
  return language === PSEUDO_LANGUAGE ? 'en' : language;
}

const made = new Map<string, Formats>();

export function formatsFor(language: string, timeZone: string, storeLocale: string): Formats {
  const key = `${language}|${timeZone}|${storeLocale}`;
  const known = made.get(key);
  if (known) return known;
  const locale = formattingLocale(valueLanguage(language), storeLocale);
  const dates = dateLocale(valueLanguage(language), storeLocale);
  const numbers = new Map<string, Intl.NumberFormat>();
  const numberFormat = (options: Intl.NumberFormatOptions = {}) => {
    const id = JSON.stringify(options);
    let f = numbers.get(id);
    if (!f) numbers.set(id, (f = new Intl.NumberFormat(locale, options)));
    return f;
  };
  let regions: Intl.DisplayNames | null = null;
  const formats: Formats = {
    locale,
    dateLocale: dates,
    timeZone,
    time: (at) => clock(at, timeZone, dates),
    timeWithSeconds: (at) => clockWithSeconds(at, timeZone, dates),
    timeOrDate: (at, now) => clockOrDate(at, timeZone, now, dates),
    dateTime: (at) => dateTime(at, timeZone, dates),
    date: (at) => shortDate(at, timeZone, dates),
    day: (date) => longDate(date, dates),
    dayAndMonth: (date) => dayAndMonth(date, dates),
    money: (amount) => formatMoney(amount, locale),
    amounts: (list, empty = '—') => (list.length === 0 ? empty : list.map((m) => formatMoney(m, locale)).join(' · ')),
    number: (value, options) => numberFormat(options).format(value),
    percent: (ratio, fractionDigits = 1) =>
      numberFormat({ style: 'percent', maximumFractionDigits: fractionDigits, minimumFractionDigits: 0 }).format(ratio),
    country: (code) => {
      regions ??= new Intl.DisplayNames([valueLanguage(language)], { type: 'region', fallback: 'code' });
      return regionName(regions, code);
    },
  };
  made.set(key, formats);
  return formats;
}

/** The store's zone and locale as app.info says them; the machine's until the first answer. */
function storeOf(): { timeZone: string; locale: string } {
  const info = useStore.getState().info;
  return { timeZone: info?.timeZone ?? machineTimeZone(), locale: info?.locale ?? machineLocale() };
}

/** For words built outside a component: the formats of the language on screen now. */
export function currentFormats(language: string = i18n.language): Formats {
  const store = storeOf();
  return formatsFor(language, store.timeZone, store.locale);
}

const storeKey = () => {
  const store = storeOf();
  return `${store.timeZone}|${store.locale}`;
};

/** In a component: follows the reader's language and the store's zone and locale as they change. */
export function useFormats(): Formats {
  const { i18n: instance } = useTranslation();
  const store = useSyncExternalStore(useStore.subscribe, storeKey, storeKey);
  const [timeZone, locale] = store.split('|') as [string, string];
  return formatsFor(instance.language, timeZone, locale);
}

/**
 * The customer's formats (the display, the voucher): the store's clock, written as the customer's
 * language writes it ("16:49" for a German customer in an American store; the store's own way where
 * they read the store's language). Values only: the customer's words come from their own namespaces.
 */
export function customerFormats(language: string): Formats {
  const store = storeOf();
  const storeLanguage = store.locale.split('-')[0]!.toLowerCase();
  const theirs = language !== PSEUDO_LANGUAGE && language.split('-')[0]!.toLowerCase() !== storeLanguage;
  return formatsFor(language, store.timeZone, theirs ? language : store.locale);
}
