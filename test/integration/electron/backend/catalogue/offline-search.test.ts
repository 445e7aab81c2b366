// The device list and the catalogue are fetched from the sandbox over HTTP into a real journal file,
// then searched with the sandbox closed, after a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openJournal, type Journal } from '../../../../../electron/backend/journal/open.ts';
import { EventBus } from '../../../../../electron/backend/events.ts';
import { createPartnerClient, type PartnerClient } from '../../../../../electron/backend/partner/client.ts';
import { PartnerError } from '../../../../../electron/backend/partner/errors.ts';
import { MemorySecretStore } from '../../../../../electron/backend/secrets/secrets.ts';
import { CatalogService } from '../../../../../electron/backend/catalogue/service.ts';
import { DeviceService } from '../../../../../electron/backend/devices/service.ts';
import { startTestSandbox } from '../../../../support/sandbox.ts';

let dir: string;
let path: string;
let db: Journal;
let partner: PartnerClient;
let fetched: { devices: number; packages: number };
const updates: number[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'offline-search-'));
  path = join(dir, 'journal.db');
  const sandbox = await startTestSandbox();
  const client = (): PartnerClient =>
    createPartnerClient({
      baseUrl: sandbox.url,
      clientId: sandbox.sandbox.clientId,
      clientSecret: sandbox.sandbox.clientSecret,
      secrets: new MemorySecretStore(),
      timeoutMs: 2000,
    });
  let db0 = openJournal(path);
  const events = new EventBus();
  events.subscribe((name, payload) => {
    if (name === 'catalog.updated' && 'packageCount' in payload) updates.push(payload.packageCount);
  });
  const devices = await new DeviceService({ db: db0, partner: client() }).refresh();
  const catalog = await new CatalogService(client(), events, { db: db0 }).refresh();
  fetched = { devices: devices.count, packages: catalog.packageCount };
  db0.close();
  // The same client, pointing at a service that is now gone.
  partner = client();
  await sandbox.close();
  db0 = openJournal(path);
  db = db0;
});

afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('offline search from the journal', () => {
  it('fetched the whole lists and announced the catalogue', () => {
    expect(fetched.devices).toBeGreaterThan(100);
    expect(fetched.packages).toBeGreaterThan(1000);
    expect(updates).toEqual([fetched.packages]);
  });

  it('finds devices with typos and run-together words', async () => {
    const devices = new DeviceService({ db, partner });
    expect(devices.status().count).toBe(fetched.devices);
    expect(devices.search('iphone 15 pro')[0]).toMatchObject({ brand: 'Apple', name: 'iPhone 15 Pro' });
    expect(devices.search('samsng s24')[0]).toMatchObject({ brand: 'Samsung', name: 'Galaxy S24' });
    expect(devices.search('pixel8')[0]).toMatchObject({ brand: 'Google', name: 'Pixel 8' });
    await expect(devices.refresh()).rejects.toBeInstanceOf(PartnerError);
    expect(devices.search('pixel8')).not.toEqual([]);
  });

  it('sells from the stored catalogue: countries, ranked packages, one offer', async () => {
    const catalog = new CatalogService(partner, undefined, { db });
    expect((await catalog.countries('uk'))[0]?.code).toBe('GB');
    expect((await catalog.countries('holland'))[0]?.code).toBe('NL');
    const japan5 = await catalog.packages({ query: 'japan 5 GB' });
    expect(japan5[0]).toMatchObject({ kind: 'local', countries: ['JP'], dataText: '5 GB' });
    const spain = await catalog.packages({ query: 'spian 30d' });
    expect(spain[0]).toMatchObject({ countries: ['ES'], days: 30 });
    const europe = await catalog.packages({ query: 'eurpoe', type: 'global' });
    expect(europe[0]?.coverageName).toBe('Europe');
    expect(await catalog.offer(japan5[0]!.id)).toEqual(japan5[0]);
    expect(catalog.status().packageCount).toBe(fetched.packages);
  });
});
