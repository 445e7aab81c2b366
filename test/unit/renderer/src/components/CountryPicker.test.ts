import { describe, expect, it } from 'vitest';
import { filterCountries } from '../../../../../renderer/src/components/CountryPicker.tsx';
import { flagEmoji } from '../../../../../renderer/src/components/flag.ts';

const country = (code: string, name: string) => ({ code, name, packageCount: 1, fromPrice: null });
const list = [
  country('AE', 'United Arab Emirates'),
  country('GB', 'United Kingdom'),
  country('US', 'United States'),
  country('JP', 'Japan'),
  country('CI', 'Côte d’Ivoire'),
  country('BJ', 'Benin'),
];

describe('filterCountries', () => {
  it('puts an exact code first', () => expect(filterCountries(list, 'jp')[0]?.code).toBe('JP'));
  it('matches the start of any word', () => expect(filterCountries(list, 'king').map((c) => c.code)).toEqual(['GB']));
  it('ignores accents', () => expect(filterCountries(list, 'cote').map((c) => c.code)).toEqual(['CI']));
  it('ranks name prefixes before words inside names', () => {
    expect(filterCountries(list, 'uni').map((c) => c.code)).toEqual(['AE', 'GB', 'US']);
    expect(filterCountries(list, 'en').map((c) => c.code)).toEqual(['BJ']);
  });
  it('returns everything for an empty query and nothing for a miss', () => {
    expect(filterCountries(list, '  ')).toHaveLength(list.length);
    expect(filterCountries(list, 'atlantis')).toEqual([]);
  });
});

describe('flagEmoji', () => {
  it('builds regional indicators', () => expect(flagEmoji('JP')).toBe('🇯🇵'));
  it('falls back to a globe for anything else', () => expect(flagEmoji('world')).toBe('🌐'));
});
