import { describe, expect, it } from 'vitest';
import {
  addDays,
  clock,
  clockOrDate,
  clockWithSeconds,
  dateTime,
  dayAndMonth,
  isValidTimeZone,
  localDate,
  localDayBounds,
  localHour,
  localRange,
  longDate,
  shortDate,
  startOfLocalDay,
  today,
} from '../../../shared/clock.ts';

const iso = (ms: number) => new Date(ms).toISOString();
const hours = (b: { start: number; end: number }) => (b.end - b.start) / 3_600_000;

describe('a local day’s bounds', () => {
  it.each([
    // Europe/Berlin: last Sunday of March 02:00 → 03:00, last Sunday of October 03:00 → 02:00.
    ['2024-03-31', 'Europe/Berlin', '2024-03-30T23:00:00.000Z', '2024-03-31T22:00:00.000Z', 23],
    ['2024-10-27', 'Europe/Berlin', '2024-10-26T22:00:00.000Z', '2024-10-27T23:00:00.000Z', 25],
    ['2024-07-15', 'Europe/Berlin', '2024-07-14T22:00:00.000Z', '2024-07-15T22:00:00.000Z', 24],
    ['2024-03-10', 'America/New_York', '2024-03-10T05:00:00.000Z', '2024-03-11T04:00:00.000Z', 23],
    ['2024-11-03', 'America/New_York', '2024-11-03T04:00:00.000Z', '2024-11-04T05:00:00.000Z', 25],
    ['2024-01-02', 'Asia/Kolkata', '2024-01-01T18:30:00.000Z', '2024-01-02T18:30:00.000Z', 24],
    ['2024-01-02', 'Asia/Kathmandu', '2024-01-01T18:15:00.000Z', '2024-01-02T18:15:00.000Z', 24],
    ['2024-02-29', 'UTC', '2024-02-29T00:00:00.000Z', '2024-03-01T00:00:00.000Z', 24],
  ])('%s in %s runs from %s to %s (%d hours)', (date, zone, start, end, length) => {
    const bounds = localDayBounds(date, zone);
    expect(iso(bounds.start)).toBe(start);
    expect(iso(bounds.end)).toBe(end);
    expect(hours(bounds)).toBe(length);
  });

  it('starts a day whose midnight the clocks jump over when the jump lands, not an hour early in the day before', () => {
    // America/Santiago, 8 Sep 2024: 00:00 −04 became 01:00 −03, at 04:00Z.
    expect(iso(startOfLocalDay('2024-09-08', 'America/Santiago'))).toBe('2024-09-08T04:00:00.000Z');
    expect(localDate(startOfLocalDay('2024-09-08', 'America/Santiago') - 1, 'America/Santiago')).toBe('2024-09-07');
    // 7 Apr 2024: midnight −03 went back to 23:00 −04, so the 6th has 25 hours and the 7th starts once.
    expect(hours(localDayBounds('2024-04-06', 'America/Santiago'))).toBe(25);
    expect(iso(startOfLocalDay('2024-04-07', 'America/Santiago'))).toBe('2024-04-07T04:00:00.000Z');
  });

  it('gives the journal’s query range for inclusive local dates', () => {
    expect(localRange('2024-03-30', '2024-03-31', 'Europe/Berlin')).toEqual({
      from: '2024-03-29T23:00:00.000Z',
      to: '2024-03-31T22:00:00.000Z',
    });
  });

  it('refuses what is not a local date', () => {
    expect(() => startOfLocalDay('2024-3-1', 'UTC')).toThrow(RangeError);
    expect(() => addDays('yesterday', 1)).toThrow(RangeError);
  });
});

