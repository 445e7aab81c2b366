/**
 * A date typed as the store writes it ("25.11.2026" in Germany, "11/25/2026" in the US,
 * "2026/11/25" in Japan), not in the browser's own order as <input type="date"> shows it: the
 * store's locale (app.info.locale) decides, whoever reads the screen. ‹ and › (and the Up and Down
 * keys) move a day; an impossible date is said in words. The value is always YYYY-MM-DD.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays } from '../../../shared/clock.ts';
import { machineLocale } from '../../../shared/languages.ts';
import { useFormats } from '../i18n/format.ts';
import { i18n } from '../i18n/i18n.ts';
import { useStore } from '../state/store.ts';
import './date-field.css';

type Part = 'year' | 'month' | 'day';

/** The order of a locale's numeric date, and what it writes between and after the parts. */
export type DateLayout = { readonly order: readonly Part[]; readonly separator: string; readonly end: string };

/** Gregorian and Western digits whatever the locale's own (th-TH counts Buddhist years, fa-IR Persian ones). */
function numericLocale(locale: string): string {
  try {
    return new Intl.Locale(locale, { calendar: 'gregory', numberingSystem: 'latn' }).toString();
  } catch {
    return 'en-US-u-ca-gregory-nu-latn';
  }
}

const layouts = new Map<string, DateLayout>();

export function dateLayout(locale: string): DateLayout {
  let layout = layouts.get(locale);
  if (layout) return layout;
  const parts = new Intl.DateTimeFormat(numericLocale(locale), {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'UTC',
  }).formatToParts(Date.UTC(2026, 10, 25));
  const order = parts.filter((p) => p.type === 'year' || p.type === 'month' || p.type === 'day').map((p) => p.type as Part);
  // Direction marks (ar) are left out: the field is written left to right.
  const literal = (p: Intl.DateTimeFormatPart | undefined) =>
    p?.type === 'literal' ? p.value.replace(/[\u200e\u200f]/g, '') : '';
  const first = parts.findIndex((p) => p.type === order[0]);
  const separator = literal(parts[first + 1]) || '/';
  const end = literal(parts.at(-1)).trimEnd();
  layout = order.length === 3 ? { order, separator, end } : { order: ['year', 'month', 'day'], separator: '-', end: '' };
  layouts.set(locale, layout);
  return layout;
}

/** "2026-11-05" as the locale writes it: "05.11.2026", "11/05/2026", "2026/11/05". */
export function formatDateInput(date: string, locale: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return '';
  const values: Record<Part, string> = { year: match[1]!, month: match[2]!, day: match[3]! };
  const { order, separator, end } = dateLayout(locale);
  return order.map((part) => values[part]).join(separator) + end;
}

// Digits of other scripts (Arabic-Indic, fullwidth from a Japanese keyboard…) read as 0–9.
let digitMap: Map<string, string> | null = null;
function westernDigits(text: string): string {
  if (!digitMap) {
    digitMap = new Map();
    for (const system of ['arab', 'arabext', 'beng', 'deva', 'fullwide', 'thai', 'mymr', 'khmr', 'laoo', 'tamldec']) {
      try {
        const format = new Intl.NumberFormat(`en-u-nu-${system}`, { useGrouping: false });
        for (let d = 0; d <= 9; d++) digitMap.set(format.format(d), String(d));
      } catch {
        // A numbering system this runtime does not know.
      }
    }
  }
  const map = digitMap;
  return text.replace(/\p{Nd}/gu, (c) => map.get(c) ?? c);
}

export type DateProblem =
  | { readonly problem: 'empty' }
  | { readonly problem: 'shape' }
  | { readonly problem: 'year' }
  | { readonly problem: 'month'; readonly month: number }
  | { readonly problem: 'day'; readonly year: number; readonly month: number; readonly day: number; readonly days: number };

export type ParsedDate =
  | {
      readonly ok: true;
      readonly date: string;
      /** The year was typed with two digits ("25.11.26"): complete once the field is left. */
      readonly shortYear: boolean;
    }
  | ({ readonly ok: false } & DateProblem);

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * The typed text in the locale's order → YYYY-MM-DD. Any separators will do ("25.11.2026",
 * "25/11/2026", "25 11 2026", "2026年11月25日"); a year typed first with four digits is read as ISO
 * order whatever the locale, since no locale starts a date with the day's four digits.
 */
export function parseDateInput(text: string, locale: string): ParsedDate {
  const groups = westernDigits(text).match(/\d+/g) ?? [];
  if (groups.length === 0) return { ok: false, problem: text.trim() === '' ? 'empty' : 'shape' };
  if (groups.length !== 3 || /\p{Script=Latin}/u.test(text)) return { ok: false, problem: 'shape' };
  const order = groups[0]!.length === 4 ? (['year', 'month', 'day'] as const) : dateLayout(locale).order;
  const typed = {} as Record<Part, string>;
  order.forEach((part, i) => (typed[part] = groups[i]!));
  if (typed.month.length > 2 || typed.day.length > 2) return { ok: false, problem: 'shape' };
  if (typed.year.length !== 4 && typed.year.length !== 2) return { ok: false, problem: 'year' };
  const shortYear = typed.year.length === 2;
  const year = Number(typed.year) + (shortYear ? 2000 : 0);
  const month = Number(typed.month);
  const day = Number(typed.day);
  if (month < 1 || month > 12) return { ok: false, problem: 'month', month };
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > days) return { ok: false, problem: 'day', year, month, day, days };
  return { ok: true, date: `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`, shortYear };
}

