import { randomBytes, randomUUID, scrypt, timingSafeEqual } from 'node:crypto';
import type Database from 'better-sqlite3';
import { appendAudit, type JsonValue } from '../db/audit.ts';
import {
  countOtherUsableManagers,
  countStaff,
  getStaff,
  insertStaff,
  listStaff,
  recordFailedAttempt,
  toPublic,
  updateStaff,
  type StaffPublic,
  type StaffRole,
  type StaffRow,
} from '../db/staff.ts';
import { pinProblem } from '../../shared/pins.ts';

export type Result<T, C extends string> = { ok: true; value: T } | { ok: false; error: { code: C; message: string } };

export type SignInErrorCode = 'not_found' | 'inactive' | 'locked' | 'bad_pin';
export type ManageErrorCode = 'forbidden' | 'invalid' | 'not_found' | 'name_taken' | 'last_manager';

export type ScryptParams = { N: number; r: number; p: number };

/** OWASP's scrypt recommendation (about 128 MiB and a few hundred ms per check). */
export const DEFAULT_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
/** Below this a stolen journal's PINs fall too quickly; tests may go down to it, never lower. */
export const MIN_SCRYPT_N = 2 ** 15;
export const LOCK_AFTER_FAILURES = 5;
export const DEMO_STAFF = [
  { name: 'Maria Manager', role: 'manager', pin: '2468' },
  { name: 'Chris Clerk', role: 'clerk', pin: '1357' },
] as const;

export type StaffServiceOptions = { now?: () => number; scrypt?: ScryptParams };

/**
 * The machine's owner at the command line (`npm run admin`), with no manager signed in: the way
 * back when no manager can sign in. Audited as `admin.*` with no actor, and who ran it.
 */
export type OwnerActor = { readonly via: 'command_line'; readonly user: string };
type Actor = string | OwnerActor;

const KEY_LENGTH = 32;
const HASH_PATTERN = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/=]+)$/;

function fail<C extends string>(code: C, message: string): { ok: false; error: { code: C; message: string } } {
  return { ok: false, error: { code, message } };
}

