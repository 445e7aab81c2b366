import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openJournalInMemory, type Journal } from '../../../../../electron/backend/journal/open.ts';
import { PartnerError } from '../../../../../electron/backend/partner/errors.ts';
import { buildDeviceIndex, DeviceService } from '../../../../../electron/backend/devices/service.ts';
import { fakePartner, type Call } from '../fake-partner.ts';

const LITE = [
  { os: 'ios', brand: 'Apple', name: 'iPhone 15' },
  { os: 'ios', brand: 'Apple', name: 'iPhone 15 Pro' },
  { os: 'ios', brand: 'Apple', name: 'iPhone 15 Pro Max' },
  { os: 'android', brand: 'Samsung', name: 'Galaxy S24' },
  { os: 'android', brand: 'Samsung', name: 'Galaxy S24' },
  { os: 'android', brand: 'Samsung', name: 'Galaxy S24 Ultra' },
  { os: 'android', brand: 'Samsung', name: 'Galaxy Z Flip5' },
  { os: 'android', brand: 'Google', name: 'Pixel 8' },
  { os: 'android', brand: 'Google', name: 'Pixel 8 Pro' },
  { os: 'android', brand: 'Motorola', name: 'Razr 40 Ultra' },
];

let db: Journal;
let now: number;
let answer: (c: Call) => unknown;

beforeEach(() => {
  db = openJournalInMemory();
  now = Date.parse('2026-03-01T10:00:00Z');
  answer = () => ({ data: LITE });
});
afterEach(() => db.close());

const service = () => {
  const partner = fakePartner((c) => answer(c));
  return { partner, devices: new DeviceService({ db, partner, now: () => now }) };
};
const names = (list: { name: string }[]) => list.map((d) => d.name);

describe('device search', () => {
  const index = buildDeviceIndex(LITE.map((d) => ({ ...d, model: null })));

  it('finds the device meant, best first, with typos and run-together words', () => {
    expect(names(index.search('iphone 15 pro'))).toEqual(['iPhone 15 Pro', 'iPhone 15 Pro Max']);
    expect(names(index.search('samsng s24'))).toEqual(['Galaxy S24', 'Galaxy S24 Ultra']);
    expect(names(index.search('pixel8'))[0]).toBe('Pixel 8');
    expect(names(index.search('goolge pixel 8 pro'))[0]).toBe('Pixel 8 Pro');
    expect(names(index.search('motorola razr'))).toEqual(['Razr 40 Ultra']);
  });

  it('merges the repeated entries of the list', () => {
    expect(index.docs).toHaveLength(LITE.length - 1);
  });

  it('searches models when the list has them', () => {
    const full = buildDeviceIndex([{ os: 'ios', brand: 'Apple', name: 'iPhone 15 Pro', model: 'iPhone16,1' }]);
    expect(full.search('iphone16')).toHaveLength(1);
  });
});

describe('device search by model number', () => {
  // The lite list, as the partner sends it: names, no model numbers.
  const index = buildDeviceIndex(
    [
      { os: 'android', brand: 'Samsung', name: 'Galaxy S23' },
      { os: 'android', brand: 'Samsung', name: 'Galaxy S23 Ultra' },
      { os: 'android', brand: 'Samsung', name: 'Galaxy S24 Ultra' },
      { os: 'ios', brand: 'Apple', name: 'iPhone 15 Pro' },
      { os: 'ios', brand: 'Apple', name: 'iPhone 15 Pro Max' },
      { os: 'android', brand: 'Google', name: 'Pixel 7 Pro' },
      { os: 'android', brand: 'Google', name: 'Pixel 7a' },
      { os: 'android', brand: 'Google', name: 'Pixel 3a XL' },
      { os: 'android', brand: 'Motorola', name: 'Razr 40 Ultra' },
    ].map((d) => ({ ...d, model: null })),
  );
  const shown = (query: string) => index.search(query).map((d) => `${d.name}${d.model ? ` [${d.model}]` : ''}`);

  it('finds the phone by the number its settings show, with that number', () => {
    expect(shown('SM-S918B')).toEqual(['Galaxy S23 Ultra [SM-S918B]']);
    expect(shown('A2849')).toEqual(['iPhone 15 Pro Max [A2849]']);
    expect(shown('GWKK3')).toEqual(['Pixel 7a [GWKK3]']);
    expect(shown('GP4BC')).toEqual(['Pixel 7 Pro [GP4BC]']);
    expect(shown('SM-S918U1')).toEqual(['Galaxy S23 Ultra [SM-S918U1]']);
    expect(shown('sm-s918b/ds')).toEqual(['Galaxy S23 Ultra [SM-S918B/DS]']);
  });

  it('finds it by part of the number, written with or without its dash', () => {
    expect(shown('S918')).toEqual(['Galaxy S23 Ultra [SM-S918B]']);
    expect(shown('SMS918B')).toEqual(['Galaxy S23 Ultra [SM-S918B]']);
    expect(shown('sm s928')).toEqual(['Galaxy S24 Ultra [SM-S928B]']);
    expect(shown('a284')).toEqual(['iPhone 15 Pro [A2848]', 'iPhone 15 Pro Max [A2849]']);
  });

  it('reads a number ending in D as a model, not as days', () => {
    expect(shown('G020D')).toEqual(['Pixel 3a XL [G020D]']);
  });

  it('leaves a search by name as it was, and a phone without numbers in our table found by name', () => {
    expect(shown('galaxy s23')).toEqual(['Galaxy S23', 'Galaxy S23 Ultra']);
    expect(shown('pixel7a')).toEqual(['Pixel 7a']);
    expect(shown('razr 40')).toEqual(['Razr 40 Ultra']);
    expect(shown('A9999')).toEqual([]);
  });

  it('with the full list, keeps each row’s own code and shows a number once', () => {
    const full = buildDeviceIndex(
      ['B', 'U', 'W'].map((suffix) => ({ os: 'android', brand: 'Samsung', name: 'Galaxy S23 Ultra', model: `SM-S918${suffix}` })),
    );
    expect(full.search('SM-S918B').map((d) => d.model)).toEqual(['SM-S918B']);
    expect(full.search('S918').map((d) => d.model)).toEqual(expect.arrayContaining(['SM-S918B', 'SM-S918U', 'SM-S918W']));
    const apple = buildDeviceIndex([{ os: 'ios', brand: 'Apple', name: 'iPhone 15 Pro Max', model: 'iPhone16,2' }]);
    expect(apple.search('A2849').map((d) => d.model)).toEqual(['A2849']);
    expect(apple.search('iphone16').map((d) => d.model)).toEqual(['iPhone16,2']);
  });
});

