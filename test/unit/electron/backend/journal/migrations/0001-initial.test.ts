import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../../../../../../electron/backend/journal/migrate.ts';
import { MIGRATION_FILES } from '../../../../../../electron/backend/journal/migrations/index.ts';
import { JOURNAL_APPLICATION_ID } from '../../../../../../electron/backend/journal/open.ts';

const MIGRATIONS_URL = new URL('../../../../../../electron/backend/journal/migrations/', import.meta.url);

// Landed migrations are never edited: a change to a file's bytes fails here. Add a new file instead.
const LANDED: Record<string, string> = {
  '0001-initial.sql': '93103de3f477fea4f7cde844946c312699dd9d0cf9aa891a2f4b28de8207f564',
};

const COLUMNS: Record<string, string[]> = {
  staff: ['id', 'name', 'role', 'pin_hash', 'pin_salt', 'active', 'failed_attempts', 'locked_at', 'created_at', 'updated_at'],
  sales: [
    'id',
    'reference',
    'status',
    'package_id',
    'package_title',
    'package_country_code',
    'package_data',
    'package_days',
    'quantity',
    'unit_retail_minor',
    'retail_currency',
    'unit_net_minor',
    'net_currency',
    'payment_method',
    'customer_email',
    'staff_id',
    'partner_order_id',
    'partner_order_code',
    'failure_code',
    'failure_reason',
    'attempts',
    'created_at',
    'updated_at',
    'submitted_at',
    'completed_at',
  ],
  esims: [
    'id',
    'sale_id',
    'iccid',
    'lpa',
    'matching_id',
    'qrcode',
    'apple_installation_url',
    'qrcode_url',
    'created_at',
    'updated_at',
  ],
  topups: [
    'id',
    'reference',
    'status',
    'iccid',
    'iccid_luhn_valid',
    'package_id',
    'package_title',
    'package_data',
    'package_days',
    'retail_minor',
    'retail_currency',
    'net_minor',
    'net_currency',
    'payment_method',
    'staff_id',
    'partner_order_id',
    'partner_order_code',
    'failure_code',
    'failure_reason',
    'attempts',
    'created_at',
    'updated_at',
    'submitted_at',
    'completed_at',
  ],
  usage_cache: ['iccid', 'payload', 'fetched_at', 'next_allowed_at', 'updated_at'],
  catalog_cache: [
    'package_id',
    'kind',
    'country_code',
    'area_slug',
    'area_title',
    'operator_title',
    'title',
    'data_text',
    'amount_mb',
    'days',
    'is_unlimited',
    'net_minor',
    'net_currency',
    'payload',
    'fetched_at',
    'updated_at',
  ],
  device_cache: ['id', 'os', 'brand', 'name', 'model', 'payload', 'fetched_at', 'updated_at'],
  settings: ['key', 'value', 'updated_at'],
  audit_log: ['seq', 'id', 'at', 'actor_staff_id', 'action', 'subject', 'details', 'prev_hash', 'hash'],
};

const T = '2026-11-22T10:00:00.000Z';
const ICCID = '8944500102198304826';

describe('migration files', () => {
  it('lists every .sql file in the folder, and only those', () => {
    const onDisk = readdirSync(MIGRATIONS_URL)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    expect(onDisk).toEqual([...MIGRATION_FILES]);
  });

  it('has not changed any landed migration', () => {
    for (const [name, sha] of Object.entries(LANDED)) {
      const actual = createHash('sha256')
        .update(readFileSync(new URL(name, MIGRATIONS_URL)))
        .digest('hex');
      expect(actual, `${name} was edited after it landed`).toBe(sha);
    }
  });
});

