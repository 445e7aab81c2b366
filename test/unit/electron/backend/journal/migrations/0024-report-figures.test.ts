import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { saleLines } from '../../../../../../electron/backend/till/db-closes.ts';
import { loadMigrations, migrate } from '../../../../../../electron/backend/journal/migrate.ts';
import { quarterRows, rowGroups, totalsGroups, type TotalsTable } from '../../../../../../electron/backend/reports/db.ts';
import { BUCKETS } from '../../../../../../electron/backend/reports/figures.ts';
import { lineFigure, lineTotal } from '../../../../../../electron/backend/till/unclosed.ts';

type Value = string | number | null;
/** One row of `table`, its columns named as in the journal. */
const insert = (db: Database.Database, table: string, row: Record<string, Value>) =>
  db
    .prepare(
      `INSERT INTO ${table} (${Object.keys(row).join(', ')}) VALUES (${Object.keys(row)
        .map((k) => `@${k}`)
        .join(', ')})`,
    )
    .run(row);

const PACKAGE = { package_data: '1 GB', package_days: 7, staff_id: 'a', attempts: 1 };

/** A sale of a 1000 package at a known cost, written pending (completed later) unless told otherwise. */
const sell = (db: Database.Database, id: string, at: string, columns: Record<string, Value> = {}) =>
  insert(db, 'sales', {
    ...PACKAGE,
    id,
    reference: `EC-${id}`,
    status: 'pending',
    package_id: 'eu',
    package_title: 'Europe 1 GB',
    quantity: 1,
    unit_retail_minor: 1000,
    retail_currency: 'EUR',
    unit_net_minor: 0,
    unit_cost_minor: 700,
    net_currency: 'USD',
    unit_cost_local_minor: 644,
    payment_method: 'cash',
    created_at: at,
    updated_at: at,
    ...columns,
  });

/** A top-up of 500; `costLocal` null where the partner said no cost. */
const topup = (db: Database.Database, id: string, at: string, costLocal: number | null, tax = 0) =>
  insert(db, 'topups', {
    ...PACKAGE,
    id,
    reference: `TU-${id}`,
    status: 'pending',
    iccid: '8944000000000000001',
    iccid_luhn_valid: 1,
    package_id: 't',
    package_title: 'Top-up 1 GB',
    retail_minor: 500,
    retail_currency: 'EUR',
    net_minor: 0,
    cost_minor: costLocal === null ? null : 300,
    net_currency: 'USD',
    cost_local_minor: costLocal,
    tax_mode: tax ? 'added' : null,
    tax_minor: tax,
    payment_method: 'card',
    created_at: at,
    updated_at: at,
  });

/** A batch of codes at 500 each; `costLocal` null as batches were written before their cost was kept. */
const vouchers = (
  db: Database.Database,
  id: string,
  at: string,
  quantity: number,
  payment: string | null,
  costLocal: number | null,
) =>
  insert(db, 'voucher_batches', {
    id,
    status: 'submitting',
    package_id: 'de',
    package_title: 'Germany 1 GB',
    package_data: '1 GB',
    package_days: 7,
    country_code: 'DE',
    coverage_name: 'Germany',
    quantity,
    unit_retail_minor: 500,
    retail_currency: 'EUR',
    payment_method: payment,
    staff_id: 'a',
    created_at: at,
    unit_cost_minor: costLocal === null ? null : 300,
    net_currency: costLocal === null ? null : 'USD',
    unit_cost_local_minor: costLocal,
  });

const settle = (db: Database.Database, table: string, id: string, status = 'completed') =>
  db
    .prepare(
      `UPDATE ${table} SET status = ?, completed_at = ${table === 'voucher_batches' ? 'created_at' : 'updated_at'} WHERE id = ?`,
    )
    .run(status, id);

/** Sales, top-ups and voucher batches across quarter hours, two days and two months, in every state. */
function sellAcrossMonths(db: Database.Database, tag: string) {
  sell(db, `${tag}-known`, '2026-10-31T23:50:00.000Z', { quantity: 2 });
  sell(db, `${tag}-unknown`, '2026-10-31T23:59:59.000Z', { unit_cost_minor: null, unit_cost_local_minor: null });
  sell(db, `${tag}-vat`, '2026-11-01T00:00:00.000Z', { tax_mode: 'included', tax_minor: 160, destination_country_code: 'ES' });
  sell(db, `${tag}-added`, '2026-11-01T00:14:00.000Z', { tax_mode: 'added', tax_minor: 89, unit_cost_local_minor: null });
  sell(db, `${tag}-imported`, '2026-11-01T00:15:00.000Z', { status: 'completed', unit_cost_local_minor: 500 });
  sell(db, `${tag}-dollars`, '2026-11-01T09:22:00.000Z', { retail_currency: 'USD', unit_cost_local_minor: 700 });
  sell(db, `${tag}-refunded`, '2026-11-01T09:40:00.000Z', { quantity: 3 });
  sell(db, `${tag}-failed`, '2026-11-01T09:41:00.000Z');
  sell(db, `${tag}-voided`, '2026-11-01T09:42:00.000Z');
  sell(db, `${tag}-pending`, '2026-11-01T09:43:00.000Z');
  topup(db, `${tag}-top`, '2026-10-31T23:45:00.000Z', 276, 45);
  topup(db, `${tag}-top-unknown`, '2026-11-01T09:41:00.000Z', null);
  vouchers(db, `${tag}-codes`, '2026-11-01T00:20:00.000Z', 3, 'cash', 280);
  vouchers(db, `${tag}-codes-old`, '2026-11-01T00:29:00.000Z', 1, null, null);
  vouchers(db, `${tag}-codes-refused`, '2026-11-01T00:31:00.000Z', 2, 'card', 280);
  for (const id of ['known', 'unknown', 'vat', 'added', 'dollars', 'refunded']) settle(db, 'sales', `${tag}-${id}`);
  for (const id of ['failed', 'voided']) settle(db, 'sales', `${tag}-${id}`, 'failed');
  db.prepare("INSERT INTO sale_voids (sale_id, voided_at, voided_by, reason) VALUES (?, 'n', 'a', 'walked out')").run(
    `${tag}-voided`,
  );
  // A refund leaves the sale's money where it was: the report shows refunds apart.
  db.prepare(
    "INSERT INTO refunded_esims (iccid, sale_id, sale_created_at, seen_at) VALUES (?, ?, '2026-11-01T09:40:00.000Z', 'n')",
  ).run(`894400000000000001${tag === 'old' ? 1 : 2}`, `${tag}-refunded`);
  for (const id of ['top', 'top-unknown']) settle(db, 'topups', `${tag}-${id}`);
  for (const id of ['codes', 'codes-old']) settle(db, 'voucher_batches', `${tag}-${id}`);
  settle(db, 'voucher_batches', `${tag}-codes-refused`, 'failed');
}

