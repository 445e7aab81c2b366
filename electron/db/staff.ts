import { statement } from './statements.ts';
import type Database from 'better-sqlite3';

export type StaffRole = 'clerk' | 'manager';

export type StaffRow = {
  id: string;
  name: string;
  role: StaffRole;
  pinHash: string;
  pinSalt: string;
  active: boolean;
  failedAttempts: number;
  lockedAt: string | null;
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
  created_at: string;
  updated_at: string;
};

export function insertStaff(db: Database.Database, row: StaffRow): void {
  statement(
    db,
    `INSERT INTO staff (id, name, role, pin_hash, pin_salt, active, failed_attempts, locked_at, created_at, updated_at)
     VALUES (@id, @name, @role, @pinHash, @pinSalt, @active, @failedAttempts, @lockedAt, @createdAt, @updatedAt)`,
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

export function countStaff(db: Database.Database): number {
  return (statement(db, 'SELECT count(*) AS n FROM staff').get() as { n: number }).n;
}

/** Managers other than `exceptId` who can sign in now: active and not locked out by wrong PINs. */
export function countOtherUsableManagers(db: Database.Database, exceptId: string): number {
  return (
    statement(db, "SELECT count(*) AS n FROM staff WHERE active = 1 AND role = 'manager' AND locked_at IS NULL AND id <> ?").get(
      exceptId,
    ) as { n: number }
  ).n;
}

export type StaffPatch = Partial<
  Pick<StaffRow, 'name' | 'role' | 'pinHash' | 'pinSalt' | 'active' | 'failedAttempts' | 'lockedAt'>
>;

const PATCH_COLUMNS: Record<keyof StaffPatch, string> = {
  name: 'name',
  role: 'role',
  pinHash: 'pin_hash',
  pinSalt: 'pin_salt',
  active: 'active',
  failedAttempts: 'failed_attempts',
  lockedAt: 'locked_at',
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

/**
 * Counts one failed PIN in a single statement, so two attempts at once cannot both read the old
 * count; locks when the count reaches `lockAfter`. Returns the new state, or undefined if unknown.
 */
export function recordFailedAttempt(
  db: Database.Database,
  id: string,
  lockAfter: number,
  at: string,
): { failedAttempts: number; lockedAt: string | null } | undefined {
  const row = statement(
    db,
    `UPDATE staff SET
         failed_attempts = failed_attempts + 1,
         locked_at = CASE WHEN locked_at IS NULL AND failed_attempts + 1 >= @lockAfter THEN @at ELSE locked_at END,
         updated_at = @at
       WHERE id = @id
       RETURNING failed_attempts, locked_at`,
  ).get({ id, lockAfter, at }) as { failed_attempts: number; locked_at: string | null } | undefined;
  return row && { failedAttempts: row.failed_attempts, lockedAt: row.locked_at };
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
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
