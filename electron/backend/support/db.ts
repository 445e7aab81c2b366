/** What the support file reads of a journal, read-only, beside a running counter. */
import Database from 'better-sqlite3';

/** Names that may hold a secret: such settings never leave the counter, even if one is stored by mistake. */
const SECRET_NAME = /secret|token|password|passphrase|pin|key|recovery/i;

/** The settings as stored (values parsed where they are JSON); none whose name says it is a secret. */
export function storedSettings(journal: string): Record<string, unknown> {
  let db: Database.Database | null = null;
  try {
    db = new Database(journal, { readonly: true, fileMustExist: true, timeout: 5000 });
    const rows = db.prepare('SELECT key, value FROM settings ORDER BY key').all() as Array<{ key: string; value: string }>;
    return Object.fromEntries(rows.filter((row) => !SECRET_NAME.test(row.key)).map((row) => [row.key, parsed(row.value)]));
  } catch (error) {
    return { unreadable: error instanceof Error ? error.message : String(error) };
  } finally {
    db?.close();
  }
}

function parsed(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}
