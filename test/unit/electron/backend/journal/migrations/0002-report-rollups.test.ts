import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../../../../../../electron/backend/journal/migrate.ts';

// Landed migrations are never edited: a change to the file's bytes fails here. Add 0003 instead.
const SHA256 = 'af118fc53300f7769062a57bf1b939d91c4c172ea5c2a02d64cc9e40ca1f62c3';

const sale = (db: Database.Database, id: string, at: string, status: string, retail = 450, quantity = 1) =>
  db
    .prepare(
      `INSERT INTO sales (id, reference, status, package_id, package_title, package_country_code, package_data, package_days, quantity,
         unit_retail_minor, retail_currency, unit_net_minor, net_currency, payment_method, staff_id, attempts, created_at, updated_at)
       VALUES (?, ?, ?, 'pkg', 'Pkg 1 GB', 'DE', '1 GB', 7, ?, ?, 'USD', 300, 'USD', 'cash', 's1', 1, ?, ?)`,
    )
    .run(id, `EC-${id}`, status, quantity, retail, at, at);

function atVersion1(): Database.Database {
  const db = new Database(':memory:');
  migrate(db, loadMigrations(['0001-initial.sql']));
  db.prepare(
    `INSERT INTO staff (id, name, role, pin_hash, pin_salt, created_at, updated_at) VALUES ('s1', 'Ana', 'clerk', 'x', 'x', 'n', 'n')`,
  ).run();
  return db;
}

describe('migration 0002: report running totals', () => {
  it('is the landed file, byte for byte', () => {
    const bytes = readFileSync(
      new URL('../../../../../../electron/backend/journal/migrations/0002-report-rollups.sql', import.meta.url),
    );
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(SHA256);
  });

  it('fills the totals from sales completed before it, and leaves the others out', () => {
    const db = atVersion1();
    sale(db, 'a', '2026-11-20T09:07:00.000Z', 'completed', 450, 2);
    sale(db, 'b', '2026-11-20T09:50:00.000Z', 'completed', 1000);
    sale(db, 'c', '2026-11-21T09:00:00.000Z', 'failed');
    migrate(db, loadMigrations(['0001-initial.sql', '0002-report-rollups.sql']));
    expect(db.prepare('SELECT utc_date, count, esims, revenue, cost FROM report_daily').all()).toEqual([
      { utc_date: '2026-11-20', count: 2, esims: 3, revenue: 1900, cost: 900 },
    ]);
    expect(db.prepare('SELECT utc_month, count, revenue FROM report_monthly').all()).toEqual([
      { utc_month: '2026-11', count: 2, revenue: 1900 },
    ]);
    expect(db.prepare('SELECT utc_quarter, count, revenue FROM report_quarter_hourly ORDER BY 1').all()).toEqual([
      { utc_quarter: '2026-11-20T09:00', count: 1, revenue: 900 },
      { utc_quarter: '2026-11-20T09:45', count: 1, revenue: 1000 },
    ]);
  });

  it('keeps the totals in step when a sale completes, once, and ignores other changes', () => {
    const db = atVersion1();
    migrate(db, loadMigrations(['0001-initial.sql', '0002-report-rollups.sql']));
    sale(db, 'a', '2026-11-20T09:00:00.000Z', 'pending');
    expect(db.prepare('SELECT count(*) AS n FROM report_daily').get()).toEqual({ n: 0 });
    db.prepare("UPDATE sales SET status = 'submitting' WHERE id = 'a'").run();
    db.prepare("UPDATE sales SET status = 'completed' WHERE id = 'a'").run();
    db.prepare("UPDATE sales SET partner_order_code = 'x' WHERE id = 'a'").run();
    sale(db, 'b', '2026-11-20T10:00:00.000Z', 'completed', 1000);
    expect(db.prepare('SELECT count, revenue FROM report_daily').all()).toEqual([{ count: 2, revenue: 1450 }]);
    expect(db.prepare('SELECT sum(count) AS n FROM report_quarter_hourly').get()).toEqual({ n: 2 });
  });

  it('adds a top-up to the totals as a top-up', () => {
    const db = atVersion1();
    migrate(db, loadMigrations(['0001-initial.sql', '0002-report-rollups.sql']));
    db.prepare(
      `INSERT INTO topups (id, reference, status, iccid, iccid_luhn_valid, package_id, package_title, package_data, package_days,
         retail_minor, retail_currency, net_minor, net_currency, payment_method, staff_id, attempts, created_at, updated_at)
       VALUES ('t', 'TU-t', 'submitting', '8944000000000000001', 1, 'pkg-topup', '1 GB', '1 GB', 7, 500, 'USD', 350, 'USD', 'card', 's1', 1, ?, ?)`,
    ).run('2026-11-20T11:00:00.000Z', '2026-11-20T11:00:00.000Z');
    db.prepare("UPDATE topups SET status = 'completed' WHERE id = 't'").run();
    expect(db.prepare('SELECT kind, country_code, count, esims, revenue, cost, payment_method FROM report_daily').all()).toEqual([
      { kind: 'topup', country_code: '', count: 1, esims: 0, revenue: 500, cost: 350, payment_method: 'card' },
    ]);
  });
});
