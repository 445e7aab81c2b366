import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { latestVersion, loadMigrations, migrate, type Migration } from './migrate.ts';

/** The one writer connection to the sales journal, owned by the main process. */
export type Journal = Database.Database;

/** 'eSIM' in ASCII, set by migration 0001. */
export const JOURNAL_APPLICATION_ID = 0x6553494d;

export type JournalErrorCode =
  'journal_unreadable' | 'journal_damaged' | 'journal_too_new' | 'journal_settings' | 'journal_missing';

export class JournalError extends Error {
  override name = 'JournalError';
  readonly code: JournalErrorCode;
  readonly path: string;
  constructor(code: JournalErrorCode, path: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.path = path;
  }
}

/** The file exists but SQLite cannot use it (not a database, someone else's database, no access). */
export class JournalUnreadableError extends JournalError {
  override name = 'JournalUnreadableError';
  constructor(path: string, detail: string, options?: { cause?: unknown }) {
    super(
      'journal_unreadable',
      path,
      `The sales journal at ${path} cannot be read (${detail}). Sales are stopped. The file was left as it is: keep it and contact support.`,
      options,
    );
  }
}

/** quick_check found damage. The file is never repaired or replaced here: it may hold the only record of paid sales. */
export class JournalDamagedError extends JournalError {
  override name = 'JournalDamagedError';
  readonly problems: string[];
  constructor(path: string, problems: string[], options?: { cause?: unknown }) {
    super(
      'journal_damaged',
      path,
      `The sales journal at ${path} is damaged: ${problems.slice(0, 3).join('; ')}. Sales are stopped. The file was left as it is: keep it and contact support.`,
      options,
    );
    this.problems = problems;
  }
}

/** Written by a newer version of the app; migrating backwards would lose meaning. */
export class JournalTooNewError extends JournalError {
  override name = 'JournalTooNewError';
  readonly version: number;
  readonly known: number;
  constructor(path: string, version: number, known: number) {
    super(
      'journal_too_new',
      path,
      `The sales journal at ${path} was written by a newer version of eSIM Counter (schema ${version}; this version knows up to ${known}). Install the newer version.`,
    );
    this.version = version;
    this.known = known;
  }
}

/** A durability setting did not take effect; selling on weaker guarantees is refused. */
export class JournalSettingsError extends JournalError {
  override name = 'JournalSettingsError';
  readonly pragma: string;
  readonly expected: string | number;
  readonly actual: unknown;
  constructor(path: string, pragma: string, expected: string | number, actual: unknown) {
    super(
      'journal_settings',
      path,
      `The sales journal at ${path} could not be opened safely: ${pragma} is ${String(actual)}, expected ${String(expected)}. Sales are stopped.`,
    );
    this.pragma = pragma;
    this.expected = expected;
    this.actual = actual;
  }
}

export type OpenOptions = { migrations?: readonly Migration[] };

const BUSY_TIMEOUT_MS = 5000;

/**
 * Opens (creating if absent) and migrates the journal at `path`. An existing file is first
 * inspected through a read-only connection, so a damaged, foreign or too-new file is refused
 * before anything (even the switch to WAL, which rewrites the header) can write to it.
 */
