/**
 * The store's time zone and clock, in one place for the backend's reports and every screen and
 * printout. Timestamps are stored as UTC instants; a "day" is a calendar day in the store's zone,
 * whose length changes on daylight-saving dates, and a time on screen is that zone's wall clock.
 *
 * Plain Intl is enough: it knows every zone's offsets, and the one thing it lacks (the instant a
 * local day starts, when midnight falls in a DST gap) is worked out below from those offsets.
 * Times follow one hour cycle, the store locale's (formattingLocale), whatever the reader's
 * language, so a screen never shows 12- and 24-hour times side by side; without one, 24-hour.
 */

/** An instant as the app carries it: UTC ISO text, epoch milliseconds or a Date. */
export type Instant = string | number | Date;

/**
 * The locale of every formatter unless one is passed: the runtime's own, as the screens always
 * used. The i18n work passes the clerk's (or the customer's) locale explicitly.
 */
export const DEFAULT_LOCALE: string | undefined = undefined;

const DAY_MS = 86_400_000;

/** Whether the runtime knows the IANA zone (a setting must never hold one that throws later). */
export function isValidTimeZone(timeZone: string): boolean {
  if (timeZone.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The machine's own zone: the store's until a manager says otherwise. */
export function machineTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

// Intl formatters are costly to build and the reports read a million instants: one per zone.
const partFormatters = new Map<string, Intl.DateTimeFormat>();

type WallClock = { y: number; m: number; d: number; h: number; min: number; s: number };

function wallClock(ms: number, timeZone: string): WallClock {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partFormatters.set(timeZone, formatter);
  }
  const out: Record<string, number> = {};
  for (const part of formatter.formatToParts(ms)) if (part.type !== 'literal') out[part.type] = Number(part.value);
  return { y: out.year!, m: out.month!, d: out.day!, h: out.hour!, min: out.minute!, s: out.second! };
}

/** Milliseconds the zone is ahead of UTC at that instant (whole seconds: Intl shows no less). */
function offsetMs(ms: number, timeZone: string): number {
  const p = wallClock(ms, timeZone);
  return Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s) - Math.floor(ms / 1000) * 1000;
}

function toMs(at: Instant): number {
  return typeof at === 'number' ? at : at instanceof Date ? at.getTime() : Date.parse(at);
}

