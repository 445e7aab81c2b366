import { describe, expect, it } from 'vitest';
import type { CountryOption } from '../../../shared/catalog.ts';
import { buildPlaceIndex, placeAliases, placeCodes } from '../../../shared/places.ts';
import { COUNTRIES, REGION_TITLES } from '../../../electron/sandbox/data/countries.ts';

// The Demo catalogue's places, as the picker lists them: countries by name, then regions, then the world.
const place = (code: string, name: string, kind?: CountryOption['kind']): CountryOption => ({
  code,
  name,
  ...(kind ? { kind } : {}),
  packageCount: 1,
  fromPrice: null,
});
const countries = COUNTRIES.map((c) => place(c.code, c.name)).sort((a, b) => a.name.localeCompare(b.name, 'en'));
const regions = [...Object.values(REGION_TITLES), 'Europe + UK']
  .sort()
  .map((name) => place(name.toLowerCase(), name, 'regional'));
const index = buildPlaceIndex([...countries, ...regions, place('world', 'Discover Global', 'global')]);
const first = (query: string) => index.search(query)[0]?.name;
/** Each query with the place that must come first for it (the query is kept to name a failure). */
const firsts = (pairs: readonly (readonly [string, string])[]) =>
  expect(pairs.map(([query]) => [query, first(query)])).toEqual(pairs.map(([query, name]) => [query, name]));

describe('the country picker’s search', () => {
  it('puts the place whose code or name is exactly what was typed first', () => {
    expect(index.search('UK').map((p) => p.name)).toEqual(expect.arrayContaining(['United Kingdom', 'Ukraine']));
    expect(first('UK')).toBe('United Kingdom');
    expect(first('uk')).toBe('United Kingdom');
    expect(first('gb')).toBe('United Kingdom');
    expect(first('JP')).toBe('Japan');
    expect(first('Niger')).toBe('Niger');
    expect(first('India')).toBe('India');
    expect(first('Guinea')).toBe('Guinea');
  });

  it('knows the other names clerks and customers use', () => {
    firsts([
      ['USA', 'United States'],
      ['US', 'United States'],
      ['America', 'United States'],
      ['England', 'United Kingdom'],
      ['Britain', 'United Kingdom'],
      ['Great Britain', 'United Kingdom'],
      ['Holland', 'Netherlands'],
      ['Turkey', 'Türkiye'],
      ['Turkiye', 'Türkiye'],
      ['Deutschland', 'Germany'],
      ['Espana', 'Spain'],
      ['España', 'Spain'],
      ['Italia', 'Italy'],
      ['UAE', 'United Arab Emirates'],
      ['Dubai', 'United Arab Emirates'],
    ]);
  });

  it('forgives typos', () => {
    firsts([
      ['Japn', 'Japan'],
      ['Jpan', 'Japan'],
      ['Grmany', 'Germany'],
      ['Spian', 'Spain'],
      ['Thialand', 'Thailand'],
      ['Frnace', 'France'],
      ['Portgual', 'Portugal'],
    ]);
  });

  it('finds regions and the world by their names and the words for them', () => {
    expect(index.search('Europe').map((p) => p.name)).toEqual(['Europe', 'Europe + UK']);
    expect(first('EU')).toBe('Europe');
    expect(first('Asia')).toBe('Asia');
    expect(first('Global')).toBe('Discover Global');
    expect(first('worldwide')).toBe('Discover Global');
    expect(first('middle east')).toBe('Middle East and North Africa');
    expect(first('South America')).toBe('Latin America');
  });

  it('matches while typing, and finds nothing for a place that is not there', () => {
    expect(first('jap')).toBe('Japan');
    expect(first('united k')).toBe('United Kingdom');
    expect(index.search('atlantis')).toEqual([]);
    expect(index.search('  ')).toEqual([]);
  });
});

describe('place names', () => {
  it('splits abbreviations from other names; a region’s id is not a word of it', () => {
    expect(placeCodes({ code: 'GB', name: 'United Kingdom' })).toBe('GB UK');
    expect(placeAliases({ code: 'GB', name: 'United Kingdom' })).toContain('Great Britain');
    expect(placeCodes({ code: 'FR', name: 'France' })).toBe('FR');
    expect(placeAliases({ code: 'FR', name: 'France' })).toBe('');
    expect(placeCodes({ code: 'eu-plus-uk', name: 'Europe + UK', kind: 'regional' })).toBe('EU');
    expect(placeAliases({ code: 'world', name: 'Discover Global', kind: 'global' })).toContain('Worldwide');
  });
});
