/**
 * The trip planner: which packages to sell a customer travelling through several countries. Pure:
 * the catalogue's offers and the trip in, the options the clerk can offer out, cheapest first.
 *
 * The trip's days are split evenly over its countries in travel order (the first `days % n` get a
 * day more): the customer says how long and where, not when, and an even split is what a clerk
 * would assume. A package serving a set of the trip's countries is on from the arrival in the first
 * of them to the departure from the last, so it must last through the countries between them even
 * if it does not serve them (its validity runs from activation); its data need only cover the days
 * spent in the countries it serves, since the others' traffic goes over their own packages.
 */
import type { PackageOffer } from '../../../shared/catalog.ts';
import { money } from '../../../shared/money.ts';
import { MAX_TRIP_COUNTRIES, type TripOption, type TripRequest } from '../../../shared/trips.ts';

export type { TripOption, TripRequest };

/** The catalogue by country, built once per catalogue so each plan reads only the trip's countries' offers. */
export type OfferIndex = {
  /** null for an empty catalogue. */
  readonly currency: string | null;
  readonly byCountry: ReadonlyMap<string, readonly PackageOffer[]>;
};

const MAX_OPTIONS = 8;
/** Enough single packages for a choice of operator or validity without burying the combinations. */
const SINGLES = 3;

const compare = (a: number | string, b: number | string) => (a < b ? -1 : a > b ? 1 : 0);
/** Unlimited as infinitely much data, so "enough" is one comparison for both kinds. */
const dataOf = (o: PackageOffer) => (o.isUnlimited ? Infinity : o.dataMb);
const byPrice = (a: PackageOffer, b: PackageOffer) =>
  a.retail.minor - b.retail.minor || compare(b.days, a.days) || compare(dataOf(b), dataOf(a)) || compare(a.id, b.id);

/**
 * Offers of one coverage, cheapest first, without those another makes pointless: one dearer (or as
 * dear, and later by id) lasting no longer and carrying no more is never the best choice for any
 * block, nor the least short one; dropping it leaves, of a large catalogue's thousands of offers
 * per country, the few that differ in price, days or data.
 */
function frontier(offers: readonly PackageOffer[]): PackageOffer[] {
  const kept: PackageOffer[] = [];
  for (const o of [...offers].sort(byPrice)) {
    if (!kept.some((k) => k.days >= o.days && dataOf(k) >= dataOf(o))) kept.push(o);
  }
  return kept;
}

/**
 * Pruned once per catalogue among offers of the same countries; each plan prunes again among
 * offers covering the same trip countries (two regions differing only elsewhere are alike there).
 * Mixed currencies cannot be summed into one total, and converting is pricing's job, not ours.
 */
export function indexOffers(offers: readonly PackageOffer[]): OfferIndex {
  const currency = offers[0]?.retail.currency ?? null;
  const byCoverage = new Map<string, PackageOffer[]>();
  for (const o of offers) {
    if (o.retail.currency !== currency) {
      throw new Error(`Cannot plan over mixed currencies: ${currency} and ${o.retail.currency} (package ${o.id})`);
    }
    const key = [...new Set(o.countries)].sort().join();
    const group = byCoverage.get(key);
    if (group) group.push(o);
    else byCoverage.set(key, [o]);
  }
  const byCountry = new Map<string, PackageOffer[]>();
  for (const group of byCoverage.values()) {
    for (const o of frontier(group)) {
      for (const c of new Set(o.countries)) {
        const list = byCountry.get(c);
        if (list) list.push(o);
        else byCountry.set(c, [o]);
      }
    }
  }
  return { currency, byCountry };
}

function checkTrip(trip: TripRequest): void {
  const n = trip.countries.length;
  if (n < 1 || n > MAX_TRIP_COUNTRIES) throw new RangeError(`A trip has 1 to ${MAX_TRIP_COUNTRIES} countries, got ${n}`);
  if (new Set(trip.countries).size !== n) throw new RangeError(`A trip visits each country once: ${trip.countries.join()}`);
  if (!Number.isInteger(trip.days) || trip.days < 1 || trip.days > 365) throw new RangeError(`Not a trip length: ${trip.days}`);
  const perDay = trip.dataMbPerDay;
  if (perDay !== undefined && !(Number.isFinite(perDay) && perDay >= 0)) throw new RangeError(`Not data per day: ${perDay}`);
}

/** Lowest set bit's index: a block's first country in travel order. */
const first = (mask: number) => 31 - Math.clz32(mask & -mask);
const last = (mask: number) => 31 - Math.clz32(mask);

type Part = { offer: PackageOffer; block: number };

