import { readFileSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { MIGRATION_FILES } from './migrations/index.ts';

export type Migration = { version: number; name: string; sql: string };

export type MigrateResult = { from: number; to: number; applied: number[] };

const NAME_PATTERN = /^(\d{4})-[a-z0-9]+(?:-[a-z0-9]+)*\.sql$/;

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/** Checks the names (numbered 0001, 0002, … with no gap) and reads the SQL of each file. */
export function loadMigrations(
  files: readonly string[] = MIGRATION_FILES,
  dir: URL = new URL('./migrations/', import.meta.url),
): Migration[] {
  return files.map((name, i) => {
    const m = NAME_PATTERN.exec(name);
    if (!m) throw new MigrationError(`Migration file name ${JSON.stringify(name)} is not NNNN-kebab-name.sql`);
    const version = Number(m[1]);
    if (version !== i + 1) {
      throw new MigrationError(
        `Migration ${name} should be number ${String(i + 1).padStart(4, '0')}: numbers rise by one with no gap`,
      );
    }
    return { version, name, sql: readFileSync(new URL(name, dir), 'utf8') };
  });
}

export function latestVersion(migrations: readonly Migration[]): number {
  return migrations.at(-1)?.version ?? 0;
}

/**
 * Applies the pending migrations, each in its own transaction together with its
 * user_version bump, so a crash leaves the journal at a whole version.
 */
export function migrate(db: Database.Database, migrations: readonly Migration[] = loadMigrations()): MigrateResult {
  const from = userVersion(db);
  const latest = latestVersion(migrations);
  if (from > latest) {
    throw new MigrationError(`The journal is at version ${from}, newer than this app knows (${latest})`);
  }
  const applied: number[] = [];
  for (const migration of migrations) {
    if (migration.version <= from) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    }).immediate();
    applied.push(migration.version);
  }
  return { from, to: userVersion(db), applied };
}

export function userVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}
