/**
 * Online backups of an environment's journal, into `<dataDir>/backups/<environment>/`, and the
 * checks a backup (or the journal itself) must pass before anyone relies on it.
 *
 * A backup is SQLite's own page copy (better-sqlite3's `backup`), taken in small steps between
 * sales on the app's connection, so a sale never waits for it and a sale committed meanwhile is
 * carried into the copy. The copy is written under a temporary name, turned into a single
 * self-contained file (rollback journal, no -wal beside it), checked with integrity_check, and
 * only then given its name: a file named like a backup has always passed the check.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Environment } from '../../../shared/contract.ts';
import { backupsDir, createOwnerOnlyFile, ENVIRONMENTS, JOURNAL_FILES } from '../data-folder.ts';
import type { ChainResult } from '../audit/db.ts';
import type { AnchorRead } from '../audit/db-anchor.ts';
import { checkAuditLog, keptBreak, type ChainBreak } from '../audit/db-check.ts';
import { integrityProblems, JOURNAL_APPLICATION_ID } from './open.ts';

export const BACKUP_REASONS = ['close', 'daily', 'manual'] as const;
export type BackupReason = (typeof BACKUP_REASONS)[number];
/** Two weeks of daily backups, or a fortnight of closes: enough to go back past a bad day found late. */
export const KEEP_BACKUPS = 14;

export type BackupFile = { readonly file: string; readonly at: string; readonly reason: BackupReason };

export type BackupOptions = {
  readonly dataDir: string;
  readonly environment: Environment;
  readonly reason: BackupReason;
  readonly now?: () => number;
  readonly keep?: number;
  /**
   * Pages copied per step. Small steps let sales run between them on the app's own connection; a
   * connection of another process copies everything in one step, as a write by the app between
   * steps would start the copy over.
   */
  readonly pagesPerStep?: number;
};

/** The copy could not be made or did not pass its check; nothing older was deleted. */
export class BackupError extends Error {
  override name = 'BackupError';
}

const baseName = (environment: Environment) => JOURNAL_FILES[environment].replace(/\.sqlite$/, '');
const NAME = /^(journal-[a-z-]+)-(\d{8}T\d{6}\.\d{3}Z)-(close|daily|manual)\.sqlite$/;

/** 2026-11-23T19:11:54.123Z → 20261123T191154.123Z: sortable, and legal in a Windows file name. */
function stamp(at: string): string {
  return at.replace(/[-:]/g, '');
}

function unstamp(text: string): string {
  return `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 11)}:${text.slice(11, 13)}:${text.slice(13)}`;
}

export function backupFileName(environment: Environment, at: string, reason: BackupReason): string {
  return `${baseName(environment)}-${stamp(at)}-${reason}.sqlite`;
}

/** The environment's backups, newest first. Files of another name (a copy someone made) are left out. */
export function listBackups(dataDir: string, environment: Environment): BackupFile[] {
  const dir = backupsDir(dataDir, environment);
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const found: BackupFile[] = [];
  for (const name of names) {
    const m = NAME.exec(name);
    if (!m || m[1] !== baseName(environment)) continue;
    found.push({ file: path.join(dir, name), at: unstamp(m[2]!), reason: m[3] as BackupReason });
  }
  return found.sort((a, b) => (a.at === b.at ? b.file.localeCompare(a.file) : b.at.localeCompare(a.at)));
}

export function newestBackup(dataDir: string, environment: Environment): BackupFile | null {
  return listBackups(dataDir, environment)[0] ?? null;
}

let backupsStarted = 0;

/**
 * Copies the journal open on `db` into a new, checked backup and keeps the newest `keep`
 * (default 14); older ones are deleted only once the new one has passed its check.
 */
