/**
 * The shipper against a real PostgreSQL: two counters at once, a week offline, a batch sent twice,
 * and each store's role held to its own rows. (The crash tests are in shipper-crash.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Shipper, type ShipTarget } from '../../../../../electron/backend/chain/shipper.ts';
import { readBatch, waitingCount } from '../../../../../electron/backend/chain/db-outbox.ts';
import { connect } from '../../../../../electron/backend/chain/pg-migrate.ts';
import { storeReport } from '../../../../../electron/headoffice/reports.ts';
import type Database from 'better-sqlite3';
import {
  NO_POSTGRES,
  counterJournal,
  headOfficeTotals,
  journalTotals,
  rollupsAgree,
  startHeadOffice,
  type HeadOffice,
} from '../../../../support/chain.ts';
import { until } from '../../../../support/until.ts';

const counter = () => ({ storeName: 'Test store', timeZone: 'Europe/London', currency: 'USD', appVersion: 'test' });

function shipper(db: Database.Database, target: () => ShipTarget | null) {
  return new Shipper({ db, environment: 'production', target, counter, pollMs: 20, maxBackoffMs: 100, batchSize: 200 });
}

describe.skipIf(NO_POSTGRES !== null)(`shipping to the head office${NO_POSTGRES ? ` (skipped: ${NO_POSTGRES})` : ''}`, () => {
  let ho: HeadOffice;
  beforeAll(async () => {
    ho = await startHeadOffice();
  });
  afterAll(async () => {
    await ho?.stop();
  });

  it('takes two counters of one store shipping at once, every row once, the totals right', async () => {
    const url = await ho.storeUrl('LHR');
    const one = counterJournal({ sales: 1500, seed: 1 });
    const two = counterJournal({ sales: 1500, seed: 2 });
    const a = shipper(one.db, () => ({ storeId: 'LHR', counterId: 'K1', url }));
    const b = shipper(two.db, () => ({ storeId: 'LHR', counterId: 'K2', url }));
    a.start();
    b.start();
    await until(() => waitingCount(one.db) === 0 && waitingCount(two.db) === 0);
    await a.stop();
    await b.stop();

    const { rows } = await ho.admin.query(
      `SELECT counter_id, count(*)::int AS n FROM chain.orders WHERE store_id = 'LHR' GROUP BY 1 ORDER BY 1`,
    );
    expect(rows).toEqual([
      { counter_id: 'K1', n: 1500 },
      { counter_id: 'K2', n: 1500 },
    ]);
    const expected = [journalTotals(one.db), journalTotals(two.db)];
    expect(await headOfficeTotals(ho.admin, 'LHR')).toEqual({
      sales: expected[0]!.sales + expected[1]!.sales,
      esims: expected[0]!.esims + expected[1]!.esims,
      revenue: expected[0]!.revenue + expected[1]!.revenue,
    });
    const { kept, rebuilt } = await rollupsAgree(ho.admin);
    expect(kept).toEqual(rebuilt);
    expect(a.status()).toMatchObject({ state: 'in_sync', waiting: 0 });
    expect(a.status().lastShippedAt).not.toBeNull();
    const health = await ho.admin.query(
      `SELECT counter_id, waiting, store_name FROM chain.counters WHERE store_id = 'LHR' ORDER BY 1`,
    );
    expect(health.rows).toEqual([
      { counter_id: 'K1', waiting: 0, store_name: 'Test store' },
      { counter_id: 'K2', waiting: 0, store_name: 'Test store' },
    ]);
  });

  it('waits while the head office cannot be reached, then catches up on a week of sales', async () => {
    const url = await ho.storeUrl('JFK');
    // A port nothing listens on: the network is down for the whole week.
    let target: ShipTarget = { storeId: 'JFK', counterId: 'K1', url: url.replace(/:\d+\//, ':1/') };
    const week = counterJournal({ sales: 2100, days: 7, end: Date.parse('2026-11-08T00:00:00Z'), seed: 3 });
    const s = shipper(week.db, () => target);
    s.start();
    await until(() => s.status().state === 'offline');
    expect(s.status().waiting).toBe(waitingCount(week.db));
    expect(s.status().waiting).toBeGreaterThan(2100);
    expect(s.status().nextAttemptAt).not.toBeNull();

    target = { ...target, url };
    s.kick();
    await until(() => s.status().state === 'in_sync');
    await s.stop();
    const report = await storeReport(ho.admin, { from: '2026-11-01', to: '2026-11-08', environment: 'production' });
    const expected = journalTotals(week.db);
    expect(report.stores.filter((x) => x.storeId === 'JFK')).toEqual([
      { storeId: 'JFK', sales: expected.sales, esims: expected.esims, revenueMinor: expected.revenue, currency: 'USD' },
    ]);
    const days = await ho.admin.query(`SELECT DISTINCT local_date FROM chain.orders WHERE store_id = 'JFK'`);
    expect(days.rowCount).toBeGreaterThanOrEqual(7);
  });

  it('changes nothing when a batch it already sent comes again', async () => {
    const url = await ho.storeUrl('CDG');
    const j = counterJournal({ sales: 300, seed: 4 });
    const batch = readBatch(j.db, 10_000);
    const s = shipper(j.db, () => ({ storeId: 'CDG', counterId: 'K1', url }));
    while ((await s.shipOnce()) > 0);
    const before = await headOfficeTotals(ho.admin, 'CDG');
    // As after a crash between PostgreSQL's commit and the outbox's delete: the rows come back.
    const put = j.db.prepare('INSERT INTO chain_outbox (seq, kind, row_id, payload) VALUES (?, ?, ?, ?)');
    j.db.transaction(() => batch.forEach((r) => put.run(r.seq, r.kind, r.rowId, r.payload)))();
    while ((await s.shipOnce()) > 0);
    expect(await headOfficeTotals(ho.admin, 'CDG')).toEqual(before);
    expect(before.sales).toBe(journalTotals(j.db).sales);
    const { kept, rebuilt } = await rollupsAgree(ho.admin);
    expect(kept).toEqual(rebuilt);
  });

  it("holds each store's role to its own rows: it reads no other store's and cannot write them", async () => {
    const urlA = await ho.storeUrl('AMS');
    const urlB = await ho.storeUrl('BER');
    const a = counterJournal({ sales: 50, seed: 5 });
    const b = counterJournal({ sales: 50, seed: 6 });
    const sa = shipper(a.db, () => ({ storeId: 'AMS', counterId: 'K1', url: urlA }));
    const sb = shipper(b.db, () => ({ storeId: 'BER', counterId: 'K1', url: urlB }));
    while ((await sa.shipOnce()) > 0);
    while ((await sb.shipOnce()) > 0);

    const asA = await connect(urlA);
    try {
      const seen = await asA.query('SELECT DISTINCT store_id FROM chain.orders');
      expect(seen.rows).toEqual([{ store_id: 'AMS' }]);
      for (const t of ['staff', 'audit', 'counters']) {
        expect((await asA.query(`SELECT count(*)::int AS n FROM chain.${t} WHERE store_id <> 'AMS'`)).rows[0].n).toBe(0);
      }
      expect((await asA.query(`SELECT count(*)::int AS n FROM chain.stores`)).rows[0].n).toBe(1);
      // Writing a row as another store is refused by the policy's check.
      await expect(
        asA.query(`INSERT INTO chain.staff (store_id, counter_id, id, environment, version, name, role, active, created_at, updated_at)
                   VALUES ('BER', 'K1', 'x', 'production', 1, 'Mallory', 'manager', true, now(), now())`),
      ).rejects.toMatchObject({ code: '42501' });
      // Another store's rows cannot be changed or removed: they are not even there for this role.
      const updated = await asA.query(`UPDATE chain.orders SET total_minor = 0 WHERE store_id = 'BER'`);
      expect(updated.rowCount).toBe(0);
      await expect(asA.query(`DELETE FROM chain.orders WHERE store_id = 'AMS'`)).rejects.toMatchObject({ code: '42501' });
      await expect(asA.query('SELECT * FROM chain.rollup_store_daily')).rejects.toMatchObject({ code: '42501' });
      await expect(asA.query('SELECT chain.rebuild_rollups()')).rejects.toMatchObject({ code: '42501' });
      await expect(asA.query('SELECT chain.apply_order_deltas(ARRAY[]::chain.order_delta[])')).rejects.toMatchObject({
        code: '42501',
      });
    } finally {
      await asA.end();
    }
    expect(await headOfficeTotals(ho.admin, 'BER')).toEqual({
      sales: journalTotals(b.db).sales,
      esims: journalTotals(b.db).esims,
      revenue: journalTotals(b.db).revenue,
    });
  });

  it('says refused, not offline, when the head office turns the password down', async () => {
    const url = await ho.storeUrl('MAD');
    const j = counterJournal({ sales: 5, seed: 7 });
    const wrong = url.replace(/:([^:@/]+)@/, ':wrong-password@');
    const s = shipper(j.db, () => ({ storeId: 'MAD', counterId: 'K1', url: wrong }));
    await expect(s.shipOnce()).rejects.toMatchObject({ code: '28P01' });
    s.start();
    await until(() => s.status().state === 'refused');
    expect(s.status().problem).toBe('28P01');
    await s.stop();
  });
});