/** Rows in a fixed order, whatever order their query gave them and their keys in. */
const sorted = (rows: readonly unknown[]) =>
  rows.map((r) => JSON.stringify(Object.entries(r as object).sort(([a], [b]) => a.localeCompare(b)))).sort();
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString();

/** Every running total, as the triggers kept it, against the same figures read from the rows themselves. */
function expectTotalsMatchTheRows(db: Database.Database) {
  const periods = (table: TotalsTable, column: string) =>
    (db.prepare(`SELECT DISTINCT ${column} AS p FROM ${table} ORDER BY p`).all() as { p: string }[]).map((r) => r.p);
  const days = periods('report_daily', 'utc_date');
  expect(days).toEqual(['2026-10-31', '2026-11-01']);
  for (const day of days) {
    expect(sorted(totalsGroups(db, 'report_daily', day, day))).toEqual(
      sorted(rowGroups(db, `${day}T00:00:00.000Z`, nextDay(day))),
    );
  }
  for (const month of periods('report_monthly', 'utc_month')) {
    const end = month === '2026-10' ? '2026-11-01T00:00:00.000Z' : '2026-12-01T00:00:00.000Z';
    expect(sorted(totalsGroups(db, 'report_monthly', month, month))).toEqual(
      sorted(rowGroups(db, `${month}-01T00:00:00.000Z`, end)),
    );
  }
  // The quarters, from the journal's lines through the figures' TypeScript side.
  const byQuarter = new Map<string, { utcQuarter: string; currency: string; count: number; revenue: number; margin: number }>();
  for (const line of saleLines(db, '2026-10-01', '2026-12-01').filter((l) => l.status === 'completed')) {
    const utcQuarter = BUCKETS.quarter.of(line.createdAt);
    const key = `${utcQuarter} ${line.currency}`;
    const q = byQuarter.get(key) ?? { utcQuarter, currency: line.currency, count: 0, revenue: 0, margin: 0 };
    byQuarter.set(key, {
      ...q,
      count: q.count + 1,
      revenue: q.revenue + lineTotal(line),
      margin: q.margin + (lineFigure('margin', line) ?? 0),
    });
  }
  expect(sorted(quarterRows(db, '2026-10-01T00:00', '2026-12-01T00:00'))).toEqual(sorted([...byQuarter.values()]));
}

describe('migration 0024: the running totals from the one definition of the figures', () => {
  it('keeps the totals of a journal kept by the older triggers, and adds to them alike from there', () => {
    const db = new Database(':memory:');
    const migrations = loadMigrations();
    migrate(
      db,
      migrations.filter((m) => m.version < 24),
    );
    insert(db, 'staff', { id: 'a', name: 'Ana', role: 'clerk', pin_hash: 'x', pin_salt: 'x', created_at: 'n', updated_at: 'n' });
    sellAcrossMonths(db, 'old');
    // What the outbox would ship of each order, too: the head office's figures stay the counter's.
    const tables = [
      'report_daily',
      'report_monthly',
      'report_quarter_hourly',
      'report_quarter_margin',
      'chain_sale_rows',
      'chain_topup_rows',
    ];
    const snapshot = () => tables.map((t) => sorted(db.prepare(`SELECT * FROM ${t}`).all()));
    const kept = snapshot();

    // The totals and payloads are left as they were, and the totals are what the figures make of the rows.
    migrate(db, migrations);
    expect(snapshot()).toEqual(kept);
    expectTotalsMatchTheRows(db);

    sellAcrossMonths(db, 'new');
    expectTotalsMatchTheRows(db);
    // Each day's money, now twice what the older triggers alone had counted.
    const revenue = (day: string) =>
      (db.prepare('SELECT sum(revenue) AS r FROM report_daily WHERE utc_date = ?').get(day) as { r: number }).r;
    // 2 × 1000, 1000 and a top-up of 500 with 45 added.
    expect(revenue('2026-10-31')).toBe(2 * (2000 + 1000 + 545));
    // VAT inside 1000, 1000 + 89 added, an import, 1000 in dollars, 3 × 1000 refunded since, 3 + 1 codes at 500, a top-up.
    expect(revenue('2026-11-01')).toBe(2 * (1000 + 1089 + 1000 + 1000 + 3000 + 2000 + 500));
  });
});
