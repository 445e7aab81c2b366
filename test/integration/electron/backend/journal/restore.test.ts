import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { journalPath } from '../../../../../electron/backend/data-folder.ts';
import { appendAudit } from '../../../../../electron/backend/audit/db.ts';
import { backupJournal, type BackupFile } from '../../../../../electron/backend/journal/backup.ts';
import { openJournal, type Journal } from '../../../../../electron/backend/journal/open.ts';
import { restoreJournalFile, RestoreError } from '../../../../../electron/backend/journal/restore.ts';

let dataDir: string;
let db: Journal;
let backup: BackupFile;
const journal = () => journalPath(dataDir, 'production');
const actions = (file: string) => {
  const ro = new Database(file, { readonly: true });
  const found = ro.prepare('SELECT action FROM audit_log ORDER BY seq').pluck().all();
  ro.close();
  return found;
};

beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'restore-'));
  db = openJournal(journal());
  appendAudit(db, { action: 'test.before_backup' });
  backup = await backupJournal(db, { dataDir, environment: 'production', reason: 'manual' });
  appendAudit(db, { action: 'test.after_backup' });
});
afterEach(() => {
  if (db.open) db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('restoreJournalFile', () => {
  it('puts the backup in place, owner-only, and keeps the journal it replaces aside with its -wal and -shm', () => {
    // Still open: the last commit lives in the -wal, which must go aside with its database.
    expect(fs.existsSync(`${journal()}-wal`)).toBe(true);
    const outcome = restoreJournalFile({
      dataDir,
      environment: 'production',
      from: backup.file,
      now: () => Date.parse('2026-11-23T08:00:00.000Z'),
    });
    db.close();
    const aside = `${journal()}.replaced-20261123T080000.000Z`;
    expect(outcome).toEqual({ journal: journal(), from: backup.file, keptAside: [aside, `${aside}-wal`, `${aside}-shm`] });
    expect(actions(journal())).toEqual(['test.before_backup']);
    if (process.platform !== 'win32') expect(fs.statSync(journal()).mode & 0o777).toBe(0o600);
    expect(fs.existsSync(`${journal()}-wal`)).toBe(false);
    // Nothing lost: the replaced journal still opens with its last commit.
    expect(actions(aside)).toEqual(['test.before_backup', 'test.after_backup']);
    expect(fs.readdirSync(dataDir).filter((n) => n.includes('restoring'))).toEqual([]);
  });

  it('restores where there was no journal at all', () => {
    db.close();
    for (const side of ['', '-wal', '-shm']) fs.rmSync(`${journal()}${side}`, { force: true });
    expect(restoreJournalFile({ dataDir, environment: 'production', from: backup.file }).keptAside).toEqual([]);
    expect(actions(journal())).toEqual(['test.before_backup']);
  });

  it('refuses a damaged backup and one whose audit log was edited, and leaves the journal as it was', () => {
    db.close();
    const before = fs.readFileSync(journal());
    const damaged = path.join(dataDir, 'damaged.sqlite');
    const bytes = fs.readFileSync(backup.file);
    bytes.fill(0xff, 4096, bytes.length);
    fs.writeFileSync(damaged, bytes);
    expect(() => restoreJournalFile({ dataDir, environment: 'production', from: damaged })).toThrow(RestoreError);

    const edited = path.join(dataDir, 'edited.sqlite');
    fs.copyFileSync(backup.file, edited);
    const rw = new Database(edited);
    const triggers = rw.prepare("SELECT name FROM sqlite_schema WHERE type = 'trigger' AND tbl_name = 'audit_log'").pluck().all();
    for (const name of triggers as string[]) rw.exec(`DROP TRIGGER ${name}`);
    rw.prepare("UPDATE audit_log SET action = 'test.rewritten'").run();
    rw.close();
    expect(() => restoreJournalFile({ dataDir, environment: 'production', from: edited })).toThrow(
      /broken audit log at entry 1.*nothing was changed/,
    );
    expect(fs.readFileSync(journal()).equals(before)).toBe(true);
    expect(fs.readdirSync(dataDir).filter((n) => n.includes('replaced') || n.includes('restoring'))).toEqual([]);
  });
});
