import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../../../../../../electron/backend/journal/migrate.ts';

// Landed migrations are never edited: a change to the file's bytes fails here. Add 0011 instead.
const SHA256 = '26b242171a1ae2d1b6dc50f401e26095d27e88f7ad1410f81f1cd7767435cba5';

const insertStaff = (db: Database.Database) =>
  db
    .prepare(
      "INSERT INTO staff (id, name, role, pin_hash, pin_salt, created_at, updated_at) VALUES ('a', 'Ana', 'clerk', 'x', 'x', 'n', 'n')",
    )
    .run();

/** A sale as a version-9 journal held it: a 0 net price meant "not known". */
const insertOldSale = (db: Database.Database, id: string, net: number, at: string) =>
  db
    .prepare(
      `INSERT INTO sales (id, reference, status, package_id, package_title, package_country_code, package_data, package_days, quantity,
         unit_retail_minor, retail_currency, unit_net_minor, net_currency, payment_method, staff_id, attempts, created_at, updated_at)
       VALUES (?, ?, 'pending', 'p', 'P', 'DE', '1 GB', 7, 2, 1000, 'USD', ?, 'USD', 'cash', 'a', 1, ?, ?)`,
    )
    .run(id, `EC-${id}`, net, at, at);

const complete = (db: Database.Database, id: string) =>
  db.prepare("UPDATE sales SET status = 'completed', completed_at = updated_at WHERE id = ?").run(id);

const daily = (db: Database.Database) =>
  db.prepare('SELECT count, revenue, cost, cost_unknown, costed_revenue FROM report_daily ORDER BY utc_date').all();

describe('migration 0010: a cost nobody knows is unknown, not zero', () => {
  it('is the landed file, byte for byte', () => {
    const bytes = readFileSync(
      new URL('../../../../../../electron/backend/journal/migrations/0010-known-costs.sql', import.meta.url),
    );
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(SHA256);
  });

  it('turns the zero costs of earlier sales into unknown ones and rebuilds the running totals from the rows', () => {
    const db = new Database(':memory:');
    const migrations = loadMigrations();
    migrate(db, migrations.slice(0, 9));
    insertStaff(db);
    insertOldSale(db, 'known', 700, '2026-11-20T09:00:00.000Z');
    insertOldSale(db, 'unknown', 0, '2026-11-20T10:00:00.000Z');
    complete(db, 'known');
    complete(db, 'unknown');
    // Before: the unknown cost counted as free.
    expect(db.prepare('SELECT count, revenue, cost FROM report_daily').all()).toEqual([{ count: 2, revenue: 4000, cost: 1400 }]);
    migrate(db, migrations);
    expect(db.prepare('SELECT id, unit_cost_minor FROM sales ORDER BY id').all()).toEqual([
      { id: 'known', unit_cost_minor: 700 },
      { id: 'unknown', unit_cost_minor: null },
    ]);
    expect(daily(db)).toEqual([{ count: 2, revenue: 4000, cost: 1400, cost_unknown: 1, costed_revenue: 2000 }]);
    expect(db.prepare('SELECT count, revenue, cost, cost_unknown, costed_revenue FROM report_monthly').all()).toEqual(daily(db));
  });

  it('keeps the totals by its new triggers: a known cost, an unknown one, and the destination of a regional sale', () => {
    const db = new Database(':memory:');
    migrate(db, loadMigrations());
    insertStaff(db);
    insertOldSale(db, 'a', 0, '2026-11-21T09:00:00.000Z');
    db.prepare(
      "UPDATE sales SET unit_cost_minor = 600, package_country_code = NULL, destination_country_code = 'ES' WHERE id = 'a'",
    ).run();
    insertOldSale(db, 'b', 0, '2026-11-21T10:00:00.000Z');
    complete(db, 'a');
    complete(db, 'b');
    expect(
      db.prepare('SELECT country_code, cost, cost_unknown, costed_revenue FROM report_daily ORDER BY country_code').all(),
    ).toEqual([
      { country_code: 'DE', cost: 0, cost_unknown: 1, costed_revenue: 0 },
      { country_code: 'ES', cost: 1200, cost_unknown: 0, costed_revenue: 2000 },
    ]);
    expect(() => db.prepare("UPDATE sales SET destination_country_code = 'spain' WHERE id = 'b'").run()).toThrow(/CHECK/);
  });
});