/** A catalogue's offers or its index; pass the index when planning many trips over one catalogue. */
export function planTrip(catalogue: readonly PackageOffer[] | OfferIndex, trip: TripRequest): TripOption[] {
  checkTrip(trip);
  const index = 'byCountry' in catalogue ? catalogue : indexOffers(catalogue);
  const { currency } = index;
  if (currency === null) return [];
  const { countries } = trip;
  const n = countries.length;
  const all = (1 << n) - 1;
  const perDay = trip.dataMbPerDay ?? 0;

  const own = countries.map((_, i) => Math.floor(trip.days / n) + (i < trip.days % n ? 1 : 0));
  const start = own.map((_, i) => own.slice(0, i).reduce((a, b) => a + b, 0));
  // Per block (a subset of the trip's countries as a bit mask): the days it must last, the days it is used.
  const span = new Array<number>(all + 1).fill(0);
  const used = new Array<number>(all + 1).fill(0);
  for (let s = 1; s <= all; s++) {
    span[s] = start[last(s)]! + own[last(s)]! - start[first(s)]!;
    used[s] = used[s & (s - 1)]! + own[first(s)]!;
  }
  const daysShortOf = (o: PackageOffer, s: number) => Math.max(0, span[s]! - o.days);
  const dataShortOf = (o: PackageOffer, s: number) => Math.max(0, perDay * used[s]! - dataOf(o));
  const adequate = (o: PackageOffer, s: number) => daysShortOf(o, s) === 0 && dataShortOf(o, s) === 0;

  // Candidates grouped by the trip countries they cover, each group pruned to its frontier.
  const masks = new Map<PackageOffer, number>();
  countries.forEach((c, i) => {
    for (const o of index.byCountry.get(c) ?? []) masks.set(o, (masks.get(o) ?? 0) | (1 << i));
  });
  const grouped = new Map<number, PackageOffer[]>();
  for (const [o, m] of masks) {
    const group = grouped.get(m);
    if (group) group.push(o);
    else grouped.set(m, [o]);
  }
  const groups = [...grouped].map(([m, group]) => [m, frontier(group)] as const).sort((a, b) => a[0] - b[0]);

  const optionOf = (parts: readonly Part[]): TripOption => {
    let covered = 0;
    let minor = 0;
    let daysShort = 0;
    let dataShort = 0;
    let given = Infinity;
    const packages = parts.map(({ offer, block }) => {
      covered |= block;
      minor += offer.retail.minor;
      daysShort = Math.max(daysShort, daysShortOf(offer, block));
      dataShort = Math.max(dataShort, dataShortOf(offer, block));
      if (!offer.isUnlimited) given = Math.min(given, offer.dataMb / Math.max(1, used[block]!));
      return block & (block - 1) ? { id: offer.id } : { id: offer.id, country: countries[first(block)]! };
    });
    const uncovered = countries.filter((_, i) => !(covered & (1 << i)));
    if (daysShort > 0) uncovered.push('days');
    if (dataShort > 0) uncovered.push('data');
    const unlimited = parts.every((p) => p.offer.isUnlimited);
    return {
      packages,
      total: money(minor, currency),
      // Whole MB, rounded towards the customer's side: "at least this much a day", "this much short".
      dataMbPerDay: unlimited ? 0 : Math.floor(given),
      unlimited,
      uncovered,
      daysShort,
      dataShortMb: Math.ceil(dataShort),
    };
  };

  const options: TripOption[] = [];

  // 1. The cheapest complete cover, exactly: the cheapest adequate package per block, then the best
  // partition of the trip into blocks (fewer packages on a tie: fewer eSIMs to install).
  const best = new Array<PackageOffer | undefined>(all + 1);
  for (const [m, group] of groups) {
    for (let s = m; s > 0; s = (s - 1) & m) {
      const o = group.find((x) => adequate(x, s));
      const held = best[s];
      if (o && (!held || byPrice(o, held) < 0)) best[s] = o;
    }
  }
  const cost = new Array<number>(all + 1).fill(Infinity);
  const count = new Array<number>(all + 1).fill(0);
  const pick = new Array<number>(all + 1).fill(0);
  cost[0] = 0;
  for (let m = 1; m <= all; m++) {
    const low = m & -m; // every partition has exactly one block holding m's first country: try each once
    for (let s = m; s > 0; s = (s - 1) & m) {
      const o = best[s];
      if (!(s & low) || !o) continue;
      const c = cost[m ^ s]! + o.retail.minor;
      const k = count[m ^ s]! + 1;
      if (c < cost[m]! || (c === cost[m] && k < count[m]!)) [cost[m], count[m], pick[m]] = [c, k, s];
    }
  }
  const complete = cost[all] === Infinity ? undefined : cost[all];
  if (complete !== undefined) {
    const parts: Part[] = [];
    for (let m = all; m > 0; m ^= pick[m]!) parts.push({ offer: best[pick[m]!]!, block: pick[m]! });
    options.push(optionOf(parts.sort((a, b) => first(a.block) - first(b.block))));
  }

  // 2. One eSIM for the whole trip, and a couple of dearer ones (another operator, a longer validity).
  const whole = groups.find(([m]) => m === all)?.[1] ?? [];
  for (const o of whole.filter((x) => adequate(x, all)).slice(0, SINGLES)) options.push(optionOf([{ offer: o, block: all }]));

  // 3. One package per country, as a customer buying at each border would: where none is adequate,
  // the least short (days first: a package that stops working strands the customer, slow data does not).
  const perCountry: Part[] = [];
  for (let i = 0; i < n; i++) {
    const bit = 1 << i;
    const fitter = (a: PackageOffer, b: PackageOffer) =>
      daysShortOf(a, bit) - daysShortOf(b, bit) || compare(dataShortOf(a, bit), dataShortOf(b, bit)) || byPrice(a, b);
    let chosen: PackageOffer | undefined;
    for (const [m, group] of groups) {
      if (m & bit) for (const o of group) if (!chosen || fitter(o, chosen) < 0) chosen = o;
    }
    if (chosen) perCountry.push({ offer: chosen, block: bit });
  }
  if (perCountry.length > 0) options.push(optionOf(perCountry));

  // 4. The cheapest whole-trip package even if short, so the clerk can offer "2 GB less, €5 cheaper".
  const cheapest = whole[0];
  if (cheapest && !adequate(cheapest, all) && (complete === undefined || cheapest.retail.minor < complete)) {
    options.push(optionOf([{ offer: cheapest, block: all }]));
  }

  // Stable sort: on a full tie the order above (complete cover first) stands.
  options.sort(
    (a, b) => a.total.minor - b.total.minor || a.uncovered.length - b.uncovered.length || a.packages.length - b.packages.length,
  );
  const seen = new Set<string>();
  const unique = options.filter((o) => {
    const key = JSON.stringify(o.packages.map((p) => p.id).sort());
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return unique.slice(0, MAX_OPTIONS);
}
