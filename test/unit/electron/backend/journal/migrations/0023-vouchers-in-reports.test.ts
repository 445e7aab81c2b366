import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../../../../../../electron/backend/journal/migrate.ts';

const STAFF =
  "INSERT INTO staff (id, name, role, pin_hash, pin_salt, created_at, updated_at) VALUES ('a', 'Ana', 'clerk', 'x', 'x', 'n', 'n')";
const CLOSE = `INSERT INTO day_closes (id, local_date, time_zone, closed_at, closed_by, expected, counted_cash, cash_difference, report,
  reconciliation, updated_at, itemized) VALUES ('c1', '2026-11-20', 'UTC', '2026-11-20T18:00:00.000Z', 'a', '[]', '[]', '[]', '{}', '{}', 'n', 1)`;

/** A batch of `quantity` codes at 500 each, sent at `at`; as journals before 0023 wrote them, without a cost. */
const batch = (db: Database.Database, id: string, at: string, quantity: number, payment: string | null) =>
  db
    .prepare(
      `INSERT INTO voucher_batches (id, status, package_id, package_title, package_data, package_days, country_code, coverage_name,
         quantity, unit_retail_minor, retail_currency, payment_method, staff_id, created_at)
       VALUES (?, 'submitting', 'pkg', 'Demo 1 GB', '1 GB', 7, 'DE', 'Germany', ?, 500, 'EUR', ?, 'a', ?)`,
    )
    .run(id, quantity, payment, at);
const settle = (db: Database.Database, id: string, status: string, at: string) =>
  db.prepare('UPDATE voucher_batches SET status = ?, completed_at = ? WHERE id = ?').run(status, at, id);

const daily = (db: Database.Database) =>
  db
    .prepare(
      `SELECT utc_date, payment_method, sum(count) AS count, sum(esims) AS esims, sum(revenue) AS revenue,
         sum(cost_unknown) AS cost_unknown, sum(local_cost_unknown) AS local_cost_unknown, sum(cost_local) AS cost_local,
         sum(local_costed_net_revenue) AS local_costed_net_revenue
       FROM report_daily WHERE kind = 'voucher' GROUP BY utc_date, payment_method ORDER BY utc_date, payment_method`,
    )
    .all();

describe('migration 0023: vouchers in the reports and the close', () => {
  it('upgrades a journal with voucher batches: completed ones count, at an unknown cost, and closed ones stay closed', () => {
    const db = new Database(':memory:');
    const migrations = loadMigrations();
    const before = migrations.findIndex((m) => m.name.startsWith('0023'));
    expect(before).toBeGreaterThan(0);
    migrate(db, migrations.slice(0, before));
    db.prepare(STAFF).run();
    batch(db, 'cash', '2026-11-20T09:03:00.000Z', 3, 'cash');
    settle(db, 'cash', 'completed', '2026-11-20T09:03:02.000Z');
    batch(db, 'old', '2026-11-20T09:10:00.000Z', 1, null);
    settle(db, 'old', 'completed', '2026-11-20T09:10:02.000Z');
    batch(db, 'refused', '2026-11-20T09:20:00.000Z', 2, 'card');
    settle(db, 'refused', 'failed', '2026-11-20T09:20:01.000Z');
    batch(db, 'lost', '2026-11-20T09:30:00.000Z', 2, 'card');
    db.prepare(CLOSE).run();
    batch(db, 'after', '2026-11-20T19:00:00.000Z', 2, 'card');
    settle(db, 'after', 'completed', '2026-11-20T19:00:02.000Z');

    // A sale's running totals, as an earlier version kept them, come through the rebuild of the table whole.
    const saleTotals = `SELECT * FROM report_daily WHERE kind = 'sale'`;
    db.prepare(
      `INSERT INTO report_daily (utc_date, kind, staff_id, package_id, package_title, country_code, payment_method, retail_currency,
         net_currency, count, esims, revenue, cost, updated_at, cost_unknown, costed_revenue, tax, cost_local, local_cost_unknown,
         local_costed_net_revenue)
       VALUES ('2026-11-20', 'sale', 'a', 'p', 'P', 'DE', 'cash', 'EUR', 'USD', 2, 3, 3000, 2100, 'n', 1, 2000, 160, 1300, 1, 1840)`,
    ).run();
    const before23 = db.prepare(saleTotals).all();

    migrate(db, migrations);

    expect(db.prepare(saleTotals).all()).toEqual(before23);
    // Only completed batches are money; one from before the payment was asked counts as 'other'.
    expect(daily(db)).toEqual([
      {
        utc_date: '2026-11-20',
        payment_method: 'card',
        count: 1,
        esims: 2,
        revenue: 1000,
        cost_unknown: 1,
        local_cost_unknown: 1,
        cost_local: 0,
        local_costed_net_revenue: 0,
      },
      {
        utc_date: '2026-11-20',
        payment_method: 'cash',
        count: 1,
        esims: 3,
        revenue: 1500,
        cost_unknown: 1,
        local_cost_unknown: 1,
        cost_local: 0,
        local_costed_net_revenue: 0,
      },
      {
        utc_date: '2026-11-20',
        payment_method: 'other',
        count: 1,
        esims: 1,
        revenue: 500,
        cost_unknown: 1,
        local_cost_unknown: 1,
        cost_local: 0,
        local_costed_net_revenue: 0,
      },
    ]);
    expect(
      db.prepare("SELECT sum(revenue) AS r FROM report_monthly WHERE kind = 'voucher' AND utc_month = '2026-11'").get(),
    ).toEqual({
      r: 3000,
    });
    expect(db.prepare("SELECT count, revenue FROM report_quarter_hourly WHERE utc_quarter = '2026-11-20T09:00'").get()).toEqual({
      count: 2,
      revenue: 2000,
    });
    // The close made before the upgrade counted the drawer with the first two in it; the later one is still open.
    expect(db.prepare("SELECT row_id, close_id FROM day_close_items WHERE kind = 'voucher' ORDER BY row_id").all()).toEqual([
      { row_id: 'cash', close_id: 'c1' },
      { row_id: 'old', close_id: 'c1' },
    ]);

    // From here on a batch that completes is counted as it completes, with its cost where known.
    batch(db, 'known', '2026-11-20T09:05:00.000Z', 2, 'cash');
    db.prepare(
      "UPDATE voucher_batches SET unit_cost_minor = 300, net_currency = 'USD', unit_cost_local_minor = 280 WHERE id = 'known'",
    ).run();
    settle(db, 'known', 'completed', '2026-11-20T09:05:01.000Z');
    expect(daily(db)[1]).toEqual({
      utc_date: '2026-11-20',
      payment_method: 'cash',
      count: 2,
      esims: 5,
      revenue: 2500,
      cost_unknown: 1,
      local_cost_unknown: 1,
      cost_local: 560,
      local_costed_net_revenue: 1000,
    });
    expect(db.prepare("SELECT margin FROM report_quarter_margin WHERE utc_quarter = '2026-11-20T09:00'").get()).toEqual({
      margin: 1000 - 560,
    });
    expect(() => db.prepare("DELETE FROM day_close_items WHERE row_id = 'cash'").run()).toThrow(/cannot be removed/);
  });
});
