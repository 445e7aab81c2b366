import { describe, expect, it } from 'vitest';
import { dueInstant, dueProblem, earliestDue, latestDue, parseUtcMinute, utcMinute } from '../../../shared/orders.ts';

describe('a due date typed in the store’s time zone', () => {
  it('is the start of that day there when only a date is given', () => {
    expect(new Date(dueInstant('2026-07-10', 'Europe/Berlin')!).toISOString()).toBe('2026-07-09T22:00:00.000Z');
    expect(new Date(dueInstant('2026-01-10', 'Europe/Berlin')!).toISOString()).toBe('2026-01-09T23:00:00.000Z');
    expect(new Date(dueInstant('2026-07-10', 'America/New_York')!).toISOString()).toBe('2026-07-10T04:00:00.000Z');
    expect(new Date(dueInstant('2026-07-10', 'Asia/Kolkata')!).toISOString()).toBe('2026-07-09T18:30:00.000Z');
  });

  it('is that minute there with a time, across a change of the clocks', () => {
    expect(new Date(dueInstant('2026-03-29 14:30', 'Europe/Berlin')!).toISOString()).toBe('2026-03-29T12:30:00.000Z');
    expect(new Date(dueInstant('2026-03-28 14:30', 'Europe/Berlin')!).toISOString()).toBe('2026-03-28T13:30:00.000Z');
    expect(new Date(dueInstant(' 2026-11-01 23:59 ', 'UTC')!).toISOString()).toBe('2026-11-01T23:59:00.000Z');
  });

  it('is nothing for a date that does not exist or is not written so', () => {
    for (const text of ['2026-02-30', '2026-13-01', '2026-07-10 24:00', '2026-07-10 12:60', '10/07/2026', '2026-07-10T12:00'])
      expect(dueInstant(text, 'UTC'), text).toBeNull();
  });
});

describe('the partner’s window for a due date', () => {
  const now = Date.parse('2026-06-10T21:45:00Z');
  it('opens at midnight UTC of the day after tomorrow and closes a year ahead', () => {
    expect(new Date(earliestDue(now)).toISOString()).toBe('2026-06-12T00:00:00.000Z');
    expect(new Date(latestDue(now)).toISOString()).toBe('2027-06-10T21:45:00.000Z');
    expect(dueProblem(Date.parse('2026-06-11T23:59:00Z'), now)).toBe('due_too_soon');
    expect(dueProblem(Date.parse('2026-06-12T00:00:00Z'), now)).toBeNull();
    expect(dueProblem(latestDue(now), now)).toBeNull();
    expect(dueProblem(latestDue(now) + 60_000, now)).toBe('due_too_late');
  });

  it('is written to the service as YYYY-MM-DD HH:MM in UTC, and read back', () => {
    expect(utcMinute(Date.parse('2026-06-12T08:05:59Z'))).toBe('2026-06-12 08:05');
    expect(parseUtcMinute('2026-06-12 08:05')).toBe(Date.parse('2026-06-12T08:05:00Z'));
    expect(parseUtcMinute('2026-06-12')).toBeNaN();
  });
});
