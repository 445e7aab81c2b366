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
import { catalogFetchedAt, listCatalog, replaceCatalog } from './db.ts';
import { buildSnapshot, catalogRows, type Snapshot } from './snapshot.ts';
import type { Journal } from '../journal/open.ts';
import type { EventBus } from '../events.ts';
import type { PartnerClient } from '../partner/client.ts';
import { partnerFailure } from '../common/failures.ts';
import { Refresher } from './refresher.ts';
import { PartnerError } from '../partner/errors.ts';
import { getPackages } from '../partner/packages.ts';
import { AppFailure } from '../../../shared/errors.ts';

/** `area`: a region's id from the country list (its code), for the packages of that region only. */
export type CatalogQuery = { country?: string; area?: string; type?: 'local' | 'global'; query?: string };

export type CatalogStatus = { readonly packageCount: number; readonly fetchedAt: string | null };

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
