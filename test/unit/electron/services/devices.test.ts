import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openJournalInMemory, type Journal } from '../../../../electron/db/open.ts';
import { PartnerError } from '../../../../electron/partner/errors.ts';
import { buildDeviceIndex, DeviceService } from '../../../../electron/services/devices.ts';
import { fakePartner, type Call } from './fake-partner.ts';

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
