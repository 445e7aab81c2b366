/**
 * Sends the journal's outbox to the head office, off the sale path: a loop on a timer that reads a
 * small batch (no write lock), upserts it into PostgreSQL in one transaction, and only after that
 * commit deletes the batch from the outbox. A crash, a cut or a week offline anywhere in between
 * leaves the rows in the outbox, to be sent again; the head office's upserts take a copy only when
 * it is newer, so a batch sent twice changes nothing. While PostgreSQL does not answer, the loop
 * waits longer each time (to a minute), and the manager's status says so.
 */
import type Database from 'better-sqlite3';
import pg from 'pg';
import type { Environment } from '../../../shared/contract.ts';
import { localDate } from '../../../shared/clock.ts';
import { crashPoint } from '../common/crash-points.ts';
import { libpqUrl } from './pg-migrate.ts';
import { lastShipped, markShipped, readBatch, waitingCount, type OutboxRow } from './db-outbox.ts';
import { TABLES, upsertSql, type TableSpec } from './upsert.ts';

export type ShipTarget = { readonly storeId: string; readonly counterId: string; readonly url: string };

export type CounterInfo = {
  readonly storeName: string;
  readonly timeZone: string;
  readonly currency: string;
  readonly appVersion: string;
};

/** in_sync: nothing waits; sending: rows wait and the last attempt went through. */
export type ShipState = 'not_joined' | 'in_sync' | 'sending' | 'offline' | 'refused';

export type ShipperStatus = {
  readonly state: ShipState;
  readonly waiting: number;
  readonly lastShippedAt: string | null;
  /** PostgreSQL's SQLSTATE or the network's error code of the last failed attempt. */
  readonly problem: string | null;
  readonly nextAttemptAt: string | null;
};

export type ShipperOptions = {
  readonly db: Database.Database;
  readonly environment: Environment;
  /** Where to ship, read at every batch: null while the counter has not joined a head office. */
  readonly target: () => ShipTarget | null;
  readonly counter: () => CounterInfo;
  readonly log?: (message: string, error?: unknown) => void;
  readonly batchSize?: number;
  /** How often an empty outbox is looked at again. */
  readonly pollMs?: number;
  readonly maxBackoffMs?: number;
  /** How often an idle counter tells the head office it is there. */
  readonly heartbeatMs?: number;
  readonly now?: () => number;
};

// A wrong password, no right, no schema: waiting will not mend them, the manager must.
const REFUSALS = new Set(['28P01', '28000', '42501', '42P01', '3D000', '42883', '42703']);

const COUNTER_SQL = `
  INSERT INTO chain.counters AS c (store_id, counter_id, environment, store_name, time_zone, currency, app_version,
    waiting, last_seq, last_shipped_at, last_contact_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, CASE WHEN $10 THEN now() END, now())
  ON CONFLICT (store_id, counter_id, environment) DO UPDATE SET store_name = excluded.store_name,
    time_zone = excluded.time_zone, currency = excluded.currency, app_version = excluded.app_version,
    waiting = excluded.waiting, last_seq = greatest(c.last_seq, excluded.last_seq),
    last_shipped_at = CASE WHEN $10 THEN now() ELSE c.last_shipped_at END, last_contact_at = now()`;

export class Shipper {
  readonly #o: ShipperOptions;
  readonly #now: () => number;
  #client: pg.Client | null = null;
  #clientUrl: string | null = null;
  #running = false;
  #loop: Promise<void> | null = null;
  #wake: (() => void) | null = null;
  #failures = 0;
  #problem: { state: 'offline' | 'refused'; code: string } | null = null;
  #nextAttemptAt: number | null = null;
  #lastContact = 0;

  constructor(options: ShipperOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#loop = this.#run();
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#wake?.();
    await this.#loop;
    await this.#dropClient();
  }

  /** Ship now (a join, a new connection): the wait after a failure is cut short. */
  kick(): void {
    this.#nextAttemptAt = null;
    this.#wake?.();
  }