export async function backupJournal(db: Database.Database, options: BackupOptions): Promise<BackupFile> {
  const dir = backupsDir(options.dataDir, options.environment);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const at = new Date((options.now ?? Date.now)()).toISOString();
  const name = backupFileName(options.environment, at, options.reason);
  const file = path.join(dir, name);
  if (fs.existsSync(file)) throw new BackupError(`A backup named ${file} exists already.`);
  // Hidden, and not named *.sqlite, so nothing takes a half-written copy for a backup; its own for
  // each backup, as two of one process may start in the same millisecond (the app's and the admin
  // command's, side by side in the restore drill) and must not write one file.
  const temp = path.join(dir, `.${name}.${process.pid}.${++backupsStarted}.tmp`);
  try {
    // Owner-only before SQLite writes a byte; its -journal takes the same mode.
    createOwnerOnlyFile(temp);
    const pages = options.pagesPerStep ?? 100;
    await db.backup(temp, { progress: () => pages });
    toSingleFile(temp);
    const verdict = checkJournalFile(temp, { chain: false });
    if (verdict.problems.length > 0) {
      throw new BackupError(`The backup did not pass its check: ${verdict.problems.slice(0, 3).join('; ')}.`);
    }
    fsyncFile(temp);
    fs.renameSync(temp, file);
    fsyncDir(dir);
  } catch (error) {
    removeWithSideFiles(temp);
    if (error instanceof BackupError) throw error;
    throw new BackupError(`The backup of the journal into ${dir} failed: ${(error as Error).message}.`, { cause: error });
  }
  pruneBackups(options.dataDir, options.environment, options.keep ?? KEEP_BACKUPS);
  return { file, at, reason: options.reason };
}

/** Deletes all but the newest `keep` backups; returns the files deleted. */
export function pruneBackups(dataDir: string, environment: Environment, keep: number): string[] {
  const old = listBackups(dataDir, environment).slice(Math.max(1, keep));
  for (const backup of old) removeWithSideFiles(backup.file);
  return old.map((b) => b.file);
}

/** The copy carries the journal's WAL mode; a backup is one file that opens read-only with nothing beside it. */
function toSingleFile(file: string): void {
  const copy = new Database(file, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

export type JournalVerdict = {
  readonly file: string;
  /** Empty: integrity_check found nothing wrong. */
  readonly problems: string[];
  /** The audit chain, when asked for and the file could be read: the app's own full check. */
  readonly chain: ChainResult | null;
  /** A break an earlier check found and the journal keeps, whether or not it is found again now. */
  readonly kept?: ChainBreak | null;
  readonly schemaVersion: number | null;
};

/**
 * Opens `file` read-only and runs integrity_check (and the foreign-key check), and with
 * `chain` the audit log's check (checkAuditLog, full, against `anchor` when the file is a live
 * journal). Never throws for a bad file: the verdict says what is wrong.
 */
export function checkJournalFile(file: string, options: { chain?: boolean; anchor?: AnchorRead } = {}): JournalVerdict {
  let ro: Database.Database;
  try {
    if (!fs.statSync(file).isFile()) return { file, problems: ['it is not a file'], chain: null, schemaVersion: null };
    ro = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    return { file, problems: [words(error)], chain: null, schemaVersion: null };
  }
  try {
    const appId = ro.pragma('application_id', { simple: true }) as number;
    const schemaVersion = ro.pragma('user_version', { simple: true }) as number;
    if (appId !== JOURNAL_APPLICATION_ID) {
      return { file, problems: ['it is not an eSIM Counter journal'], chain: null, schemaVersion };
    }
    const problems = integrityProblems(ro);
    if (!options.chain || problems.length > 0) return { file, problems, chain: null, schemaVersion };
    const checked = checkAuditLog(ro, { full: true, anchor: options.anchor ?? { state: 'none' } });
    const chain: ChainResult = checked.ok ? { ok: true, count: checked.count } : checked;
    return { file, problems, chain, kept: keptBreak(ro), schemaVersion };
  } catch (error) {
    return { file, problems: [words(error)], chain: null, schemaVersion: null };
  } finally {
    ro.close();
  }
}

/** Which environment a backup's name says it is of, if it follows the naming. */
export function environmentOfBackup(file: string): Environment | null {
  const m = NAME.exec(path.basename(file));
  return ENVIRONMENTS.find((env) => baseName(env) === m?.[1]) ?? null;
}

export function fsyncFile(file: string): void {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Makes a rename durable; Windows cannot open a folder, and its renames need no such step. */
export function fsyncDir(dir: string): void {
  if (process.platform === 'win32') return;
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function removeWithSideFiles(file: string): void {
  for (const side of ['', '-journal', '-wal', '-shm']) fs.rmSync(`${file}${side}`, { force: true });
}

function words(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
