/**
 * Two durability tools for the journal.
 *
 * Checkpoints (copying the WAL into the database file, with an fsync of its own) run on a timer in
 * idle time instead of inside whichever sale's commit happens to cross the WAL size threshold.
 * Every commit itself stays synchronous=FULL, as the journal's design asks of money.
 */
import type Database from 'better-sqlite3';

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

/**
 * Commits `fn` without an fsync of its own (synchronous=NORMAL for this one commit). Only for a
 * write that nothing outside the process acts on before the next synchronous=FULL commit, which
 * fsyncs the whole WAL and so makes this one durable too: a sale's intent, whose `submitting`
 * commit is FULL and comes before any byte of the order is sent. Lost power in between loses a
 * row that was never sent and never shown as saved. Saves one fsync on every sale.
 */
export function commitBeforeNextFullCommit<T>(db: Database.Database, fn: () => T): T {
  db.pragma('synchronous = NORMAL');
  try {
    return db.transaction(fn)();
  } finally {
    // Synchronous JavaScript: no other commit of this connection can run while NORMAL is set.
    db.pragma('synchronous = FULL');
  }
}
