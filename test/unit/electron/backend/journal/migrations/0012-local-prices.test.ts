import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../../../../../../electron/backend/journal/migrate.ts';

// Landed migrations are never edited: a change to the file's bytes fails here. Add 0013 instead.
const SHA256 = 'c518a005c5637e4fa56ce6faa1a5e4c60784f2baebe83ae6d946bd1657019e53';

const insertStaff = (db: Database.Database) =>
  db
    .prepare(
      "INSERT INTO staff (id, name, role, pin_hash, pin_salt, created_at, updated_at) VALUES ('a', 'Ana', 'clerk', 'x', 'x', 'n', 'n')",
    )
    .run();

/** A sale as a version-11 journal held it: priced and costed in dollars. */
const insertOldSale = (db: Database.Database, id: string, cost: number | null, at: string) =>
  db
    .prepare(
      `INSERT INTO sales (id, reference, status, package_id, package_title, package_country_code, package_data, package_days, quantity,
         unit_retail_minor, retail_currency, unit_net_minor, unit_cost_minor, net_currency, payment_method, staff_id, attempts, created_at, updated_at)
       VALUES (?, ?, 'pending', 'p', 'P', 'DE', '1 GB', 7, 2, 1000, 'USD', 0, ?, 'USD', 'cash', 'a', 1, ?, ?)`,
    )
    .run(id, `EC-${id}`, cost, at, at);

const complete = (db: Database.Database, table: string, id: string) =>
  db.prepare(`UPDATE ${table} SET status = 'completed', completed_at = updated_at WHERE id = ?`).run(id);

const totals = (db: Database.Database) =>
  db
    .prepare(
      'SELECT count, revenue, cost, cost_unknown, tax, cost_local, local_cost_unknown, local_costed_net_revenue FROM report_daily ORDER BY utc_date, revenue',
    )
    .all();

describe('migration 0012: prices in the store’s currency, and its tax', () => {
  it('is the landed file, byte for byte', () => {
    const bytes = readFileSync(
      new URL('../../../../../../electron/backend/journal/migrations/0012-local-prices.sql', import.meta.url),
    );
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(SHA256);
  });

  it('gives earlier one-currency sales their cost as the local cost, and rebuilds the totals with it', () => {
    const db = new Database(':memory:');
    const migrations = loadMigrations();
    migrate(db, migrations.slice(0, 11));
    insertStaff(db);
    insertOldSale(db, 'known', 700, '2026-11-20T09:00:00.000Z');
    insertOldSale(db, 'unknown', null, '2026-11-20T10:00:00.000Z');
    complete(db, 'sales', 'known');
    complete(db, 'sales', 'unknown');
    migrate(db, migrations);
    expect(db.prepare('SELECT id, unit_cost_local_minor AS local, tax_minor AS tax FROM sales ORDER BY id').all()).toEqual([
      { id: 'known', local: 700, tax: 0 },
      { id: 'unknown', local: null, tax: 0 },
    ]);
    expect(totals(db)).toEqual([
      {
        count: 2,
        revenue: 4000,
        cost: 1400,
        cost_unknown: 1,
        tax: 0,
        cost_local: 1400,
        local_cost_unknown: 1,
        local_costed_net_revenue: 2000,
      },
    ]);
  });

  it('counts what the customer paid as revenue: added tax on top, VAT inside; the local margin leaves tax out', () => {
    const db = new Database(':memory:');
    migrate(db, loadMigrations());
    insertStaff(db);
    const sell = db.prepare(
      `INSERT INTO sales (id, reference, status, package_id, package_title, package_country_code, package_data, package_days, quantity,
         unit_retail_minor, retail_currency, unit_net_minor, unit_cost_minor, net_currency, fx_rate, fx_date, unit_cost_local_minor,
         tax_mode, tax_rate_ppm, tax_minor, payment_method, staff_id, attempts, created_at, updated_at)
       VALUES (?, ?, 'pending', 'p', 'P', 'DE', '1 GB', 7, 1, ?, 'EUR', 0, 700, 'USD', '0.92', '2026-11-20', 644, ?, ?, ?, 'cash', 'a', 1, ?, ?)`,
    );
    sell.run('vat', 'EC-1', 1190, 'included', 190_000, 190, '2026-11-20T09:00:00.000Z', '2026-11-20T09:00:00.000Z');
    sell.run('sales-tax', 'EC-2', 1000, 'added', 88_750, 89, '2026-11-20T09:00:00.000Z', '2026-11-20T09:00:00.000Z');
    complete(db, 'sales', 'vat');
    complete(db, 'sales', 'sales-tax');
    expect(totals(db)).toEqual([
      {
        count: 2,
        revenue: 1190 + 1089,
        cost: 1400,
        cost_unknown: 0,
        tax: 190 + 89,
        cost_local: 1288,
        local_cost_unknown: 0,
        local_costed_net_revenue: 1000 + 1000,
      },
    ]);
    expect(() =>
      sell.run('bad-rate', 'EC-3', 1000, 'added', 88_750, 89, '2026-11-20T09:00:00.000Z', '2026-11-20T09:00:00.000Z'),
    ).not.toThrow();
    expect(() => db.prepare("UPDATE sales SET fx_rate = '1e5' WHERE id = 'bad-rate'").run()).toThrow(/CHECK/);
    expect(() => db.prepare("INSERT INTO exchange_rates VALUES ('2026-11-20', 'USD', 'EUR', 'abc', 'x')").run()).toThrow(/CHECK/);
  });
});
