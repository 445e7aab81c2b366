/**
 * The index of the country picker: countries by name in every screen language, ISO code,
 * abbreviation and other names; regions and the world by their names and the words for them; and
 * the islands and regions travellers name instead of a country ("Bali"), which find that country
 * with the place named (`via`). The names themselves are in place-names.ts.
 * No node: imports: the renderer searches with it too.
 */
import type { CountryOption } from './catalog.ts';
import { UI_LANGUAGES } from './languages.ts';
import { COUNTRY_ALIASES, PLACES_WITHIN, REGION_WORDS, WORLD_WORDS } from './place-names.ts';
import { buildIndex, isTypoOf, nameKey, type RankedIndex } from './search.ts';

type Place = Pick<CountryOption, 'code' | 'name' | 'kind'>;

/** A place within one or more countries: the countries' codes, its English name first, then its other names. */
export type PlaceWithin = { readonly codes: readonly string[]; readonly names: readonly string[] };

const split = (names: string): string[] => names.split('|').map((n) => n.trim());

export const PLACES: readonly PlaceWithin[] = PLACES_WITHIN.map((line) => {
  const colon = line.indexOf(':');
  return { codes: line.slice(0, colon).trim().split(/\s+/), names: split(line.slice(colon + 1)) };
});

const WITHIN = new Map<string, PlaceWithin[]>();
for (const place of PLACES) for (const code of place.codes) WITHIN.set(code, [...(WITHIN.get(code) ?? []), place]);

/** The places travellers name within a country ("Bali", "Java"… for ID). */
export function placesWithin(code: string): readonly PlaceWithin[] {
  return WITHIN.get(code.toUpperCase()) ?? [];
}

let displayNames: Intl.DisplayNames[] | null = null;
const countryNameCache = new Map<string, readonly string[]>();

/** A country's name in each screen language ("Spain", "Spanien", "Espagne", "España", "スペイン"…), each once. */
export function countryNames(code: string): readonly string[] {
  const upper = code.toUpperCase();
  if (!/^[A-Z]{2}$/.test(upper)) return [];
  let names = countryNameCache.get(upper);
  if (!names) {
    displayNames ??= UI_LANGUAGES.map((language) => new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }));
    const all = displayNames.map((d) => d.of(upper)).filter((n): n is string => typeof n === 'string' && n !== '');
    names = [...new Set(all)];
    countryNameCache.set(upper, names);
  }
  return names;
}

/** What a clerk may call a place other than its names, abbreviations included. */
function aliasesOf(place: Place): readonly string[] {
  if (place.kind === 'global') return split(WORLD_WORDS);
  if (place.kind === 'regional') {
    const name = nameKey(place.name);
    return REGION_WORDS.filter(([word]) => word.test(name)).flatMap(([, words]) => split(words));
  }
  return COUNTRY_ALIASES[place.code.toUpperCase()] ?? [];
}

const isAbbreviation = (alias: string): boolean => /^[A-Z]{2,5}$/.test(alias);

/**
 * A country's ISO code with the abbreviations that stand for it ("GB UK", "AE UAE"), or a region's
 * abbreviations ("EU"): matched as strongly as a name. A region's own code is an id, not a word.
 */
export function placeCodes(place: Place): string {
  const own = place.kind ? [] : [place.code];
  return [...own, ...aliasesOf(place).filter(isAbbreviation)].join(' ');
}

/** The other names of a place ("Holland", "Great Britain", "Worldwide", "Europa", "ヨーロッパ"). */
export function placeAliases(place: Place): string {
  return aliasesOf(place)
    .filter((a) => !isAbbreviation(a))
    .join(' ');
}

/**
 * Every word of a place's names but the partner's name and its codes, each once, for the package
 * search: its other names, a country's names in the screen languages and the places within it
 * ("tenerife" for Spain). Each word once: a global package lists a hundred countries, and the
 * words their names share in several languages would only swell the index.
 */
export function placeSearchNames(place: Place): string {
  if (place.kind) return placeAliases(place);
  let words = searchNameCache.get(place.code);
  if (words === undefined) {
    const names = [placeAliases(place), ...countryNames(place.code), ...placesWithin(place.code).flatMap((p) => p.names)];
    words = uniqueWords(names.join(' '));
    searchNameCache.set(place.code, words);
  }
  return words;
}

const searchNameCache = new Map<string, string>();

/** The words of a text, folded, each once. */
export function uniqueWords(text: string): string {
  return [...new Set(nameKey(text).split(' '))].join(' ');
}

/** One document of the picker's index: a place of the list, or a place within some of them. */
type Entry = {
  readonly name: string;
  readonly codes: string;
  readonly names: string;
  readonly aliases: string;
  /** The places of the list it stands for: itself, or the countries a place within is in. */
  readonly targets: readonly CountryOption[];
  /** A place within: its names, to say which one the clerk typed. */
  readonly within?: readonly string[];
  /** Name keys that, typed exactly, put it first. */
  readonly keys: ReadonlySet<string>;
  /** Every word of its names and codes, folded, to tell a match as typed from one through a typo. */
  readonly words: readonly string[];
};

