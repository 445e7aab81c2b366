import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { journalPath } from '../../../../../electron/backend/data-folder.ts';
import { listAudit } from '../../../../../electron/backend/audit/db.ts';
import { backupJournal, listBackups } from '../../../../../electron/backend/journal/backup.ts';
import { openJournal, type Journal } from '../../../../../electron/backend/journal/open.ts';
import { DAY_MS, startBackupSchedule, type BackupSchedule } from '../../../../../electron/backend/journal/backups.ts';
import { until } from '../../../../support/until.ts';

let dataDir: string;
let db: Journal;
let schedule: BackupSchedule | null;
let clock: number;
const logged: string[] = [];
const options = () => ({
  db,
  dataDir,
  environment: 'production' as const,
  log: (message: string) => void logged.push(message),
  now: () => clock,
});

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backups-'));
  db = openJournal(journalPath(dataDir, 'production'));
  clock = Date.parse('2026-11-22T10:00:00.000Z');
  schedule = null;
  logged.length = 0;
});
afterEach(async () => {
  await schedule?.stop();
  if (db.open) db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('startBackupSchedule', () => {
  it('takes the daily backup at its first check when there is none, and audits it for the manager', async () => {
    schedule = startBackupSchedule({ ...options(), firstCheckMs: 5 });
    await until(() => listBackups(dataDir, 'production').length === 1);
    await until(() => listAudit(db, { actionPrefix: 'journal.' }).length === 1);
    expect(listBackups(dataDir, 'production')[0]).toMatchObject({ reason: 'daily', at: '2026-11-22T10:00:00.000Z' });
    expect(listAudit(db, { actionPrefix: 'journal.' })[0]).toMatchObject({
      action: 'journal.backed_up',
      actorStaffId: null,
      details: { reason: 'daily', file: 'journal-production-20261122T100000.000Z-daily.sqlite' },
    });
  });

  it('takes one on the hourly check only once the newest is a day old', async () => {
    await backupJournal(db, { dataDir, environment: 'production', reason: 'close', now: () => clock });
    schedule = startBackupSchedule({ ...options(), firstCheckMs: 60_000 });
    clock += DAY_MS - 1;
    expect(await schedule.check()).toBeNull();
    clock += 1;
    expect(await schedule.check()).toMatchObject({ reason: 'daily' });
    expect(listBackups(dataDir, 'production').map((b) => b.reason)).toEqual(['daily', 'close']);
  });

  it('takes backups one at a time, finishes those asked for before the stop, and takes none after', async () => {
    schedule = startBackupSchedule({ ...options(), firstCheckMs: 60_000 });
    const first = schedule.take('close');
    // The same name, asked at the same moment: taken together, both would pass the check for a
    // file of that name and copy into one temporary file; one after the other, the second is refused.
    const second = schedule.take('close');
    await schedule.stop();
    expect(await first).toMatchObject({ reason: 'close' });
    expect(await second).toBeNull();
    expect(logged.join('\n')).toMatch(/exists already/);
    expect(await schedule.take('close')).toBeNull();
    db.close();
    expect(listBackups(dataDir, 'production')).toHaveLength(1);
  });

  it('logs and audits a failed backup, and resolves rather than throws', async () => {
    schedule = startBackupSchedule({ ...options(), firstCheckMs: 60_000 });
    // A file where the backups folder should be.
    fs.writeFileSync(path.join(dataDir, 'backups'), 'in the way');
    expect(await schedule.take('close')).toBeNull();
    expect(logged.join('\n')).toMatch(/journal backup \(close\) failed/);
    expect(listAudit(db, { actionPrefix: 'journal.' })[0]).toMatchObject({
      action: 'journal.backup_failed',
      details: { reason: 'close', error: expect.any(String) },
    });
  });
});
