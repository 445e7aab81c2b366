/**
 * The catalogue in memory, as the service searches and prices it: the partner's tree flattened into
 * the journal's rows, and those rows sorted into offers, the list of places and their indexes.
 */
import type { CountryOption, PackageOffer } from '../../../shared/catalog.ts';
import type { Money } from '../../../shared/money.ts';
import {
  buildPlaceIndex,
  placeAliases,
  placeCodes,
  placeSearchNames,
  placesWithin,
  uniqueWords,
} from '../../../shared/places.ts';
import { buildIndex, dataToken, daysToken, type RankedIndex } from '../../../shared/search.ts';
import type { CountryEntry } from '../partner/schemas/packages.ts';
import type { CatalogRow } from './db.ts';
import { factsOf } from './offer-facts.ts';
import { offerOf, type PartnerPricing } from './offers.ts';

export type Snapshot = {
  readonly offers: readonly PackageOffer[];
  readonly countries: readonly CountryOption[];
  readonly byId: ReadonlyMap<string, PackageOffer>;
  /** The partner's slug of the country or region each offer is listed under, by offer id. */
  readonly areaOf: ReadonlyMap<string, string>;
  /**
   * The packages' word index, built at the first search by words: the Sell screen finds places, and
   * a start (every counter's, every test's) need not spend a seventh of a second on it.
   */
  readonly offerIndex: () => RankedIndex<SearchableOffer>;
  readonly countryIndex: RankedIndex<CountryOption>;
};

export type SearchableOffer = {
  readonly offer: PackageOffer;
  /** The code and abbreviations of the place it is sold for ("GB UK", "EU"), and its other names. */
  readonly placeCodes: string;
  readonly placeAliases: string;
  /** Regional and global packages: every covered country's name, code and other names. */
  readonly covered: string;
};

const KIND_ORDER = { local: 0, regional: 1, global: 2 } as const;
const GLOBAL_SLUGS = new Set(['world', 'global']);

/** The partner's nested tree → one row per sim package, as stored in the journal. */
export function catalogRows(entries: readonly CountryEntry[], pricing?: PartnerPricing): CatalogRow[] {
  const rows: CatalogRow[] = [];
  for (const entry of entries) {
    const isLocal = entry.country_code !== '';
    const kind: PackageOffer['kind'] = isLocal ? 'local' : GLOBAL_SLUGS.has(entry.slug) ? 'global' : 'regional';
    for (const operator of entry.operators) {
      const covered = isLocal
        ? [{ code: entry.country_code, name: entry.title }]
        : (operator.countries ?? []).map((c) => ({ code: c.country_code, name: c.title }));
      for (const pkg of operator.packages) {
        // A package of zero days cannot be sold (and the journal refuses it).
        if (pkg.type !== 'sim' || pkg.day < 1) continue;
        const offer: PackageOffer = {
          ...offerOf(pkg, pricing),
          kind,
          operator: operator.title,
          coverageName: entry.title,
          region: isLocal ? null : entry.slug,
          countries: covered.map((c) => c.code),
          hasTopups: operator.rechargeability ?? false,
          kyc: operator.is_kyc_verify ?? null,
        };
        rows.push({ offer, areaSlug: entry.slug, covered, facts: factsOf(operator, pkg) });
      }
    }
  }
  return rows;
}

