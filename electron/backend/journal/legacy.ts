/**
 * A journal file from before environments had their own files, read once when the data folder
 * takes it in as the Demo journal: its WAL folded in (so the move is of one file) and the settings
 * asked for, as stored. Throws on a file SQLite cannot read; the caller says so and moves it as it is.
 */
import Database from 'better-sqlite3';

export function readLegacySettings(file: string, keys: readonly string[]): Record<string, unknown> {
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
    const read = db.prepare('SELECT value FROM settings WHERE key = ?');
    return Object.fromEntries(
      keys.map((key) => {
        const row = read.get(key) as { value: string } | undefined;
        return [key, row ? (JSON.parse(row.value) as unknown) : null];
      }),
    );
  } finally {
    db.close();
  }
}
