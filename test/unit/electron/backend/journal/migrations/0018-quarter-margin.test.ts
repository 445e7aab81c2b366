import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../../../../../../electron/backend/journal/migrate.ts';

const insertStaff = (db: Database.Database) =>
  db
    .prepare(
      "INSERT INTO staff (id, name, role, pin_hash, pin_salt, created_at, updated_at) VALUES ('a', 'Ana', 'clerk', 'x', 'x', 'n', 'n')",
    )
    .run();

/** A sale in euros at a known or unknown local cost, sold `status` (pending, or already completed as an import writes it). */
const sell = (
  db: Database.Database,
  id: string,
  at: string,
  o: {
    status?: string;
    quantity?: number;
    costLocal: number | null;
    tax?: number;
    mode?: 'added' | 'included';
    currency?: string;
  },
) =>
  db
    .prepare(
      `INSERT INTO sales (id, reference, status, package_id, package_title, package_country_code, package_data, package_days, quantity,
         unit_retail_minor, retail_currency, unit_net_minor, unit_cost_minor, net_currency, fx_rate, fx_date, unit_cost_local_minor,
         tax_mode, tax_rate_ppm, tax_minor, payment_method, staff_id, attempts, created_at, updated_at)
       VALUES (?, ?, ?, 'p', 'P', 'DE', '1 GB', 7, ?, 1000, ?, 0, 700, 'USD', '0.92', '2026-11-20', ?, ?, 0, ?, 'cash', 'a', 1, ?, ?)`,
    )
    .run(
      id,
      `EC-${id}`,
      o.status ?? 'pending',
      o.quantity ?? 1,
      o.currency ?? 'EUR',
      o.costLocal,
      o.mode ?? null,
      o.tax ?? 0,
      at,
      at,
    );

const topup = (db: Database.Database, id: string, at: string, costLocal: number | null) =>
  db
    .prepare(
      `INSERT INTO topups (id, reference, status, iccid, iccid_luhn_valid, package_id, package_title, package_data, package_days,
         retail_minor, retail_currency, net_minor, cost_minor, net_currency, cost_local_minor, tax_minor, payment_method, staff_id,
         attempts, created_at, updated_at)
       VALUES (?, ?, 'pending', '8944000000000000001', 1, 't', 'T', '1 GB', 7, 500, 'EUR', 0, 300, 'USD', ?, 0, 'card', 'a', 1, ?, ?)`,
    )
    .run(id, `EC-${id}`, costLocal, at, at);

const complete = (db: Database.Database, table: string, id: string) =>
  db.prepare(`UPDATE ${table} SET status = 'completed', completed_at = updated_at WHERE id = ?`).run(id);

const quarters = (db: Database.Database) =>
  db
    .prepare(
      `SELECT utc_quarter AS q, retail_currency AS c, count, revenue, coalesce(margin, 0) AS margin
       FROM report_quarter_hourly LEFT JOIN report_quarter_margin USING (utc_quarter, retail_currency) ORDER BY q, c`,
    )
    .all();

/** The same day, sold in the same order: what the triggers keep and what the migration backfills must agree. */
function sellTheDay(db: Database.Database) {
  insertStaff(db);
  sell(db, 'known', '2026-11-20T09:03:00.000Z', { quantity: 2, costLocal: 644 });
  sell(db, 'unknown', '2026-11-20T09:14:59.000Z', { costLocal: null });
  sell(db, 'vat', '2026-11-20T09:15:00.000Z', { costLocal: 600, tax: 160, mode: 'included' });
  sell(db, 'added', '2026-11-20T09:20:00.000Z', { costLocal: 600, tax: 89, mode: 'added' });
  sell(db, 'imported', '2026-11-20T09:21:00.000Z', { status: 'completed', costLocal: 500 });
  sell(db, 'dollars', '2026-11-20T09:22:00.000Z', { costLocal: 700, currency: 'USD' });
  sell(db, 'left-pending', '2026-11-20T09:23:00.000Z', { costLocal: 1 });
  topup(db, 'top', '2026-11-20T09:40:00.000Z', 276);
  topup(db, 'top-unknown', '2026-11-20T09:41:00.000Z', null);
  for (const id of ['known', 'unknown', 'vat', 'added', 'dollars']) complete(db, 'sales', id);
  for (const id of ['top', 'top-unknown']) complete(db, 'topups', id);
}

const expected = [
  // 2 × (1000 − 644); the unknown cost adds to count and revenue, never to margin.
  { q: '2026-11-20T09:00', c: 'EUR', count: 2, revenue: 3000, margin: 712 },
  // VAT inside: 1000 − 160 − 600; sales tax on top: 1089 − 89 − 600; an import written completed: 1000 − 500.
  { q: '2026-11-20T09:15', c: 'EUR', count: 3, revenue: 3089, margin: 240 + 400 + 500 },
  { q: '2026-11-20T09:15', c: 'USD', count: 1, revenue: 1000, margin: 300 },
  { q: '2026-11-20T09:30', c: 'EUR', count: 2, revenue: 1000, margin: 224 },
];

describe('migration 0018: the margin per quarter hour', () => {
  it('is kept by the rollup as sales and top-ups complete or are written completed', () => {
    const db = new Database(':memory:');
    migrate(db, loadMigrations());
    sellTheDay(db);
    expect(quarters(db)).toEqual(expected);
  });

  it('is backfilled for what was completed before it, to the same figures', () => {
    const db = new Database(':memory:');
    const migrations = loadMigrations();
    const upTo17 = migrations.findIndex((m) => m.name.startsWith('0018'));
    expect(upTo17).toBeGreaterThan(0);
    migrate(db, migrations.slice(0, upTo17));
    sellTheDay(db);
    migrate(db, migrations);
    expect(quarters(db)).toEqual(expected);
    // The rollup goes on from there.
    sell(db, 'after', '2026-11-20T09:01:00.000Z', { costLocal: 900 });
    complete(db, 'sales', 'after');
    expect(quarters(db)[0]).toEqual({ q: '2026-11-20T09:00', c: 'EUR', count: 3, revenue: 4000, margin: 812 });
  });
});
