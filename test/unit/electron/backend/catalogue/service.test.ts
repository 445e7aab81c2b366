import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openJournalInMemory, type Journal } from '../../../../../electron/backend/journal/open.ts';
import { EventBus } from '../../../../../electron/backend/events.ts';
import { PartnerError } from '../../../../../electron/backend/partner/errors.ts';
import { CatalogService } from '../../../../../electron/backend/catalogue/service.ts';
import { fakePartner } from '../fake-partner.ts';

const pkg = (id: string, gb: number | 'unlimited', days: number, price: number) => ({
  id,
  type: 'sim',
  price,
  net_price: price / 2,
  amount: gb === 'unlimited' ? 0 : gb * 1024,
  day: days,
  is_unlimited: gb === 'unlimited',
  title: `${gb === 'unlimited' ? 'Unlimited' : `${gb} GB`} - ${days} Days`,
  data: gb === 'unlimited' ? 'Unlimited' : `${gb} GB`,
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
const COVERED: [string, string][] = [
  ['FR', 'France'],
  ['GB', 'United Kingdom'],
  ['NL', 'Netherlands'],
  ['DE', 'Germany'],
];

const ENTRIES = [
  local('FR', 'France', [pkg('fr-1gb-7d', 1, 7, 4.5), pkg('fr-5gb-30d', 5, 30, 12), pkg('fr-unl-10d', 'unlimited', 10, 30)]),
  local('GB', 'United Kingdom', [pkg('gb-1gb-7d', 1, 7, 5), pkg('gb-5gb-30d', 5, 30, 13)]),
  local('NL', 'Netherlands', [pkg('nl-3gb-30d', 3, 30, 9)]),
  local('UA', 'Ukraine', [pkg('ua-1gb-7d', 1, 7, 3)]),
  {
    slug: 'europe',
    country_code: '',
    title: 'Europe',
    operators: [operator('Eurolink', [pkg('eu-5gb-30d', 5, 30, 15), pkg('eu-10gb-30d', 10, 30, 22)], COVERED)],
  },
  {
    slug: 'world',
    country_code: '',
    title: 'Discover Global',
    operators: [operator('Discover', [pkg('world-5gb-30d', 5, 30, 40)], COVERED)],
  },
];

let db: Journal;
let now: number;
let online: boolean;

beforeEach(() => {
  db = openJournalInMemory();
  now = Date.parse('2026-03-01T10:00:00Z');
  online = true;
});
afterEach(() => db.close());

function service(events?: EventBus) {
  const partner = fakePartner(() => {
    if (!online) throw new PartnerError('network_before_send', 'down');
    return { data: ENTRIES, meta: { message: 'success', current_page: 1, last_page: 1 } };
  });
  return { partner, catalog: new CatalogService(partner, events, { db, now: () => now }) };
}
const ids = (offers: { id: string }[]) => offers.map((o) => o.id);

describe('catalogue search', () => {
  it('ranks the country named above regions that cover it, with typos', async () => {
    const { catalog } = service();
    expect(ids(await catalog.packages({ query: 'france' })).slice(0, 3)).toEqual(['fr-1gb-7d', 'fr-5gb-30d', 'fr-unl-10d']);
    expect(ids(await catalog.packages({ query: 'frnace' }))[0]).toBe('fr-1gb-7d');
    expect(ids(await catalog.packages({ query: 'france' }))).toContain('eu-5gb-30d');
  });

  it('knows country codes and the names clerks use', async () => {
    const { catalog } = service();
    expect(ids(await catalog.packages({ query: 'uk' })).slice(0, 2)).toEqual(['gb-1gb-7d', 'gb-5gb-30d']);
    expect(ids(await catalog.packages({ query: 'holland' }))[0]).toBe('nl-3gb-30d');
    expect(ids(await catalog.packages({ query: 'FR 5gb' }))[0]).toBe('fr-5gb-30d');
  });

  it('matches data sizes and days however they are written', async () => {
    const { catalog } = service();
    for (const q of ['france 5gb', 'France 5 GB', 'france 30 days', 'france 30d']) {
      expect(ids(await catalog.packages({ query: q }))[0]).toBe('fr-5gb-30d');
    }
    expect(ids(await catalog.packages({ query: 'europe 10 gb' }))).toEqual(['eu-10gb-30d']);
    expect(ids(await catalog.packages({ query: 'unlimited' }))).toEqual(['fr-unl-10d']);
  });

  it('finds regions by name and keeps the filters', async () => {
    const { catalog } = service();
    expect(ids(await catalog.packages({ query: 'eurpoe' }))).toEqual(['eu-5gb-30d', 'eu-10gb-30d']);
    expect(ids(await catalog.packages({ query: '5gb', type: 'global' }))).toEqual(['eu-5gb-30d', 'world-5gb-30d']);
    expect(ids(await catalog.packages({ query: '5gb', country: 'GB' }))).toEqual(['gb-5gb-30d', 'eu-5gb-30d', 'world-5gb-30d']);
    expect(ids(await catalog.packages({ country: 'NL' }))).toEqual(['nl-3gb-30d', 'eu-5gb-30d', 'eu-10gb-30d', 'world-5gb-30d']);
  });

  it('ranks countries by name, code and alias', async () => {
    const { catalog } = service();
    const names = async (q?: string) => (await catalog.countries(q)).map((c) => c.name);
    expect(await names()).toEqual(['France', 'Netherlands', 'Ukraine', 'United Kingdom', 'Europe', 'Discover Global']);
    expect((await names('uk')).slice(0, 2)).toEqual(['United Kingdom', 'Ukraine']);
    expect(await names('holand')).toEqual(['Netherlands']);
    expect(await names('fr')).toEqual(['France']);
    const fr = (await catalog.countries('france'))[0];
    expect(fr).toMatchObject({ code: 'FR', packageCount: 6, fromPrice: { minor: 450, currency: 'USD' } });
  });

  it('lists regions and the world with their own packages, found by the words clerks use', async () => {
    const { catalog } = service();
    expect((await catalog.countries('europe'))[0]).toEqual({
      code: 'europe',
      name: 'Europe',
      kind: 'regional',
      packageCount: 2,
      fromPrice: { minor: 1500, currency: 'USD' },
    });
    expect((await catalog.countries('global'))[0]).toMatchObject({ code: 'world', kind: 'global', packageCount: 1 });
    expect((await catalog.countries('worldwide'))[0]?.code).toBe('world');
    expect((await catalog.countries('EU'))[0]?.code).toBe('europe');
    expect(ids(await catalog.packages({ area: 'europe' }))).toEqual(['eu-5gb-30d', 'eu-10gb-30d']);
    expect(ids(await catalog.packages({ area: 'world' }))).toEqual(['world-5gb-30d']);
    expect(await catalog.packages({ area: 'atlantis' })).toEqual([]);
  });

  it('names each offer’s region by the partner’s slug, so screens can name it in their language', async () => {
    const { catalog } = service();
    const region = async (id: string) => (await catalog.offer(id))?.region;
    expect([await region('eu-5gb-30d'), await region('world-5gb-30d'), await region('fr-1gb-7d')]).toEqual([
      'europe',
      'world',
      null,
    ]);
    // What a sale's view (and so its voucher) names, read at once from the catalogue at hand.
    expect([catalog.regionOf('eu-5gb-30d'), catalog.regionOf('fr-1gb-7d'), catalog.regionOf('gone')]).toEqual([
      'europe',
      null,
      null,
    ]);
    // After a restart, from the journal, a catalogue stored before offers carried it included.
    db.prepare(`UPDATE catalog_cache SET payload = json_remove(payload, '$.offer.region')`).run();
    online = false;
    const offline = service().catalog;
    expect([(await offline.offer('eu-5gb-30d'))?.region, (await offline.offer('fr-1gb-7d'))?.region]).toEqual(['europe', null]);
  });
});

describe('CatalogService cache', () => {
  it('sells from the journal when the service is unreachable, after a restart', async () => {
    const events = new EventBus();
    const heard: unknown[] = [];
    events.subscribe((name, payload) => heard.push([name, payload]));
    const first = service(events);
    expect(await first.catalog.offer('fr-5gb-30d')).toMatchObject({ retail: { minor: 1200 }, net: { minor: 600 } });
    expect(heard).toEqual([['catalog.updated', { packageCount: 10 }]]);

    online = false;
    const offline = service();
    expect(await offline.catalog.offer('fr-5gb-30d')).toMatchObject({ id: 'fr-5gb-30d', countries: ['FR'] });
    expect(ids(await offline.catalog.packages({ query: 'uk 5gb' }))[0]).toBe('gb-5gb-30d');
    expect(offline.catalog.status()).toEqual({ packageCount: 10, fetchedAt: '2026-03-01T10:00:00.000Z' });
    offline.catalog.invalidate();
    expect(await offline.catalog.offer('nl-3gb-30d')).not.toBeNull();
    expect(offline.partner.calls).toHaveLength(1);
  });

  it('says in words that there is no catalogue when none was ever fetched', async () => {
    online = false;
    await expect(service().catalog.countries()).rejects.toMatchObject({ error: { code: 'service_unreachable' } });
  });

  it('fetches again after invalidate and refreshes in the background when old', async () => {
    const { partner, catalog } = service();
    await catalog.countries();
    await catalog.countries();
    expect(partner.calls).toHaveLength(1);
    catalog.invalidate();
    await catalog.countries();
    expect(partner.calls).toHaveLength(2);

    const later = service();
    now += 30 * 60_000;
    later.catalog.startBackgroundRefresh();
    later.catalog.stop();
    expect(later.partner.calls).toHaveLength(0);
    now += 31 * 60_000;
    later.catalog.startBackgroundRefresh();
    later.catalog.stop();
    expect(later.partner.calls).toHaveLength(1);
  });

  it('keeps unchanged packages untouched and deletes the ones withdrawn', async () => {
    const { catalog } = service();
    await catalog.refresh();
    const row = () => db.prepare("SELECT updated_at, fetched_at FROM catalog_cache WHERE package_id = 'fr-1gb-7d'").get();
    const before = row() as { updated_at: string };
    ENTRIES[2]!.operators[0]!.packages = [];
    now += 60 * 60_000;
    try {
      await catalog.refresh();
    } finally {
      ENTRIES[2]!.operators[0]!.packages = [pkg('nl-3gb-30d', 3, 30, 9)];
    }
    expect(row()).toEqual({ updated_at: before.updated_at, fetched_at: '2026-03-01T11:00:00.000Z' });
    expect(await catalog.offer('nl-3gb-30d')).toBeNull();
    expect(db.prepare('SELECT count(*) AS n FROM catalog_cache').get()).toEqual({ n: 9 });
  });
});
