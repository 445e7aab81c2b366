/**
 * What `npm run admin` does, as functions (electron/cli/admin.ts reads the arguments and prints):
 * the owner's way back in when no manager can sign in, and backups by hand.
 *
 * unlock, reset-pin and restore change the journal, so they refuse while the app has the folder
 * open (two writers would each settle the other's sales) and hold the folder lock while they work.
 * backup and verify only read the journal and may run beside the app: SQLite's online backup
 * copies a consistent snapshot while sales go on.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Environment } from '../../shared/contract.ts';
import {
  ADMIN_TRANSPORT,
  backupsDir,
  DataFolderError,
  describeHolder,
  ENVIRONMENT_NAMES,
  journalPath,
  liveHolder,
  lockDataFolder,
  readCounterConfig,
  SECRETS_FILE,
  secretEnvironment,
  secureDataFolder,
  type LockHolder,
} from '../backend/data-folder.ts';
import { appendAudit } from '../backend/audit/db.ts';
import { anchorFileOf, attachAuditAnchor, readAnchor, type AnchorRead } from '../backend/audit/db-anchor.ts';
import type { ChainBreak } from '../backend/audit/db-check.ts';
import {
  backupJournal,
  checkJournalFile,
  newestBackup,
  type BackupFile,
  type JournalVerdict,
} from '../backend/journal/backup.ts';
import { openJournal, type Journal } from '../backend/journal/open.ts';
import { restoreRecorded } from '../backend/journal/restore.ts';
import { reanchorAuditLog } from '../backend/audit/reanchor.ts';
import { resetPinByRecovery } from '../backend/staff/recovery.ts';
import { normalizeRecoveryCode } from '../backend/staff/setup.ts';
import { VaultSecretStore } from '../backend/secrets/vault/store.ts';
import { createStaffService, type OwnerActor, type ScryptParams, type StaffService } from '../backend/staff/service.ts';
import type { StaffPublic } from '../backend/staff/db.ts';

/** The command will not do it; the message is one sentence for the person at the keyboard. */
export class AdminRefusal extends Error {
  override name = 'AdminRefusal';
}

export type AdminTarget = {
  readonly dataDir: string;
  /** Defaults to the environment counter.json says the next start opens. */
  readonly environment?: Environment | undefined;
  /** Who ran the command, for the audit; defaults to the operating system's user name. */
  readonly user?: string;
  readonly now?: () => number;
};

type Done = { readonly environment: Environment; readonly message: string };

export function environmentOf(target: AdminTarget): Environment {
  if (target.environment) return target.environment;
  if (!fs.existsSync(target.dataDir)) throw new AdminRefusal(`There is no data folder at ${target.dataDir}.`);
  return readCounterConfig(target.dataDir).environment;
}

export function ownerActor(user?: string): OwnerActor {
  if (user) return { via: 'command_line', user };
  try {
    return { via: 'command_line', user: os.userInfo().username };
  } catch {
    return { via: 'command_line', user: process.env.USER ?? process.env.USERNAME ?? 'unknown' };
  }
}

export async function unlockStaff(target: AdminTarget & { readonly staff: string }): Promise<Done & { staff: StaffPublic }> {
  const environment = environmentOf(target);
  return withFolderLocked(target.dataDir, 'unlock', () =>
    withJournal(target.dataDir, environment, (db) => {
      const staff = createStaffService(db, { now: target.now });
      const member = findStaff(staff, target.staff, environment);
      const unlocked = staff.unlock(member.id, ownerActor(target.user));
      if (!unlocked.ok) throw new AdminRefusal(unlocked.error.message);
      const was = member.lockedAt !== null ? 'was locked and is unlocked' : 'was not locked; the wrong-PIN count is back to zero';
      return {
        environment,
        staff: unlocked.value,
        message: `${member.name} ${was} in the ${ENVIRONMENT_NAMES[environment]} journal, and can sign in with their PIN.`,
      };
    }),
  );
}

export async function resetPinWithCode(
  target: AdminTarget & {
    readonly staff: string;
    readonly recoveryCode: string;
    readonly newPin: string;
    readonly scrypt?: ScryptParams;
  },
): Promise<Done & { staff: StaffPublic }> {
  const environment = environmentOf(target);
  return withFolderLocked(target.dataDir, 'reset-pin', () =>
    withJournal(target.dataDir, environment, async (db) => {
      const staff = createStaffService(db, { now: target.now, scrypt: target.scrypt });
      const member = findStaff(staff, target.staff, environment);
      const reset = await resetPinByRecovery(
        db,
        staff,
        { staffId: member.id, newPin: target.newPin, code: target.recoveryCode, owner: ownerActor(target.user) },
        { now: target.now },
      );
      if (!reset.ok) throw new AdminRefusal(reset.error.message);
      const sealed = await rewrapSecrets(target.dataDir, environment, target.recoveryCode, member, target.newPin);
      return {
        environment,
        staff: reset.value,
        message: `${member.name} has a new PIN in the ${ENVIRONMENT_NAMES[environment]} journal, any lock is lifted, and they can sign in with it now.${sealed}`,
      };
    }),
  );
}

