import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openJournalInMemory, type Journal } from '../../../../../electron/backend/journal/open.ts';
import { CatalogService } from '../../../../../electron/backend/catalogue/service.ts';
import { fakePartner } from '../fake-partner.ts';

// The catalogue searched the way clerks name places: in the screen languages and by the islands and
// regions within a country. A small catalogue: Spain and its neighbours, Indonesia and Mali, Canada.
const pkg = (id: string, gb: number, days: number, price: number) => ({
  id,
  type: 'sim',
  price,
  net_price: price / 2,
  amount: gb * 1024,
  day: days,
  is_unlimited: false,
  title: `${gb} GB - ${days} Days`,
  data: `${gb} GB`,
  short_info: null,
  voice: null,
  text: null,
});
const operator = (title: string, packages: unknown[], countries: [string, string][] = []) => ({
  id: title.length,
  title,
  type: 'local',
  is_roaming: false,
  rechargeability: true,
  countries: countries.map(([country_code, t]) => ({ country_code, title: t })),
  packages,
});
const local = (code: string, title: string, packages: unknown[]) => ({
  slug: title.toLowerCase(),
  country_code: code,
  title,
  operators: [operator(`${title} Mobile`, packages)],
});

const ENTRIES = [
  local('ES', 'Spain', [pkg('es-1gb-7d', 1, 7, 4), pkg('es-5gb-30d', 5, 30, 11)]),
  local('PT', 'Portugal', [pkg('pt-1gb-7d', 1, 7, 4)]),
  local('ID', 'Indonesia', [pkg('id-3gb-15d', 3, 15, 6)]),
  local('ML', 'Mali', [pkg('ml-1gb-7d', 1, 7, 9)]),
  local('CA', 'Canada', [pkg('ca-1gb-7d', 1, 7, 7)]),
  local('US', 'United States', [pkg('us-1gb-7d', 1, 7, 5)]),
  {
    slug: 'europe',
    country_code: '',
    title: 'Europe',
    operators: [
      operator(
        'Eurolink',
        [pkg('eu-5gb-30d', 5, 30, 15)],
        [
          ['ES', 'Spain'],
          ['PT', 'Portugal'],
        ],
      ),
    ],
  },
];

let db: Journal;
beforeEach(() => {
  db = openJournalInMemory();
});
afterEach(() => db.close());

const service = () =>
  new CatalogService(
    fakePartner(() => ({ data: ENTRIES, meta: { message: 'success', current_page: 1, last_page: 1 } })),
    undefined,
    { db },
  );
const ids = (offers: { id: string }[]) => offers.map((o) => o.id);

describe('the country list searched in the screen languages', () => {
  it('finds a country by its name in each of them, accents and case aside', async () => {
    const catalog = service();
    for (const typed of ['españa', 'Espana', 'Spanien', 'Espagne', 'Spagna', 'Espanha', 'スペイン', '西班牙', 'إسبانيا']) {
      expect((await catalog.countries(typed))[0]?.code, typed).toBe('ES');
    }
    expect((await catalog.countries('Estados Unidos'))[0]?.code).toBe('US');
    expect((await catalog.countries('Europa'))[0]?.code).toBe('europe');
  });

  it('offers the country of an island with the island named, priced like the country', async () => {
    const catalog = service();
    expect((await catalog.countries('bali'))[0]).toEqual({
      code: 'ID',
      name: 'Indonesia',
      via: 'Bali',
      packageCount: 1,
      fromPrice: { minor: 600, currency: 'USD' },
    });
    expect((await catalog.countries('bali')).map((c) => c.code)).toEqual(['ID', 'ML']);
    expect((await catalog.countries('canary')).slice(0, 2)).toMatchObject([
      { code: 'ES', via: 'Canary Islands' },
      { code: 'CA' },
    ]);
    expect((await catalog.countries('tenerife'))[0]).toMatchObject({ code: 'ES', via: 'Tenerife', packageCount: 3 });
    expect((await catalog.countries('hawaii'))[0]).toMatchObject({ code: 'US', via: 'Hawaii' });
    expect((await catalog.countries('Kanarische Inseln'))[0]).toMatchObject({ code: 'ES', via: 'Kanarische Inseln' });
    expect((await catalog.countries('madeira'))[0]).toMatchObject({ code: 'PT', via: 'Madeira' });
  });
});

describe('the packages searched by place', () => {
  it('finds a country’s packages by an island within it, its own first, then the regions covering it', async () => {
    const catalog = service();
    expect(ids(await catalog.packages({ query: 'tenerife' }))).toEqual(['es-1gb-7d', 'es-5gb-30d', 'eu-5gb-30d']);
    expect(ids(await catalog.packages({ query: 'tenerife 5gb' }))[0]).toBe('es-5gb-30d');
    expect(ids(await catalog.packages({ query: 'bali' }))[0]).toBe('id-3gb-15d');
    expect(ids(await catalog.packages({ query: 'azores' }))).toEqual(['pt-1gb-7d', 'eu-5gb-30d']);
  });

  it('finds a country’s own packages by its name in a screen language', async () => {
    const catalog = service();
    for (const typed of ['españa', 'Spanien', 'スペイン', 'إسبانيا', 'Teneriffa']) {
      expect(ids(await catalog.packages({ query: typed })).slice(0, 2), typed).toEqual(['es-1gb-7d', 'es-5gb-30d']);
    }
  });
});
