// State lives in memory; with a state path every change is also written through to SQLite
// (one row per record, JSON text) so the Demo environment keeps its eSIMs across restarts.
import Database from 'better-sqlite3';
import type {
  AsyncOrderRec,
  DeliveryRec,
  EmailRec,
  FutureOrderRec,
  Meta,
  OrderRec,
  RefundRec,
  SimRec,
  SubscriptionRec,
  TokenRec,
  VoucherRec,
} from './model.ts';

type Persist = { put(kind: string, key: string, value: unknown): void; remove(kind: string, key: string): void };

export class Table<T> {
  readonly kind: string;
  private rows = new Map<string, T>();
  private persist: Persist | null;
  constructor(kind: string, persist: Persist | null) {
    this.kind = kind;
    this.persist = persist;
  }
  get(key: string | number): T | undefined {
    return this.rows.get(String(key));
  }
  /** Stores the record; call again after every mutation of a record taken from get(). */
  put(key: string | number, value: T): T {
    this.rows.set(String(key), value);
    this.persist?.put(this.kind, String(key), value);
    return value;
  }
  delete(key: string | number): void {
    this.rows.delete(String(key));
    this.persist?.remove(this.kind, String(key));
  }
  values(): T[] {
    return [...this.rows.values()];
  }
  get size(): number {
    return this.rows.size;
  }
  load(key: string, value: T): void {
    this.rows.set(key, value);
  }
  clearMemory(): void {
    this.rows.clear();
  }
}

export function initialMeta(seed: number, balance: number): Meta {
  return {
    seed,
    clockOffset: 0,
    balance,
    creditLimit: balance,
    creditLevelsFired: [],
    stock: {},
    seq: { order: 9000 + (seed % 1000), sim: 100 + (seed % 100), bundle: 1, refund: 12000, delivery: 1, email: 1 },
  };
}

export class Store {
  readonly tokens: Table<TokenRec>;
  readonly orders: Table<OrderRec>;
  readonly sims: Table<SimRec>;
  readonly futureOrders: Table<FutureOrderRec>;
  readonly asyncOrders: Table<AsyncOrderRec>;
  readonly subscriptions: Table<SubscriptionRec>;
  readonly refunds: Table<RefundRec>;
  readonly vouchers: Table<VoucherRec>;
  readonly deliveries: Table<DeliveryRec>;
  readonly emails: Table<EmailRec>;
  private metaTable: Table<Meta>;
  private db: Database.Database | null;
  private tables: Table<unknown>[];

  constructor(statePath: string | undefined, defaults: Meta) {
    this.db = statePath ? new Database(statePath) : null;
    let persist: Persist | null = null;
    if (this.db) {
      const db = this.db;
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      db.exec(
        'CREATE TABLE IF NOT EXISTS record (kind TEXT NOT NULL, key TEXT NOT NULL, json TEXT NOT NULL, PRIMARY KEY (kind, key))',
      );
      const upsert = db.prepare(
        'INSERT INTO record (kind, key, json) VALUES (?, ?, ?) ON CONFLICT (kind, key) DO UPDATE SET json = excluded.json',
      );
      const del = db.prepare('DELETE FROM record WHERE kind = ? AND key = ?');
      persist = {
        put: (kind, key, value) => upsert.run(kind, key, JSON.stringify(value)),
        remove: (kind, key) => del.run(kind, key),
      };
    }
    this.tokens = new Table('token', persist);
    this.orders = new Table('order', persist);
    this.sims = new Table('sim', persist);
    this.futureOrders = new Table('future_order', persist);
    this.asyncOrders = new Table('async_order', persist);
    this.subscriptions = new Table('subscription', persist);
    this.refunds = new Table('refund', persist);
    this.vouchers = new Table('voucher', persist);
    this.deliveries = new Table('delivery', persist);
    this.emails = new Table('email', persist);
    this.metaTable = new Table('meta', persist);
    this.tables = [
      this.tokens,
      this.orders,
      this.sims,
      this.futureOrders,
      this.asyncOrders,
      this.subscriptions,
      this.refunds,
      this.vouchers,
      this.deliveries,
      this.emails,
      this.metaTable,
    ] as Table<unknown>[];
    this.load();
    if (!this.metaTable.get('meta')) this.metaTable.put('meta', defaults);
  }

  private load(): void {
    if (!this.db) return;
    const byKind = new Map(this.tables.map((t) => [t.kind, t]));
    const rows = this.db.prepare('SELECT kind, key, json FROM record').all() as { kind: string; key: string; json: string }[];
    for (const row of rows) byKind.get(row.kind)?.load(row.key, JSON.parse(row.json));
  }

  get meta(): Meta {
    return this.metaTable.get('meta') as Meta;
  }

  /** Applies a change to the meta record and writes it through. */
  updateMeta(change: (meta: Meta) => void): Meta {
    const meta = this.meta;
    change(meta);
    return this.metaTable.put('meta', meta);
  }

  nextSeq(name: keyof Meta['seq']): number {
    let value = 0;
    this.updateMeta((m) => {
      m.seq[name] += 1;
      value = m.seq[name];
    });
    return value;
  }

  /** Forgets everything except the tokens, so a test's session survives a reset. */
  reset(defaults: Meta): void {
    const wipe = () => {
      for (const table of this.tables) {
        if (table === this.tokens) continue;
        table.clearMemory();
      }
      this.db?.prepare("DELETE FROM record WHERE kind <> 'token'").run();
      this.metaTable.put('meta', defaults);
    };
    if (this.db) this.db.transaction(wipe)();
    else wipe();
  }

  close(): void {
    this.db?.close();
    this.db = null;
  }
}