function parseLocalDate(date: string): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`Not a local date (YYYY-MM-DD): ${JSON.stringify(date)}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

// A report over 90 days places ~8,600 quarter hours on the local clock, and one Intl call each is most
// of its time. A zone's offset changes at most once in a UTC day (twice a year where DST is kept), so
// when a day ends on the offset it began with, that offset holds all day and is kept per day.
const dayOffsets = new Map<string, Map<number, number | null>>();
const DAY_OFFSETS_KEPT = 4_000;

function offsetByDay(ms: number, timeZone: string): number {
  let days = dayOffsets.get(timeZone);
  if (!days) dayOffsets.set(timeZone, (days = new Map()));
  const day = Math.floor(ms / DAY_MS);
  let known = days.get(day);
  if (known === undefined) {
    if (days.size >= DAY_OFFSETS_KEPT) days.clear();
    const start = offsetMs(day * DAY_MS, timeZone);
    known = start === offsetMs(day * DAY_MS + DAY_MS - 1000, timeZone) ? start : null;
    days.set(day, known);
  }
  // The day with a change in it is asked instant by instant.
  return known ?? offsetMs(ms, timeZone);
}

/** The zone's wall clock at an instant, read as a UTC Date (getUTC* give the local fields). */
function wallDate(at: Instant, timeZone: string): Date {
  const ms = toMs(at);
  return new Date(ms + offsetByDay(ms, timeZone));
}

/** The local date (YYYY-MM-DD) of an instant in the zone. */
export function localDate(at: Instant, timeZone: string): string {
  return wallDate(at, timeZone).toISOString().slice(0, 10);
}

/** The hour of the day (0–23) of an instant in the zone: the reports' hourly chart. */
export function localHour(at: Instant, timeZone: string): number {
  return wallDate(at, timeZone).getUTCHours();
}

/** Today's local date in the zone. */
export function today(timeZone: string, now: Instant = Date.now()): string {
  return localDate(now, timeZone);
}

/** A local date moved by whole calendar days (no zone involved: a day is a date, not 24 hours). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = parseLocalDate(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The first instant (epoch ms) of the local date in the zone. Usually its midnight; where the
 * clocks jump over midnight (America/Santiago, Asia/Beirut have) the day starts when the jump
 * lands, and where midnight happens twice, at the first.
 */
export function startOfLocalDay(date: string, timeZone: string): number {
  const [y, m, d] = parseLocalDate(date);
  const wall = Date.UTC(y, m - 1, d);
  // Midnight is at wall − offset; a DST change near it means one of the offsets a day either
  // side, so those two are the only candidates.
  const candidates = [...new Set([wall - offsetMs(wall - DAY_MS, timeZone), wall - offsetMs(wall + DAY_MS, timeZone)])].sort(
    (a, b) => a - b,
  );
  const exact = candidates.find((at) => offsetMs(at, timeZone) === wall - at);
  if (exact !== undefined) return exact;
  // Midnight fell in a gap: find the jump, the first second whose local date is already `date`.
  let before = candidates[0]!;
  let after = candidates[candidates.length - 1]!;
  while (after - before > 1000) {
    const mid = before + Math.floor((after - before) / 2000) * 1000;
    if (localDate(mid, timeZone) >= date) after = mid;
    else before = mid;
  }
  return after;
}

/** The local date's bounds as epoch ms, [start, end): 23, 24 or 25 hours (or 23.5, on Lord Howe). */
export function localDayBounds(date: string, timeZone: string): { readonly start: number; readonly end: number } {
  return { start: startOfLocalDay(date, timeZone), end: startOfLocalDay(addDays(date, 1), timeZone) };
}

/** [from, to) in UTC ISO for the local dates `fromDate`..`toDate` inclusive: what the journal is queried by. */
export function localRange(fromDate: string, toDate: string, timeZone: string): { from: string; to: string } {
  return {
    from: new Date(startOfLocalDay(fromDate, timeZone)).toISOString(),
    to: new Date(startOfLocalDay(addDays(toDate, 1), timeZone)).toISOString(),
  };
}

// ---- Display: every time and date the app shows or prints ----

const displayFormatters = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: string, options: Intl.DateTimeFormatOptions, locale: string | undefined): Intl.DateTimeFormat {
  const key = `${kind}|${options.timeZone}|${locale ?? ''}`;
  let f = displayFormatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    displayFormatters.set(key, f);
  }
  return f;
}

const HM: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
const DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

/** What an instant that is not one shows as (a missing or garbled value), rather than a throw mid-render. */
const NO_TIME = '—';

/**
 * The hour cycle the store's locale writes times in ("h23" in Germany, "h12" in the US): every
 * time on every screen and printout follows it, whoever reads it, so 12- and 24-hour times never
 * stand side by side.
 */
export function hourCycleOf(storeLocale: string): 'h23' | 'h12' {
  try {
    const cycle = new Intl.DateTimeFormat(storeLocale, { hour: 'numeric' }).resolvedOptions().hourCycle;
    return cycle === 'h11' || cycle === 'h12' ? 'h12' : 'h23';
  } catch {
    return 'h23';
  }
}

/**
 * The locale every date and time of a screen is written in: the reader's language with the store's
 * hour cycle as a Unicode extension ("ja-u-hc-h12"), so the words are theirs and the clock the store's.
 */
export function formattingLocale(language: string, storeLocale: string): string {
  const base = language.replace(/-u-.*$/, '');
  return `${base}-u-hc-${hourCycleOf(storeLocale)}`;
}

/**
 * The locale a screen's dates and times are written in: the store's own region where the reader
 * reads the store's language, so an English reader in a British store reads "Thu, 26 Nov 2026" and
 * types 26/11/2026 in the same order; in any other language, the reader's own. Always with the
 * store's hour cycle, as formattingLocale, and the reader's calendar and digits: an Arabic reader in
 * a Saudi store keeps the Gregorian dates and Western digits of the rest of the screen.
 */
export function dateLocale(language: string, storeLocale: string): string {
  const reading = formattingLocale(language, storeLocale);
  try {
    const reader = new Intl.Locale(language.replace(/-u-.*$/, ''));
    const store = new Intl.Locale(storeLocale);
    if (reader.region || !store.region || reader.language !== store.language) return reading;
    const { calendar, numberingSystem } = new Intl.DateTimeFormat(reading).resolvedOptions();
    const script = reader.script ?? store.script;
    return `${reader.language}${script ? `-${script}` : ''}-${store.region}-u-hc-${hourCycleOf(storeLocale)}-ca-${calendar}-nu-${numberingSystem}`;
  } catch {
    return reading;
  }
}

function format(kind: string, at: Instant, options: Intl.DateTimeFormatOptions, locale: string | undefined): string {
  const ms = toMs(at);
  if (!Number.isFinite(ms)) return NO_TIME;
  // A locale that names its hour cycle (formattingLocale) is followed; any other gets the 24-hour clock.
  // A 12-hour clock reads "8:05 AM", not "08:05 AM".
  const withCycle =
    options.hour === undefined
      ? options
      : !locale?.includes('-u-hc-')
        ? { ...options, hourCycle: 'h23' as const }
        : locale.includes('-u-hc-h12')
          ? { ...options, hour: 'numeric' as const }
          : options;
  return formatter(kind, withCycle, locale).format(ms);
}

/** "14:05" (or "2:05 PM" where the store's locale says so): the clock of every screen ("as of HH:MM"). */
export function clock(at: Instant, timeZone: string, locale = DEFAULT_LOCALE): string {
  return format('clock', at, { ...HM, timeZone }, locale);
}

/** "14:05:09": for what is checked again within a minute (a sale being settled). */
export function clockWithSeconds(at: Instant, timeZone: string, locale = DEFAULT_LOCALE): string {
  return format('clockSeconds', at, { ...HM, second: '2-digit', timeZone }, locale);
}

/** "12 Mar 2024, 14:05" (in the locale's order): a moment on a record, a voucher or a report. */
export function dateTime(at: Instant, timeZone: string, locale = DEFAULT_LOCALE): string {
  return format('dateTime', at, { ...DATE, ...HM, timeZone }, locale);
}

/** "12/03/2024" (in the locale's order): the date of an instant, compact, for lists. */
export function shortDate(at: Instant, timeZone: string, locale = DEFAULT_LOCALE): string {
  return format('shortDate', at, { dateStyle: 'short', timeZone }, locale);
}

/** When something ends or happened: the clock alone on the same local day as `now`, with the short date if not. */
export function clockOrDate(at: Instant, timeZone: string, now: Instant = Date.now(), locale = DEFAULT_LOCALE): string {
  const time = clock(at, timeZone, locale);
  const ms = toMs(at);
  if (!Number.isFinite(ms) || localDate(ms, timeZone) === localDate(now, timeZone)) return time;
  return `${shortDate(ms, timeZone, locale)} ${time}`;
}

/** "Tue 12 Mar 2024" for a local date (YYYY-MM-DD): a day of the store, no zone involved. */
export function longDate(date: string, locale = DEFAULT_LOCALE): string {
  const [y, m, d] = parseLocalDate(date);
  return format('longDate', Date.UTC(y, m - 1, d), { weekday: 'short', ...DATE, timeZone: 'UTC' }, locale);
}

/** "12 Mar" for a local date: a chart's day label. */
export function dayAndMonth(date: string, locale = DEFAULT_LOCALE): string {
  const [y, m, d] = parseLocalDate(date);
  return format('dayAndMonth', Date.UTC(y, m - 1, d), { day: 'numeric', month: 'short', timeZone: 'UTC' }, locale);
}
