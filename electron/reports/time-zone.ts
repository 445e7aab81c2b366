/**
 * The store's days in its own time zone. Timestamps are stored in UTC; a "day" for the manager is
 * a local calendar day, whose length changes on daylight-saving dates.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function parts(ms: number, timeZone: string): { y: number; m: number; d: number; h: number; min: number; s: number } {
  let formatter = formatters.get(timeZone);
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
    formatters.set(timeZone, formatter);
  }
  const out: Record<string, number> = {};
  for (const part of formatter.formatToParts(ms)) if (part.type !== 'literal') out[part.type] = Number(part.value);
  return { y: out.year!, m: out.month!, d: out.day!, h: out.hour!, min: out.minute!, s: out.second! };
}

/** Minutes the zone is ahead of UTC at that instant. */
function offsetMinutes(ms: number, timeZone: string): number {
  const p = parts(ms, timeZone);
  return Math.round((Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s) - Math.floor(ms / 1000) * 1000) / 60_000);
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The UTC instant of local midnight starting `date` (YYYY-MM-DD) in `timeZone`. */
export function startOfLocalDay(date: string, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  // Two passes: the offset at the guess may differ from the offset at the answer around a DST change.
  let guess = wall - offsetMinutes(wall, timeZone) * 60_000;
  guess = wall - offsetMinutes(guess, timeZone) * 60_000;
  return guess;
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** [from, to) in UTC ISO for the local dates `fromDate`..`toDate` inclusive. */
export function localRange(fromDate: string, toDate: string, timeZone: string): { from: string; to: string } {
  return {
    from: new Date(startOfLocalDay(fromDate, timeZone)).toISOString(),
    to: new Date(startOfLocalDay(addDays(toDate, 1), timeZone)).toISOString(),
  };
}

export function localDate(ms: number, timeZone: string): string {
  const p = parts(ms, timeZone);
  return `${p.y}-${String(p.m).padStart(2, '0')}-${String(p.d).padStart(2, '0')}`;
}

export function localHour(ms: number, timeZone: string): number {
  return parts(ms, timeZone).h;
}

export function today(timeZone: string, now = Date.now()): string {
  return localDate(now, timeZone);
}
