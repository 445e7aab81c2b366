/**
 * The backend's own backups of its journal: one after each day close, and one a day besides
 * (checked a minute after the start, so the start's reconciliation and first sale go first, then
 * hourly). Both are off every sale's and close's path: a backup that fails is logged and left in
 * the audit log for the manager (`journal.backup_failed`), and nothing else waits for it.
 */
import path from 'node:path';
import type Database from 'better-sqlite3';
import type { Environment } from '../../../shared/contract.ts';
import { appendAudit } from '../audit/db.ts';
import { backupJournal, newestBackup, type BackupFile } from './backup.ts';

export const DAY_MS = 24 * 60 * 60_000;

export type BackupScheduleOptions = {
  readonly db: Database.Database;
  readonly dataDir: string;
  readonly environment: Environment;
  readonly log: (message: string, error?: unknown) => void;
  readonly now?: () => number;
  /** The first look at the newest backup's age (default one minute after the start). */
  readonly firstCheckMs?: number;
  /** Then every hour. */
  readonly checkEveryMs?: number;
  readonly maxAgeMs?: number;
  readonly keep?: number;
};

export type BackupSchedule = {
  /** Takes a backup now, after any in progress; resolves null when it failed (logged and audited). */
  take(reason: 'close' | 'daily'): Promise<BackupFile | null>;
  /** Takes the daily backup if the newest is older than a day. */
  check(): Promise<BackupFile | null>;
  /** Stops the timers and waits for the backups asked for, so the journal can be closed. */
  stop(): Promise<void>;
};

export function startBackupSchedule(options: BackupScheduleOptions): BackupSchedule {
  const { db, dataDir, environment, log } = options;
  const now = options.now ?? Date.now;
  let queue: Promise<unknown> = Promise.resolve();
  let stopped = false;

  const audit = (action: string, details: Parameters<typeof appendAudit>[1]['details']) => {
    try {
      appendAudit(db, { action, details, at: new Date(now()).toISOString() });
    } catch (error) {
      log(`could not audit ${action}`, error);
    }
  };

  async function run(reason: 'close' | 'daily'): Promise<BackupFile | null> {
    if (!db.open) return null;
    try {
      const backup = await backupJournal(db, { dataDir, environment, reason, now, keep: options.keep });
      audit('journal.backed_up', { reason, file: path.basename(backup.file) });
      return backup;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log(`journal backup (${reason}) failed: ${message}`);
      if (db.open) audit('journal.backup_failed', { reason, error: message.slice(0, 300) });
      return null;
    }
  }

  // One at a time: a close's backup and the daily one never copy into the folder together. One
  // asked for before the stop is still taken: a manager who closes the day and quits has it.
  function take(reason: 'close' | 'daily'): Promise<BackupFile | null> {
    if (stopped) return Promise.resolve(null);
    const next = queue.then(() => run(reason));
    queue = next.catch(() => undefined);
    return next;
  }

  function check(): Promise<BackupFile | null> {
    let newest: BackupFile | null = null;
    try {
      newest = newestBackup(dataDir, environment);
    } catch (error) {
      log('could not list the journal backups', error);
    }
    const age = newest ? now() - Date.parse(newest.at) : Infinity;
    return age >= (options.maxAgeMs ?? DAY_MS) ? take('daily') : Promise.resolve(null);
  }

  let hourly: NodeJS.Timeout | null = null;
  const first = setTimeout(() => {
    void check();
    hourly = setInterval(() => void check(), options.checkEveryMs ?? 60 * 60_000);
    hourly.unref();
  }, options.firstCheckMs ?? 60_000);
  first.unref();

  return {
    take,
    check,
    async stop() {
      stopped = true;
      clearTimeout(first);
      if (hourly) clearInterval(hourly);
      await queue;
    },
  };
}
