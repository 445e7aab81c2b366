import { afterEach, describe, expect, it } from 'vitest';
import {
  dateLayout,
  dateProblemWords,
  formatDateInput,
  parseDateInput,
  type DateProblem,
} from '../../../../../renderer/src/ui/DateField.tsx';
import { i18n, showLanguage } from '../../../../../renderer/src/i18n/i18n.ts';
import { UI_NAMESPACES } from '../../../../../renderer/src/i18n/locales/en/index.ts';

afterEach(() => i18n.changeLanguage('en'));

describe('a date typed in the store’s order', () => {
  it('writes a date as the store’s locale does', () => {
    expect(formatDateInput('2026-11-05', 'de-DE')).toBe('05.11.2026');
    expect(formatDateInput('2026-11-05', 'en-US')).toBe('11/05/2026');
    expect(formatDateInput('2026-11-05', 'ja-JP')).toBe('2026/11/05');
    expect(formatDateInput('2026-11-05', 'en-GB')).toBe('05/11/2026');
    // Gregorian years and Western digits, whatever the locale's own calendar and digits.
    expect(formatDateInput('2026-11-05', 'th-TH')).toBe('05/11/2026');
    expect(formatDateInput('2026-11-05', 'ar-EG')).toBe('05/11/2026');
    expect(formatDateInput('', 'de-DE')).toBe('');
  });

  it('knows each locale’s order', () => {
    expect(dateLayout('de-DE').order).toEqual(['day', 'month', 'year']);
    expect(dateLayout('en-US').order).toEqual(['month', 'day', 'year']);
    expect(dateLayout('ja-JP').order).toEqual(['year', 'month', 'day']);
  });

  it.each([
    ['de-DE', '05.11.2026', '2026-11-05'],
    ['de-DE', '5.11.2026', '2026-11-05'],
    ['de-DE', '5/11/2026', '2026-11-05'],
    ['de-DE', ' 05 11 2026 ', '2026-11-05'],
    ['en-US', '11/05/2026', '2026-11-05'],
    ['en-US', '11/5/2026', '2026-11-05'],
    ['en-US', '2/29/2028', '2028-02-29'],
    ['ja-JP', '2026/11/05', '2026-11-05'],
    ['ja-JP', '2026年11月5日', '2026-11-05'],
    ['ja-JP', '２０２６/１１/０５', '2026-11-05'],
    // A year first with four digits is ISO order, whatever the locale.
    ['de-DE', '2026-11-05', '2026-11-05'],
    ['en-US', '2026-11-05', '2026-11-05'],
  ])('%s reads %j as %s', (locale, text, date) => {
    expect(parseDateInput(text, locale)).toEqual({ ok: true, date, shortYear: false });
  });

  it('reads the same text differently by the store’s order', () => {
    expect(parseDateInput('03/04/2026', 'en-US')).toMatchObject({ ok: true, date: '2026-03-04' });
    expect(parseDateInput('03/04/2026', 'de-DE')).toMatchObject({ ok: true, date: '2026-04-03' });
  });

  it('takes a two-digit year as this century, and says it was short', () => {
    expect(parseDateInput('5.11.26', 'de-DE')).toEqual({ ok: true, date: '2026-11-05', shortYear: true });
  });

  it.each([
    ['de-DE', '', { problem: 'empty' }],
    ['de-DE', '5.11', { problem: 'shape' }],
    ['de-DE', '5. Nov 2026', { problem: 'shape' }],
    ['de-DE', '5.11.202', { problem: 'year' }],
    ['de-DE', '05.13.2026', { problem: 'month', month: 13 }],
    ['en-US', '13/05/2026', { problem: 'month', month: 13 }],
    ['de-DE', '31.02.2026', { problem: 'day', year: 2026, month: 2, day: 31, days: 28 }],
    ['en-US', '2/29/2026', { problem: 'day', year: 2026, month: 2, day: 29, days: 28 }],
    ['ja-JP', '2026/04/31', { problem: 'day', year: 2026, month: 4, day: 31, days: 30 }],
    ['ja-JP', '2026/04/00', { problem: 'day', year: 2026, month: 4, day: 0, days: 30 }],
  ])('%s refuses %j', (locale, text, problem) => {
    expect(parseDateInput(text, locale)).toEqual({ ok: false, ...problem });
  });

  it('says what is wrong in words, in the reader’s language', async () => {
    const impossible = parseDateInput('31.02.2026', 'de-DE') as DateProblem;
    expect(dateProblemWords(impossible, 'de-DE', 'en-u-hc-h23')).toBe('February 2026 has 28 days: there is no day 31.');
    expect(dateProblemWords({ problem: 'shape' }, 'de-DE', 'en-u-hc-h23')).toBe('Type the date like 25.11.2026.');
    await showLanguage('de', UI_NAMESPACES);
    expect(dateProblemWords(impossible, 'de-DE', 'de-u-hc-h23')).toBe('Februar 2026 hat 28 Tage – einen 31. gibt es nicht.');
    expect(dateProblemWords({ problem: 'shape' }, 'en-US', 'de-u-hc-h23')).toBe('Geben Sie das Datum so ein: 11/25/2026.');
  });
});
