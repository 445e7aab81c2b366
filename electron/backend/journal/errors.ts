/** Which of the driver's errors are the disk's doing rather than ours. */
import Database from 'better-sqlite3';

/**
 * SQLite's answers that mean the journal cannot be written or read now, whatever the statement:
 * the disk is full, the file went read-only or away, the drive fails, another process holds it.
 * A constraint or SQL error is a fault of ours and stays `internal`.
 */
const JOURNAL_CODES = /^SQLITE_(FULL|IOERR|READONLY|CANTOPEN|CORRUPT|NOTADB|BUSY|LOCKED|PERM|NOLFS|NOMEM)(_|$)/;

export function isJournalFailure(error: unknown): error is InstanceType<typeof Database.SqliteError> {
  return error instanceof Database.SqliteError && JOURNAL_CODES.test(error.code);
}
