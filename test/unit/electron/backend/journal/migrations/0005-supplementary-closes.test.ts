import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { migrate, loadMigrations } from '../../../../../../electron/backend/journal/migrate.ts';
import { openJournalInMemory } from '../../../../../../electron/backend/journal/open.ts';
import Database from 'better-sqlite3';

// Landed migrations are never edited: a change to the file's bytes fails here. Add 0006 instead.
const SHA256 = '84c8ebe402315622a9ca9b74cf2c712a5500836db3e11ec1846daab5e7ee0dbd';

const STAFF = `INSERT INTO staff (id, name, role, pin_hash, pin_salt, created_at, updated_at) VALUES ('m', 'M', 'manager', 'x', 'x', 'n', 'n')`;
const CLOSE = `INSERT INTO day_closes (id, local_date, time_zone, closed_at, closed_by, expected, counted_cash, cash_difference, report,
  reconciliation, updated_at) VALUES ('c1', '2026-11-20', 'UTC', '2026-11-20T18:00:00.000Z', 'm', '[]', '[]', '[]', '{}', '{}', 'n')`;

describe('migration 0005: supplementary closes', () => {
  it('is the landed file, byte for byte', () => {
    const bytes = readFileSync(
      new URL('../../../../../../electron/backend/journal/migrations/0005-supplementary-closes.sql', import.meta.url),
    );
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(SHA256);
  });

  it('keeps a close made before it as covering what had completed by then, without a note', () => {
    const db = new Database(':memory:');
    const migrations = loadMigrations();
    migrate(db, migrations.slice(0, 4));
    db.prepare(STAFF).run();
    db.prepare(CLOSE).run();
    migrate(db, migrations);
    expect(db.prepare('SELECT note, itemized FROM day_closes').get()).toEqual({ note: null, itemized: 0 });
    // Adding the columns is not an update: the closed day is still as it was, and still frozen.
    expect(() => db.prepare("UPDATE day_closes SET note = 'later'").run()).toThrow(/cannot be changed/);
  });

  it('numbers supplementary closes after the day’s close, once per number, and freezes them', () => {
    const db = openJournalInMemory();
    db.prepare(STAFF).run();
    const insert = db.prepare(
      `INSERT INTO day_close_supplements (id, local_date, sequence, time_zone, closed_at, closed_by, expected, counted_cash,
         cash_difference, report, reconciliation, note, updated_at) VALUES (?, ?, ?, 'UTC', 'n', 'm', '[]', '[]', '[]', '{}', '{}', ?, 'n')`,
    );
    // A supplement follows a close of its date.
    expect(() => insert.run('s0', '2026-11-20', 2, null)).toThrow(/FOREIGN KEY/);
    db.prepare(CLOSE).run();
    insert.run('s2', '2026-11-20', 2, 'Found $2 under the till');
    expect(() => insert.run('s2b', '2026-11-20', 2, null)).toThrow(/UNIQUE/);
    expect(() => insert.run('s1', '2026-11-20', 1, null)).toThrow(/CHECK/);
    expect(() => insert.run('s3', '2026-11-20', 3, '')).toThrow(/CHECK/);
    expect(() => insert.run('s4', '2026-11-20', 4, 'x'.repeat(501))).toThrow(/CHECK/);
    expect(() => db.prepare("UPDATE day_close_supplements SET note = 'x'").run()).toThrow(/cannot be changed/);
    expect(() => db.prepare('DELETE FROM day_close_supplements').run()).toThrow(/cannot be removed/);
  });

  it('lets one close only cover a sale, for good', () => {
    const db = openJournalInMemory();
    const insert = db.prepare("INSERT INTO day_close_items (kind, row_id, close_id, updated_at) VALUES (?, ?, ?, 'n')");
    insert.run('sale', 'r1', 'c1');
    insert.run('topup', 'r1', 'c1');
    expect(() => insert.run('sale', 'r1', 'c2')).toThrow(/UNIQUE|PRIMARY KEY/);
    expect(() => insert.run('refund', 'r2', 'c1')).toThrow(/CHECK/);
    expect(() => db.prepare("UPDATE day_close_items SET close_id = 'c2'").run()).toThrow(/cannot be changed/);
    expect(() => db.prepare('DELETE FROM day_close_items').run()).toThrow(/cannot be removed/);
  });
});
