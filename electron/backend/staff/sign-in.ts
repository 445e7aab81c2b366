/**
 * Signing in with a PIN: the check, the lockout count it keeps, its audit entries, and a hash made
 * at older parameters brought to today's while the PIN is at hand.
 */
import type Database from 'better-sqlite3';
import type { JsonValue } from '../audit/db.ts';
import { countOtherActiveManagers, getStaff, toPublic, updateStaff, type StaffPublic, type StaffRow } from './db.ts';
import { fail, lockedFailure, type Result, type SignInErrorCode } from './failures.ts';
import {
  afterFailure,
  CLEARED,
  effective,
  lockedUntil,
  throttleOf,
  throttlePatch,
  triesLeft,
  type LockPolicy,
} from './lockout.ts';
import { hashPin, parsePinHash, type pinMatches, type ScryptParams } from './pin-hash.ts';
import type { SessionPin } from './session-pin.ts';

export type SignInDeps = {
  readonly now: () => number;
  readonly iso: () => string;
  /** Today's hashing parameters. */
  readonly params: ScryptParams;
  readonly verify: typeof pinMatches;
  readonly audit: (
    action: string,
    actorStaffId: string | null,
    subject: string | null,
    details?: { [k: string]: JsonValue },
  ) => void;
};

export function createSignIn(db: Database.Database, { now, iso, params, verify, audit }: SignInDeps) {
  /** Her name when `row` is the only active manager: nobody at the counter can unlock her. */
  function lastManagerName(row: StaffRow): string | null {
    return row.role === 'manager' && countOtherActiveManagers(db, row.id) === 0 ? row.name : null;
  }

  /**
   * Checks a sign-in PIN and keeps the lockout count: five wrong in a row lock for a time that
   * doubles with each lock (lockout.ts), until a good sign-in or a manager's unlock. `sessionPin`:
   * the locked session's PIN in memory (session-pin.ts), which answers for its own staff member
   * without a key derivation; the lockout and audit are the same either way.
   */
  async function authenticate(
    staffId: string,
    pin: string,
    sessionPin?: SessionPin,
  ): Promise<Result<StaffPublic, SignInErrorCode>> {
    const subject = staffId.slice(0, 64);
    const before = getStaff(db, staffId);
    if (!before) {
      audit('staff.sign_in_refused', null, subject, { reason: 'not_found' });
      return fail('not_found', 'This name is no longer in the staff list. Choose your name again.', {
        reason: 'staff_not_listed',
      });
    }
    if (!before.active) {
      audit('staff.sign_in_refused', null, subject, { reason: 'inactive' });
      return fail('inactive', 'This account is switched off. Ask a manager.', { reason: 'account_off' });
    }
    const heldUntil = lockedUntil(throttleOf(before, 'sign_in'), now());
    if (heldUntil) {
      audit('staff.sign_in_refused', null, subject, { reason: 'locked', until: heldUntil });
      return lockedFailure('locked', heldUntil, now(), false, lastManagerName(before));
    }
    // Overlong input is a wrong PIN, not a reason to spend scrypt on megabytes.
    const matches =
      pin.length <= 64 &&
      (sessionPin?.check(staffId, before.pinHash, pin) ?? (await verify(pin, before.pinHash, before.pinSalt)));

    // Decide on the row as it is now: a parallel attempt may have locked it while we hashed.
    const outcome = db
      .transaction((): Result<StaffPublic, SignInErrorCode> => {
        const row = getStaff(db, staffId);
        const t = now();
        const until = row ? lockedUntil(throttleOf(row, 'sign_in'), t) : null;
        if (!row || !row.active || until) {
          const reason = !row ? 'not_found' : !row.active ? 'inactive' : 'locked';
          audit('staff.sign_in_refused', null, subject, until ? { reason, until } : { reason });
          if (until && row) return lockedFailure('locked', until, t, false, lastManagerName(row));
          return fail(reason as 'not_found' | 'inactive', 'This account is switched off or removed. Ask a manager.', {
            reason: reason === 'not_found' ? 'staff_not_listed' : 'account_off',
          });
        }
        if (matches) {
          const cleared = { ...throttlePatch('sign_in', CLEARED), lockedAt: null };
          if (row.failedAttempts > 0 || row.lockCount > 0 || row.lockedUntil !== null) updateStaff(db, row.id, cleared, iso());
          audit('staff.signed_in', row.id, row.id);
          return { ok: true, value: toPublic(effective({ ...row, ...cleared }, t)) };
        }
        const last = lastManagerName(row);
        const policy: LockPolicy = last === null ? 'standard' : 'last_manager';
        const { throttle, lockedNow } = afterFailure(throttleOf(row, 'sign_in'), t, policy);
        updateStaff(db, row.id, { ...throttlePatch('sign_in', throttle), lockedAt: lockedNow ? iso() : null }, iso());
        audit('staff.sign_in_failed', null, row.id, { failedAttempts: throttle.failures });
        if (lockedNow && throttle.lockedUntil) {
          audit('staff.locked', null, row.id, {
            failedAttempts: throttle.failures,
            minutes: lockedNow,
            until: throttle.lockedUntil,
            lockCount: throttle.lockCount,
          });
          return lockedFailure('locked', throttle.lockedUntil, t, true, last);
        }
        const left = triesLeft(throttle, t, policy);
        return fail('bad_pin', `Wrong PIN. ${left} ${left === 1 ? 'try' : 'tries'} left before this account locks.`, {
          reason: 'pin_tries_left',
          params: { count: left },
        });
      })
      .immediate();

    // Bring a hash made at other parameters to today's while the PIN is at hand.
    const stored = parsePinHash(before.pinHash)?.params;
    let pinHash = before.pinHash;
    if (outcome.ok && stored && (stored.N !== params.N || stored.r !== params.r || stored.p !== params.p)) {
      const fresh = await hashPin(pin, params);
      updateStaff(db, staffId, fresh, iso());
      pinHash = fresh.pinHash;
    }
    if (outcome.ok) sessionPin?.remember(staffId, pinHash, pin);
    return outcome;
  }

  return authenticate;
}