/** Re-anchors the journal's audit log with the owner's recovery code (audit/reanchor.ts). */
export async function reanchorWithCode(
  target: AdminTarget & { readonly recoveryCode: string },
): Promise<Done & { seq: number; settled: { brokenAtSeq: number; reason: string } | null }> {
  const environment = environmentOf(target);
  const name = ENVIRONMENT_NAMES[environment];
  return withFolderLocked(target.dataDir, 'reanchor', () =>
    withJournal(target.dataDir, environment, async (db) => {
      const done = await reanchorAuditLog(db, { code: target.recoveryCode, owner: ownerActor(target.user) }, { now: target.now });
      if (!done.ok) throw new AdminRefusal(done.error.message);
      const { seq, settled } = done.value;
      const what = settled
        ? `the break at entry ${settled.brokenAtSeq} (${settled.reason}) is recorded as seen`
        : 'no break was found';
      return {
        environment,
        ...done.value,
        message: `The ${name} journal's audit log is re-anchored at entry ${seq}: ${what}, and the log vouches again for every entry from ${seq} on.`,
      };
    }),
  );
}

/**
 * With no keychain, the secrets are sealed under the managers' PINs: the recovery code opens them,
 * so the new PIN does too. What happened is said after the reset's own line.
 */
async function rewrapSecrets(
  dataDir: string,
  environment: Environment,
  recoveryCode: string,
  member: StaffPublic,
  newPin: string,
): Promise<string> {
  const vault = new VaultSecretStore(path.join(dataDir, SECRETS_FILE), () => undefined, {
    environment,
    environmentOf: secretEnvironment,
  });
  if (vault.state() === 'empty') return '';
  if (member.role === 'manager' && (await vault.recover(normalizeRecoveryCode(recoveryCode), member.id, newPin))) {
    return ' Their new PIN also unlocks the eSIM service connection.';
  }
  return ' The eSIM service connection was not sealed under this recovery code: another manager signs in once to unlock it.';
}

export async function backupNow(target: AdminTarget): Promise<Done & { backup: BackupFile; beside: LockHolder | null }> {
  const environment = environmentOf(target);
  const { dataDir } = target;
  const name = ENVIRONMENT_NAMES[environment];
  requireJournal(dataDir, environment);
  let lock: ReturnType<typeof lockDataFolder> | null = null;
  try {
    lock = lockDataFolder(dataDir, ADMIN_TRANSPORT);
  } catch (error) {
    if (!(error instanceof DataFolderError && error.code === 'in_use')) throw error;
  }
  if (!lock) {
    // Beside the running app: a read-only copy, and no audit entry, since a second writer could
    // make one of the app's commits fail. The app's own backups are in its audit log.
    const holder = liveHolder(dataDir);
    const ro = new Database(journalPath(dataDir, environment), { readonly: true, fileMustExist: true, timeout: 5000 });
    try {
      const backup = await backupJournal(ro, {
        dataDir,
        environment,
        reason: 'manual',
        now: target.now,
        pagesPerStep: 0x7fffffff,
      });
      const who = holder ? `process ${holder.pid}` : 'another process';
      return {
        environment,
        backup,
        beside: holder,
        message: `Backed up the ${name} journal to ${backup.file} while the app (${who}) kept it open; the backup passed its check but is not in the journal's audit log.`,
      };
    } finally {
      ro.close();
    }
  }
  try {
    return await withJournal(dataDir, environment, async (db) => {
      const backup = await backupJournal(db, { dataDir, environment, reason: 'manual', now: target.now });
      appendAudit(db, {
        action: 'admin.backup',
        details: { ...ownerActor(target.user), file: path.basename(backup.file) },
        at: new Date((target.now ?? Date.now)()).toISOString(),
      });
      return {
        environment,
        backup,
        beside: null,
        message: `Backed up the ${name} journal to ${backup.file}; the backup passed its check.`,
      };
    });
  } finally {
    lock.release();
  }
}

export function verifyJournal(target: AdminTarget & { readonly file?: string | undefined }): {
  ok: boolean;
  message: string;
  verdict: JournalVerdict;
} {
  let file = target.file;
  // A backup is a copy of its moment: the anchor names the live journal's head, not its.
  let anchor: AnchorRead = { state: 'none' };
  if (!file) {
    const environment = environmentOf(target);
    requireJournal(target.dataDir, environment);
    file = journalPath(target.dataDir, environment);
    anchor = readAnchor(anchorFileOf(file));
  } else if (!fs.existsSync(file)) {
    throw new AdminRefusal(`There is no file ${file}.`);
  }
  const verdict = checkJournalFile(file, { chain: true, anchor });
  if (verdict.problems.length > 0) {
    return { ok: false, verdict, message: `${file} is damaged: ${verdict.problems.slice(0, 3).join('; ')}.` };
  }
  // The same findings the app shows its manager: the check's, and a break kept from before.
  const findings = [verdict.chain?.ok === false ? verdict.chain : null, verdict.kept ?? null].filter(
    (found, i, all): found is ChainBreak =>
      found !== null && all.findIndex((f) => f?.brokenAtSeq === found.brokenAtSeq && f.reason === found.reason) === i,
  );
  if (findings.length > 0) {
    const lines = findings.map((f) => `  the audit log was altered at entry ${f.brokenAtSeq}: ${f.reason}`);
    return {
      ok: false,
      verdict,
      message: `${file} passes integrity_check, but:\n${lines.join('\n')}\nKeep the folder as it is; once support has seen it, the owner can re-anchor the log (npm run admin -- reanchor).`,
    };
  }
  const entries = verdict.chain?.ok ? verdict.chain.count : 0;
  return {
    ok: true,
    verdict,
    message: `${file} is healthy: integrity_check found nothing wrong, and the audit log's chain of ${entries} entries is intact.`,
  };
}

