/**
 * The head office's schema: numbered migrations of its own (electron/chain/pg/NNNN-name.sql), each
 * applied once, in order, in its own transaction with its row in chain.migrations. Run by the head
 * office's commands with the owner's URL, never by a counter (a store's role may not). An advisory
 * lock keeps two commands started at once from applying the same migration twice.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';

/** Append only: a migration is never edited or removed once it has landed. */
export const PG_MIGRATION_FILES: readonly string[] = [
  '0001-tables.sql',
  '0002-rollups.sql',
  '0003-store-roles.sql',
  '0004-close-counts-refund-answers.sql',
];

const LOCK_KEY = 7_245_019_331;

export type PgMigration = { version: number; name: string; sql: string };

export function loadPgMigrations(): PgMigration[] {
  return PG_MIGRATION_FILES.map((name, i) => {
    const version = Number(name.slice(0, 4));
    if (version !== i + 1) throw new Error(`Head office migration ${name} should be number ${i + 1}`);
    return { version, name, sql: readFileSync(new URL(`./pg/${name}`, import.meta.url), 'utf8') };
  });
}

/** Brings the database's schema up to date; answers the versions it applied. */
export async function migrateHeadOffice(client: pg.ClientBase): Promise<number[]> {
  const applied: number[] = [];
  await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
  try {
    await client.query('CREATE SCHEMA IF NOT EXISTS chain');
    await client.query(
      `CREATE TABLE IF NOT EXISTS chain.migrations (
         version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const done = new Set(
      (await client.query<{ version: number }>('SELECT version FROM chain.migrations')).rows.map((r) => r.version),
    );
    const known = loadPgMigrations();
    const newest = Math.max(0, ...done);
    if (newest > known.length) {
      throw new Error(`The head office database is at version ${newest}, newer than this app knows (${known.length}).`);
    }
    for (const migration of known) {
      if (done.has(migration.version)) continue;
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query('INSERT INTO chain.migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
      applied.push(migration.version);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]);
  }
  return applied;
}

/**
 * The URL with sslmode meaning what PostgreSQL's own clients take it to mean (libpq): `require`
 * encrypts, `verify-ca` and `verify-full` also check the server's certificate against sslrootcert.
 * node-postgres alone would read every mode as verify-full.
 */
export function libpqUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.searchParams.has('sslmode') && !parsed.searchParams.has('uselibpqcompat')) {
    parsed.searchParams.set('uselibpqcompat', 'true');
  }
  return parsed.toString();
}

/** A client on the URL, connected; sslmode in the URL is honoured as libpq would. */
export async function connect(url: string, applicationName = 'esim-counter head office'): Promise<pg.Client> {
  const client = new pg.Client({
    connectionString: libpqUrl(url),
    application_name: applicationName,
    connectionTimeoutMillis: 10_000,
  });
  // A dropped connection is reported on the next query; without a listener it would end the process.
  client.on('error', () => undefined);
  await client.connect();
  return client;
}