/** Sorted offers, the country list and its index, once per refresh; the packages' word index at its first search. */
export function buildSnapshot(rows: readonly CatalogRow[]): Snapshot {
  const sorted = [...rows].sort((a, b) => compareOffers(a.offer, b.offer));
  const offers = sorted.map((r) => r.offer);

  const names = new Map<string, string>();
  for (const r of sorted) if (r.offer.kind === 'local') names.set(r.offer.countries[0] as string, r.offer.coverageName);
  const counts = new Map<string, { n: number; cheapest: Money | null }>();
  for (const offer of offers) {
    for (const code of offer.countries) {
      const c = counts.get(code) ?? { n: 0, cheapest: null };
      c.n += 1;
      if (!c.cheapest || offer.retail.minor < c.cheapest.minor) c.cheapest = offer.retail;
      counts.set(code, c);
    }
  }
  const countries: CountryOption[] = [...names].map(([code, name]) => ({
    code,
    name,
    packageCount: counts.get(code)?.n ?? 0,
    fromPrice: counts.get(code)?.cheapest ?? null,
  }));
  countries.sort((a, b) => a.name.localeCompare(b.name, 'en'));
  const regions = new Map<string, CountryOption & { kind: 'regional' | 'global' }>();
  for (const { offer, areaSlug } of sorted) {
    if (offer.kind === 'local') continue;
    const region = regions.get(areaSlug) ?? {
      code: areaSlug,
      name: offer.coverageName,
      kind: offer.kind,
      packageCount: 0,
      fromPrice: null,
    };
    const cheapest = region.fromPrice && region.fromPrice.minor <= offer.retail.minor ? region.fromPrice : offer.retail;
    regions.set(areaSlug, { ...region, packageCount: region.packageCount + 1, fromPrice: cheapest });
  }
  // After the countries, regions and then the world: most trips are to one country.
  const places = [
    ...countries,
    ...[...regions.values()].sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.name.localeCompare(b.name, 'en')),
  ];

  let offerIndex: RankedIndex<SearchableOffer> | null = null;
  const searchable = (): SearchableOffer[] =>
    sorted.map(({ offer, covered, areaSlug }) => {
      const place = offer.kind === 'local' ? { code: offer.countries[0] ?? '', name: offer.coverageName } : regions.get(areaSlug);
      return {
        offer,
        placeCodes: place ? placeCodes(place) : '',
        placeAliases: place ? placeSearchNames(place) : '',
        covered: offer.kind === 'local' ? '' : coveredWords(covered),
      };
    });
  return {
    offers,
    countries: places,
    byId: new Map(offers.map((o) => [o.id, o])),
    areaOf: new Map(sorted.map((r) => [r.offer.id, r.areaSlug])),
    offerIndex: () => (offerIndex ??= buildOfferIndex(searchable())),
    countryIndex: buildPlaceIndex(places),
  };
}

/**
 * What a regional or global package is found by besides its region: each covered country's
 * English name, codes and other names, and the English names of the islands within ("tenerife"
 * finds Europe too). Not every screen language's name: a global package covers a hundred countries,
 * and nine names each made building the index several times slower; the picker and the local
 * packages know those names.
 */
function coveredWords(covered: readonly { code: string; name: string }[]): string {
  const words = covered.map(
    (c) =>
      `${c.name} ${placeCodes(c)} ${placeAliases(c)} ${placesWithin(c.code)
        .map((p) => p.names[0])
        .join(' ')}`,
  );
  return uniqueWords(words.join(' '));
}

/** Place first (a local package for the place named beats a region that covers it), then the plan. */
export function buildOfferIndex(docs: readonly SearchableOffer[]): RankedIndex<SearchableOffer> {
  return buildIndex(docs, {
    fields: ['area', 'codes', 'aliases', 'plan', 'covered', 'operator'],
    boost: { area: 3, codes: 6, aliases: 2, plan: 2, covered: 1, operator: 1 },
    extract: ({ offer, placeCodes: codes, placeAliases: aliases, covered }, field) => {
      switch (field) {
        case 'area':
          return offer.coverageName;
        case 'codes':
          return codes;
        case 'aliases':
          return aliases;
        case 'plan':
          return `${dataToken(offer.dataText, offer.isUnlimited)} ${daysToken(offer.days)} ${offer.kind}`;
        case 'covered':
          return covered;
        default:
          return offer.operator;
      }
    },
  });
}

/** Local offers first (the customer's trip is usually one country), then by size, days and price. */
function compareOffers(a: PackageOffer, b: PackageOffer): number {
  return (
    KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
    Number(a.isUnlimited) - Number(b.isUnlimited) ||
    a.dataMb - b.dataMb ||
    a.days - b.days ||
    a.retail.minor - b.retail.minor ||
    a.id.localeCompare(b.id)
  );
}
