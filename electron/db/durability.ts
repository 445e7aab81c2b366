/**
 * Two ways of keeping fsyncs off the sale path without weakening what survives a power cut.
 *
 * 1. A write whose loss is harmless can commit without its own fsync when a FULL commit is certain
 *    to follow before anything depends on it: the WAL is one append-only file, so that later
 *    fsync makes the earlier frames durable too. The sale intent is such a write: the commit that
 *    marks the sale `submitting` — always FULL — comes before the request leaves the machine.
 * 2. Checkpoints (copying the WAL into the database file, with an fsync of its own) run on a timer
 *    in idle time instead of inside whichever commit happens to cross the WAL size threshold.
 */
import type Database from 'better-sqlite3';

export function commitBeforeDurableStep<T>(db: Database.Database, work: () => T): T {
  db.pragma('synchronous = NORMAL');
  try {
    return db.transaction(work)();
  } finally {
    db.pragma('synchronous = FULL');
  }
}

/** Checkpoints every `intervalMs`; the automatic checkpoint stays as a safety net for a very busy day. */
export function startCheckpointing(
  db: Database.Database,
  intervalMs = 15_000,
  log?: (message: string, error?: unknown) => void,
): () => void {
  db.pragma('wal_autocheckpoint = 8000');
  const timer = setInterval(() => {
    try {
      if (db.open) db.pragma('wal_checkpoint(PASSIVE)');
    } catch (error) {
      log?.('journal checkpoint failed', error);
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
