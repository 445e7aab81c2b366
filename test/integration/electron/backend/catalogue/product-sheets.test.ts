// Product information sheets from the sandbox over HTTP into a real journal: kept with the
// catalogue, read again after it is refreshed, shown as kept while the service is away.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Journal } from '../../../../../electron/backend/journal/open.ts';
import { getProductInformation } from '../../../../../electron/backend/partner/product-info.ts';
import { PartnerError } from '../../../../../electron/backend/partner/errors.ts';
import { CatalogService } from '../../../../../electron/backend/catalogue/service.ts';
import { ProductSheetService } from '../../../../../electron/backend/catalogue/product-sheets.ts';
import { AppFailure } from '../../../../../shared/errors.ts';
import { testPartnerClient } from '../../../../support/backend.ts';
import { tempJournal } from '../../../../support/journal.ts';
import { startTestSandbox, type TestSandbox } from '../../../../support/sandbox.ts';

let ts: TestSandbox;
let db: Journal;
let catalog: CatalogService;
let sheets: ProductSheetService;
let now = Date.parse('2026-11-20T10:00:00Z');

const sheetReads = async () => (await ts.control.requests()).filter((r) => r.path.endsWith('/product-information'));

beforeAll(async () => {
  ts = await startTestSandbox();
  db = tempJournal().db;
  const partner = testPartnerClient(ts);
  catalog = new CatalogService(partner, undefined, { db, now: () => now });
  await catalog.refresh();
  sheets = new ProductSheetService({ db, partner, catalog, now: () => now });
});
afterAll(async () => {
  db.close();
  await ts.close();
});

describe('the identity check on the offer', () => {
  it('is the operator’s, on every offer, and is read from the kept facts of a catalogue stored before offers said it', async () => {
    const japan = await catalog.packages({ country: 'JP', type: 'local' });
    const germany = await catalog.packages({ country: 'DE', type: 'local' });
    expect(new Set(japan.map((o) => o.kyc))).toEqual(new Set([true]));
    expect(new Set(germany.map((o) => o.kyc))).toEqual(new Set([false]));

    const stored = db.prepare('SELECT package_id AS id, payload FROM catalog_cache').all() as { id: string; payload: string }[];
    const update = db.prepare('UPDATE catalog_cache SET payload = ? WHERE package_id = ?');
    for (const row of stored) {
      const payload = JSON.parse(row.payload) as { offer: Record<string, unknown> };
      delete payload.offer.kyc;
      update.run(JSON.stringify(payload), row.id);
    }
    const older = new CatalogService(testPartnerClient(ts), undefined, { db, now: () => now });
    await ts.control.clearRequests();
    expect((await older.packages({ country: 'JP', type: 'local' })).map((o) => o.kyc)).toEqual(japan.map(() => true));
    expect((await older.packages({ country: 'DE', type: 'local' })).map((o) => o.kyc)).toEqual(germany.map(() => false));
    // From the journal, not the service.
    expect(await ts.control.requests()).toEqual([]);
  });
});

