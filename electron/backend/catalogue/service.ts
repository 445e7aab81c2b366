/**
 * The catalogue as the counter sells it: the partner's nested country → operator → package tree,
 * flattened into offers with prices in minor units. It is kept in the journal so the counter starts
 * instantly and keeps selling from the last known catalogue while the service is unreachable, is
 * refreshed in the background (hourly, as the partner advises), and is searched offline with ranking.
 */
import type { CountryOption, PackageOffer } from '../../../shared/catalog.ts';
import { localPrice, type PriceRule, type PricingContext } from '../../../shared/pricing.ts';
import { PARTNER_PRICES, type Pricing } from '../pricing/service.ts';
import type { Money } from '../../../shared/money.ts';
import { offerOf, type PartnerPricing } from './offers.ts';
import {
  buildPlaceIndex,
  placeAliases,
  placeCodes,
  placeSearchNames,
  placesWithin,
  uniqueWords,
} from '../../../shared/places.ts';
import { buildIndex, dataToken, daysToken, type RankedIndex } from '../../../shared/search.ts';
import { catalogFetchedAt, listCatalog, replaceCatalog, type CatalogRow } from './db.ts';
import { factsOf } from './offer-facts.ts';
import type { Journal } from '../journal/open.ts';
import type { EventBus } from '../events.ts';
import type { PartnerClient } from '../partner/client.ts';
import { partnerFailure } from '../common/failures.ts';
import { Refresher } from './refresher.ts';
import { PartnerError } from '../partner/errors.ts';
import { getPackages } from '../partner/packages.ts';
import type { CountryEntry } from '../partner/schemas/packages.ts';
import { AppFailure } from '../../../shared/errors.ts';

/** `area`: a region's id from the country list (its code), for the packages of that region only. */
export type CatalogQuery = { country?: string; area?: string; type?: 'local' | 'global'; query?: string };

export type CatalogStatus = { readonly packageCount: number; readonly fetchedAt: string | null };

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

export type CatalogServiceOptions = {
  /** The journal that keeps the catalogue between runs; without it the catalogue lives in memory only. */
  readonly db?: Journal;
  readonly now?: () => number;
  readonly log?: (message: string, error: unknown) => void;
  /** The store's prices (rules, currency, the partner's rate), read on every call so a change applies at once. */
  readonly pricing?: Pricing;
  /** One rule in the partner's currency, for a counter without settings (tests). */
  readonly priceRule?: () => PriceRule;
};

/** The catalogue priced under one rule: offers by id and the cheapest price per country and region code. */
type Priced = { snapshot: Snapshot; rule: string; byId: Map<string, PackageOffer>; fromPrice: Map<string, Money> };

export const CATALOG_REFRESH_MS = 60 * 60_000;

export class CatalogService {
  readonly #partner: PartnerClient;
  readonly #events: EventBus | undefined;
  readonly #db: Journal | undefined;
  readonly #now: () => number;
  readonly #log: CatalogServiceOptions['log'];
  #snapshot: Snapshot | null = null;
  #fetchedAt: string | null = null;
  #stale = false;
  #refreshing: Promise<CatalogStatus> | null = null;
  #refresher: Refresher | null = null;
  readonly #pricing: () => PricingContext;
  #priced: Priced | null = null;

  constructor(partner: PartnerClient, events?: EventBus, options: CatalogServiceOptions = {}) {
    this.#partner = partner;
    this.#events = events;
    this.#db = options.db;
    this.#now = options.now ?? Date.now;
    this.#log = options.log;
    const rule = options.priceRule;
    this.#pricing = options.pricing
      ? () => options.pricing!.context()
      : rule
        ? () => ({ ...PARTNER_PRICES.context(), rules: { default: rule(), byCountry: {}, byPackage: {} } })
        : PARTNER_PRICES.context;
  }

  /** Prices every offer under the current rules and rate once per catalogue and change, not per keystroke. */
  #prices(snapshot: Snapshot): Priced {
    const context = this.#pricing();
    const key = JSON.stringify(context);
    if (this.#priced?.snapshot === snapshot && this.#priced.rule === key) return this.#priced;
    const byId = new Map<string, PackageOffer>();
    const fromPrice = new Map<string, Money>();
    for (const offer of snapshot.offers) {
      const priced = { ...offer, retail: localPrice(offer, context).retail };
      byId.set(offer.id, priced);
      // A region's code is its lower-case slug, apart from every upper-case country code.
      const area = offer.kind === 'local' ? [] : [snapshot.areaOf.get(offer.id) ?? ''];
      for (const code of [...offer.countries, ...area]) {
        const cheapest = fromPrice.get(code);
        if (!cheapest || priced.retail.minor < cheapest.minor) fromPrice.set(code, priced.retail);
      }
    }
    this.#priced = { snapshot, rule: key, byId, fromPrice };
    return this.#priced;
  }

  /**
   * Countries with local packages, then regions and the world; with a query, ranked by name, code
   * and other names (typos forgiven), exact ones first.
   */
  async countries(query?: string): Promise<CountryOption[]> {
    const snapshot = await this.#load();
    const { fromPrice } = this.#prices(snapshot);
    const found = query?.trim() ? snapshot.countryIndex.search(query) : snapshot.countries;
    return found.map((c) => ({ ...c, fromPrice: fromPrice.get(c.code) ?? c.fromPrice }));
  }