describe('local date and hour of an instant', () => {
  it('puts an instant on its local date across midnight, in the store’s zone and not the machine’s', () => {
    const instant = '2024-03-10T23:30:00Z';
    expect(localDate(instant, 'UTC')).toBe('2024-03-10');
    expect(localDate(instant, 'Europe/Berlin')).toBe('2024-03-11');
    expect(localDate(instant, 'America/Los_Angeles')).toBe('2024-03-10');
    expect(today('Asia/Kathmandu', Date.parse('2024-01-01T18:14:59Z'))).toBe('2024-01-01');
    expect(today('Asia/Kathmandu', Date.parse('2024-01-01T18:15:00Z'))).toBe('2024-01-02');
    expect(localDate(Date.parse('2024-01-01T18:29:59Z'), 'Asia/Kolkata')).toBe('2024-01-01');
    expect(localDate(new Date('2024-01-01T18:30:00Z'), 'Asia/Kolkata')).toBe('2024-01-02');
  });

  it('counts the repeated hour of a DST end twice under the same hour, and skips the missing one', () => {
    expect(localHour('2024-10-27T00:30:00Z', 'Europe/Berlin')).toBe(2); // 02:30 CEST
    expect(localHour('2024-10-27T01:30:00Z', 'Europe/Berlin')).toBe(2); // 02:30 CET
    expect(localHour('2024-03-31T00:59:59Z', 'Europe/Berlin')).toBe(1);
    expect(localHour('2024-03-31T01:00:00Z', 'Europe/Berlin')).toBe(3);
    expect(localHour('2024-11-03T05:30:00Z', 'America/New_York')).toBe(1);
    expect(localHour('2024-11-03T06:30:00Z', 'America/New_York')).toBe(1);
    expect(localHour('2024-01-01T23:59:00Z', 'UTC')).toBe(23);
  });

  it('agrees with Intl at every quarter hour of a year, in zones with half-hour DST and 45-minute offsets', () => {
    const zones = ['Europe/Berlin', 'America/St_Johns', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Pacific/Chatham', 'UTC'];
    const start = Date.UTC(2026, 0, 1);
    for (const zone of zones) {
      const parts = new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
      });
      for (let ms = start; ms < start + 366 * 86_400_000; ms += 15 * 60_000) {
        const p = Object.fromEntries(parts.formatToParts(ms).map((x) => [x.type, x.value]));
        const expected = `${p.year}-${p.month}-${p.day} ${Number(p.hour)}`;
        const got = `${localDate(ms, zone)} ${localHour(ms, zone)}`;
        if (got !== expected)
          expect({ zone, at: new Date(ms).toISOString(), got }).toEqual({ zone, at: new Date(ms).toISOString(), got: expected });
      }
    }
  });

  it('moves by calendar days across months, years and DST', () => {
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2024-01-01', -29)).toBe('2023-12-03');
    expect(addDays('2024-03-30', 1)).toBe('2024-03-31');
    expect(addDays('2024-10-27', 1)).toBe('2024-10-28');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
  });

  it('knows a zone from a name that is not one', () => {
    expect(isValidTimeZone('Asia/Kathmandu')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });
});

describe('times and dates on screen and paper', () => {
  const afternoon = '2024-07-01T18:05:09Z';

  it('shows the store’s wall clock, 24-hour even where the locale writes 12-hour', () => {
    expect(clock(afternoon, 'UTC', 'en-US')).toBe('18:05');
    expect(clock(afternoon, 'America/New_York', 'en-US')).toBe('14:05');
    expect(clock(afternoon, 'Asia/Kolkata', 'en-US')).toBe('23:35');
    expect(clock(afternoon, 'Asia/Kathmandu', 'en-GB')).toBe('23:50');
    expect(clock('2024-07-01T00:05:00Z', 'UTC', 'en-US')).toBe('00:05'); // never 12:05 AM nor 24:05
    expect(clockWithSeconds(afternoon, 'America/New_York', 'en-US')).toBe('14:05:09');
    expect(dateTime(afternoon, 'America/New_York', 'en-US')).toBe('Jul 1, 2024, 14:05');
    expect(dateTime(afternoon, 'Asia/Kathmandu', 'en-GB')).toBe('1 Jul 2024, 23:50');
    for (const text of [clock(afternoon, 'UTC', 'en-US'), dateTime(afternoon, 'UTC', 'en-US')]) {
      expect(text).not.toMatch(/AM|PM/i);
    }
  });

  it('shows the wall clock on both sides of a DST change', () => {
    expect(clock('2024-03-31T00:59:00Z', 'Europe/Berlin', 'de-DE')).toBe('01:59');
    expect(clock('2024-03-31T01:00:00Z', 'Europe/Berlin', 'de-DE')).toBe('03:00');
    expect(clock('2024-03-10T07:00:00Z', 'America/New_York', 'en-US')).toBe('03:00');
  });

  it('writes the date of the instant in the store’s zone, across midnight', () => {
    expect(shortDate('2024-03-10T23:30:00Z', 'Europe/Berlin', 'en-GB')).toBe('11/03/2024');
    expect(shortDate('2024-03-10T23:30:00Z', 'UTC', 'en-GB')).toBe('10/03/2024');
  });

  it('gives the clock alone on the same local day, and the date with it on another', () => {
    const now = '2024-03-10T20:00:00Z';
    expect(clockOrDate('2024-03-10T22:30:00Z', 'UTC', now, 'en-GB')).toBe('22:30');
    // Same instants, Berlin: 23:30 on the 10th is "now", the lock ends at 00:30 on the 11th.
    expect(clockOrDate('2024-03-10T23:30:00Z', 'Europe/Berlin', now, 'en-GB')).toBe('11/03/2024 00:30');
    expect(clockOrDate('2024-03-10T22:30:00Z', 'Europe/Berlin', now, 'en-GB')).toBe('23:30');
  });

  it('writes a store day without any zone shifting it', () => {
    expect(longDate('2024-03-12', 'en-GB')).toBe('Tue, 12 Mar 2024');
    expect(longDate('2024-03-12', 'en-US')).toBe('Tue, Mar 12, 2024');
    expect(dayAndMonth('2024-03-12', 'en-GB')).toBe('12 Mar');
  });

  it('shows a dash, not a throw, for an instant that is not one', () => {
    expect(clock('not a time', 'UTC')).toBe('—');
    expect(dateTime(Number.NaN, 'UTC')).toBe('—');
  });
});