export async function restoreBackup(
  target: AdminTarget & { readonly environment: Environment; readonly from?: string | undefined },
): Promise<Done & { journal: string; from: string; keptAside: string[] }> {
  const { dataDir, environment } = target;
  const name = ENVIRONMENT_NAMES[environment];
  secureDataFolder(dataDir);
  return withFolderLocked(dataDir, 'restore', () => {
    const from = target.from ? path.resolve(target.from) : newestBackup(dataDir, environment)?.file;
    if (!from) {
      throw new AdminRefusal(
        `There is no backup of the ${name} journal in ${backupsDir(dataDir, environment)}; name one with --from.`,
      );
    }
    if (!fs.existsSync(from)) throw new AdminRefusal(`There is no backup file ${from}.`);
    const outcome = restoreRecorded({
      dataDir,
      environment,
      from,
      now: target.now,
      record: { action: 'admin.restored', details: ownerActor(target.user) },
    });
    const aside = outcome.keptAside[0]
      ? `the journal it replaced is kept as ${outcome.keptAside[0]}${outcome.keptAside.length > 1 ? ' (with its -wal and -shm)' : ''}`
      : 'there was no journal before it';
    return {
      environment,
      ...outcome,
      message: `Restored the ${name} journal ${outcome.journal} from ${from}; ${aside}.`,
    };
  });
}

/** Case and spaces do not matter; a name that is not found is answered with the names that are. */
export function findStaff(staff: StaffService, name: string, environment: Environment): StaffPublic {
  const key = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();
  const everyone = staff.list();
  const found = everyone.find((member) => key(member.name) === key(name));
  if (found) return found;
  const names = everyone.map((member) => `${member.name} (${member.role})`).join(', ');
  throw new AdminRefusal(
    everyone.length === 0
      ? `The ${ENVIRONMENT_NAMES[environment]} journal has no staff yet.`
      : `No one called "${name.trim()}" is on the ${ENVIRONMENT_NAMES[environment]} journal's staff, which is: ${names}.`,
  );
}

function requireJournal(dataDir: string, environment: Environment): void {
  const file = journalPath(dataDir, environment);
  if (!fs.existsSync(file) || fs.statSync(file).size === 0) {
    throw new AdminRefusal(`There is no ${ENVIRONMENT_NAMES[environment]} journal in ${dataDir} (${path.basename(file)}).`);
  }
}

async function withJournal<T>(dataDir: string, environment: Environment, use: (db: Journal) => T | Promise<T>): Promise<T> {
  requireJournal(dataDir, environment);
  const db = openJournalAnchored(journalPath(dataDir, environment));
  try {
    return await use(db);
  } finally {
    db.close();
  }
}

/** The journal, with its anchor kept at its head as the commands' entries are written. */
function openJournalAnchored(file: string): Journal {
  const db = openJournal(file);
  // The command's change is made; the anchor lags, which the app's next start makes good.
  attachAuditAnchor(db, file, (error) =>
    console.error(`The audit log's anchor beside ${file} could not be written: ${(error as Error).message}`),
  );
  return db;
}

/** Refuses, naming the process and where it runs, while the app has the folder open. */
export function assertFolderFree(dataDir: string, command: string): void {
  if (!fs.existsSync(dataDir)) throw new AdminRefusal(`There is no data folder at ${dataDir}.`);
  const holder = liveHolder(dataDir);
  if (holder) throw inUse(holder, command);
}

const inUse = (holder: LockHolder, command: string) =>
  new AdminRefusal(`${describeHolder(holder)}; stop it first, then run ${command} again.`);

/** Holds the folder lock for a change, so the app cannot start on the journal meanwhile. */
async function withFolderLocked<T>(dataDir: string, command: string, work: () => T | Promise<T>): Promise<T> {
  assertFolderFree(dataDir, command);
  let lock: ReturnType<typeof lockDataFolder>;
  try {
    lock = lockDataFolder(dataDir, ADMIN_TRANSPORT);
  } catch (error) {
    // Started between the look and the lock.
    const holder = liveHolder(dataDir);
    if (error instanceof DataFolderError && error.code === 'in_use' && holder) throw inUse(holder, command);
    throw error;
  }
  try {
    return await work();
  } finally {
    lock.release();
  }
}
