/**
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
