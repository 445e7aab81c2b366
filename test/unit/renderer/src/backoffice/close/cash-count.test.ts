import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppInfo } from '../../../../../../shared/contract.ts';
import { denominationsOf } from '../../../../../../shared/denominations.ts';
import { i18n } from '../../../../../../renderer/src/i18n/i18n.ts';
import { denominationWords, parsePieces, readPieces } from '../../../../../../renderer/src/backoffice/close/cash-count.ts';
import { useStore } from '../../../../../../renderer/src/state/store.ts';

// A US store: amounts as "$20" in English.
beforeAll(() => useStore.setState({ info: { timeZone: 'America/New_York', locale: 'en-US' } as AppInfo }));
afterAll(() => useStore.setState({ info: null }));
afterEach(() => i18n.changeLanguage('en'));

describe('parsePieces', () => {
  it.each([
    ['', 0],
    ['  ', 0],
    ['0', 0],
    ['7', 7],
    [' 12 ', 12],
    ['1 000', 1000],
    ['１２', 12], // full-width, as a Japanese keyboard types it
    ['١٢', 12], // Arabic-Indic
    ['100000', 100_000],
  ])('reads %j as %i pieces', (text, count) => {
    expect(parsePieces(text)).toEqual({ ok: true, count });
  });

  it.each(['-1', '2.5', '3,0', 'x', '1e3', '+4'])('refuses %j: a whole number of pieces, 0 or more', (text) => {
    expect(parsePieces(text)).toEqual({ ok: false, message: 'Enter a whole number, 0 or more.' });
  });

  it('refuses more than a drawer could hold of one note, saying the limit', () => {
    expect(parsePieces('100001')).toEqual({ ok: false, message: 'At most 100,000 of one note or coin.' });
  });
});

describe('denominationWords', () => {
  it('writes a note without cents and a coin with them', () => {
    expect(denominationWords(2000, 'USD')).toBe('$20');
    expect(denominationWords(25, 'USD')).toBe('$0.25');
    expect(denominationWords(500, 'JPY')).toBe('¥500');
  });
});

describe('readPieces', () => {
  const usd = denominationsOf('USD')!;

  it('adds the grid up into the counted cash, with every value’s count', () => {
    const { result, counts } = readPieces(usd, { 2000: '5', 100: '4', 25: '2', 10: '' });
    expect(result).toEqual({ ok: true, minor: 10_450 });
    expect(counts).toHaveLength(usd.length);
    expect(counts.filter((c) => c.count > 0)).toEqual([
      { value: 2000, count: 5 },
      { value: 100, count: 4 },
      { value: 25, count: 2 },
    ]);
  });

  it('takes a typed 0 as an empty drawer, but an untouched grid as not counted yet', () => {
    expect(readPieces(usd, { 100: '0' }).result).toEqual({ ok: true, minor: 0 });
    expect(readPieces(usd, {}).result).toEqual({ ok: false, message: 'Enter how many of each note and coin.' });
  });

  it('is not a count while any field does not read, whatever the others add up to', () => {
    expect(readPieces(usd, { 2000: '5', 100: '1.5' }).result).toEqual({ ok: false, message: 'Correct the count marked above.' });
  });
});
