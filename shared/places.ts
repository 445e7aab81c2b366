/**
 * The names clerks give places, and the index of the country picker: countries by name, ISO code,
 * abbreviation and other names; regions and the world by their names and the words for them.
 * No node: imports: the renderer searches with it too.
 */
import type { CountryOption } from './catalog.ts';
import { buildIndex, nameKey, type RankedIndex } from './search.ts';

/**
 * Names clerks use for countries that the partner lists differently, by ISO code: English names,
 * the country's own name, abbreviations. Kept small: the fuzzy match already covers spelling.
 */
export const COUNTRY_ALIASES: Readonly<Record<string, readonly string[]>> = {
  GB: ['UK', 'Britain', 'Great Britain', 'England', 'Scotland', 'Wales', 'Northern Ireland'],
  US: ['USA', 'America', 'United States of America', 'States'],
  NL: ['Holland', 'Netherlands', 'Nederland', 'Dutch'],
  AE: ['UAE', 'Emirates', 'Dubai', 'Abu Dhabi'],
  KR: ['Korea', 'South Korea'],
  KP: ['North Korea'],
  CZ: ['Czechia', 'Czech Republic'],
  TR: ['Turkey', 'Turkiye'],
  CI: ['Ivory Coast', "Cote d'Ivoire"],
  CD: ['DRC', 'Congo Kinshasa'],
  CG: ['Congo Brazzaville'],
  MK: ['Macedonia', 'North Macedonia'],
  MM: ['Burma', 'Myanmar'],
  SZ: ['Swaziland', 'Eswatini'],
  CV: ['Cape Verde', 'Cabo Verde'],
  TL: ['East Timor', 'Timor-Leste'],
  VA: ['Vatican', 'Holy See'],
  RU: ['Russia'],
  VN: ['Vietnam', 'Viet Nam'],
  LA: ['Laos'],
  IR: ['Iran'],
  SY: ['Syria'],
  BO: ['Bolivia'],
  VE: ['Venezuela'],
  TZ: ['Tanzania'],
  MD: ['Moldova'],
  TW: ['Taiwan'],
  HK: ['Hong Kong'],
  MO: ['Macau', 'Macao'],
  PS: ['Palestine'],
  DE: ['Deutschland'],
  ES: ['Espana'],
  IT: ['Italia'],
  PL: ['Polska'],
  GR: ['Hellas'],
  BE: ['Belgie', 'Belgique'],
  SE: ['Sverige'],
  NO: ['Norge'],
  DK: ['Danmark'],
  FI: ['Suomi'],
  HR: ['Hrvatska'],
  IE: ['Eire'],
  BR: ['Brasil'],
  CH: ['Schweiz', 'Suisse'],
  AT: ['Osterreich'],
  JP: ['Nippon', 'Nihon'],
};

/** Words for a region that its name does not contain, found by a word of the name. */
const REGION_ALIASES: readonly (readonly [RegExp, readonly string[]])[] = [
  [/\beurope\b/, ['EU', 'European Union', 'Schengen', 'Europa']],
  [/\basia\b/, ['Asia Pacific', 'APAC']],
  [/\bmiddle east\b/, ['MENA', 'Gulf']],
  [/\blatin america\b/, ['South America', 'Central America', 'LATAM', 'Americas']],
  [/\bnorth america\b/, ['Americas']],
  [/\bcaribbean\b/, ['West Indies']],
  [/\boceania\b/, ['Pacific', 'Australasia']],
];

const WORLD_ALIASES = ['Global', 'World', 'Worldwide', 'International'];

/** What a clerk may call a place other than its name, abbreviations included. */
function aliasesOf(place: Pick<CountryOption, 'code' | 'name' | 'kind'>): readonly string[] {
  if (place.kind === 'global') return WORLD_ALIASES;
  if (place.kind === 'regional') {
    const name = nameKey(place.name);
    return REGION_ALIASES.filter(([word]) => word.test(name)).flatMap(([, aliases]) => aliases);
  }
  return COUNTRY_ALIASES[place.code.toUpperCase()] ?? [];
}

const isAbbreviation = (alias: string): boolean => /^[A-Z]{2,5}$/.test(alias);

/**
 * A country's ISO code with the abbreviations that stand for it ("GB UK", "AE UAE"), or a region's
 * abbreviations ("EU"): matched as strongly as a name. A region's own code is an id, not a word.
 */
export function placeCodes(place: Pick<CountryOption, 'code' | 'name' | 'kind'>): string {
  const own = place.kind ? [] : [place.code];
  return [...own, ...aliasesOf(place).filter(isAbbreviation)].join(' ');
}

/** The other names of a place ("Holland", "Great Britain", "Worldwide"). */
export function placeAliases(place: Pick<CountryOption, 'code' | 'name' | 'kind'>): string {
  return aliasesOf(place)
    .filter((a) => !isAbbreviation(a))
    .join(' ');
}

/**
 * The picker's index. Typos are forgiven and the last word is a prefix, but a place whose code,
 * name or other name is exactly what was typed comes first: "UK" is the United Kingdom before
 * Ukraine, "Niger" Niger before Nigeria.
 */
export function buildPlaceIndex(places: readonly CountryOption[]): RankedIndex<CountryOption> {
  const index = buildIndex(places, {
    fields: ['name', 'code', 'aliases'],
    boost: { name: 2, code: 4, aliases: 1.5 },
    extract: (p, field) => (field === 'name' ? p.name : field === 'code' ? placeCodes(p) : placeAliases(p)),
  });
  const keys = places.map((p) => new Set([p.name, ...(p.kind ? [] : [p.code]), ...aliasesOf(p)].map((name) => nameKey(name))));
  const position = new Map(places.map((p, i) => [p, i]));
  return {
    docs: places,
    search(query, filter) {
      const found = index.search(query, filter);
      const key = nameKey(query);
      const exact = (p: CountryOption) => keys[position.get(p) ?? -1]?.has(key) ?? false;
      return [...found.filter(exact), ...found.filter((p) => !exact(p))];
    },
  };
}