function deriveKey(pin: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // Node refuses when 128·N·r exceeds maxmem (32 MiB by default); leave room above that.
    const maxmem = 256 * params.N * params.r * params.p;
    scrypt(pin, salt, KEY_LENGTH, { ...params, maxmem }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** Hashes a PIN with a fresh 16-byte salt; the parameters are written into the hash string. */
export async function hashPin(pin: string, params: ScryptParams = DEFAULT_SCRYPT): Promise<{ pinHash: string; pinSalt: string }> {
  if (params.N < MIN_SCRYPT_N || !Number.isInteger(Math.log2(params.N)) || params.r < 8 || params.p < 1) {
    throw new RangeError(`scrypt parameters too weak: N=${params.N}, r=${params.r}, p=${params.p}`);
  }
  const salt = randomBytes(16);
  const key = await deriveKey(pin, salt, params);
  return {
    pinHash: `scrypt$N=${params.N},r=${params.r},p=${params.p}$${key.toString('base64')}`,
    pinSalt: salt.toString('base64'),
  };
}

export function parsePinHash(pinHash: string): { params: ScryptParams; key: Buffer } | undefined {
  const m = HASH_PATTERN.exec(pinHash);
  if (!m) return undefined;
  return { params: { N: Number(m[1]), r: Number(m[2]), p: Number(m[3]) }, key: Buffer.from(m[4] ?? '', 'base64') };
}

/** Constant-time comparison with the stored key, using the parameters stored with it. */
export async function pinMatches(pin: string, pinHash: string, pinSalt: string): Promise<boolean> {
  const parsed = parsePinHash(pinHash);
  if (!parsed || parsed.key.length !== KEY_LENGTH) return false;
  const key = await deriveKey(pin, Buffer.from(pinSalt, 'base64'), parsed.params);
  return timingSafeEqual(key, parsed.key);
}

function cleanName(raw: string): string | undefined {
  const name = raw.trim().replace(/\s+/g, ' ');
  return name.length >= 1 && name.length <= 80 ? name : undefined;
}

export type StaffService = ReturnType<typeof createStaffService>;

export function createStaffService(db: Database.Database, options: StaffServiceOptions = {}) {
  const now = options.now ?? Date.now;
  const params = options.scrypt ?? DEFAULT_SCRYPT;
  const iso = () => new Date(now()).toISOString();
  const audit = (action: string, actorStaffId: string | null, subject: string | null, details: { [k: string]: JsonValue } = {}) =>
    appendAudit(db, { action, actorStaffId, subject, details, at: iso() });

  function requireManager(byStaffId: string): Result<StaffRow, 'forbidden'> {
    const by = getStaff(db, byStaffId);
    if (!by || !by.active || by.role !== 'manager' || by.lockedAt !== null) {
      return fail('forbidden', 'Only a manager can do this.');
    }
    return { ok: true, value: by };
  }

  function nameTaken(name: string, exceptId: string | null): boolean {
    const row = db
      .prepare('SELECT 1 FROM staff WHERE active = 1 AND lower(trim(name)) = lower(?) AND id IS NOT ?')
      .get(name, exceptId);
    return row !== undefined;
  }

  const takenMessage = (name: string) => `Someone active is already called ${name}. Use a different name.`;

  /**
   * Checks a PIN and keeps the lockout count. `purpose` only changes the audit wording:
   * 'approval' is a manager's step-up PIN for a single action, not a sign-in.
   */
  async function authenticate(
    staffId: string,
    pin: string,
    purpose: 'sign_in' | 'approval' = 'sign_in',
  ): Promise<Result<StaffPublic, SignInErrorCode>> {
    const subject = staffId.slice(0, 64);
    const before = getStaff(db, staffId);
    if (!before) {
      audit('staff.sign_in_refused', null, subject, { reason: 'not_found', purpose });
      return fail('not_found', 'This name is no longer in the staff list. Choose your name again.');
    }
    if (!before.active) {
      audit('staff.sign_in_refused', null, subject, { reason: 'inactive', purpose });
      return fail('inactive', 'This account is switched off. Ask a manager.');
    }
    if (before.lockedAt !== null) {
      audit('staff.sign_in_refused', null, subject, { reason: 'locked', purpose });
      return fail('locked', 'This account is locked after too many wrong PINs. Ask a manager to unlock it.');
    }
    // Overlong input is a wrong PIN, not a reason to spend scrypt on megabytes.
    const matches = pin.length <= 64 && (await pinMatches(pin, before.pinHash, before.pinSalt));

    // Decide on the row as it is now: a parallel attempt may have locked it while we hashed.
    const outcome = db.transaction((): Result<StaffPublic, SignInErrorCode> => {
      const row = getStaff(db, staffId);
      if (!row || !row.active || row.lockedAt !== null) {
        const reason = !row ? 'not_found' : !row.active ? 'inactive' : 'locked';
        audit('staff.sign_in_refused', null, subject, { reason, purpose });
        if (reason === 'locked')
          return fail('locked', 'This account is locked after too many wrong PINs. Ask a manager to unlock it.');
        return fail(reason, 'This account is switched off or removed. Ask a manager.');
      }
      if (matches) {
        if (row.failedAttempts > 0) updateStaff(db, row.id, { failedAttempts: 0 }, iso());
        audit(purpose === 'sign_in' ? 'staff.signed_in' : 'staff.approved', row.id, row.id);
        return { ok: true, value: toPublic({ ...row, failedAttempts: 0 }) };
      }
      const after = recordFailedAttempt(db, row.id, LOCK_AFTER_FAILURES, iso());
      const failedAttempts = after?.failedAttempts ?? row.failedAttempts + 1;
      audit('staff.sign_in_failed', null, row.id, { failedAttempts, purpose });
      if (after?.lockedAt) {
        audit('staff.locked', null, row.id, { failedAttempts });
        return fail(
          'locked',
          `Wrong PIN. This account is now locked after ${LOCK_AFTER_FAILURES} wrong PINs. Ask a manager to unlock it.`,
        );
      }
      const left = LOCK_AFTER_FAILURES - failedAttempts;
      return fail('bad_pin', `Wrong PIN. ${left} ${left === 1 ? 'try' : 'tries'} left before this account locks.`);
    })();

    // Raise old hashes to today's parameters while the PIN is at hand.
    const stored = parsePinHash(before.pinHash)?.params;
    if (outcome.ok && stored && stored.N < params.N) {
      const fresh = await hashPin(pin, params);
      updateStaff(db, staffId, fresh, iso());
    }
    return outcome;
  }

  async function create(
    input: { name: string; role: StaffRole; pin: string },
    byStaffId: string | null,
  ): Promise<Result<StaffPublic, ManageErrorCode>> {
    // With nobody on file there is nobody to ask: the first account must be a manager.
    if (byStaffId === null) {
      if (countStaff(db) > 0) return fail('forbidden', 'Only a manager can do this.');
      if (input.role !== 'manager') return fail('invalid', 'The first account must be a manager.');
    } else {
      const by = requireManager(byStaffId);
      if (!by.ok) return by;
    }
    const name = cleanName(input.name);
    if (!name) return fail('invalid', 'A name is 1 to 80 characters.');
    if (input.role !== 'clerk' && input.role !== 'manager') return fail('invalid', 'The role is clerk or manager.');
    const problem = pinProblem(input.pin);
    if (problem) return fail('invalid', problem);
    const pin = await hashPin(input.pin, params);
    // Checked again after the await: another create may have landed while we hashed.
    return db.transaction((): Result<StaffPublic, ManageErrorCode> => {
      if (byStaffId === null && countStaff(db) > 0) return fail('forbidden', 'Only a manager can do this.');
      if (nameTaken(name, null)) return fail('name_taken', takenMessage(name));
      const at = iso();
      const row: StaffRow = {
        id: randomUUID(),
        name,
        role: input.role,
        ...pin,
        active: true,
        failedAttempts: 0,
        lockedAt: null,
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
      if (!row) return fail('not_found', 'This staff member is not on file.');
      const applied = apply(row);
      if (!applied.ok) return applied;
      if (applied.value !== null)
        audit(action, byStaffId, staffId, typeof by === 'string' ? applied.value : { ...by, ...applied.value });
      const updated = getStaff(db, staffId);
      return { ok: true, value: toPublic(updated ?? row) };
    })();
  }

  function rename(staffId: string, newName: string, byStaffId: string): Result<StaffPublic, ManageErrorCode> {
    return change(
      staffId,
      byStaffId,
      (row) => {
        const name = cleanName(newName);
        if (!name) return fail('invalid', 'A name is 1 to 80 characters.');
        if (row.active && nameTaken(name, row.id)) return fail('name_taken', takenMessage(name));
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
        if (row.active && row.role === 'manager' && countOtherUsableManagers(db, row.id) === 0) {
          return fail('last_manager', 'This is the only manager who can sign in. Add another manager, or unlock one, first.');
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
    if (role !== 'clerk' && role !== 'manager') return fail('invalid', 'The role is clerk or manager.');
    return change(
      staffId,
      byStaffId,
      (row) => {
        if (row.role === role) return { ok: true, value: null };
        // A manager locked out by wrong PINs cannot sign in to unlock anyone, so they do not count.
        if (row.active && row.role === 'manager' && countOtherUsableManagers(db, row.id) === 0) {
          return fail(
            'last_manager',
            `${row.name} is the only manager who can sign in, and the store needs one. Make someone else a manager (or unlock one) first.`,
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
        if (!row.active && nameTaken(row.name, row.id)) return fail('name_taken', takenMessage(row.name));
        updateStaff(db, row.id, { active: true }, iso());
        return { ok: true, value: {} };
      },
      'staff.reactivated',
    );
  }

  /** Only a manager clears a lockout; the count starts again from zero. */
  function unlock(staffId: string, byManagerId: Actor): Result<StaffPublic, ManageErrorCode> {
    return change(
      staffId,
      byManagerId,
      (row) => {
        updateStaff(db, row.id, { failedAttempts: 0, lockedAt: null }, iso());
        return { ok: true, value: { wasLocked: row.lockedAt !== null, failedAttempts: row.failedAttempts } };
      },
      typeof byManagerId === 'string' ? 'staff.unlocked' : 'admin.unlocked',
    );
  }

  /**
   * A manager sets a new PIN; having confirmed who the person is, it also clears a lockout. The
   * owner's path (an OwnerActor) is for services/recovery.ts, once the recovery code is checked.
   */
  async function resetPin(staffId: string, newPin: string, byStaffId: Actor): Promise<Result<StaffPublic, ManageErrorCode>> {
    const problem = pinProblem(newPin);
    if (problem) return fail('invalid', problem);
    const by = typeof byStaffId === 'string' ? requireManager(byStaffId) : null;
    if (by && !by.ok) return by;
    const fresh = await hashPin(newPin, params);
    return change(
      staffId,
      byStaffId,
      (row) => {
        updateStaff(db, row.id, { ...fresh, failedAttempts: 0, lockedAt: null }, iso());
        return { ok: true, value: { wasLocked: row.lockedAt !== null } };
      },
      typeof byStaffId === 'string' ? 'staff.pin_reset' : 'admin.pin_reset',
    );
  }

  return {
    authenticate,
    create,
    rename,
    deactivate,
    reactivate,
    setRole,
    unlock,
    resetPin,
    get: (staffId: string): StaffPublic | undefined => {
      const row = getStaff(db, staffId);
      return row && toPublic(row);
    },
    list: (options: { includeInactive?: boolean } = {}): StaffPublic[] => listStaff(db, options).map(toPublic),
  };
}

/**
 * Demo environment only (the caller checks the environment): the two demo accounts,
 * created only when the journal has no staff at all.
 */
export async function seedDemoStaff(db: Database.Database, options: StaffServiceOptions = {}): Promise<{ created: boolean }> {
  if (countStaff(db) > 0) return { created: false };
  const service = createStaffService(db, options);
  const first = await service.create(DEMO_STAFF[0], null);
  if (!first.ok) throw new Error(`Demo manager not created: ${first.error.message}`);
  const second = await service.create(DEMO_STAFF[1], first.value.id);
  if (!second.ok) throw new Error(`Demo clerk not created: ${second.error.message}`);
  return { created: true };
}
