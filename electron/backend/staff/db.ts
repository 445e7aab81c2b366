import { statement } from '../journal/statements.ts';
import type Database from 'better-sqlite3';

export type StaffRole = 'clerk' | 'manager';

export type StaffRow = {
  id: string;
  name: string;
  role: StaffRole;
  pinHash: string;
  pinSalt: string;
  active: boolean;
  /** Wrong sign-in PINs since the last success, unlock or lock (migration 0006 has the rules). */
  failedAttempts: number;
  /** When the last sign-in lock began. */
  lockedAt: string | null;
  /** A sign-in lock is in effect while this is in the future. */
  lockedUntil: string | null;
  lockCount: number;
  /** Wrong manager PINs given while this person asked for an approval. */
  approvalFailures: number;
  approvalLockedUntil: string | null;
  approvalLockCount: number;
  /** Wrong PINs given in approvals naming this person (a manager). */
  approverFailures: number;
  approverLockedUntil: string | null;
  approverLockCount: number;
  /** The language this person's screens are in (a UI language); null until they choose one. */
  language: string | null;
  createdAt: string;
  updatedAt: string;
};

/** What may leave the main process: everything but the PIN material. */
export type StaffPublic = Omit<StaffRow, 'pinHash' | 'pinSalt'>;

type DbRow = {
  id: string;
  name: string;
  role: StaffRole;
  pin_hash: string;
  pin_salt: string;
  active: number;
  failed_attempts: number;
  locked_at: string | null;
  locked_until: string | null;
  lock_count: number;
  approval_failures: number;
  approval_locked_until: string | null;
  approval_lock_count: number;
  approver_failures: number;
  approver_locked_until: string | null;
  approver_lock_count: number;
  language: string | null;
  created_at: string;
  updated_at: string;
};

export function insertStaff(db: Database.Database, row: StaffRow): void {
  statement(
    db,
    `INSERT INTO staff (id, name, role, pin_hash, pin_salt, active, failed_attempts, locked_at, locked_until, lock_count,
       approval_failures, approval_locked_until, approval_lock_count, approver_failures, approver_locked_until,
       approver_lock_count, language, created_at, updated_at)
     VALUES (@id, @name, @role, @pinHash, @pinSalt, @active, @failedAttempts, @lockedAt, @lockedUntil, @lockCount,
       @approvalFailures, @approvalLockedUntil, @approvalLockCount, @approverFailures, @approverLockedUntil,
       @approverLockCount, @language, @createdAt, @updatedAt)`,
  ).run({ ...row, active: row.active ? 1 : 0 });
}

export function getStaff(db: Database.Database, id: string): StaffRow | undefined {
  const row = statement(db, 'SELECT * FROM staff WHERE id = ?').get(id) as DbRow | undefined;
  return row && fromDb(row);
}

/** By name for the sign-in screen; managers and clerks alike. */
export function listStaff(db: Database.Database, options: { includeInactive?: boolean } = {}): StaffRow[] {
  const rows = statement(db, 'SELECT * FROM staff WHERE active = 1 OR @all = 1 ORDER BY lower(name), id').all({
    all: options.includeInactive ? 1 : 0,
  }) as DbRow[];
  return rows.map(fromDb);
}

/** Demo only: the published PIN of each Demo account whose PIN is still the one seeded. */
export function demoPins(db: Database.Database): Map<string, string> {
  const rows = statement(db, 'SELECT id, demo_pin FROM staff WHERE demo_pin IS NOT NULL').all() as {
    id: string;
    demo_pin: string;
  }[];
  return new Map(rows.map((r) => [r.id, r.demo_pin]));
}

export function setDemoPin(db: Database.Database, id: string, pin: string): void {
  statement(db, 'UPDATE staff SET demo_pin = ? WHERE id = ?').run(pin, id);
}

export function countStaff(db: Database.Database): number {
  return (statement(db, 'SELECT count(*) AS n FROM staff').get() as { n: number }).n;
}

/** Whether someone active other than `exceptId` goes by this name, case and outer spaces aside. */
export function activeNameTaken(db: Database.Database, name: string, exceptId: string | null): boolean {
  const row = statement(db, 'SELECT 1 FROM staff WHERE active = 1 AND lower(trim(name)) = lower(?) AND id IS NOT ?').get(
    name,
    exceptId,
  );
  return row !== undefined;
}

/**
 * Managers other than `exceptId` who can sign in at `at`: active and not in a sign-in lock. A lock
 * whose time is over does not count (ISO-8601 UTC strings of one shape compare as times).
 */
export function countOtherUsableManagers(db: Database.Database, exceptId: string, at: string): number {
  return (
    statement(
      db,
      `SELECT count(*) AS n FROM staff
        WHERE active = 1 AND role = 'manager' AND (locked_until IS NULL OR locked_until <= @at) AND id <> @exceptId`,
    ).get({ exceptId, at }) as { n: number }
  ).n;
}

/** Active managers other than `exceptId`, locked or not: none makes `exceptId` the last manager. */
export function countOtherActiveManagers(db: Database.Database, exceptId: string): number {
  return (
    statement(db, `SELECT count(*) AS n FROM staff WHERE active = 1 AND role = 'manager' AND id <> ?`).get(exceptId) as {
      n: number;
    }
  ).n;
}

export type StaffPatch = Partial<Omit<StaffRow, 'id' | 'createdAt' | 'updatedAt'>>;

const PATCH_COLUMNS: Record<keyof StaffPatch, string> = {
  name: 'name',
  role: 'role',
  pinHash: 'pin_hash',
  pinSalt: 'pin_salt',
  active: 'active',
  failedAttempts: 'failed_attempts',
  lockedAt: 'locked_at',
  lockedUntil: 'locked_until',
  lockCount: 'lock_count',
  approvalFailures: 'approval_failures',
  approvalLockedUntil: 'approval_locked_until',
  approvalLockCount: 'approval_lock_count',
  approverFailures: 'approver_failures',
  approverLockedUntil: 'approver_locked_until',
  approverLockCount: 'approver_lock_count',
  language: 'language',
};

/** Returns false when no such staff member exists. */
export function updateStaff(db: Database.Database, id: string, patch: StaffPatch, updatedAt: string): boolean {
  const sets: string[] = ['updated_at = @updatedAt'];
  const params: Record<string, unknown> = { id, updatedAt };
  for (const key of Object.keys(patch) as (keyof StaffPatch)[]) {
    const value = patch[key];
    if (value === undefined) continue;
    sets.push(`${PATCH_COLUMNS[key]} = @${key}`);
    params[key] = typeof value === 'boolean' ? (value ? 1 : 0) : value;
  }
  return statement(db, `UPDATE staff SET ${sets.join(', ')} WHERE id = @id`).run(params).changes === 1;
}

export function toPublic(row: StaffRow): StaffPublic {
  const { pinHash: _hash, pinSalt: _salt, ...rest } = row;
  return rest;
}

function fromDb(row: DbRow): StaffRow {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    pinHash: row.pin_hash,
    pinSalt: row.pin_salt,
    active: row.active === 1,
    failedAttempts: row.failed_attempts,
    lockedAt: row.locked_at,
    lockedUntil: row.locked_until,
    lockCount: row.lock_count,
    approvalFailures: row.approval_failures,
    approvalLockedUntil: row.approval_locked_until,
    approvalLockCount: row.approval_lock_count,
    approverFailures: row.approver_failures,
    approverLockedUntil: row.approver_locked_until,
    approverLockCount: row.approver_lock_count,
    language: row.language,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