describe('0001-initial', () => {
  let db: Database.Database;
  beforeEach(() => {
    db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, loadMigrations(['0001-initial.sql']));
  });

  const insertStaff = (id = 'st-1', name = 'Ana') =>
    db
      .prepare(
        "INSERT INTO staff (id, name, role, pin_hash, pin_salt, created_at, updated_at) VALUES (?, ?, 'clerk', 'h', 's', ?, ?)",
      )
      .run(id, name, T, T);
  const saleSql = `INSERT INTO sales (id, reference, status, package_id, package_title, package_country_code, package_data, package_days,
      quantity, unit_retail_minor, retail_currency, unit_net_minor, net_currency, payment_method, staff_id, created_at, updated_at)
    VALUES (@id, @reference, @status, 'pkg', 'Title', 'FR', '1 GB', 7, @quantity, 990, 'EUR', 450, 'USD', @payment, 'st-1', '${T}', '${T}')`;
  const insertSale = (over: Record<string, unknown> = {}) =>
    db.prepare(saleSql).run({ id: 'sa-1', reference: 'R-1', status: 'pending', quantity: 1, payment: 'cash', ...over });

  it('sets user_version 1 and the application id', () => {
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(db.pragma('application_id', { simple: true })).toBe(JOURNAL_APPLICATION_ID);
  });

  it('creates each table with its columns, as STRICT tables', () => {
    for (const [table, columns] of Object.entries(COLUMNS)) {
      const info = db.pragma(`table_info(${table})`) as { name: string }[];
      expect(
        info.map((c) => c.name),
        table,
      ).toEqual(columns);
      const list = db.pragma(`table_list(${table})`) as { strict: number }[];
      expect(list[0]?.strict, `${table} is STRICT`).toBe(1);
    }
  });

  it('gives every pushable table an updated_at and a text primary key', () => {
    for (const table of ['staff', 'sales', 'esims', 'topups', 'usage_cache', 'catalog_cache', 'device_cache', 'settings']) {
      const info = db.pragma(`table_info(${table})`) as { name: string; type: string; pk: number }[];
      expect(
        info.some((c) => c.name === 'updated_at'),
        table,
      ).toBe(true);
      expect(
        info.filter((c) => c.pk > 0).map((c) => c.type),
        table,
      ).toEqual(['TEXT']);
    }
  });

  it('keeps sale references unique and statuses, payment methods and quantities in range', () => {
    insertStaff();
    insertSale();
    expect(() => insertSale({ id: 'sa-2' })).toThrow(/UNIQUE constraint failed: sales.reference/);
    expect(() => insertSale({ id: 'sa-3', reference: 'R-3', status: 'done' })).toThrow(/CHECK/);
    expect(() => insertSale({ id: 'sa-4', reference: 'R-4', payment: 'iou' })).toThrow(/CHECK/);
    expect(() => insertSale({ id: 'sa-5', reference: 'R-5', quantity: 51 })).toThrow(/CHECK/);
    expect(() => insertSale({ id: 'sa-6', reference: 'R-6', quantity: 1.5 })).toThrow(
      /cannot store REAL value in INTEGER column/,
    );
  });

  it('refuses a sale by unknown staff and an eSIM of an unknown sale', () => {
    expect(() => insertSale()).toThrow(/FOREIGN KEY/);
    expect(() =>
      db
        .prepare('INSERT INTO esims (id, sale_id, iccid, created_at, updated_at) VALUES (?, ?, ?, ?, ?)')
        .run('e-1', 'nope', ICCID, T, T),
    ).toThrow(/FOREIGN KEY/);
  });

  it('stores ICCIDs only in normalised form, once', () => {
    const esim = db.prepare('INSERT INTO esims (id, sale_id, iccid, created_at, updated_at) VALUES (?, NULL, ?, ?, ?)');
    esim.run('e-1', ICCID, T, T);
    expect(() => esim.run('e-2', ICCID, T, T)).toThrow(/UNIQUE/);
    expect(() => esim.run('e-3', `${ICCID}F`, T, T)).toThrow(/CHECK/);
    expect(() => esim.run('e-4', '8944 500102198304826', T, T)).toThrow(/CHECK/);
  });

  it('allows two staff with one name only when one of them is inactive', () => {
    insertStaff('st-1', 'Ana');
    expect(() => insertStaff('st-2', ' ana ')).toThrow(/UNIQUE/);
    db.prepare('UPDATE staff SET active = 0 WHERE id = ?').run('st-1');
    insertStaff('st-2', 'Ana');
  });

  it('requires JSON in settings and cache payloads', () => {
    expect(() => db.prepare('INSERT INTO settings VALUES (?, ?, ?)').run('k', '{not json', T)).toThrow(/CHECK/);
    expect(() => db.prepare('INSERT INTO usage_cache VALUES (?, ?, ?, ?, ?)').run(ICCID, 'nope', T, T, T)).toThrow(/CHECK/);
  });

  describe('audit_log', () => {
    const zero = '0'.repeat(64);
    const h = (c: string) => c.repeat(64);
    const append = (seq: number, prev: string, hash: string) =>
      db
        .prepare("INSERT INTO audit_log (seq, id, at, action, details, prev_hash, hash) VALUES (?, ?, ?, 'x.y', '{}', ?, ?)")
        .run(seq, `a-${seq}`, T, prev, hash);

    it('refuses UPDATE and DELETE through triggers', () => {
      append(1, zero, h('a'));
      expect(() => db.prepare("UPDATE audit_log SET action = 'x.z' WHERE seq = 1").run()).toThrow(
        /append-only: rows cannot be updated/,
      );
      expect(() => db.prepare('DELETE FROM audit_log').run()).toThrow(/append-only: rows cannot be deleted/);
      expect(db.prepare('SELECT action FROM audit_log').get()).toEqual({ action: 'x.y' });
    });

    it('accepts only an insert that continues the chain at the next seq', () => {
      expect(() => append(1, h('b'), h('a'))).toThrow(/does not continue the hash chain/);
      append(1, zero, h('a'));
      expect(() => append(2, zero, h('b'))).toThrow(/does not continue the hash chain/);
      expect(() => append(3, h('a'), h('b'))).toThrow(/does not continue the hash chain/);
      append(2, h('a'), h('b'));
      const names = (
        db.prepare("SELECT name FROM sqlite_schema WHERE type = 'trigger' ORDER BY name").all() as { name: string }[]
      ).map((r) => r.name);
      expect(names).toEqual(['audit_log_chain', 'audit_log_no_delete', 'audit_log_no_update']);
    });
  });
});
