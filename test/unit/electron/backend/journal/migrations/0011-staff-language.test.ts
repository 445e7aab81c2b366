import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../../../../../../electron/backend/journal/migrate.ts';

// Landed migrations are never edited: a change to the file's bytes fails here. Add 0012 instead.
const SHA256 = '1f9861a5aeed33bd0de430d7d2fb55ea00f4f5f2f41d8a7b9b7b360362dc2630';

const insert = (db: Database.Database, id: string, language: string | null) =>
  db
    .prepare(
      "INSERT INTO staff (id, name, role, pin_hash, pin_salt, language, created_at, updated_at) VALUES (?, ?, 'clerk', 'x', 'x', ?, 'n', 'n')",
    )
    .run(id, id, language);

describe('migration 0011: each member of staff has a language of their own', () => {
  it('is the landed file, byte for byte', () => {
    const bytes = readFileSync(
      new URL('../../../../../../electron/backend/journal/migrations/0011-staff-language.sql', import.meta.url),
    );
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(SHA256);
  });

  it('keeps the staff of an older journal, with no language chosen, and takes language tags only', () => {
    const db = new Database(':memory:');
    const migrations = loadMigrations();
    migrate(db, migrations.slice(0, 10));
    db.prepare(
      "INSERT INTO staff (id, name, role, pin_hash, pin_salt, created_at, updated_at) VALUES ('old', 'Old', 'manager', 'x', 'x', 'n', 'n')",
    ).run();
    migrate(db, migrations);
    expect(db.prepare("SELECT name, language FROM staff WHERE id = 'old'").get()).toEqual({ name: 'Old', language: null });
    insert(db, 'ana', 'de');
    insert(db, 'li', 'zh-CN');
    expect(() => insert(db, 'bad', '<script>')).toThrow(/CHECK/);
    expect(() => insert(db, 'empty', '')).toThrow(/CHECK/);
  });
});
