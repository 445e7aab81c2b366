import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../../../../../../electron/backend/journal/migrate.ts';
import { openJournalInMemory } from '../../../../../../electron/backend/journal/open.ts';
import Database from 'better-sqlite3';

// Landed migrations are never edited: a change to the file's bytes fails here. Add 0008 instead.
const SHA256 = '0ee2bed629ef3fc784f43fb3d730a2a2963f55342a10f56ae626c5dbd74b0825';

const STAFF = `INSERT INTO staff (id, name, role, pin_hash, pin_salt, created_at, updated_at) VALUES ('m', 'M', 'manager', 'x', 'x', 'n', 'n')`;
const CLOSE = `INSERT INTO day_closes (id, local_date, time_zone, closed_at, closed_by, expected, counted_cash, cash_difference, report,
  reconciliation, updated_at) VALUES ('c1', '2026-11-20', 'UTC', '2026-11-20T18:00:00.000Z', 'm', '[]', '[]', '[]', '{}', '{}', 'n')`;
const HASH = 'c'.repeat(64);

describe('migration 0007: the audit head with each close', () => {
  it('is the landed file, byte for byte', () => {
    const bytes = readFileSync(
      new URL('../../../../../../electron/backend/journal/migrations/0007-close-audit-head.sql', import.meta.url),
    );
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(SHA256);
  });

  it('leaves closes made before it without a head, and still frozen', () => {
    const db = new Database(':memory:');
    const migrations = loadMigrations();
    const before = migrations.findIndex((m) => m.name === '0007-close-audit-head.sql');
    migrate(db, migrations.slice(0, before));
    db.prepare(STAFF).run();
    db.prepare(CLOSE).run();
    migrate(db, migrations);
    expect(db.prepare('SELECT audit_head_seq, audit_head_hash FROM day_closes').get()).toEqual({
      audit_head_seq: null,
      audit_head_hash: null,
    });
    expect(() => db.prepare('UPDATE day_closes SET audit_head_seq = 1, audit_head_hash = ?').run(HASH)).toThrow(
      /cannot be changed/,
    );
  });

  it('takes a head as a seq and a sha256 together, on closes and supplementary closes alike', () => {
    const db = openJournalInMemory();
    db.prepare(STAFF).run();
    const close = db.prepare(
      `INSERT INTO day_closes (id, local_date, time_zone, closed_at, closed_by, expected, counted_cash, cash_difference, report,
         reconciliation, updated_at, audit_head_seq, audit_head_hash) VALUES (?, ?, 'UTC', 'n', 'm', '[]', '[]', '[]', '{}', '{}', 'n', ?, ?)`,
    );
    const supplement = db.prepare(
      `INSERT INTO day_close_supplements (id, local_date, sequence, time_zone, closed_at, closed_by, expected, counted_cash,
         cash_difference, report, reconciliation, updated_at, audit_head_seq, audit_head_hash)
       VALUES (?, '2026-11-20', ?, 'UTC', 'n', 'm', '[]', '[]', '[]', '{}', '{}', 'n', ?, ?)`,
    );
    close.run('c1', '2026-11-20', 12, HASH);
    expect(() => close.run('c2', '2026-11-21', 12, null)).toThrow(/CHECK/);
    expect(() => close.run('c3', '2026-11-22', null, HASH)).toThrow(/CHECK/);
    expect(() => close.run('c4', '2026-11-23', 0, HASH)).toThrow(/CHECK/);
    expect(() => close.run('c5', '2026-11-24', 12, 'abc')).toThrow(/CHECK/);
    close.run('c6', '2026-11-25', null, null);
    supplement.run('s2', 2, 40, HASH);
    expect(() => supplement.run('s3', 3, 41, null)).toThrow(/CHECK/);
    expect(() => supplement.run('s4', 4, null, HASH)).toThrow(/CHECK/);
    expect(() => supplement.run('s5', 5, 41, 'abc')).toThrow(/CHECK/);
    expect(() => db.prepare('UPDATE day_close_supplements SET audit_head_seq = 41').run()).toThrow(/cannot be changed/);
    expect(db.prepare('SELECT id, audit_head_seq AS seq FROM day_closes ORDER BY id').all()).toEqual([
      { id: 'c1', seq: 12 },
      { id: 'c6', seq: null },
    ]);
  });
});
