/**
 * The contract's backups of the journal, for a manager in Settings: where they go, taking one now,
 * checking one, and a restore that applies when the counter next starts (a running counter holds
 * its journal open). Answered by electron/backend/backups/.
 */
import { z } from 'zod';
import { method, none } from './base.ts';

export type BackupReason = 'close' | 'daily' | 'manual';

export type BackupEntry = {
  /** The file's name in the backups folder: the only way a backup is named to the backend. */
  readonly name: string;
  readonly at: string;
  readonly reason: BackupReason;
  readonly bytes: number;
};

/** A restore a manager asked for, applied at the next start. */
export type ScheduledRestore = { readonly name: string; readonly at: string; readonly by: string | null };

export type BackupsView = {
  /** The running environment's backups folder, absolute. */
  readonly folder: string;
  /** Newest first. */
  readonly backups: readonly BackupEntry[];
  readonly scheduled: ScheduledRestore | null;
};

export type BackupCheck = {
  readonly name: string;
  readonly ok: boolean;
  /** What integrity_check (or opening the file) found, in SQLite's words; empty when nothing. */
  readonly problems: readonly string[];
  /** The audit log's entries when its chain is intact, else null. */
  readonly auditEntries: number | null;
  /** Where the audit log's chain breaks, when it does. */
  readonly auditBreak: { readonly brokenAtSeq: number; readonly reason: string } | null;
};

/**
 * A backup's file name, never a path: the backend answers only names its backups folder lists
 * (electron/backend/backups/service.ts), so a path or "../" is refused there, in words.
 */
const backupName = z.string().max(120);

export const backupsMethods = {
  'backup.list': method<BackupsView>()('manager', none),
  /** Takes a checked backup now, beside the close's and the daily ones. */
  'backup.create': method<{ readonly backup: BackupEntry; readonly folder: string }>()('manager', none),
  /** integrity_check and the audit log's chain, on one of the listed backups. */
  'backup.verify': method<BackupCheck>()('manager', z.strictObject({ name: backupName })),
  /** Schedules the restore for the next start; the journal it replaces is kept aside then. */
  'backup.restore': method<BackupsView>()('manager', z.strictObject({ name: backupName })),
  'backup.cancelRestore': method<BackupsView>()('manager', none),
} as const;
