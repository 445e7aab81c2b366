/**
 * The catalogue as the counter sells it: the partner's nested country → operator → package tree,
 * flattened into offers with prices in minor units, loaded once and shared by concurrent callers.
 */
import type { CountryOption, PackageOffer } from '../../shared/catalog.ts';
import { money, toMinor, type Money } from '../../shared/money.ts';
import type { PartnerClient } from '../partner/client.ts';
import { getPackages } from '../partner/packages.ts';
import type { CountryEntry } from '../partner/schemas/packages.ts';
import type { EventBus } from '../events.ts';

export type CatalogQuery = { country?: string; type?: 'local' | 'global'; query?: string };

type Snapshot = { offers: PackageOffer[]; countries: CountryOption[] };

export class CatalogService {
  readonly #partner: PartnerClient;
  readonly #events: EventBus | undefined;
  #snapshot: Snapshot | null = null;
  #loading: Promise<Snapshot> | null = null;

  constructor(partner: PartnerClient, events?: EventBus) {
    this.#partner = partner;
    this.#events = events;
  }

  async countries(query?: string): Promise<CountryOption[]> {
    const { countries } = await this.#load();
    const needle = normalise(query ?? '');
    if (!needle) return countries;
    return countries.filter((c) => normalise(c.name).includes(needle) || c.code.toLowerCase() === needle);
  }

  async packages(query: CatalogQuery): Promise<PackageOffer[]> {
    const { offers } = await this.#load();
    const needle = normalise(query.query ?? '');
    return offers.filter((offer) => {
      if (query.country && !offer.countries.includes(query.country)) return false;
      if (query.type === 'local' && offer.kind !== 'local') return false;
      if (query.type === 'global' && offer.kind === 'local') return false;
      if (needle && !normalise(`${offer.title} ${offer.operator} ${offer.coverageName}`).includes(needle)) return false;
      return true;
    });
  }

  /** One sim package by id, or null when the catalogue has no such package. */
  async offer(id: string): Promise<PackageOffer | null> {
    const { offers } = await this.#load();
    return offers.find((o) => o.id === id) ?? null;
  }

  /** Drops the loaded catalogue so the next call fetches it again. */
  invalidate(): void {
    this.#snapshot = null;
  }

  #load(): Promise<Snapshot> {
    if (this.#snapshot) return Promise.resolve(this.#snapshot);
    this.#loading ??= getPackages(this.#partner, { includeTopups: false })
      .then((entries) => {
        const snapshot = buildSnapshot(entries);
        this.#snapshot = snapshot;
        this.#events?.emit('catalog.updated', { packageCount: snapshot.offers.length });
        return snapshot;
      })
      .finally(() => {
        this.#loading = null;
      });
    return this.#loading;
  }
}

/** The catalogue is priced in US dollars; other currencies come from the service's `prices` later. */
const usd = (value: number): Money => money(toMinor(value, 'USD'), 'USD');

const KIND_ORDER = { local: 0, regional: 1, global: 2 } as const;
const GLOBAL_SLUGS = new Set(['world', 'global']);

export function buildSnapshot(entries: readonly CountryEntry[]): Snapshot {
  const offers: PackageOffer[] = [];
  const names = new Map<string, string>();
  for (const entry of entries) {
    const isLocal = entry.country_code !== '';
    if (isLocal) names.set(entry.country_code, entry.title);
    const kind: PackageOffer['kind'] = isLocal ? 'local' : GLOBAL_SLUGS.has(entry.slug) ? 'global' : 'regional';
    for (const operator of entry.operators) {
      const countries = isLocal ? [entry.country_code] : (operator.countries ?? []).map((c) => c.country_code);
      for (const pkg of operator.packages) {
        if (pkg.type !== 'sim') continue;
        offers.push({
          id: pkg.id,
          kind,
          title: pkg.title,
          operator: operator.title,
          coverageName: entry.title,
          countries,
          dataMb: pkg.is_unlimited ? 0 : pkg.amount,
          dataText: pkg.is_unlimited ? 'Unlimited' : pkg.data,
          days: pkg.day,
          isUnlimited: pkg.is_unlimited,
          voiceMinutes: pkg.voice ?? null,
          textMessages: pkg.text ?? null,
          retail: usd(pkg.price),
          net: pkg.net_price === null || pkg.net_price === undefined ? null : usd(pkg.net_price),
          hasTopups: operator.rechargeability ?? false,
        });
      }
    }
  }
  offers.sort(compareOffers);

  const countries: CountryOption[] = [...names].map(([code, name]) => {
    const matching = offers.filter((o) => o.countries.includes(code));
    const cheapest = matching.reduce<PackageOffer | null>((min, o) => (!min || o.retail.minor < min.retail.minor ? o : min), null);
    return { code, name, packageCount: matching.length, fromPrice: cheapest?.retail ?? null };
  });
  countries.sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return { offers, countries };
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

function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}
