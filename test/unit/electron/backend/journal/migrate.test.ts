import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import {
  latestVersion,
  loadMigrations,
  migrate,
  MigrationError,
  userVersion,
} from '../../../../../electron/backend/journal/migrate.ts';
import { MIGRATION_FILES } from '../../../../../electron/backend/journal/migrations/index.ts';

function migrationDir(files: Record<string, string>): URL {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
  for (const [name, sql] of Object.entries(files)) writeFileSync(join(dir, name), sql);
  return pathToFileURL(`${dir}/`);
}

describe('loadMigrations', () => {
  it('reads the shipped migrations in order, numbered from 1', () => {
    const migrations = loadMigrations();
    expect(migrations.map((m) => m.name)).toEqual(MIGRATION_FILES);
    expect(migrations.map((m) => m.version)).toEqual(MIGRATION_FILES.map((_, i) => i + 1));
    expect(migrations[0]?.sql).toContain('CREATE TABLE sales');
  });

  it('refuses a gap, a wrong order and a badly named file', () => {
    const dir = migrationDir({ '0001-a.sql': '', '0002-b.sql': '', '0003-c.sql': '', 'init.sql': '' });
    expect(() => loadMigrations(['0001-a.sql', '0003-c.sql'], dir)).toThrow(/should be number 0002/);
    expect(() => loadMigrations(['0002-b.sql', '0001-a.sql'], dir)).toThrow(MigrationError);
    expect(() => loadMigrations(['init.sql'], dir)).toThrow(/NNNN-kebab-name/);
    expect(loadMigrations(['0001-a.sql', '0002-b.sql'], dir).map((m) => m.version)).toEqual([1, 2]);
  });
});

describe('migrate', () => {
  const dir = migrationDir({
    '0001-one.sql': 'CREATE TABLE one (id TEXT PRIMARY KEY) STRICT;',
    '0002-two.sql': 'CREATE TABLE two (id TEXT PRIMARY KEY) STRICT;',
    '0003-broken.sql': 'CREATE TABLE three (id TEXT PRIMARY KEY) STRICT; INSERT INTO nowhere VALUES (1);',
  });
  const tables = (db: Database.Database) =>
    (db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map(
      (r) => r.name,
    );

  it('applies pending migrations, sets user_version, and is a no-op the second time', () => {
    const db = new Database(':memory:');
    const first = loadMigrations(['0001-one.sql'], dir);
    expect(migrate(db, first)).toEqual({ from: 0, to: 1, applied: [1] });
    const both = loadMigrations(['0001-one.sql', '0002-two.sql'], dir);
    expect(migrate(db, both)).toEqual({ from: 1, to: 2, applied: [2] });
    expect(migrate(db, both)).toEqual({ from: 2, to: 2, applied: [] });
    expect(tables(db)).toEqual(['one', 'two']);
    expect(userVersion(db)).toBe(2);
  });

  it('rolls a failing migration back whole and keeps the earlier ones', () => {
    const db = new Database(':memory:');
    const all = loadMigrations(['0001-one.sql', '0002-two.sql', '0003-broken.sql'], dir);
    expect(() => migrate(db, all)).toThrow(/no such table: nowhere/);
    expect(userVersion(db)).toBe(2);
    expect(tables(db)).toEqual(['one', 'two']);
  });

  it('refuses a database newer than the code', () => {
    const db = new Database(':memory:');
    db.pragma('user_version = 7');
    const migrations = loadMigrations(['0001-one.sql'], dir);
    expect(latestVersion(migrations)).toBe(1);
    expect(() => migrate(db, migrations)).toThrow(/version 7, newer than this app knows \(1\)/);
    expect(tables(db)).toEqual([]);
  });
});
