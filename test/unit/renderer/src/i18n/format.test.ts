import { afterEach, describe, expect, it } from 'vitest';
import { customerFormats, formatsFor } from '../../../../../renderer/src/i18n/format.ts';
import { useStore } from '../../../../../renderer/src/state/store.ts';
import type { AppInfo } from '../../../../../shared/contract.ts';

const at = '2026-11-25T13:05:00.000Z';

describe('formats: the reader’s language, the store’s clock', () => {
  it('writes times in the store locale’s hour cycle whatever the reader’s language, never both', () => {
    expect(formatsFor('en', 'Europe/Berlin', 'de-DE').time(at)).toBe('14:05');
    expect(formatsFor('de', 'America/New_York', 'en-US').time(at)).toMatch(/^0?8:05\s?AM$/i);
    expect(formatsFor('ja', 'Asia/Tokyo', 'ja-JP').time(at)).toBe('22:05');
    // A Japanese clerk in a US store reads the store's 12-hour clock, in Japanese.
    expect(formatsFor('ja', 'America/New_York', 'en-US').time(at)).toMatch(/午前\s?8:05|8:05\s?午前/);
  });

  it('writes an Arabic reader’s times as Intl’s Arabic does, never with a Latin AM or PM, on the store’s cycle', () => {
    const intl = (locale: string, timeZone: string, options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(Date.parse(at));
    // A store on the 12-hour clock: Arabic's own evening mark, as Intl writes it for `ar`.
    const twelve = formatsFor('ar', 'Asia/Riyadh', 'en-US');
    expect(twelve.time(at)).toBe(intl('ar', 'Asia/Riyadh', { hour: 'numeric', minute: '2-digit', hour12: true }));
    expect(twelve.time(at)).toMatch(/^4:05\sم$/);
    expect(twelve.dateTime(at)).toMatch(/4:05\sم$/);
    // A store on the 24-hour clock keeps it in Arabic too.
    const twentyFour = formatsFor('ar', 'Asia/Riyadh', 'en-GB');
    expect(twentyFour.time(at)).toBe('16:05');
    expect(twentyFour.dateTime(at)).toMatch(/16:05$/);
    for (const text of [twelve.time(at), twelve.dateTime(at), twentyFour.dateTime(at), twelve.timeOrDate(at)])
      expect(text).not.toMatch(/AM|PM/i);
  });

  it('writes dates and amounts as the reader’s language does, with the currency’s own digits', () => {
    const de = formatsFor('de', 'Europe/Berlin', 'de-DE');
    expect(de.money({ minor: 123456, currency: 'EUR' })).toBe('1.234,56\u00a0€');
    expect(de.money({ minor: 1500, currency: 'JPY' })).toBe('1.500\u00a0¥');
    expect(de.day('2026-11-25')).toMatch(/Mi\.?, 25\. Nov\.? 2026/);
    const en = formatsFor('en', 'Europe/London', 'en-GB');
    expect(
      en.amounts([
        { minor: 500, currency: 'USD' },
        { minor: 300, currency: 'EUR' },
      ]),
    ).toBe('$5.00 · €3.00');
    expect(en.amounts([])).toBe('—');
    expect(en.percent(0.254)).toBe('25.4%');
    expect(formatsFor('ar', 'Asia/Dubai', 'ar-AE').number(12)).toMatch(/^(12|١٢)$/);
  });

  it('writes dates in the store’s own order where the reader reads the store’s language, else in the reader’s', () => {
    const british = formatsFor('en', 'Europe/London', 'en-GB');
    expect(british.day('2026-11-26')).toBe('Thu, 26 Nov 2026');
    expect(british.dayAndMonth('2026-11-26')).toBe('26 Nov');
    expect(british.date(at)).toBe('25/11/2026');
    expect(british.dateTime(at)).toBe('25 Nov 2026, 13:05');
    // An American store, and a German reader in the British one: their own.
    expect(formatsFor('en', 'America/New_York', 'en-US').day('2026-11-26')).toBe('Thu, Nov 26, 2026');
    expect(formatsFor('de', 'Europe/London', 'en-GB').day('2026-11-26')).toMatch(/Do\.?, 26\. Nov\.? 2026/);
    // A Swiss store's German reader: de-CH's numeric date.
    expect(formatsFor('de', 'Europe/Zurich', 'de-CH').date(at)).toBe('25.11.26');
    // Amounts stay in the reader's language's symbols ($, not the British US$).
    expect(british.money({ minor: 500, currency: 'USD' })).toBe('$5.00');
    // An Arabic reader in a Saudi store: its region's order, with the Gregorian calendar and the
    // Western digits of the rest of the screen (ar-SA alone writes Arabic-Indic ones).
    const saudi = formatsFor('ar', 'Asia/Riyadh', 'ar-SA');
    expect(saudi.day('2026-11-26')).toMatch(/26 .* 2026/);
    expect(saudi.time(at)).toMatch(/^4:05/);
    // A time and a date with a time are written alike (en-CA's "p.m." in both, never "PM" beside it).
    const canadian = formatsFor('en', 'America/Toronto', 'en-CA');
    expect(canadian.dateTime(at)).toContain(canadian.time(at));
  });

  it('names countries in the reader’s language', () => {
    expect(formatsFor('de', 'UTC', 'de-DE').country('ES')).toBe('Spanien');
    expect(formatsFor('ja', 'UTC', 'ja-JP').country('DE')).toBe('ドイツ');
    expect(formatsFor('en', 'UTC', 'en-US').country('XK')).toBe('Kosovo');
  });

  it('reads the pseudo-locale’s values as English', () => {
    expect(formatsFor('en-XA', 'UTC', 'en-US').money({ minor: 995, currency: 'USD' })).toBe('$9.95');
  });
});

describe('the customer’s formats: the store’s clock, as the customer’s language writes it', () => {
  afterEach(() => useStore.setState({ info: null }));
  const store = (locale: string, timeZone: string) => useStore.setState({ info: { locale, timeZone } as AppInfo });

  it('gives a German customer in an American store the 24-hour clock of German, on the store’s time', () => {
    store('en-US', 'America/New_York');
    expect(customerFormats('de').time(at)).toBe('08:05');
    expect(customerFormats('de').dateTime(at)).not.toMatch(/AM|PM/);
    // A customer who reads the store's language reads the store's clock.
    expect(customerFormats('en').time(at)).toMatch(/^8:05\sAM$/);
  });

  it('gives an Arabic customer (display, voucher) Intl’s Arabic clock, never a Latin AM or PM', () => {
    store('en-US', 'Asia/Riyadh');
    expect(customerFormats('ar').time(at)).toMatch(/^4:05\sم$/);
    expect(customerFormats('ar').dateTime(at)).not.toMatch(/AM|PM/i);
  });

  it('gives an English customer in a German store the 12-hour clock of English', () => {
    store('de-DE', 'Europe/Berlin');
    expect(customerFormats('en').time(at)).toMatch(/^2:05\sPM$/);
    expect(customerFormats('de').time(at)).toBe('14:05');
  });
});
