import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupsDir, journalPath } from '../../../../../electron/backend/data-folder.ts';
import { appendAudit } from '../../../../../electron/backend/audit/db.ts';
import {
  backupFileName,
  backupJournal,
  BackupError,
  checkJournalFile,
  environmentOfBackup,
  KEEP_BACKUPS,
  listBackups,
  newestBackup,
} from '../../../../../electron/backend/journal/backup.ts';
import { openJournal, type Journal } from '../../../../../electron/backend/journal/open.ts';

let dataDir: string;
let db: Journal;
let clock: number;
const now = () => clock;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-'));
  db = openJournal(journalPath(dataDir, 'production'));
  appendAudit(db, { action: 'test.filled', details: { n: 1 } });
  clock = Date.parse('2026-11-22T10:00:00.000Z');
});
afterEach(() => {
  if (db.open) db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const mode = (file: string) => fs.statSync(file).mode & 0o777;

describe('backupJournal', () => {
  it('writes one checked, owner-only file named by environment, UTC time and reason, with nothing beside it', async () => {
    const backup = await backupJournal(db, { dataDir, environment: 'production', reason: 'close', now });
    const dir = backupsDir(dataDir, 'production');
    expect(backup).toEqual({
      file: path.join(dir, 'journal-production-20261122T100000.000Z-close.sqlite'),
      at: '2026-11-22T10:00:00.000Z',
      reason: 'close',
    });
    expect(fs.readdirSync(dir)).toEqual([path.basename(backup.file)]);
    if (process.platform !== 'win32') {
      expect(mode(backup.file)).toBe(0o600);
      expect(mode(dir)).toBe(0o700);
      expect(mode(path.dirname(dir))).toBe(0o700);
    }
    expect(checkJournalFile(backup.file, { chain: true })).toMatchObject({ problems: [], chain: { ok: true, count: 1 } });
    // A single file: it opens read-only anywhere, and leaves no -wal or -shm behind.
    const ro = new Database(backup.file, { readonly: true });
    expect(ro.pragma('journal_mode', { simple: true })).toBe('delete');
    expect(ro.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'test.filled'").get()).toEqual({ n: 1 });
    ro.close();
    expect(fs.readdirSync(dir)).toHaveLength(1);
    expect(environmentOfBackup(backup.file)).toBe('production');
  });

  it('keeps the newest 14 of the environment, and leaves other files and environments alone', async () => {
    const otherEnv = await backupJournal(db, { dataDir, environment: 'demo', reason: 'manual', now });
    const stranger = path.join(backupsDir(dataDir, 'production'), 'my-own-copy.sqlite');
    fs.mkdirSync(path.dirname(stranger), { recursive: true });
    fs.writeFileSync(stranger, 'kept');
    const made: string[] = [];
    for (let i = 0; i < KEEP_BACKUPS + 3; i++) {
      clock += 60 * 60_000;
      appendAudit(db, { action: 'test.more', details: { i } });
      made.push((await backupJournal(db, { dataDir, environment: 'production', reason: i % 2 ? 'daily' : 'close', now })).file);
    }
    const kept = listBackups(dataDir, 'production').map((b) => b.file);
    expect(kept).toEqual(made.slice(-KEEP_BACKUPS).reverse());
    expect(newestBackup(dataDir, 'production')?.file).toBe(made.at(-1));
    expect(fs.existsSync(made[0]!)).toBe(false);
    expect(fs.readFileSync(stranger, 'utf8')).toBe('kept');
    expect(fs.existsSync(otherEnv.file)).toBe(true);
  });

  it('deletes nothing and leaves no half-written file when the copy fails', async () => {
    const first = await backupJournal(db, { dataDir, environment: 'production', reason: 'daily', now });
    db.close();
    clock += 1000;
    await expect(backupJournal(db, { dataDir, environment: 'production', reason: 'manual', now })).rejects.toThrow(BackupError);
    expect(fs.readdirSync(backupsDir(dataDir, 'production'))).toEqual([path.basename(first.file)]);
  });

  it('refuses to overwrite a backup of the same name', async () => {
    await backupJournal(db, { dataDir, environment: 'production', reason: 'manual', now });
    await expect(backupJournal(db, { dataDir, environment: 'production', reason: 'manual', now })).rejects.toThrow(
      /exists already/,
    );
  });
});

describe('checkJournalFile', () => {
  it('says what is wrong with a damaged file, a foreign database and a missing file, without throwing', async () => {
    const { file } = await backupJournal(db, { dataDir, environment: 'production', reason: 'manual', now });
    const damaged = path.join(dataDir, 'damaged.sqlite');
    const bytes = fs.readFileSync(file);
    bytes.fill(0xff, 4096 * 2, 4096 * 3);
    fs.writeFileSync(damaged, bytes);
    expect(checkJournalFile(damaged, { chain: true }).problems.length).toBeGreaterThan(0);

    const foreign = path.join(dataDir, 'foreign.sqlite');
    new Database(foreign).exec('CREATE TABLE t (x)').close();
    expect(checkJournalFile(foreign).problems).toEqual(['it is not an eSIM Counter journal']);
    expect(checkJournalFile(path.join(dataDir, 'none.sqlite')).problems[0]).toMatch(/no such file/i);
  });

  it('finds a broken audit chain in a file that is otherwise healthy', async () => {
    const { file } = await backupJournal(db, { dataDir, environment: 'production', reason: 'manual', now });
    const rw = new Database(file);
    // Past the append-only triggers, as someone editing the file by hand would go.
    const triggers = rw.prepare("SELECT name FROM sqlite_schema WHERE type = 'trigger' AND tbl_name = 'audit_log'").pluck().all();
    for (const name of triggers as string[]) rw.exec(`DROP TRIGGER ${name}`);
    rw.prepare('UPDATE audit_log SET details = \'{"n":2}\' WHERE seq = 1').run();
    rw.close();
    expect(checkJournalFile(file, { chain: true })).toMatchObject({
      problems: [],
      chain: { ok: false, brokenAtSeq: 1 },
    });
  });
});

it('names backups so that they sort by time', () => {
  const a = backupFileName('partner_sandbox', '2026-11-22T09:59:59.999Z', 'daily');
  const b = backupFileName('partner_sandbox', '2026-11-22T10:00:00.000Z', 'close');
  expect(a).toBe('journal-partner-sandbox-20261122T095959.999Z-daily.sqlite');
  expect([b, a].sort()).toEqual([a, b]);
});
