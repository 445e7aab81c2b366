/**
 * The journal's side of shipping: linking a journal to the head office (from then on its triggers
 * fill chain_outbox, migration 0013), reading what waits in small batches, and forgetting what
 * PostgreSQL has committed. Reads hold no write lock; the only writes are the link and the short
 * delete after a batch, so a sale never waits on the shipper for more than one tiny commit.
 */
import type Database from 'better-sqlite3';
import { statement } from '../journal/statements.ts';

export type OutboxKind = 'sale' | 'topup' | 'refund' | 'close' | 'staff' | 'audit' | 'void';

export type OutboxRow = { seq: number; kind: OutboxKind; rowId: string; payload: string };

/** What a journal linked at join brings along: everything it holds, oldest first, people first. */
const BACKFILL: readonly [OutboxKind, string][] = [
  ['staff', 'SELECT v.id, v.payload FROM chain_staff_rows v JOIN staff s ON s.id = v.id ORDER BY s.created_at, s.id'],
  ['sale', 'SELECT v.id, v.payload FROM chain_sale_rows v JOIN sales s ON s.id = v.id ORDER BY s.created_at, s.id'],
  ['topup', 'SELECT v.id, v.payload FROM chain_topup_rows v JOIN topups t ON t.id = v.id ORDER BY t.created_at, t.id'],
  ['void', 'SELECT id, payload FROM chain_void_rows ORDER BY id'],
  ['refund', 'SELECT v.id, v.payload FROM chain_refund_rows v JOIN refund_requests r ON r.id = v.id ORDER BY r.created_at'],
  ['close', "SELECT id, payload FROM chain_close_rows ORDER BY json_extract(payload, '$.closed_at')"],
  ['audit', 'SELECT v.id, v.payload FROM chain_audit_rows v JOIN audit_log a ON a.id = v.id ORDER BY a.seq'],
];

export function isLinked(db: Database.Database): boolean {
  return statement(db, 'SELECT 1 FROM chain_link').get() !== undefined;
}

/**
 * Starts the outbox: the link row and a copy of everything the journal holds so far, in one
 * transaction, so nothing written meanwhile is either missed or sent twice. A no-op once linked.
 */
export function linkJournal(db: Database.Database, at: string): { backfilled: number } {
  return db
    .transaction(() => {
      if (isLinked(db)) return { backfilled: 0 };
      let backfilled = 0;
      for (const [kind, select] of BACKFILL) {
        backfilled += db
          .prepare(`INSERT INTO chain_outbox (kind, row_id, payload) SELECT '${kind}', id, payload FROM (${select})`)
          .run().changes;
      }
      statement(db, 'INSERT INTO chain_link (id, linked_at) VALUES (1, ?)').run(at);
      return { backfilled };
    })
    .immediate();
}

/** The next rows to ship, in order. */
export function readBatch(db: Database.Database, limit: number): OutboxRow[] {
  return statement(db, 'SELECT seq, kind, row_id AS rowId, payload FROM chain_outbox ORDER BY seq LIMIT ?').all(
    limit,
  ) as OutboxRow[];
}

/** Rows written and not yet committed at the head office. */
export function waitingCount(db: Database.Database): number {
  return (statement(db, 'SELECT count(*) AS n FROM chain_outbox').get() as { n: number }).n;
}

export function lastShipped(db: Database.Database): { throughSeq: number; shippedAt: string } | null {
  const row = statement(db, 'SELECT through_seq AS throughSeq, shipped_at AS shippedAt FROM chain_shipped').get() as
    { throughSeq: number; shippedAt: string } | undefined;
  return row ?? null;
}

/** After PostgreSQL's commit only: what it holds is dropped from the outbox, and the mark moves on. */
export function markShipped(db: Database.Database, throughSeq: number, at: string): void {
  db.transaction(() => {
    statement(db, 'DELETE FROM chain_outbox WHERE seq <= ?').run(throughSeq);
    statement(
      db,
      `INSERT INTO chain_shipped (id, through_seq, shipped_at) VALUES (1, ?, ?)
       ON CONFLICT (id) DO UPDATE SET through_seq = max(through_seq, excluded.through_seq), shipped_at = excluded.shipped_at`,
    ).run(throughSeq, at);
  })();
}
