import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { appendAudit, type JsonValue } from '../audit/db.ts';
import {
  countOtherUsableManagers,
  countStaff,
  activeNameTaken,
  getStaff,
  insertStaff,
  listStaff,
  toPublic,
  updateStaff,
  type StaffPublic,
  type StaffRole,
  type StaffRow,
  demoPins,
} from './db.ts';
import { pinProblem } from '../../../shared/pins.ts';
import { createApprovals } from './approvals.ts';
import { DEFAULT_SCRYPT, hashPin, pinMatches, type ScryptParams } from './pin-hash.ts';
import { createSignIn } from './sign-in.ts';
import { CLEAR_ALL, effective, lockedUntil, throttleOf } from './lockout.ts';
import { fail, NAME_LENGTH, pinRefused, ROLE_WORDS, type ManageErrorCode, type Result } from './failures.ts';

export type { Failure, Result } from './failures.ts';

export { LOCK_AFTER_FAILURES } from './lockout.ts';
export { DEFAULT_SCRYPT, hashPin, MIN_SCRYPT_N, parsePinHash, pinMatches, type ScryptParams } from './pin-hash.ts';

export type StaffServiceOptions = {
  now?: () => number;
  scrypt?: ScryptParams;
  /** How a PIN is checked against its stored hash (a test counts the key derivations). */
  pinMatches?: typeof pinMatches;
};

/**
 * The machine's owner at the command line (`npm run admin`), with no manager signed in: the way
 * back when no manager can sign in. Audited as `admin.*` with no actor, and who ran it.
 */
export type OwnerActor = { readonly via: 'command_line'; readonly user: string };
type Actor = string | OwnerActor;

function cleanName(raw: string): string | undefined {
  const name = raw.trim().replace(/\s+/g, ' ');
  return name.length >= 1 && name.length <= 80 ? name : undefined;
}

export type StaffService = ReturnType<typeof createStaffService>;

