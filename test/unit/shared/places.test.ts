import { describe, expect, it } from 'vitest';
import type { CountryOption } from '../../../shared/catalog.ts';
import { UI_LANGUAGES } from '../../../shared/languages.ts';
import {
  buildPlaceIndex,
  closestName,
  countryNames,
  PLACES,
  placeAliases,
  placeCodes,
  placeSearchNames,
} from '../../../shared/places.ts';
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
/** The first answer as the picker would show it: "Indonesia (Bali)" when found through a place within. */
const shown = (query: string, within = index) => {
  const found = within.search(query)[0];
  return found && (found.via ? `${found.name} (${found.via})` : found.name);
};
const shownFirst = (pairs: readonly (readonly [string, string])[]) =>
  expect(pairs.map(([query]) => [query, shown(query)])).toEqual(pairs.map(([query, name]) => [query, name]));
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

describe('the search in every screen language', () => {
  it('finds every country of the list first by its name in each screen language', () => {
    const misses: string[] = [];
    for (const language of UI_LANGUAGES) {
      const names = new Intl.DisplayNames([language], { type: 'region' });
      for (const country of countries) {
        const name = names.of(country.code) ?? '';
        const found = index.search(name)[0]?.code;
        if (found !== country.code) misses.push(`${language} ${name} → ${found}`);
      }
    }
    expect(misses).toEqual([]);
  });

  it('ignores accents, case, width and the spellings of Arabic and Japanese', () => {
    for (const typed of ['españa', 'Espana', 'ESPAÑA', 'Spanien', 'Espagne', 'Spagna', 'Espanha', 'スペイン', '西班牙']) {
      expect(index.search(typed)[0]?.code, typed).toBe('ES');
    }
    // With the hamza and without it, as many type it; hiragana while the input method composes.
    for (const typed of ['إسبانيا', 'اسبانيا', 'すぺいん', 'ＳＰＡＩＮ']) expect(index.search(typed)[0]?.code, typed).toBe('ES');
    firsts([
      ['Allemagne', 'Germany'],
      ['ドイツ', 'Germany'],
      ['德国', 'Germany'],
      ['ألمانيا', 'Germany'],
      ['Royaume-Uni', 'United Kingdom'],
      ['Vereinigtes Königreich', 'United Kingdom'],
      ['イギリス', 'United Kingdom'],
      ['المملكة المتحدة', 'United Kingdom'],
      ['Estados Unidos', 'United States'],
      ['アメリカ', 'United States'],
      ['Giappone', 'Japan'],
      ['日本', 'Japan'],
      ['Grèce', 'Greece'],
      ['Grecia', 'Greece'],
    ]);
  });

  it('matches names in other languages while typing, and with the typos it forgives in English', () => {
    firsts([
      ['Deutschl', 'Germany'],
      ['Deutchland', 'Germany'],
      ['Alemnaia', 'Germany'],
      ['Espagen', 'Spain'],
      ['Giapone', 'Japan'],
      ['スペ', 'Spain'],
      ['Europa', 'Europe'],
      ['ヨーロッパ', 'Europe'],
      ['أوروبا', 'Europe'],
      ['Weltweit', 'Discover Global'],
      ['Südamerika', 'Latin America'],
    ]);
  });
});