  status(): ShipperStatus {
    const joined = this.#o.target() !== null;
    const waiting = waitingCount(this.#o.db);
    const state: ShipState = !joined ? 'not_joined' : (this.#problem?.state ?? (waiting === 0 ? 'in_sync' : 'sending'));
    return {
      state,
      waiting,
      lastShippedAt: lastShipped(this.#o.db)?.shippedAt ?? null,
      problem: joined ? (this.#problem?.code ?? null) : null,
      nextAttemptAt: joined && this.#nextAttemptAt !== null ? new Date(this.#nextAttemptAt).toISOString() : null,
    };
  }

  async #run(): Promise<void> {
    while (this.#running) {
      let delay = this.#o.pollMs ?? 1000;
      try {
        const shipped = await this.shipOnce();
        this.#failures = 0;
        this.#problem = null;
        this.#nextAttemptAt = null;
        // More may wait: the next batch at once, yet after other work queued meanwhile (a sale).
        if (shipped > 0) delay = 0;
      } catch (error) {
        this.#failures += 1;
        const code = errorCode(error);
        this.#problem = { state: REFUSALS.has(code) ? 'refused' : 'offline', code };
        const max = this.#o.maxBackoffMs ?? 60_000;
        delay = Math.min(max, 1000 * 2 ** Math.min(this.#failures - 1, 16)) * (0.75 + Math.random() * 0.5);
        this.#nextAttemptAt = this.#now() + delay;
        if (this.#failures === 1 || this.#failures % 10 === 0) {
          this.#o.log?.(`head office: shipping failed (${code}); trying again in ${Math.round(delay / 1000)} s`, error);
        }
        await this.#dropClient();
      }
      if (this.#running) await this.#sleep(delay);
    }
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = () => {
        this.#wake = null;
        done();
      };
    });
  }

  /** One batch; answers how many outbox rows it shipped (0 when nothing waits or no head office). */
  async shipOnce(): Promise<number> {
    const target = this.#o.target();
    if (!target) {
      await this.#dropClient();
      return 0;
    }
    const rows = readBatch(this.#o.db, this.#o.batchSize ?? 500);
    const heartbeatDue = this.#now() - this.#lastContact >= (this.#o.heartbeatMs ?? 300_000);
    if (rows.length === 0 && !heartbeatDue) return 0;
    const client = await this.#connect(target);
    const counter = this.#o.counter();
    const lastSeq = rows.at(-1)?.seq ?? 0;
    await client.query('BEGIN');
    try {
      for (const [spec, records] of groupByTable(rows, target, this.#o.environment, counter.timeZone)) {
        await client.query(upsertSql(spec), [JSON.stringify(records)]);
        crashPoint('ship_mid_batch');
      }
      const waitingAfter = Math.max(0, waitingCount(this.#o.db) - rows.length);
      await client.query(COUNTER_SQL, [
        target.storeId,
        target.counterId,
        this.#o.environment,
        counter.storeName,
        counter.timeZone,
        counter.currency,
        counter.appVersion,
        waitingAfter,
        lastSeq,
        rows.length > 0,
      ]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
    this.#lastContact = this.#now();
    if (rows.length === 0) return 0;
    crashPoint('ship_after_commit');
    markShipped(this.#o.db, lastSeq, new Date(this.#now()).toISOString());
    return rows.length;
  }

  async #connect(target: ShipTarget): Promise<pg.Client> {
    if (this.#client && this.#clientUrl === target.url) return this.#client;
    await this.#dropClient();
    const client = new pg.Client({
      connectionString: libpqUrl(target.url),
      application_name: `esim-counter ${target.storeId}/${target.counterId}`,
      connectionTimeoutMillis: 10_000,
      query_timeout: 60_000,
    });
    // A connection that drops is found by the next query; unheard, its error would end the process.
    client.on('error', () => undefined);
    await client.connect();
    this.#client = client;
    this.#clientUrl = target.url;
    return client;
  }

  async #dropClient(): Promise<void> {
    const client = this.#client;
    this.#client = null;
    this.#clientUrl = null;
    await client?.end().catch(() => undefined);
  }
}

/**
 * The batch as one JSON array per table, each row's newest copy only (an upsert may not touch a
 * row twice in one statement), with the key and the version the head office needs.
 */
function groupByTable(
  rows: readonly OutboxRow[],
  target: ShipTarget,
  environment: Environment,
  timeZone: string,
): Map<TableSpec, Record<string, unknown>[]> {
  const latest = new Map<string, OutboxRow>();
  for (const row of rows) latest.set(`${TABLES[row.kind].table}\n${row.rowId}`, row);
  const tables = new Map<TableSpec, Record<string, unknown>[]>();
  for (const row of latest.values()) {
    const spec = TABLES[row.kind];
    const record = JSON.parse(row.payload) as Record<string, unknown>;
    record.store_id = target.storeId;
    record.counter_id = target.counterId;
    record.environment = environment;
    record.version = row.seq;
    if (spec.table === 'orders') record.local_date = localDate(record.created_at as string, timeZone);
    let list = tables.get(spec);
    if (!list) tables.set(spec, (list = []));
    list.push(record);
  }
  return tables;
}

function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code) return code;
  const message = error instanceof Error ? error.message : '';
  return /timeout/i.test(message) ? 'timeout' : 'unreachable';
}