describe('DeviceService', () => {
  it('refreshes into the journal and searches offline from it', async () => {
    const first = service();
    expect(await first.devices.refresh()).toEqual({ count: 9, fetchedAt: '2026-03-01T10:00:00.000Z' });
    expect(first.partner.calls.map((c) => c.path)).toEqual(['/v2/compatible-devices-lite']);

    answer = () => {
      throw new PartnerError('network_before_send', 'down');
    };
    const offline = service();
    expect(offline.devices.search('galaxy s24 ultra', 5)).toEqual([
      { brand: 'Samsung', name: 'Galaxy S24 Ultra', model: null, os: 'android' },
    ]);
    expect(offline.devices.status()).toEqual({ count: 9, fetchedAt: '2026-03-01T10:00:00.000Z' });
    await expect(offline.devices.refresh()).rejects.toThrow(PartnerError);
    expect(offline.devices.search('pixel')).toHaveLength(2);
    expect(offline.partner.calls).toHaveLength(1);
  });

  it('replaces the list: a device the service drops is gone, the rest keep their rows', async () => {
    const { devices } = service();
    await devices.refresh();
    const before = db.prepare("SELECT updated_at FROM device_cache WHERE name = 'Pixel 8'").get();
    answer = () => ({ data: LITE.filter((d) => d.name !== 'Galaxy Z Flip5') });
    now += 60_000;
    expect((await devices.refresh()).count).toBe(8);
    expect(devices.search('flip5')).toEqual([]);
    expect(db.prepare("SELECT updated_at FROM device_cache WHERE name = 'Pixel 8'").get()).toEqual(before);
  });

  it('limits the results and answers nothing to an empty query', async () => {
    const { devices } = service();
    await devices.refresh();
    expect(devices.search('samsung', 2)).toHaveLength(2);
    expect(devices.search('')).toEqual([]);
  });

  it('finds a cached phone by a model number the partner never sent', async () => {
    const { devices } = service();
    await devices.refresh();
    expect(devices.search('A2849')).toEqual([{ brand: 'Apple', name: 'iPhone 15 Pro Max', model: 'A2849', os: 'ios' }]);
    expect(devices.search('S928')).toEqual([{ brand: 'Samsung', name: 'Galaxy S24 Ultra', model: 'SM-S928B', os: 'android' }]);
    // The journal keeps what the partner sent: the number is ours, added while searching.
    expect(db.prepare("SELECT model FROM device_cache WHERE name = 'iPhone 15 Pro Max'").get()).toEqual({ model: null });
  });

  it('refreshes in the background only when the cache is old', async () => {
    const first = service();
    first.devices.startBackgroundRefresh(60 * 60_000);
    await new Promise((r) => setTimeout(r, 10));
    first.devices.stop();
    expect(first.partner.calls).toHaveLength(1);

    const second = service();
    now += 30 * 60_000;
    second.devices.startBackgroundRefresh(60 * 60_000);
    second.devices.stop();
    expect(second.partner.calls).toHaveLength(0);
  });
});

describe('getDevices', () => {
  it('falls back to the full list only when the lite one is not there', async () => {
    answer = (c) => {
      if (c.path === '/v2/compatible-devices-lite') throw new PartnerError('not_found', 'gone', { status: 404 });
      return { data: [{ model: 'iPad13,5 ', os: 'ios', brand: 'Apple', name: 'iPad Pro 11-inch (3rd generation)' }] };
    };
    const { partner, devices } = service();
    await devices.refresh();
    expect(partner.calls.map((c) => c.path)).toEqual(['/v2/compatible-devices-lite', '/v2/compatible-devices']);
    expect(devices.search('ipad pro')[0]?.model).toBe('iPad13,5');
  });

  it('does not fall back on other failures', async () => {
    answer = () => {
      throw new PartnerError('server', 'boom', { status: 500 });
    };
    const { partner, devices } = service();
    await expect(devices.refresh()).rejects.toMatchObject({ kind: 'server' });
    expect(partner.calls).toHaveLength(1);
  });
});