describe('places within a country', () => {
  it('finds the country of an island, with the island named', () => {
    shownFirst([
      ['bali', 'Indonesia (Bali)'],
      ['Lombok', 'Indonesia (Lombok)'],
      ['tenerife', 'Spain (Tenerife)'],
      ['Majorca', 'Spain (Majorca)'],
      ['Mallorca', 'Spain (Mallorca)'],
      ['santorini', 'Greece (Santorini)'],
      ['Koh Samui', 'Thailand (Koh Samui)'],
      ['Jeju', 'South Korea (Jeju)'],
      ['Zanzibar', 'Tanzania (Zanzibar)'],
    ]);
  });

  it('finds islands, regions, states and the nations of a kingdom', () => {
    shownFirst([
      ['canary', 'Spain (Canary Islands)'],
      ['Balearic Islands', 'Spain (Balearic Islands)'],
      ['azores', 'Portugal (Azores)'],
      ['galapagos', 'Ecuador (Galápagos Islands)'],
      ['cappadocia', 'Türkiye (Cappadocia)'],
      ['hokkaido', 'Japan (Hokkaido)'],
      ['hawaii', 'United States (Hawaii)'],
      ['Alaska', 'United States (Alaska)'],
      ['Scotland', 'United Kingdom (Scotland)'],
      ['Northern Ireland', 'United Kingdom (Northern Ireland)'],
    ]);
  });

  it('names the place in the words that were typed, in any screen language', () => {
    shownFirst([
      ['Kanarische Inseln', 'Spain (Kanarische Inseln)'],
      ['Canaries', 'Spain (Canaries)'],
      ['Islas Canarias', 'Spain (Islas Canarias)'],
      ['カナリア諸島', 'Spain (カナリア諸島)'],
      ['جزر الكناري', 'Spain (جزر الكناري)'],
      ['Teneriffa', 'Spain (Teneriffa)'],
      ['Sizilien', 'Italy (Sizilien)'],
      ['ハワイ', 'United States (ハワイ)'],
      ['夏威夷', 'United States (夏威夷)'],
      ['Écosse', 'United Kingdom (Écosse)'],
      ['tenerfie', 'Spain (Tenerife)'],
      ['kanar', 'Spain (Kanarische Inseln)'],
      ['カナリア', 'Spain (カナリア諸島)'],
    ]);
  });

  it('no longer offers Mali for Bali nor Canada for the Canaries, but keeps them close', () => {
    expect(index.search('bali').map((c) => c.name)).toEqual(expect.arrayContaining(['Indonesia', 'Mali']));
    expect(first('bali')).toBe('Indonesia');
    expect(first('canary')).toBe('Spain');
    expect(first('canar')).toBe('Spain');
    // A country's own name still comes before the places within others while it is being typed.
    expect(
      index
        .search('can')
        .slice(0, 2)
        .map((c) => c.name),
    ).toEqual(['Canada', 'Spain']);
    expect(first('mal')).not.toBe('Spain');
  });

  it('offers every country a place lies in, and a territory with its own code by that code', () => {
    expect(index.search('Patagonia').slice(0, 2)).toMatchObject([
      { code: 'AR', via: 'Patagonia' },
      { code: 'CL', via: 'Patagonia' },
    ]);
    expect(index.search('Tahiti')[0]).toMatchObject({ code: 'PF', via: 'Tahiti' });
    expect(index.search('Bora Bora')[0]).toMatchObject({ code: 'PF', via: 'Bora Bora' });
    // A country's own entry carries no `via`.
    expect(index.search('Indonesia')[0]).not.toHaveProperty('via');
  });

  it('finds every place of the list by each of its names, its country first', () => {
    const misses = PLACES.flatMap((place) =>
      place.names.filter((name) => !place.codes.includes(index.search(name)[0]?.code ?? '')).map((name) => name),
    );
    expect(misses).toEqual([]);
    expect(PLACES.length).toBeGreaterThanOrEqual(60);
  });

  it('offers nothing for a place whose country the catalogue does not sell', () => {
    const withoutSpain = buildPlaceIndex(countries.filter((c) => c.code !== 'ES'));
    expect(withoutSpain.search('tenerife')).toEqual([]);
    expect(withoutSpain.search('Patagonia').map((c) => c.code)).toEqual(['AR', 'CL']);
    expect(
      buildPlaceIndex(countries.filter((c) => c.code !== 'CL'))
        .search('Patagonia')
        .map((c) => c.code),
    ).toEqual(['AR']);
  });

  it('keeps to the filter, for the places within too', () => {
    expect(index.search('bali', (c) => c.code !== 'ID').map((c) => c.code)).not.toContain('ID');
    expect(index.search('Patagonia', (c) => c.code === 'CL')).toMatchObject([{ code: 'CL', via: 'Patagonia' }]);
  });
});

describe('the name of the place typed', () => {
  const canaries = ['Canary Islands', 'Canaries', 'Kanarische Inseln', 'Islas Canarias', 'カナリア諸島'];
  it('is the name whose words begin as typed, else one with a typo, else the English one', () => {
    expect(closestName(canaries, 'kanarische in')).toBe('Kanarische Inseln');
    expect(closestName(canaries, 'islas')).toBe('Islas Canarias');
    expect(closestName(canaries, 'カナリア')).toBe('カナリア諸島');
    expect(closestName(canaries, 'canaires')).toBe('Canaries');
    expect(closestName(canaries, 'zzz')).toBe('Canary Islands');
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
    expect(placeAliases({ code: 'europe', name: 'Europe', kind: 'regional' })).toContain('ヨーロッパ');
  });

  it('gives a country its name in each screen language once, and a region none', () => {
    expect(countryNames('ES')).toEqual([
      'Spain',
      'Spanien',
      'Espagne',
      'España',
      'Spagna',
      'Espanha',
      'スペイン',
      '西班牙',
      'إسبانيا',
    ]);
    expect(countryNames('es')).toEqual(countryNames('ES'));
    expect(countryNames('europe')).toEqual([]);
  });

  it('gives the package search every word of a country’s names, each once', () => {
    const words = placeSearchNames({ code: 'ES', name: 'Spain' }).split(' ');
    expect(words).toEqual(expect.arrayContaining(['espana', 'spanien', 'スペイン', 'tenerife', 'teneriffa', 'majorca']));
    expect(new Set(words).size).toBe(words.length);
  });
});

describe('the data of places within', () => {
  it('names real countries, an English name first and no name twice', () => {
    const region = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    for (const place of PLACES) {
      for (const code of place.codes) expect(region.of(code), `${code} for ${place.names[0]}`).toBeTruthy();
      expect(place.names[0], place.names.join('|')).toMatch(/^[A-Z][\p{L}\s'’-]+$/u);
      expect(new Set(place.names).size, place.names[0]).toBe(place.names.length);
    }
  });
});