export function openJournal(path: string, options: OpenOptions = {}): Journal {
  const migrations = options.migrations ?? loadMigrations();
  const existing = existsSync(path) && (statSync(path).isDirectory() || statSync(path).size > 0);
  if (existing) {
    inspectExisting(path, latestVersion(migrations));
  } else {
    // A WAL without its database would be replayed onto a fresh file: refuse and keep both.
    const wal = `${path}-wal`;
    if (existsSync(wal) && statSync(wal).size > 0) {
      throw new JournalUnreadableError(path, 'the journal file is missing but its write-ahead log is still there');
    }
    mkdirSync(dirname(path), { recursive: true });
  }

  let db: Database.Database;
  try {
    db = new Database(path, { fileMustExist: existing, timeout: BUSY_TIMEOUT_MS });
  } catch (err) {
    throw new JournalUnreadableError(path, sqliteWords(err), { cause: err });
  }
  try {
    applyPragmas(db, path, 'wal');
    migrate(db, migrations);
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

/** A journal in memory, with the same pragmas (except WAL, which memory cannot do) and schema. */
export function openJournalInMemory(options: OpenOptions = {}): Journal {
  const image = options.migrations ? null : (migratedImage ??= migratedSchemaImage());
  const db = new Database(image ?? ':memory:', { timeout: BUSY_TIMEOUT_MS });
  applyPragmas(db, ':memory:', 'memory');
  if (!image) migrate(db, options.migrations);
  return db;
}

/**
 * The app's migrations applied to an empty journal, as an image made once per process: the tests
 * that open hundreds of in-memory journals start each from it in under a millisecond, where
 * replaying every migration takes about 90 ms (their table rebuilds re-read the whole schema).
 */
let migratedImage: Buffer | null = null;
function migratedSchemaImage(): Buffer {
  const db = new Database(':memory:');
  try {
    applyPragmas(db, ':memory:', 'memory');
    migrate(db, loadMigrations());
    return db.serialize();
  } finally {
    db.close();
  }
}

/** Full check, slower than the start-up quick_check: for backups and tests. Empty means healthy. */
export function integrityProblems(db: Database.Database): string[] {
  const rows = db.pragma('integrity_check') as { integrity_check: string }[];
  const problems = rows.map((r) => r.integrity_check).filter((s) => s !== 'ok');
  const fk = db.pragma('foreign_key_check') as { table: string; rowid: number; parent: string }[];
  for (const r of fk) problems.push(`${r.table} row ${r.rowid} points to a missing ${r.parent} row`);
  return problems;
}

function inspectExisting(path: string, known: number): void {
  let ro: Database.Database;
  try {
    ro = new Database(path, { readonly: true, fileMustExist: true, timeout: BUSY_TIMEOUT_MS });
  } catch (err) {
    throw new JournalUnreadableError(path, sqliteWords(err), { cause: err });
  }
  try {
    let problems: string[];
    try {
      const rows = ro.pragma('quick_check') as { quick_check: string }[];
      problems = rows.map((r) => r.quick_check).filter((s) => s !== 'ok');
    } catch (err) {
      throw classify(path, err);
    }
    if (problems.length > 0) throw new JournalDamagedError(path, problems);

    const version = ro.pragma('user_version', { simple: true }) as number;
    const appId = ro.pragma('application_id', { simple: true }) as number;
    const objects = (ro.prepare('SELECT count(*) AS n FROM sqlite_schema').get() as { n: number }).n;
    if (version > 0 ? appId !== JOURNAL_APPLICATION_ID : objects > 0) {
      throw new JournalUnreadableError(path, 'it is an SQLite database, but not an eSIM Counter journal');
    }
    if (version > known) throw new JournalTooNewError(path, version, known);
  } finally {
    ro.close();
  }
}

function applyPragmas(db: Database.Database, path: string, journalMode: 'wal' | 'memory'): void {
  try {
    db.pragma(`journal_mode = ${journalMode === 'wal' ? 'WAL' : 'MEMORY'}`);
    // better-sqlite3's bundled SQLite defaults WAL to NORMAL, which can lose the last commits on power loss.
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // macOS fsync does not flush the drive cache; these are no-ops elsewhere.
    db.pragma('fullfsync = ON');
    db.pragma('checkpoint_fullfsync = ON');
  } catch (err) {
    throw classify(path, err);
  }
  expectPragma(db, path, 'journal_mode', journalMode);
  expectPragma(db, path, 'synchronous', 2);
  expectPragma(db, path, 'foreign_keys', 1);
  expectPragma(db, path, 'busy_timeout', BUSY_TIMEOUT_MS);
}

function expectPragma(db: Database.Database, path: string, pragma: string, expected: string | number): void {
  const actual: unknown = db.pragma(pragma, { simple: true });
  if (actual !== expected) throw new JournalSettingsError(path, pragma, expected, actual);
}

function classify(path: string, err: unknown): JournalError {
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('SQLITE_CORRUPT')) {
    return new JournalDamagedError(path, [sqliteWords(err)], { cause: err });
  }
  return new JournalUnreadableError(path, sqliteWords(err), { cause: err });
}

function sqliteWords(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