describe('product information sheets', () => {
  it('gives networks, speeds, the activation policy and the operator’s identity check, then serves them from the journal', async () => {
    const offer = (await catalog.packages({ country: 'JP', type: 'local' })).find((o) => !o.isUnlimited)!;
    await ts.control.clearRequests();
    const sheet = await sheets.sheet(offer.id);
    expect(sheet).toMatchObject({ packageId: offer.id, activationPolicy: 'first-usage', kyc: true, stale: false, fairUse: null });
    expect(sheet.networks.length).toBeGreaterThan(0);
    expect(sheet.technologies.length).toBeGreaterThan(0);
    expect(Number(sheet.maxDownloadMbit)).toBeGreaterThan(0);
    expect(sheet.fetchedAt).toBe(new Date(now).toISOString());
    expect(sheet.sheetPdfUrl).toMatch(/\.pdf$/);
    expect(await sheets.sheet(offer.id)).toEqual(sheet);
    expect(await sheetReads()).toHaveLength(1);
    const german = (await catalog.packages({ country: 'DE', type: 'local' }))[0]!;
    expect((await sheets.sheet(german.id)).kyc).toBe(false);
  });

  it('says the fair-use rule and the speed after it for an unlimited package', async () => {
    const unlimited = (await catalog.packages({})).find((o) => o.isUnlimited)!;
    const sheet = await sheets.sheet(unlimited.id);
    expect(sheet.fairUse).toMatch(/1 Mbps/);
    expect(sheet.throttledDownload).toBe('1 Mbps');
    expect(sheet.throttleThresholdMb).toBeGreaterThan(0);
  });

  it('reads a sheet again once the catalogue is refreshed, and shows the kept one, marked, while the service is away', async () => {
    const offer = (await catalog.packages({ country: 'FR', type: 'local' }))[0]!;
    const first = await sheets.sheet(offer.id);
    now += 3_600_000;
    await catalog.refresh();
    await ts.control.clearRequests();
    const fresh = await sheets.sheet(offer.id);
    expect(fresh.fetchedAt).toBe(new Date(now).toISOString());
    expect(await sheetReads()).toHaveLength(1);
    now += 3_600_000;
    await catalog.refresh();
    await ts.control.fault({
      match: { path: `/v2/packages/${offer.id}/product-information` },
      kind: 'status',
      status: 503,
      times: 5,
    });
    const kept = await sheets.sheet(offer.id);
    expect(kept).toMatchObject({ stale: true, fetchedAt: fresh.fetchedAt, networks: first.networks });
    await ts.control.clearFaults();
  });

  it('falls back to the catalogue’s facts where the service has no sheet (its 404), and refuses a package it does not list', async () => {
    const offer = (await catalog.packages({ country: 'ES', type: 'local' }))[0]!;
    await ts.control.fault({ match: { path: `/v2/packages/${offer.id}/product-information` }, kind: 'status', status: 404 });
    const facts = await sheets.sheet(offer.id);
    expect(facts).toMatchObject({
      fetchedAt: null,
      stale: false,
      activationPolicy: 'first-usage',
      kyc: false,
      maxDownloadMbit: null,
    });
    expect(facts.networks.length).toBeGreaterThan(0);
    await expect(sheets.sheet('no-such-package')).rejects.toBeInstanceOf(AppFailure);
    const error = await getProductInformation(testPartnerClient(ts), 'no-such-package').catch((e) => e);
    expect(error).toBeInstanceOf(PartnerError);
    expect(error).toMatchObject({ kind: 'not_found' });
  });

  it('drops a kept sheet when the catalogue no longer lists its package', async () => {
    const offer = (await catalog.packages({ country: 'PT', type: 'local' }))[0]!;
    await sheets.sheet(offer.id);
    db.prepare('INSERT INTO product_sheets (package_id, version_hash, payload, fetched_at) VALUES (?, ?, ?, ?)').run(
      'gone-package',
      'x',
      '{}',
      new Date(now).toISOString(),
    );
    await catalog.refresh();
    const kept = db.prepare('SELECT package_id FROM product_sheets').all() as Array<{ package_id: string }>;
    expect(kept.map((r) => r.package_id)).toContain(offer.id);
    expect(kept.map((r) => r.package_id)).not.toContain('gone-package');
  });

  it('opens the terms and the sheet PDF the service linked, in the system browser where there is one, and nothing else', async () => {
    const offer = (await catalog.packages({ country: 'FR', type: 'local' }))[0]!;
    const sheet = await sheets.sheet(offer.id);
    // Browser mode: the page is given the address to open.
    expect(await sheets.openLink(offer.id, 'sheetPdf')).toEqual({ url: sheet.sheetPdfUrl, opened: false });
    const opened: string[] = [];
    const desktop = new ProductSheetService({
      db,
      partner: testPartnerClient(ts),
      catalog,
      now: () => now,
      openExternal: async (url) => void opened.push(url),
    });
    expect(await desktop.openLink(offer.id, 'terms')).toEqual({ url: sheet.termsUrl, opened: true });
    expect(opened).toEqual([sheet.termsUrl]);

    // A link that is not plain https (as a tampered or odd answer might hold) is never opened.
    const stored = db.prepare('SELECT payload FROM product_sheets WHERE package_id = ?').get(offer.id) as { payload: string };
    for (const bad of [
      'http://example.com/terms',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'https://user:pw@example.com/x',
    ]) {
      db.prepare('UPDATE product_sheets SET payload = ? WHERE package_id = ?').run(
        JSON.stringify({ ...JSON.parse(stored.payload), terms_url: bad }),
        offer.id,
      );
      await expect(desktop.openLink(offer.id, 'terms')).rejects.toMatchObject({
        error: { code: 'not_found', reason: 'sheet_link_missing' },
      });
    }
    expect(opened).toHaveLength(1);
  });
});
