/**
 * The counter as a node of a chain, through the contract: its ids in every reference, joining a
 * head office (the secret kept out of the journal and chain.json), a sale shipped with its
 * environment, and two counters on one partner account each closing only their own orders.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainStatus } from '../../../../../shared/chain.ts';
import type { Money } from '../../../../../shared/money.ts';
import type { ClosePreview } from '../../../../../shared/reports.ts';
import { storeReport } from '../../../../../electron/headoffice/reports.ts';
import { startTestBackend, type TestBackend } from '../../../../support/backend.ts';
import { startTestSandbox, type TestSandbox } from '../../../../support/sandbox.ts';
import { NO_POSTGRES, startHeadOffice, type HeadOffice } from '../../../../support/chain.ts';
import { until } from '../../../../support/until.ts';

const today = () => new Date().toISOString().slice(0, 10);

describe.skipIf(NO_POSTGRES !== null)(`a counter in a chain${NO_POSTGRES ? ` (skipped: ${NO_POSTGRES})` : ''}`, () => {
  let ho: HeadOffice;
  let ts: TestSandbox;
  let one: TestBackend;
  let two: TestBackend;
  let offer: { id: string };

  beforeAll(async () => {
    [ho, ts] = await Promise.all([startHeadOffice(), startTestSandbox()]);
    // Two counters of one store, on one partner account (the same sandbox).
    one = await startTestBackend(ts, { settleMs: 0, chainPollMs: 20, chainMaxBackoffMs: 200 });
    two = await startTestBackend(ts, { settleMs: 0, chainPollMs: 20, chainMaxBackoffMs: 200 });
    for (const t of [one, two]) {
      await t.signIn('manager');
      await t.call('settings.update', { timeZone: 'UTC' });
    }
    offer = (await one.call<Array<{ id: string; retail: Money }>>('catalog.packages', { country: 'DE', type: 'local' }))[0]!;
  });
  afterAll(async () => {
    await one?.backend.close();
    await two?.backend.close();
    await ts?.close();
    await ho?.stop();
  });

  it('gives a new counter ids of its own, in its references, before it joins anything', async () => {
    const status = await one.call<ChainStatus>('chain.status');
    expect(status).toMatchObject({ state: 'not_joined', storeId: 'STORE', server: null, waiting: 0 });
    expect(status.counterId).toMatch(/^[0-9A-Z]{4}$/);
    expect((await two.call<ChainStatus>('chain.status')).counterId).not.toBe(status.counterId);
    const sale = await one.call<{ reference: string }>('sales.create', { packageId: offer.id, paymentMethod: 'cash' });
    expect(sale.reference).toMatch(new RegExp(`^EC-STORE\\.${status.counterId}-\\d{8}-[0-9A-Z]{8}$`));
  });

  it('joins a head office and ships the journal with its environment, the secret kept out of the journal', async () => {
    const url = await ho.storeUrl('LHR');
    const password = decodeURIComponent(new URL(url).password);
    const joined = await one.call<ChainStatus>('chain.join', { url, storeId: 'LHR', counterId: 'K1' });
    expect(joined).toMatchObject({ storeId: 'LHR', counterId: 'K1', environment: 'partner_sandbox' });
    expect(joined.server).toBe(`127.0.0.1:${ho.server.port}/postgres`);
    expect(joined.waiting).toBeGreaterThan(0);
    const sale = await one.call<{ id: string; reference: string; status: string }>('sales.create', {
      packageId: offer.id,
      paymentMethod: 'card',
    });
    expect(sale.reference).toMatch(/^EC-LHR\.K1-\d{8}-[0-9A-Z]{8}$/);
    await until(async () => (await one.call<ChainStatus>('chain.status')).state === 'in_sync');
    const status = await one.call<ChainStatus>('chain.status');
    expect(status.waiting).toBe(0);
    expect(Date.parse(status.lastShippedAt!)).toBeGreaterThan(Date.now() - 60_000);

    const shipped = await ho.admin.query(
      'SELECT reference, status, environment, store_id, counter_id FROM chain.orders WHERE id = $1',
      [sale.id],
    );
    expect(shipped.rows).toEqual([
      { reference: sale.reference, status: 'completed', environment: 'partner_sandbox', store_id: 'LHR', counter_id: 'K1' },
    ]);
    // The sale made before joining came along too (under the new ids).
    expect(Number((await ho.admin.query(`SELECT count(*) FROM chain.orders WHERE store_id = 'LHR'`)).rows[0].count)).toBe(2);
    const staff = await ho.admin.query(`SELECT * FROM chain.staff WHERE store_id = 'LHR'`);
    expect(staff.rows.map((r) => r.name)).toContain('Maria Manager');
    expect(Object.keys(staff.rows[0]).filter((k) => /pin|salt|lock|fail/.test(k))).toEqual([]);
    expect(Number((await ho.admin.query(`SELECT count(*) FROM chain.audit WHERE action = 'chain.joined'`)).rows[0].count)).toBe(
      1,
    );

    // Reports show Production unless told otherwise.
    const q = { from: today(), to: today() };
    expect((await storeReport(ho.admin, { ...q, environment: 'production' })).stores).toEqual([]);
    const practice = await storeReport(ho.admin, { ...q, environment: 'partner_sandbox' });
    expect(practice.stores.map((s) => [s.storeId, s.sales])).toEqual([['LHR', 2]]);

    const dataDir = one.backend.dataDir;
    // secrets.json too: with no keychain the password is sealed there, never plain.
    for (const file of fs.readdirSync(dataDir).filter((f) => /^journal|^chain\.json$|^secrets\.json$/.test(f))) {
      expect(fs.readFileSync(path.join(dataDir, file)).includes(password), file).toBe(false);
    }
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'chain.json'), 'utf8')).server.url).not.toContain(password);
  });

  it('refuses an address that is not a PostgreSQL URL, and ids that cannot go in a reference', async () => {
    const bad = await one.backend.dispatch('chain.join', { url: 'https://example.com', storeId: 'LHR', counterId: 'K1' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'bad_input', fields: { url: 'invalid' } } });
    const dotted = await one.backend.dispatch('chain.join', { url: 'postgres://a@h/db', storeId: 'L.HR', counterId: '-' });
    expect(dotted).toMatchObject({
      ok: false,
      error: { code: 'bad_input', fields: { storeId: 'invalid', counterId: 'invalid' } },
    });
  });

  it("closes only this counter's orders when counters share one partner account", async () => {
    const url = await ho.storeUrl('LHR');
    await two.call('chain.join', { url, storeId: 'LHR', counterId: 'K2' });
    const theirs = await two.call<{ reference: string }>('sales.create', { packageId: offer.id, paymentMethod: 'cash' });
    expect(theirs.reference).toMatch(/^EC-LHR\.K2-/);
    const preview = await one.call<ClosePreview>('close.preview', { date: today() });
    expect(preview.reconciliation.checked).toBe(true);
    if (!preview.reconciliation.checked) return;
    const descriptions = preview.reconciliation.missingHere.map((o) => o.description);
    expect(descriptions).not.toContain(theirs.reference);
    expect(preview.reconciliation.missingHere.filter((o) => o.description?.startsWith('EC-LHR.K2-'))).toEqual([]);
    expect(preview.reconciliation.missingThere).toEqual([]);
    // Counter two sees one's sales as theirs to skip the same way.
    const other = await two.call<ClosePreview>('close.preview', { date: today() });
    if (other.reconciliation.checked) {
      expect(other.reconciliation.missingHere.filter((o) => /^EC-(LHR\.K1|STORE\.)/.test(o.description ?? ''))).toEqual([]);
    }
  });
});