const entryWords = (...texts: string[]): string[] => [...new Set(texts.flatMap((t) => nameKey(t).split(' ')))];

function entries(places: readonly CountryOption[]): Entry[] {
  const listed = places.map((p): Entry => {
    const names = p.kind ? [] : countryNames(p.code);
    const aliases = aliasesOf(p);
    const entry = { name: p.name, codes: placeCodes(p), names: names.join(' '), aliases: placeAliases(p) };
    return {
      ...entry,
      targets: [p],
      keys: new Set([p.name, ...(p.kind ? [] : [p.code]), ...aliases, ...names].map((n) => nameKey(n))),
      words: entryWords(entry.name, entry.codes, entry.names, entry.aliases),
    };
  });
  const byCode = new Map(places.filter((p) => !p.kind).map((p) => [p.code.toUpperCase(), p]));
  const within = PLACES.flatMap((w): Entry[] => {
    const targets = w.codes.map((c) => byCode.get(c)).filter((p): p is CountryOption => p !== undefined);
    if (targets.length === 0) return [];
    const [name = '', ...others] = w.names;
    const keys = new Set(w.names.map(nameKey));
    return [
      { name, codes: '', names: others.join(' '), aliases: '', targets, within: w.names, keys, words: entryWords(...w.names) },
    ];
  });
  return [...listed, ...within];
}

/**
 * The name of a place within that best explains the match: one whose words begin with what was
 * typed ("Kanarische Inseln" for "kanar"), else one the typed words are a typo of, else its English name.
 */
export function closestName(names: readonly string[], query: string): string {
  const terms = nameKey(query).split(' ').filter(Boolean);
  const fits = (name: string, typos: boolean) => asTyped(terms, nameKey(name).split(' '), typos);
  return names.find((n) => fits(n, false)) ?? names.find((n) => fits(n, true)) ?? names[0] ?? '';
}

/**
 * Whether the typed words are words of a name, the last one begun ("united k"); with `typos`, a
 * word may also be a typo the search forgives. Chinese and Japanese run words together, so a
 * name's words written together may also begin with the last one ("カナリア" in "カナリア諸島").
 */
function asTyped(terms: readonly string[], words: readonly string[], typos: boolean): boolean {
  return terms.every((t, i) => {
    const last = i === terms.length - 1;
    if (words.some((w) => w === t || (last && w.startsWith(t)) || (typos && isTypoOf(t, w)))) return true;
    return last && words.join('').startsWith(t);
  });
}

/**
 * The picker's index. Typos are forgiven and the last word is a prefix, but a place whose code,
 * name or other name is exactly what was typed comes first ("UK" is the United Kingdom before
 * Ukraine, "Niger" Niger before Nigeria, "Bali" Indonesia via Bali before Mali); then places whose
 * names begin as typed, the list's own before the places within them ("can": Canada, then Spain
 * via the Canary Islands); then matches through a typo ("canar" finds the Canaries before Qatar).
 * A country found through a place within it carries that place's name as `via`.
 */
export function buildPlaceIndex(places: readonly CountryOption[]): RankedIndex<CountryOption> {
  const docs = entries(places);
  const index = buildIndex(docs, {
    fields: ['name', 'codes', 'names', 'aliases'],
    boost: { name: 2, codes: 4, names: 2, aliases: 1.5 },
    extract: (entry, field) => entry[field as 'name' | 'codes' | 'names' | 'aliases'],
  });
  return {
    docs: places,
    search(query, filter) {
      const found = index.search(query, filter ? (e) => e.targets.some(filter) : undefined);
      const key = nameKey(query);
      const terms = key.split(' ').filter(Boolean);
      const begins = (e: Entry) => [...e.keys].some((k) => k.startsWith(key));
      const tier = (e: Entry) => {
        if (e.keys.has(key)) return 0;
        if (!asTyped(terms, e.words, false)) return 4;
        // Of the places within, one whose name begins as typed: "カナリア" is the Canaries before Gran Canaria.
        return !e.within ? 1 : begins(e) ? 2 : 3;
      };
      const tiers = found.map(tier);
      const ranked = found
        .map((e, i) => ({ e, i }))
        .sort((a, b) => tiers[a.i]! - tiers[b.i]! || a.i - b.i)
        .map(({ e }) => e);
      const seen = new Set<CountryOption>();
      const out: CountryOption[] = [];
      for (const entry of ranked) {
        for (const target of entry.targets) {
          if (seen.has(target) || (filter && !filter(target))) continue;
          seen.add(target);
          out.push(entry.within ? { ...target, via: closestName(entry.within, query) } : target);
        }
      }
      return out;
    },
  };
}
