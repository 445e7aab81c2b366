/**
 * Backups from the manager's screen: the same backups, checks and restores as `npm run admin`,
 * made by the running app on the journal it holds. A backup is named by its file name in the
 * running environment's backups folder, never by a path: any other name is refused.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BackupCheck, BackupEntry, BackupsView, Environment } from '../../../shared/contract.ts';
import { AppFailure } from '../../../shared/errors.ts';
import { appendAudit } from '../audit/db.ts';
import { backupsDir } from '../data-folder.ts';
import { backupJournal, BackupError, checkJournalFile, listBackups, type BackupFile } from '../journal/backup.ts';
import type { Journal } from '../journal/open.ts';
import type { StaffSession } from '../staff/sessions.ts';
import { backupNamed, dropPendingRestore, readPendingRestore, writePendingRestore } from './pending.ts';

export type BackupsServiceOptions = {
  readonly db: Journal;
  readonly dataDir: string;
  readonly environment: Environment;
  readonly log: (message: string, error?: unknown) => void;
  readonly now?: () => number;
};

export type BackupsService = ReturnType<typeof createBackupsService>;

export function createBackupsService({ db, dataDir, environment, log, now = Date.now }: BackupsServiceOptions) {
  const folder = backupsDir(dataDir, environment);

  function entry(backup: BackupFile): BackupEntry {
    let bytes = 0;
    try {
      bytes = fs.statSync(backup.file).size;
    } catch {
      // Deleted between the listing and the look: shown with no size.
    }
    return { name: path.basename(backup.file), at: backup.at, reason: backup.reason, bytes };
  }

  function scheduled(): BackupsView['scheduled'] {
    try {
      const pending = readPendingRestore(dataDir);
      return pending ? { name: pending.backup, at: pending.at, by: pending.staffName } : null;
    } catch (error) {
      log('the scheduled restore cannot be read; the next start sets it aside', error);
      return null;
    }
  }

  function list(): BackupsView {
    return { folder, backups: listBackups(dataDir, environment).map(entry), scheduled: scheduled() };
  }

  function named(name: string): string {
    const file = backupNamed(dataDir, environment, name);
    if (!file) {
      throw new AppFailure('bad_input', `${name} is not one of the backups in ${folder}.`, { fields: { name: 'invalid' } });
    }
    return file;
  }

  const audit = (action: string, session: StaffSession, details: Record<string, string>) =>
    appendAudit(db, { action, actorStaffId: session.staffId, details, at: new Date(now()).toISOString() });

  return {
    list,

    async create(session: StaffSession): Promise<{ backup: BackupEntry; folder: string }> {
      let backup: BackupFile;
      try {
        backup = await backupJournal(db, { dataDir, environment, reason: 'manual', now });
      } catch (error) {
        if (!(error instanceof BackupError)) throw error;
        log(error.message);
        throw new AppFailure('internal', error.message);
      }
      audit('backup.created', session, { file: path.basename(backup.file) });
      return { backup: entry(backup), folder };
    },

    verify(name: string): BackupCheck {
      // A backup is a copy of its moment: the live journal's anchor does not speak for it.
      const verdict = checkJournalFile(named(name), { chain: true });
      const broken = verdict.chain && !verdict.chain.ok ? verdict.chain : (verdict.kept ?? null);
      return {
        name,
        ok: verdict.problems.length === 0 && verdict.chain?.ok === true && !broken,
        problems: verdict.problems,
        auditEntries: verdict.chain?.ok ? verdict.chain.count : null,
        auditBreak: broken ? { brokenAtSeq: broken.brokenAtSeq, reason: broken.reason } : null,
      };
    },

    scheduleRestore(name: string, session: StaffSession): BackupsView {
      named(name);
      writePendingRestore(dataDir, {
        environment,
        backup: name,
        at: new Date(now()).toISOString(),
        staffId: session.staffId,
        staffName: session.name,
      });
      audit('backup.restore_scheduled', session, { file: name });
      return list();
    },

    cancelRestore(session: StaffSession): BackupsView {
      const was = scheduled();
      dropPendingRestore(dataDir);
      if (was) audit('backup.restore_cancelled', session, { file: was.name });
      return list();
    },
  };
}
