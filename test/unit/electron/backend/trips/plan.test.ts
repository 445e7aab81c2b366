import { describe, expect, it } from 'vitest';
import { indexOffers, planTrip, type TripOption, type TripRequest } from '../../../../../electron/backend/trips/plan.ts';
import type { PackageOffer } from '../../../../../shared/catalog.ts';

/** A package with only what the planner reads made to vary; `data` in MB, or 'unlimited'. */
function offer(id: string, countries: string[], days: number, data: number | 'unlimited', price: number, currency = 'EUR') {
  const unlimited = data === 'unlimited';
  return {
    id,
    kind: countries.length === 1 ? 'local' : 'regional',
    title: `${id} - ${days} Days`,
    operator: 'Op',
    coverageName: countries.join(', '),
    region: countries.length === 1 ? null : 'somewhere',
    countries,
    dataMb: unlimited ? 0 : data,
    dataText: unlimited ? 'Unlimited' : `${data} MB`,
    days,
    isUnlimited: unlimited,
    voiceMinutes: null,
    textMessages: null,
    retail: { minor: price, currency },
    net: null,
    hasTopups: false,
    kyc: null,
  } satisfies PackageOffer;
}

const ids = (option: TripOption | undefined) => option?.packages.map((p) => p.id);
const totals = (options: TripOption[]) => options.map((o) => o.total.minor);

