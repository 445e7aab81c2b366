/**
 * A restore a manager schedules from Settings. The running counter holds its journal open, so the
 * restore is written down in the data folder and made by the next start, before the journal is
 * opened, with the same steps as `npm run admin -- restore` (restoreRecorded). A restore that
 * cannot be made never stops the start: it is logged, its note moved aside, and the journal kept.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Environment } from '../../../shared/contract.ts';
import { createOwnerOnlyFile, ENVIRONMENTS } from '../data-folder.ts';
import { listBackups } from '../journal/backup.ts';
import { restoreRecorded, type RestoreOutcome } from '../journal/restore.ts';

export const PENDING_RESTORE_FILE = 'restore-pending.json';

export type PendingRestore = {
  readonly environment: Environment;
  /** A backup's file name in that environment's backups folder. */
  readonly backup: string;
  readonly at: string;
  readonly staffId: string | null;
  readonly staffName: string | null;
};

export const pendingRestoreFile = (dataDir: string) => path.join(dataDir, PENDING_RESTORE_FILE);

/** The scheduled restore, or null; a note that cannot be read is reported as an Error. */
export function readPendingRestore(dataDir: string): PendingRestore | null {
  let text: string;
  try {
    text = fs.readFileSync(pendingRestoreFile(dataDir), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const note = JSON.parse(text) as Partial<PendingRestore>;
  if (!ENVIRONMENTS.includes(note.environment as Environment) || typeof note.backup !== 'string') {
    throw new Error(`${PENDING_RESTORE_FILE} does not name an environment and a backup`);
  }
  return {
    environment: note.environment as Environment,
    backup: note.backup,
    at: typeof note.at === 'string' ? note.at : '',
    staffId: typeof note.staffId === 'string' ? note.staffId : null,
    staffName: typeof note.staffName === 'string' ? note.staffName : null,
  };
}

/** Written whole under a temporary name and renamed, so a start never reads half a note. */
export function writePendingRestore(dataDir: string, pending: PendingRestore): void {
  const file = pendingRestoreFile(dataDir);
  const temp = `${file}.${process.pid}.tmp`;
  fs.rmSync(temp, { force: true });
  createOwnerOnlyFile(temp);
  fs.writeFileSync(temp, `${JSON.stringify(pending, null, 2)}\n`);
  fs.renameSync(temp, file);
}

export function dropPendingRestore(dataDir: string): void {
  fs.rmSync(pendingRestoreFile(dataDir), { force: true });
}

/** The listed backup of that name, as a full path; null for any other name (never a path of its own). */
export function backupNamed(dataDir: string, environment: Environment, name: string): string | null {
  return listBackups(dataDir, environment).find((backup) => path.basename(backup.file) === name)?.file ?? null;
}

/**
 * Makes the scheduled restore, if any, with the folder locked and before any journal is open.
 * Returns what was restored, or null when nothing was (none scheduled, or it failed: logged).
 */
export function applyPendingRestore(
  dataDir: string,
  log: (message: string, error?: unknown) => void,
  now: () => number = Date.now,
): RestoreOutcome | null {
  let pending: PendingRestore | null;
  try {
    pending = readPendingRestore(dataDir);
  } catch (error) {
    setAside(dataDir, now, log, `The scheduled restore could not be read (${words(error)})`);
    return null;
  }
  if (!pending) return null;
  try {
    const from = backupNamed(dataDir, pending.environment, pending.backup);
    if (!from) throw new Error(`there is no backup ${pending.backup} in the backups folder any more`);
    const outcome = restoreRecorded({
      dataDir,
      environment: pending.environment,
      from,
      now,
      record: {
        action: 'backup.restored',
        actorStaffId: pending.staffId,
        details: { scheduledBy: pending.staffName, scheduledAt: pending.at },
      },
    });
    dropPendingRestore(dataDir);
    const aside = outcome.keptAside[0] ? `; the journal it replaced is kept as ${outcome.keptAside[0]}` : '';
    log(`Restored the journal ${outcome.journal} from ${from} as scheduled${aside}.`);
    return outcome;
  } catch (error) {
    setAside(
      dataDir,
      now,
      log,
      `The scheduled restore from ${pending.backup} was not made, and the journal is as it was (${words(error)})`,
    );
    return null;
  }
}

function setAside(dataDir: string, now: () => number, log: (message: string) => void, why: string): void {
  const aside = path.join(dataDir, `restore-failed-${new Date(now()).toISOString().replace(/[-:]/g, '')}.json`);
  try {
    fs.renameSync(pendingRestoreFile(dataDir), aside);
    log(`${why}. The note is kept as ${aside}.`);
  } catch (error) {
    dropPendingRestore(dataDir);
    log(`${why}. The note could not be kept aside (${words(error)}) and was removed.`);
  }
}

function words(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