/** What is wrong with a typed date, in the reader's language (`formatLocale`: their formats' locale). */
export function dateProblemWords(problem: DateProblem, storeLocale: string, formatLocale: string): string {
  const example = formatDateInput('2026-11-25', storeLocale);
  switch (problem.problem) {
    case 'empty':
    case 'shape':
      return i18n.t('manager:dateField.shape', { example });
    case 'year':
      return i18n.t('manager:dateField.year', { example });
    case 'month':
      return i18n.t('manager:dateField.month', { month: problem.month });
    case 'day': {
      const month = new Intl.DateTimeFormat(formatLocale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        Date.UTC(problem.year, problem.month - 1, 1),
      );
      return i18n.t('manager:dateField.day', { month, days: problem.days, day: problem.day });
    }
  }
}

type Props = {
  label: string;
  /** YYYY-MM-DD, or '' for none yet. */
  value: string;
  /** Called with a whole, possible date within min and max, or '' when the field is emptied. */
  onChange(date: string): void;
  min?: string | undefined;
  max?: string | undefined;
  className?: string;
  /**
   * Bumped to take the focus (a form that refused a missing date): kept until the field has it, so
   * a field still being fetched when it was asked is focused the moment it appears.
   */
  focusRequest?: number;
};

export function DateField({ label, value, onChange, min, max, className, focusRequest = 0 }: Props) {
  const { t } = useTranslation('manager');
  const f = useFormats();
  const storeLocale = useStore((s) => s.info?.locale) ?? machineLocale();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusRequest > 0) input.current?.focus();
  }, [focusRequest]);
  const [text, setText] = useState(() => formatDateInput(value, storeLocale));
  // A problem is said as soon as the date is impossible, but an unfinished one only once the field is left.
  const [left, setLeft] = useState(false);

  // A value set from outside (a preset, "Today"), or the store's locale changed: the field follows,
  // unless it already says that date (as typed, "5.11.2026" stays).
  const [shown, setShown] = useState({ value, storeLocale });
  if (shown.value !== value || shown.storeLocale !== storeLocale) {
    setShown({ value, storeLocale });
    const typed = parseDateInput(text, storeLocale);
    if (shown.storeLocale !== storeLocale || !(typed.ok && typed.date === value)) setText(formatDateInput(value, storeLocale));
  }

  const parsed = parseDateInput(text, storeLocale);
  const outside = parsed.ok ? (max && parsed.date > max ? 'late' : min && parsed.date < min ? 'early' : null) : null;
  const problem = !parsed.ok
    ? (parsed.problem === 'month' || parsed.problem === 'day' || left) && parsed.problem !== 'empty'
      ? dateProblemWords(parsed, storeLocale, f.locale)
      : null
    : outside
      ? t(`dateField.${outside}`, { date: f.day(outside === 'late' ? max! : min!) })
      : null;

  const within = (date: string) => (!max || date <= max) && (!min || date >= min);
  const current = parsed.ok && !outside ? parsed.date : value;
  const step = (days: number) => {
    if (!current) return;
    const next = addDays(current, days);
    if (!within(next)) return;
    setText(formatDateInput(next, storeLocale));
    setLeft(false);
    onChange(next);
  };
  const take = (typed: string, finished: boolean) => {
    const result = parseDateInput(typed, storeLocale);
    if (!result.ok && result.problem === 'empty' && value !== '') onChange('');
    if (!result.ok || !within(result.date) || (result.shortYear && !finished)) return;
    if (finished && result.shortYear) setText(formatDateInput(result.date, storeLocale));
    if (result.date !== value) onChange(result.date);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      step(event.key === 'ArrowUp' ? 1 : -1);
    } else if (event.key === 'Enter') {
      take(text, true);
    }
  };

  const problemId = `${id}-problem`;
  return (
    <div className={className ? `date-field ${className}` : 'date-field'}>
      <label htmlFor={id}>{label}</label>
      <div className="date-field-row">
        <button
          type="button"
          className="date-step"
          aria-label={t('dateField.before')}
          title={t('dateField.before')}
          disabled={!current || !within(addDays(current, -1))}
          onClick={() => step(-1)}
        >
          ‹
        </button>
        <input
          ref={input}
          id={id}
          dir="ltr"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          value={text}
          placeholder={formatDateInput('2026-11-25', storeLocale)}
          title={t('dateField.hint', { example: formatDateInput('2026-11-25', storeLocale) })}
          aria-invalid={problem !== null}
          aria-describedby={problem ? problemId : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setLeft(false);
            take(event.target.value, false);
          }}
          onBlur={() => {
            setLeft(true);
            take(text, true);
          }}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className="date-step"
          aria-label={t('dateField.after')}
          title={t('dateField.after')}
          disabled={!current || !within(addDays(current, 1))}
          onClick={() => step(1)}
        >
          ›
        </button>
      </div>
      {problem && (
        <p id={problemId} className="bad date-field-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