  /** Offers, filtered by country, region and type; with a query, ranked by place, region, data size, days and operator. */
  async packages(query: CatalogQuery): Promise<PackageOffer[]> {
    const snapshot = await this.#load();
    const keep = (offer: PackageOffer): boolean => {
      if (query.country && !offer.countries.includes(query.country)) return false;
      if (query.area && snapshot.areaOf.get(offer.id) !== query.area) return false;
      if (query.type === 'local' && offer.kind !== 'local') return false;
      if (query.type === 'global' && offer.kind === 'local') return false;
      return true;
    };
    const { byId } = this.#prices(snapshot);
    const found = query.query?.trim()
      ? snapshot
          .offerIndex()
          .search(query.query, (d) => keep(d.offer))
          .map((d) => d.offer)
      : snapshot.offers.filter(keep);
    return found.map((offer) => byId.get(offer.id) ?? offer);
  }

  /** Every offer at the store's prices: the same map until the catalogue or prices change, so callers may key on it. */
  async pricedOffers(): Promise<ReadonlyMap<string, PackageOffer>> {
    return this.#prices(await this.#load()).byId;
  }

  /** One sim package by id, or null when the catalogue has no such package. */
  async offer(id: string): Promise<PackageOffer | null> {
    return (await this.pricedOffers()).get(id) ?? null;
  }

  /** A regional or global package's region (the partner's slug) from the catalogue at hand; null for a local or unlisted one. */
  regionOf(packageId: string): string | null {
    return this.#fromCache()?.byId.get(packageId)?.region ?? null;
  }

  /** The next call fetches the catalogue again; if that fails, the last known catalogue is kept. */
  invalidate(): void {
    this.#stale = true;
  }

  /** Fetches the whole catalogue, stores it and announces it. Concurrent calls share one fetch. */
  refresh(): Promise<CatalogStatus> {
    this.#refreshing ??= (async () => {
      const { entries, pricing } = await getPackages(this.#partner, { includeTopups: false });
      const rows = catalogRows(entries, pricing);
      const fetchedAt = new Date(this.#now()).toISOString();
      if (this.#db) replaceCatalog(this.#db, rows, fetchedAt);
      this.#snapshot = buildSnapshot(rows);
      this.#fetchedAt = fetchedAt;
      this.#stale = false;
      this.#events?.emit('catalog.updated', { packageCount: this.#snapshot.offers.length });
      return this.status();
    })().finally(() => {
      this.#refreshing = null;
    });
    return this.#refreshing;
  }

  status(): CatalogStatus {
    this.#fromCache();
    return { packageCount: this.#snapshot?.offers.length ?? 0, fetchedAt: this.#fetchedAt };
  }

  /**
   * Refreshes now when the stored catalogue is missing or older than `intervalMs`, then every
   * `intervalMs`, retrying a passing failure (refresher.ts).
   */
  startBackgroundRefresh(intervalMs = CATALOG_REFRESH_MS): void {
    this.stop();
    this.#fromCache();
    this.#refresher = new Refresher({
      name: 'catalogue',
      refresh: () => this.refresh(),
      age: () => this.#age(),
      intervalMs,
      log: this.#log,
    });
    this.#refresher.start();
  }

  /** The service answers again: a refresh that failed is made now. */
  serviceBack(): Promise<void> {
    return this.#refresher?.serviceBack() ?? Promise.resolve();
  }

  stop(): void {
    this.#refresher?.stop();
  }

  async #load(): Promise<Snapshot> {
    const cached = this.#fromCache();
    if (cached && !this.#stale) return cached;
    try {
      await this.refresh();
    } catch (error) {
      if (cached) {
        // Not every keystroke should wait for an unreachable service: the background refresh retries.
        this.#stale = false;
        this.#log?.('catalogue refresh failed; selling from the stored catalogue', error);
        return cached;
      }
      throw loadFailure(error);
    }
    return this.#snapshot as Snapshot;
  }

  /** The in-memory snapshot, built from the journal the first time. */
  #fromCache(): Snapshot | null {
    if (this.#snapshot || !this.#db) return this.#snapshot;
    const rows = listCatalog(this.#db);
    if (rows.length === 0) return null;
    this.#snapshot = buildSnapshot(rows);
    this.#fetchedAt = catalogFetchedAt(this.#db);
    return this.#snapshot;
  }

  #age(): number {
    return this.#fetchedAt === null ? Infinity : this.#now() - Date.parse(this.#fetchedAt);
  }
}

function loadFailure(error: unknown): Error {
  if (!(error instanceof PartnerError)) return error instanceof Error ? error : new Error(String(error));
  return AppFailure.from(partnerFailure(error, 'the catalogue'));
}

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
        };
        rows.push({ offer, areaSlug: entry.slug, covered, facts: factsOf(operator, pkg) });
      }
    }
  }
  return rows;
}

/** Sorted offers, the country list and its index, once per refresh; the packages' word index at its first search. Exported for the bench. */
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