describe('planning a trip', () => {
  it('sells one regional package when it is cheaper than the locals', () => {
    const offers = [
      offer('fr', ['FR'], 7, 3000, 800),
      offer('it', ['IT'], 7, 3000, 800),
      offer('eu', ['FR', 'IT', 'DE'], 10, 5000, 1200),
    ];
    const options = planTrip(offers, { countries: ['FR', 'IT'], days: 10, dataMbPerDay: 500 });
    expect(options[0]).toEqual({
      packages: [{ id: 'eu' }],
      total: { minor: 1200, currency: 'EUR' },
      dataMbPerDay: 500,
      unlimited: false,
      uncovered: [],
      daysShort: 0,
      dataShortMb: 0,
    });
    // The locals are still offered, dearer, each for its own country.
    expect(options[1]?.packages).toEqual([
      { id: 'fr', country: 'FR' },
      { id: 'it', country: 'IT' },
    ]);
    expect(options).toHaveLength(2);
  });

  it('sells the locals when the regional is dear, and still offers the regional after them', () => {
    const offers = [
      offer('fr', ['FR'], 7, 3000, 800),
      offer('it', ['IT'], 7, 3000, 800),
      offer('eu', ['FR', 'IT', 'DE'], 10, 5000, 3000),
    ];
    const options = planTrip(offers, { countries: ['FR', 'IT'], days: 10, dataMbPerDay: 500 });
    expect(options.map(ids)).toEqual([['fr', 'it'], ['eu']]);
    expect(totals(options)).toEqual([1600, 3000]);
    expect(options[0]?.dataMbPerDay).toBe(600); // 3000 MB over each country's 5 days
  });

  it('makes a package last from the first country it serves to the last, through those between', () => {
    const trip = { countries: ['FR', 'IT', 'CH'], days: 12 };
    const locals = [offer('fr', ['FR'], 4, 3000, 400), offer('it', ['IT'], 4, 3000, 400), offer('ch', ['CH'], 4, 3000, 400)];
    const alps = offer('alps', ['FR', 'IT', 'CH'], 7, 10_000, 500);
    const options = planTrip([...locals, alps], trip);
    // Seven days do not span twelve: the locals are the complete cover; the regional is offered as short.
    expect(options.find((o) => o.uncovered.length === 0)?.packages).toEqual([
      { id: 'fr', country: 'FR' },
      { id: 'it', country: 'IT' },
      { id: 'ch', country: 'CH' },
    ]);
    expect(options[0]).toMatchObject({ packages: [{ id: 'alps' }], uncovered: ['days'], daysShort: 5, dataShortMb: 0 });
    expect(totals(options)).toEqual([500, 1200]);
    // A short package dearer than the complete cover is not worth mentioning.
    expect(planTrip([...locals, { ...alps, retail: { minor: 1500, currency: 'EUR' } }], trip).map(ids)).toEqual([
      ['fr', 'it', 'ch'],
    ]);

    // France and Switzerland's own days are 8, but the trip passes through Italy between them: a 9-day
    // package for both does not last, though it does for each alone (bought twice).
    const frCh = offer('fr-ch', ['FR', 'CH'], 9, 10_000, 300);
    const [best] = planTrip([...locals, frCh], trip);
    expect(best?.packages).toEqual([
      { id: 'fr-ch', country: 'FR' },
      { id: 'it', country: 'IT' },
      { id: 'fr-ch', country: 'CH' },
    ]);
    expect(best?.total.minor).toBe(1000);
  });

  it('splits the days evenly in travel order, the first countries taking the remainder', () => {
    // 10 days over three countries: 4, 3, 3.
    const trip = { countries: ['AT', 'BE', 'CZ'], days: 10 };
    const fits = [offer('a', ['AT'], 4, 1000, 100), offer('b', ['BE'], 3, 1000, 100), offer('c', ['CZ'], 3, 1000, 100)];
    expect(planTrip(fits, trip)[0]).toMatchObject({ packages: [{ id: 'a' }, { id: 'b' }, { id: 'c' }], uncovered: [] });
    const short = [offer('a', ['AT'], 3, 1000, 100), offer('b', ['BE'], 4, 1000, 100), offer('c', ['CZ'], 4, 1000, 100)];
    expect(planTrip(short, trip)[0]).toMatchObject({ uncovered: ['days'], daysShort: 1 });
  });

  it('counts the data a part falls short of and offers the cheaper short package next to the adequate one', () => {
    const offers = [offer('de-3gb', ['DE'], 10, 3000, 500), offer('de-10gb', ['DE'], 10, 10_000, 1500)];
    const options = planTrip(offers, { countries: ['DE'], days: 10, dataMbPerDay: 500 });
    expect(options).toEqual([
      {
        packages: [{ id: 'de-3gb', country: 'DE' }],
        total: { minor: 500, currency: 'EUR' },
        dataMbPerDay: 300,
        unlimited: false,
        uncovered: ['data'],
        daysShort: 0,
        dataShortMb: 2000,
      },
      {
        packages: [{ id: 'de-10gb', country: 'DE' }],
        total: { minor: 1500, currency: 'EUR' },
        dataMbPerDay: 1000,
        unlimited: false,
        uncovered: [],
        daysShort: 0,
        dataShortMb: 0,
      },
    ]);
    // Without a need for data, the 3 GB package is enough.
    expect(planTrip(offers, { countries: ['DE'], days: 10 }).map(ids)).toEqual([['de-3gb'], ['de-10gb']]);
  });

  it('takes unlimited data as always enough, and the option as unlimited only when every part is', () => {
    const trip = { countries: ['ES', 'PT'], days: 10, dataMbPerDay: 2000 };
    const iberia = offer('iberia', ['ES', 'PT'], 10, 'unlimited', 2000);
    expect(planTrip([iberia, offer('es', ['ES'], 5, 'unlimited', 1500)], trip)[0]).toMatchObject({
      packages: [{ id: 'iberia' }],
      unlimited: true,
      dataMbPerDay: 0,
      uncovered: [],
      dataShortMb: 0,
    });
    const mixed = planTrip([offer('es', ['ES'], 5, 'unlimited', 500), offer('pt', ['PT'], 5, 12_000, 500)], trip);
    expect(mixed[0]).toMatchObject({ unlimited: false, dataMbPerDay: 2400, uncovered: [] });
  });

  it('names a country no package covers, and offers nothing when none covers any', () => {
    const offers = [offer('fr', ['FR'], 7, 3000, 800), offer('de', ['DE'], 7, 3000, 800)];
    expect(planTrip(offers, { countries: ['FR', 'XK'], days: 6 })).toEqual([
      {
        packages: [{ id: 'fr', country: 'FR' }],
        total: { minor: 800, currency: 'EUR' },
        dataMbPerDay: 1000,
        unlimited: false,
        uncovered: ['XK'],
        daysShort: 0,
        dataShortMb: 0,
      },
    ]);
    expect(planTrip(offers, { countries: ['XK'], days: 6 })).toEqual([]);
    expect(planTrip([], { countries: ['FR'], days: 6 })).toEqual([]);
  });

  it('offers the same packages once, whichever way they were found', () => {
    // For one country, the complete cover, the single package and the local one are the same.
    const options = planTrip([offer('jp', ['JP'], 7, 3000, 600)], { countries: ['JP'], days: 5 });
    expect(options.map(ids)).toEqual([['jp']]);
  });

  it('plans a one-country trip: a short cheap package, the cheapest adequate one and the next adequate ones', () => {
    const offers = [
      offer('jp-3d', ['JP'], 3, 3000, 300),
      offer('jp-7d', ['JP'], 7, 3000, 600),
      offer('jp-15d', ['JP'], 15, 3000, 900),
      offer('jp-30d', ['JP'], 30, 3000, 1200),
      offer('jp-7d-dear', ['JP'], 7, 3000, 700), // dearer than jp-7d and no better: never offered
    ];
    const options = planTrip(offers, { countries: ['JP'], days: 5 });
    expect(options.map(ids)).toEqual([['jp-3d'], ['jp-7d'], ['jp-15d'], ['jp-30d']]);
    expect(options[0]).toMatchObject({ uncovered: ['days'], daysShort: 2 });
  });

  it('sorts by total, then fewer uncovered entries, then fewer packages', () => {
    // Same price: the one regional before the two locals.
    const tie = planTrip(
      [offer('duo', ['FR', 'IT'], 8, 5000, 1000), offer('fr', ['FR'], 4, 5000, 500), offer('it', ['IT'], 4, 5000, 500)],
      {
        countries: ['FR', 'IT'],
        days: 8,
      },
    );
    expect(tie.map(ids)).toEqual([['duo'], ['fr', 'it']]);

    // Same price, both short: the locals fall short of days only, the regional of days and data too.
    const short = planTrip(
      [offer('duo', ['FR', 'IT'], 3, 1000, 1000), offer('fr', ['FR'], 3, 10_000, 500), offer('it', ['IT'], 3, 10_000, 500)],
      { countries: ['FR', 'IT'], days: 8, dataMbPerDay: 1000 },
    );
    expect(short.map((o) => o.uncovered)).toEqual([['days'], ['days', 'data']]);
    expect(short.map(ids)).toEqual([['fr', 'it'], ['duo']]);
    expect(short[1]).toMatchObject({ daysShort: 5, dataShortMb: 7000 });
  });

  it('finds a mixed cover, a regional for two countries and a local for the third, when it is cheapest', () => {
    const offers = [
      offer('fr-it', ['FR', 'IT'], 8, 5000, 900),
      offer('fr', ['FR'], 4, 3000, 600),
      offer('it', ['IT'], 4, 3000, 600),
      offer('ch', ['CH'], 4, 3000, 600),
      offer('alps', ['FR', 'IT', 'CH'], 12, 10_000, 2500),
    ];
    const options = planTrip(offers, { countries: ['FR', 'IT', 'CH'], days: 12, dataMbPerDay: 500 });
    expect(options[0]?.packages).toEqual([{ id: 'fr-it' }, { id: 'ch', country: 'CH' }]);
    expect(options[0]?.dataMbPerDay).toBe(625); // 5000 MB over France's and Italy's 8 days; Switzerland gives 750
    expect(options.map(ids)).toEqual([['fr-it', 'ch'], ['fr', 'it', 'ch'], ['alps']]);
    expect(totals(options)).toEqual([1500, 1800, 2500]);
  });

  it('of equally cheap complete covers, takes the one of fewer packages', () => {
    const offers = [
      offer('ad', ['AT', 'DK'], 4, 1000, 400),
      offer('b', ['BE'], 4, 1000, 300),
      offer('c', ['CZ'], 4, 1000, 300),
      offer('abc', ['AT', 'BE', 'CZ'], 3, 1000, 700),
      offer('d', ['DK'], 4, 1000, 300),
    ];
    const [best] = planTrip(offers, { countries: ['AT', 'BE', 'CZ', 'DK'], days: 4 });
    expect(best?.packages).toEqual([{ id: 'abc' }, { id: 'd', country: 'DK' }]); // not ad + b + c, as cheap
    expect(best?.total.minor).toBe(1000);
  });

  it('counts a package’s data over the days in the countries it serves, not those it is carried through', () => {
    // France and Switzerland: 8 of the 12 days, so 4000 MB at 500 a day, though the package is on for 12.
    const offers = [offer('fr-ch', ['FR', 'CH'], 12, 4000, 300), offer('it', ['IT'], 4, 2000, 300)];
    const [best] = planTrip(offers, { countries: ['FR', 'IT', 'CH'], days: 12, dataMbPerDay: 500 });
    expect(best).toMatchObject({ packages: [{ id: 'fr-ch' }, { id: 'it', country: 'IT' }], uncovered: [], dataMbPerDay: 500 });
  });

  it('plans the same from an index kept between calls', () => {
    const offers = [
      offer('fr', ['FR'], 7, 3000, 800),
      offer('eu', ['FR', 'IT'], 10, 5000, 1200),
      offer('it', ['IT'], 7, 3000, 800),
    ];
    const index = indexOffers(offers);
    const trip = { countries: ['IT', 'FR'], days: 9, dataMbPerDay: 200 };
    expect(planTrip(index, trip)).toEqual(planTrip(offers, trip));
    expect(planTrip(index, { countries: ['FR'], days: 3 }).map(ids)).toEqual([['fr'], ['eu']]);
  });

  it('refuses a catalogue of several currencies and a trip it cannot plan', () => {
    expect(() => indexOffers([offer('fr', ['FR'], 7, 3000, 800), offer('us', ['US'], 7, 3000, 800, 'USD')])).toThrow(
      /mixed currencies/,
    );
    const offers = [offer('fr', ['FR'], 7, 3000, 800)];
    const bad: TripRequest[] = [
      { countries: [], days: 5 },
      { countries: Array.from({ length: 13 }, (_, i) => `C${i}`), days: 5 },
      { countries: ['FR', 'FR'], days: 5 },
      { countries: ['FR'], days: 0 },
      { countries: ['FR'], days: 366 },
      { countries: ['FR'], days: 5, dataMbPerDay: -1 },
    ];
    for (const trip of bad) expect(() => planTrip(offers, trip)).toThrow(RangeError);
  });
});

