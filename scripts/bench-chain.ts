/**
 * The chain's two figures, on a local PostgreSQL (electron/backend/chain/local-postgres.ts):
 *   chain-ship-rows-per-s  outbox rows the shipper sends per second, from a journal of generated
 *                          sales to a durable server (fsync on), through the store's own role;
 *   chain-report-ms        the head office's report per store over most of a year, read from the
 *                          totals, with 10 million sales from 500 stores in chain.orders (the
 *                          median of 9 runs after a warm-up).
 * The 10 million sales are made in SQL (generate_series) with the triggers off, and the totals
 * then built by chain.rebuild_rollups(), which is what the triggers would have left: loading them
 * through the triggers row by row would take hours and measure the loading, not the report.
 * `--sales <n>` makes fewer for a quick look.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startLocalPostgres } from '../electron/backend/chain/local-postgres.ts';
import { connect, migrateHeadOffice } from '../electron/backend/chain/pg-migrate.ts';
import { addStore } from '../electron/headoffice/stores.ts';
import { storeReport } from '../electron/headoffice/reports.ts';
import { Shipper } from '../electron/backend/chain/shipper.ts';
import { linkJournal, waitingCount } from '../electron/backend/chain/db-outbox.ts';
import { openJournal } from '../electron/backend/journal/open.ts';
import { generateHistory } from './lib/generate-journal.ts';

const { values } = parseArgs({ options: { sales: { type: 'string' }, 'ship-sales': { type: 'string' } } });
const REPORT_SALES = Number(values.sales ?? 10_000_000);
const SHIP_SALES = Number(values['ship-sales'] ?? 30_000);
const STORES = 500;

const print = (name: string, value: number, unit: string) => console.log(`${name}: ${value.toFixed(2)} ${unit}`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const server = await startLocalPostgres({ settings: { shared_buffers: '512MB', max_wal_size: '8GB', work_mem: '64MB' } });
const admin = await connect(server.url);
try {
  await migrateHeadOffice(admin);

  // Shipping: a journal's outbox through the store's own role, as a counter would.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-chain-'));
  const db = openJournal(path.join(dir, 'journal.sqlite'));
  linkJournal(db, new Date().toISOString());
  generateHistory(db, { sales: SHIP_SALES, days: 30, end: Date.now() });
  const rows = waitingCount(db);
  const { url } = await addStore(admin, server.url, 'BENCH');
  const shipper = new Shipper({
    db,
    environment: 'production',
    target: () => ({ storeId: 'BENCH', counterId: 'K1', url }),
    counter: () => ({ storeName: 'Bench', timeZone: 'UTC', currency: 'USD', appVersion: 'bench' }),
  });
  const t0 = performance.now();
  while ((await shipper.shipOnce()) > 0);
  const seconds = (performance.now() - t0) / 1000;
  await shipper.stop();
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
  print('chain-ship-rows-per-s', rows / seconds, 'rows/s');
  console.log(`(${rows} outbox rows of ${SHIP_SALES} sales in ${seconds.toFixed(1)} s, batches of 500, fsync on)`);

  // The report: REPORT_SALES sales over 2026 from STORES stores, two counters each.
  const g0 = performance.now();
  await admin.query('SET session_replication_role = replica');
  await admin.query('SET synchronous_commit = off');
  await admin.query("SET maintenance_work_mem = '1GB'");
  await admin.query("SET work_mem = '256MB'");
  // Keys built once after the load, by sorting, rather than row by row during it.
  await admin.query('ALTER TABLE chain.orders DROP CONSTRAINT orders_pkey');
  await admin.query('DROP INDEX chain.orders_store_date');
  await admin.query(
    `INSERT INTO chain.orders (store_id, counter_id, id, environment, version, kind, reference, status, package_id,
       package_title, country_code, quantity, esims, unit_price_minor, total_minor, currency, tax_minor, cost_minor,
       cost_currency, payment_method, staff_id, created_at, updated_at, completed_at, local_date)
     SELECT store, 'K' || (i / ${STORES} % 2 + 1), 'o' || i, 'production', i, 'sale', 'EC-' || i,
       CASE WHEN i % 33 = 0 THEN 'failed' ELSE 'completed' END, 'pkg-' || (i % 20), 'Package ' || (i % 20),
       (ARRAY['DE','FR','JP','US','GB','IT','ES','TH','TR',NULL])[i % 10 + 1], 1 + (i % 11 = 0)::int, 1 + (i % 11 = 0)::int,
       500 + (i % 20) * 150, (500 + (i % 20) * 150) * (1 + (i % 11 = 0)::int), (ARRAY['EUR','USD','GBP'])[s % 3 + 1], 0,
       300 + (i % 20) * 100, 'USD', (ARRAY['cash','card'])[i % 2 + 1], 'staff-' || (i % 3), at, at, at, at::date
     FROM (SELECT i, i % ${STORES} AS s, 'S' || lpad((i % ${STORES})::text, 3, '0') AS store,
                  timestamptz '2026-01-01 00:00:00+00' + (i::double precision / ${REPORT_SALES} * 365 * 86400) * interval '1 second' AS at
             FROM generate_series(0, ${REPORT_SALES} - 1) AS i) g`,
  );
  const g1 = performance.now();
  await admin.query('ALTER TABLE chain.orders ADD PRIMARY KEY (store_id, counter_id, id)');
  await admin.query('CREATE INDEX orders_store_date ON chain.orders (store_id, local_date)');
  await admin.query('SET session_replication_role = origin');
  const g2 = performance.now();
  await admin.query('SELECT chain.rebuild_rollups()');
  await admin.query('ANALYZE');
  const secs = (a: number, b: number) => Math.round((b - a) / 1000);
  console.log(
    `(generated ${REPORT_SALES} sales from ${STORES} stores in ${secs(g0, g1)} s, their keys in ${secs(g1, g2)} s, ` +
      `their totals in ${secs(g2, performance.now())} s)`,
  );

  const query = { from: '2026-01-15', to: '2026-12-20', environment: 'production' as const };
  const check = await storeReport(admin, query);
  const times: number[] = [];
  for (let i = 0; i < 10; i++) {
    const t = performance.now();
    await storeReport(admin, query);
    if (i > 0) times.push(performance.now() - t);
  }
  print('chain-report-ms', median(times), 'ms');
  console.log(`(${check.stores.length} stores, ${check.total.sales} sales from ${query.from} to ${query.to})`);
} finally {
  await admin.end();
  await server.stop();
}
