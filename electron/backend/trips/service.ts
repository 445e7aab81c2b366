/** Plans trips over the catalogue the counter holds, at the store's prices as they are now. */
import type { PackageOffer } from '../../../shared/catalog.ts';
import type { TripPlan, TripRequest } from '../../../shared/trips.ts';
import { indexOffers, planTrip, type OfferIndex } from './plan.ts';

export type TripOffers = { pricedOffers(): Promise<ReadonlyMap<string, PackageOffer>> };

export class TripPlanner {
  readonly #catalog: TripOffers;
  /** Indexing the catalogue costs more than a plan: done once per catalogue and price change. */
  #indexed: { offers: ReadonlyMap<string, PackageOffer>; index: OfferIndex } | null = null;

  constructor(catalog: TripOffers) {
    this.#catalog = catalog;
  }

  async plan(trip: TripRequest): Promise<TripPlan> {
    const offers = await this.#catalog.pricedOffers();
    if (this.#indexed?.offers !== offers) this.#indexed = { offers, index: indexOffers([...offers.values()]) };
    const options = planTrip(this.#indexed.index, trip);
    const named = new Set(options.flatMap((o) => o.packages.map((p) => p.id)));
    return { options, packages: [...named].map((id) => offers.get(id)!) };
  }
}