describe('planning over a large catalogue', () => {
  /** A seeded generator, so the catalogue is the same on every run. */
  function random(seed: number) {
    return () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  function catalogue(): PackageOffer[] {
    const rnd = random(42);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
    const world = Array.from({ length: 40 }, (_, i) => String.fromCharCode(65 + Math.floor(i / 26), 65 + (i % 26)));
    const offers: PackageOffer[] = [];
    for (let i = 0; i < 10_000; i++) {
      const r = rnd();
      const countries = r < 0.4 ? [pick(world)] : r < 0.97 ? world.filter(() => rnd() < 0.1) : world; // local, regional, global
      if (countries.length === 0) countries.push(pick(world));
      const days = pick([1, 3, 5, 7, 10, 15, 30, 60]);
      const data = rnd() < 0.1 ? 'unlimited' : pick([500, 1000, 2000, 3000, 5000, 10_000, 20_000]);
      const size = data === 'unlimited' ? 30_000 : data;
      // A fee per eSIM, so one package for several countries can beat a local each: the cover mixes both.
      const price = Math.round((1000 + days * 20 + size / 10) * (0.6 + rnd()) * (1 + countries.length / 20));
      offers.push(offer(`p${i}`, countries, days, data, price));
    }
    return offers;
  }

  it('finds the cheapest complete cover and single packages a brute force finds', () => {
    const offers = catalogue();
    const trip = { countries: ['AA', 'AF', 'AK', 'AP', 'AU'], days: 30, dataMbPerDay: 300 };
    const n = trip.countries.length;
    // The trip's rule, worked out by hand: 6 days a country.
    const need = (block: number[]) => ({ days: (block.at(-1)! - block[0]! + 1) * 6, data: 300 * 6 * block.length });
    const fits = (o: PackageOffer, block: number[]) =>
      block.every((i) => o.countries.includes(trip.countries[i]!)) &&
      o.days >= need(block).days &&
      (o.isUnlimited || o.dataMb >= need(block).data);
    const cheapestFor = (block: number[]) => Math.min(...offers.filter((o) => fits(o, block)).map((o) => o.retail.minor));
    // Every set partition of the five countries, each block at its cheapest fitting package.
    const partitions = (rest: number[]): number[][][] => {
      if (rest.length === 0) return [[]];
      const [head, ...tail] = rest as [number, ...number[]];
      return tail
        .reduce<number[][]>((subsets, i) => [...subsets, ...subsets.map((s) => [...s, i])], [[]])
        .flatMap((with_) => partitions(tail.filter((i) => !with_.includes(i))).map((p) => [[head, ...with_], ...p]));
    };
    const all = partitions([...Array(n).keys()]);
    expect(all).toHaveLength(52); // Bell number of 5
    const cheapestCover = Math.min(...all.map((p) => p.reduce((sum, block) => sum + cheapestFor(block), 0)));
    // Whole-trip packages, less those another at most as dear outlasts and outcarries (never worth offering).
    const fitting = offers.filter((o) => fits(o, [...Array(n).keys()]));
    const data = (o: PackageOffer) => (o.isUnlimited ? Infinity : o.dataMb);
    const worse = (o: PackageOffer, p: PackageOffer) =>
      p !== o &&
      p.days >= o.days &&
      data(p) >= data(o) &&
      (p.retail.minor < o.retail.minor ||
        (p.retail.minor === o.retail.minor && (p.days > o.days || data(p) > data(o) || p.id < o.id)));
    const singles = fitting
      .filter((o) => !fitting.some((p) => worse(o, p)))
      .map((o) => o.retail.minor)
      .sort((a, b) => a - b);

    const options = planTrip(indexOffers(offers), trip);
    const complete = options.filter((o) => o.uncovered.length === 0);
    expect(Number.isFinite(cheapestCover)).toBe(true);
    const cover = complete[0]!;
    expect(cover.total.minor).toBe(cheapestCover);
    const bought = cover.packages.map((p) => offers.find((o) => o.id === p.id)!);
    expect(bought.reduce((sum, o) => sum + o.retail.minor, 0)).toBe(cheapestCover);
    for (const c of trip.countries) expect(bought.some((o) => o.countries.includes(c))).toBe(true);
    // The catalogue is made so the DP has to combine: a package for several countries and a local.
    expect(cover.packages.some((p) => p.country === undefined)).toBe(true);
    expect(cover.packages.some((p) => p.country !== undefined)).toBe(true);

    const wholeTrip = complete.filter((o) => o.packages.length === 1 && o.packages[0]!.country === undefined);
    expect(wholeTrip.map((o) => o.total.minor)).toEqual(singles.slice(0, 3));
    const perCountry = options.find(
      (o) => o.packages.length === n && o.packages.every((p, i) => p.country === trip.countries[i]),
    );
    expect(perCountry?.total.minor).toBe(trip.countries.reduce((sum, _, i) => sum + cheapestFor([i]), 0));
    expect(totals(options)).toEqual([...totals(options)].sort((a, b) => a - b));
    expect(options.length).toBeLessThanOrEqual(8);
  });
});