export function createStaffService(db: Database.Database, options: StaffServiceOptions = {}) {
  const now = options.now ?? Date.now;
  const params = options.scrypt ?? DEFAULT_SCRYPT;
  const verify = options.pinMatches ?? pinMatches;
  const iso = () => new Date(now()).toISOString();
  const audit = (action: string, actorStaffId: string | null, subject: string | null, details: { [k: string]: JsonValue } = {}) =>
    appendAudit(db, { action, actorStaffId, subject, details, at: iso() });
  const authenticate = createSignIn(db, { now, params, verify, audit, iso });

  function requireManager(byStaffId: string): Result<StaffRow, 'forbidden'> {
    const by = getStaff(db, byStaffId);
    if (!by || !by.active || by.role !== 'manager' || lockedUntil(throttleOf(by, 'sign_in'), now()) !== null) {
      return fail('forbidden', 'Only a manager can do this.', { reason: 'manager_only' });
    }
    return { ok: true, value: by };
  }

  const nameTaken = (name: string) =>
    fail('name_taken', `Someone active is already called ${name}. Use a different name.`, {
      reason: 'name_taken',
      params: { name },
    });

  async function create(
    input: { name: string; role: StaffRole; pin: string },
    byStaffId: string | null,
  ): Promise<Result<StaffPublic, ManageErrorCode>> {
    // With nobody on file there is nobody to ask: the first account must be a manager.
    if (byStaffId === null) {
      if (countStaff(db) > 0) return fail('forbidden', 'Only a manager can do this.', { reason: 'already_set_up' });
      if (input.role !== 'manager')
        return fail('invalid', 'The first account must be a manager.', { reason: 'first_must_be_manager' });
    } else {
      const by = requireManager(byStaffId);
      if (!by.ok) return by;
    }
    const name = cleanName(input.name);
    if (!name) return fail('invalid', NAME_LENGTH, { fields: { name: 'name_length' } });
    if (input.role !== 'clerk' && input.role !== 'manager') return fail('invalid', ROLE_WORDS, { fields: { role: 'role' } });
    const problem = pinProblem(input.pin);
    if (problem) return pinRefused(problem);
    const pin = await hashPin(input.pin, params);
    // Checked again after the await: another create may have landed while we hashed.
    return db.transaction((): Result<StaffPublic, ManageErrorCode> => {
      if (byStaffId === null && countStaff(db) > 0)
        return fail('forbidden', 'Only a manager can do this.', { reason: 'already_set_up' });
      if (activeNameTaken(db, name, null)) return nameTaken(name);
      const at = iso();
      const row: StaffRow = {
        id: randomUUID(),
        name,
        role: input.role,
        ...pin,
        active: true,
        ...CLEAR_ALL,
        language: null,
        createdAt: at,
        updatedAt: at,
      };
      insertStaff(db, row);
      audit('staff.created', byStaffId, row.id, { name, role: row.role });
      return { ok: true, value: toPublic(row) };
    })();
  }

  /**
   * Shared shape of the manager-only changes: check the actor and the target, then change and audit
   * in one go. `apply` answers null for details when nothing changed, so nothing is audited.
   */
  function change(
    staffId: string,
    by: Actor,
    apply: (row: StaffRow) => Result<{ [k: string]: JsonValue } | null, ManageErrorCode>,
    action: string,
  ): Result<StaffPublic, ManageErrorCode> {
    const byStaffId = typeof by === 'string' ? by : null;
    const manager = byStaffId === null ? null : requireManager(byStaffId);
    if (manager && !manager.ok) return manager;
    return db.transaction((): Result<StaffPublic, ManageErrorCode> => {
      const row = getStaff(db, staffId);
      if (!row) return fail('not_found', 'This staff member is not on file.', { reason: 'staff_not_found' });
      const applied = apply(row);
      if (!applied.ok) return applied;
      if (applied.value !== null)
        audit(action, byStaffId, staffId, typeof by === 'string' ? applied.value : { ...by, ...applied.value });
      const updated = getStaff(db, staffId);
      return { ok: true, value: toPublic(effective(updated ?? row, now())) };
    })();
  }

  function rename(staffId: string, newName: string, byStaffId: string): Result<StaffPublic, ManageErrorCode> {
    return change(
      staffId,
      byStaffId,
      (row) => {
        const name = cleanName(newName);
        if (!name) return fail('invalid', NAME_LENGTH, { fields: { name: 'name_length' } });
        if (row.active && activeNameTaken(db, name, row.id)) return nameTaken(name);
        updateStaff(db, row.id, { name }, iso());
        return { ok: true, value: { from: row.name, to: name } };
      },
      'staff.renamed',
    );
  }

  function deactivate(staffId: string, byStaffId: string): Result<StaffPublic, ManageErrorCode> {
    return change(
      staffId,
      byStaffId,
      (row) => {
        if (row.active && row.role === 'manager' && countOtherUsableManagers(db, row.id, iso()) === 0) {
          return fail('last_manager', 'This is the only manager who can sign in. Add another manager, or unlock one, first.', {
            reason: 'last_manager',
          });
        }
        updateStaff(db, row.id, { active: false }, iso());
        return { ok: true, value: {} };
      },
      'staff.deactivated',
    );
  }

  /**
   * Promotes or demotes. Managers may demote themselves too, but the store always keeps one active
   * manager: otherwise nobody could manage staff, close the day or change settings again.
   */
  function setRole(staffId: string, role: StaffRole, byStaffId: string): Result<StaffPublic, ManageErrorCode> {
    if (role !== 'clerk' && role !== 'manager') return fail('invalid', ROLE_WORDS, { fields: { role: 'role' } });
    return change(
      staffId,
      byStaffId,
      (row) => {
        if (row.role === role) return { ok: true, value: null };
        // A manager locked out by wrong PINs cannot sign in to unlock anyone, so they do not count.
        if (row.active && row.role === 'manager' && countOtherUsableManagers(db, row.id, iso()) === 0) {
          return fail(
            'last_manager',
            `${row.name} is the only manager who can sign in, and the store needs one. Make someone else a manager (or unlock one) first.`,
            { reason: 'last_manager_role', params: { name: row.name } },
          );
        }
        updateStaff(db, row.id, { role }, iso());
        return { ok: true, value: { from: row.role, to: role } };
      },
      'staff.role_changed',
    );
  }

  function reactivate(staffId: string, byStaffId: string): Result<StaffPublic, ManageErrorCode> {
    return change(
      staffId,
      byStaffId,
      (row) => {
        if (!row.active && activeNameTaken(db, row.name, row.id)) return nameTaken(row.name);
        updateStaff(db, row.id, { active: true }, iso());
        return { ok: true, value: {} };
      },
      'staff.reactivated',
    );
  }

  /** What a lock in effect on this row looked like, for the audit entry of lifting it. */
  function lockDetails(row: StaffRow): { wasLocked: boolean; failedAttempts: number; approvalsPaused?: true } {
    const t = now();
    const paused = lockedUntil(throttleOf(row, 'asking'), t) ?? lockedUntil(throttleOf(row, 'approving'), t);
    return {
      wasLocked: lockedUntil(throttleOf(row, 'sign_in'), t) !== null,
      failedAttempts: row.failedAttempts,
      ...(paused ? { approvalsPaused: true } : {}),
    };
  }

  /**
   * A manager lifts a lock at once, and its approval pauses with it; the doubling starts again
   * from the first lock.
   */
  function unlock(staffId: string, byManagerId: Actor): Result<StaffPublic, ManageErrorCode> {
    return change(
      staffId,
      byManagerId,
      (row) => {
        updateStaff(db, row.id, CLEAR_ALL, iso());
        return { ok: true, value: lockDetails(row) };
      },
      typeof byManagerId === 'string' ? 'staff.unlocked' : 'admin.unlocked',
    );
  }

  /**
   * A manager sets a new PIN; having confirmed who the person is, it also clears a lockout. The
   * owner's path (an OwnerActor) is for staff/recovery.ts, once the recovery code is checked.
   */
  async function resetPin(staffId: string, newPin: string, byStaffId: Actor): Promise<Result<StaffPublic, ManageErrorCode>> {
    const problem = pinProblem(newPin);
    if (problem) return pinRefused(problem);
    const by = typeof byStaffId === 'string' ? requireManager(byStaffId) : null;
    if (by && !by.ok) return by;
    const fresh = await hashPin(newPin, params);
    return change(
      staffId,
      byStaffId,
      (row) => {
        updateStaff(db, row.id, { ...fresh, ...CLEAR_ALL }, iso());
        const { failedAttempts: _count, ...details } = lockDetails(row);
        return { ok: true, value: details };
      },
      typeof byStaffId === 'string' ? 'staff.pin_reset' : 'admin.pin_reset',
    );
  }

  /** A person sets the language of their own screens (null: the computer's); no manager needed. */
  function setLanguage(staffId: string, language: string | null): Result<StaffPublic, ManageErrorCode> {
    return db.transaction((): Result<StaffPublic, ManageErrorCode> => {
      const row = getStaff(db, staffId);
      if (!row || !row.active) return fail('not_found', 'This staff member is not on file.', { reason: 'staff_not_found' });
      if (row.language !== language) {
        updateStaff(db, row.id, { language }, iso());
        audit('staff.language_changed', staffId, staffId, { from: row.language, to: language });
      }
      return { ok: true, value: toPublic(effective({ ...row, language }, now())) };
    })();
  }

  const approvals = createApprovals(db, { now });

  return {
    authenticate,
    approve: approvals.approve,
    create,
    rename,
    deactivate,
    reactivate,
    setRole,
    unlock,
    resetPin,
    setLanguage,
    /** As it stands now: a lock whose time is over is not shown as a lock. */
    get: (staffId: string): StaffPublic | undefined => {
      const row = getStaff(db, staffId);
      return row && toPublic(effective(row, now()));
    },
    list: (options: { includeInactive?: boolean } = {}): StaffPublic[] =>
      listStaff(db, options).map((row) => toPublic(effective(row, now()))),
    /** The Demo accounts whose PIN is still the published one, by id (the caller shows them in Demo only). */
    demoPins: (): Map<string, string> => demoPins(db),
  };
}
