/**
 * A manager's PIN typed at the counter to approve one action for whoever is signed in (showing a
 * QR code again). Wrong PINs here are throttled apart from sign-in: they count against the one
 * asking, and against approvals naming that manager (guessing spread over many clerks), but never
 * against the manager's own sign-in, or any clerk could lock the manager out.
 */
import type Database from 'better-sqlite3';
import { appendAudit, type JsonValue } from '../audit/db.ts';
import { getStaff, toPublic, updateStaff, type StaffPublic, type StaffRow } from './db.ts';
import {
  afterFailure,
  CLEARED,
  effective,
  LOCK_AFTER_FAILURES,
  lockedUntil,
  minutesInWords,
  throttleOf,
  throttlePatch,
  triesLeft,
} from './lockout.ts';
import { pinMatches } from './pin-hash.ts';
import type { ApprovalErrorCode, Failure, Result } from './failures.ts';

/**
 * `locked`: the named manager's sign-in is locked (the same PIN, so no guessing through here either);
 * `asker_paused`: the one asking may not ask for a while; `approver_paused`: approvals naming
 * this manager are paused for a while.
 */

type Paused = 'locked' | 'asker_paused' | 'approver_paused';

function failure(
  code: ApprovalErrorCode,
  message: string,
  extra: Omit<Failure<ApprovalErrorCode>, 'code' | 'message'>,
): Failure<ApprovalErrorCode> {
  return { code, message, ...extra };
}

/** The backend's fallback words; the screen says the clock time from `lockedUntil` instead. */
function pausedFailure(code: Paused, until: string, nowMs: number, wrongPinNow: boolean): Failure<ApprovalErrorCode> {
  const left = minutesInWords((Date.parse(until) - nowMs) / 60_000);
  const wrong = wrongPinNow ? 'Wrong PIN. ' : '';
  switch (code) {
    case 'asker_paused':
      return failure(
        code,
        `${wrong}After ${LOCK_AFTER_FAILURES} wrong manager’s PINs you cannot ask for approvals for ${wrongPinNow ? '' : 'another '}${left}. A manager can unlock you now.`,
        { reason: 'asker_paused', lockedUntil: until },
      );
    case 'approver_paused':
      return failure(
        code,
        `${wrong}After ${LOCK_AFTER_FAILURES} wrong PINs, approvals by this manager are paused for ${wrongPinNow ? '' : 'another '}${left}. They can still sign in, and another manager can approve.`,
        { reason: 'approver_paused', lockedUntil: until },
      );
    case 'locked':
      return failure(
        code,
        `This manager’s account is locked after wrong PINs for another ${left}. Another manager can approve, or unlock it.`,
        { reason: 'approver_locked', lockedUntil: until },
      );
  }
}

export function createApprovals(db: Database.Database, deps: { now: () => number }) {
  const { now } = deps;
  const iso = () => new Date(now()).toISOString();
  const audit = (action: string, actorStaffId: string | null, subject: string, details: { [k: string]: JsonValue } = {}) =>
    appendAudit(db, { action, actorStaffId, subject, details, at: iso() });

  /** Why this approval cannot be tried at `t`, before any PIN is checked; or the two rows when it can. */
  function check(
    asker: StaffRow | undefined,
    manager: StaffRow | undefined,
    t: number,
  ): { refused: Failure<ApprovalErrorCode> } | { asker: StaffRow; manager: StaffRow } {
    if (!asker)
      return { refused: failure('not_found', 'Sign in again before asking for an approval.', { reason: 'sign_in_again' }) };
    const askerUntil = lockedUntil(throttleOf(asker, 'asking'), t);
    if (askerUntil) return { refused: pausedFailure('asker_paused', askerUntil, t, false) };
    if (!manager) {
      return {
        refused: failure('not_found', 'This manager is no longer in the staff list. Choose again.', {
          reason: 'manager_not_listed',
        }),
      };
    }
    if (!manager.active || manager.role !== 'manager') {
      return {
        refused: failure('not_manager', 'Only a store manager can approve showing a QR code again.', {
          reason: 'approver_not_manager',
        }),
      };
    }
    const signInUntil = lockedUntil(throttleOf(manager, 'sign_in'), t);
    if (signInUntil) return { refused: pausedFailure('locked', signInUntil, t, false) };
    const approverUntil = lockedUntil(throttleOf(manager, 'approving'), t);
    if (approverUntil) return { refused: pausedFailure('approver_paused', approverUntil, t, false) };
    return { asker, manager };
  }

  function refuse(asker: StaffRow | undefined, managerId: string, refused: Failure<ApprovalErrorCode>) {
    const details: { [k: string]: JsonValue } = { reason: refused.code };
    if (refused.lockedUntil) details.until = refused.lockedUntil;
    audit('staff.approval_refused', asker?.id ?? null, managerId.slice(0, 64), details);
    return { ok: false as const, error: refused };
  }

  /** A wrong PIN: one more failure on each side, and a pause for whichever side reaches the limit. */
  function wrongPin(asker: StaffRow, manager: StaffRow, t: number): { ok: false; error: Failure<ApprovalErrorCode> } {
    const asking = afterFailure(throttleOf(asker, 'asking'), t);
    const approving = afterFailure(throttleOf(manager, 'approving'), t);
    updateStaff(db, asker.id, throttlePatch('asking', asking.throttle), iso());
    updateStaff(db, manager.id, throttlePatch('approving', approving.throttle), iso());
    audit('staff.approval_failed', asker.id, manager.id, {
      askerFailures: asking.throttle.failures,
      approverFailures: approving.throttle.failures,
    });
    for (const [side, paused, subject] of [
      ['asking', asking, asker.id],
      ['approving', approving, manager.id],
    ] as const) {
      if (paused.lockedNow === null || paused.throttle.lockedUntil === null) continue;
      audit('staff.approval_throttled', asker.id, subject, {
        paused: side,
        minutes: paused.lockedNow,
        until: paused.throttle.lockedUntil,
        lockCount: paused.throttle.lockCount,
      });
    }
    // The asker's pause is what they can act on; the manager's pause says to find another manager.
    if (asking.lockedNow !== null && asking.throttle.lockedUntil)
      return { ok: false, error: pausedFailure('asker_paused', asking.throttle.lockedUntil, t, true) };
    if (approving.lockedNow !== null && approving.throttle.lockedUntil)
      return { ok: false, error: pausedFailure('approver_paused', approving.throttle.lockedUntil, t, true) };
    const left = Math.min(triesLeft(asking.throttle, t), triesLeft(approving.throttle, t));
    return {
      ok: false,
      error: failure('bad_pin', `Wrong PIN. ${left} ${left === 1 ? 'try' : 'tries'} left before approvals pause.`, {
        reason: 'approval_tries_left',
        params: { count: left },
      }),
    };
  }

  /**
   * `askerId` is the signed-in staff member asking; `managerId` and `pin` are the approver's. The
   * answer is the approving manager, as the audit entry of the approved action should name them.
   */
  async function approve(askerId: string, managerId: string, pin: string): Promise<Result<StaffPublic, ApprovalErrorCode>> {
    const askerBefore = getStaff(db, askerId);
    const early = check(askerBefore, getStaff(db, managerId), now());
    if ('refused' in early) return refuse(askerBefore, managerId, early.refused);
    const { pinHash, pinSalt } = early.manager;
    // Overlong input is a wrong PIN, not a reason to spend scrypt on megabytes.
    const matches = pin.length <= 64 && (await pinMatches(pin, pinHash, pinSalt));

    // Decide on the rows as they are now: a parallel attempt may have paused either while we hashed.
    return db
      .transaction((): Result<StaffPublic, ApprovalErrorCode> => {
        const t = now();
        const askerNow = getStaff(db, askerId);
        const late = check(askerNow, getStaff(db, managerId), t);
        if ('refused' in late) return refuse(askerNow, managerId, late.refused);
        const { asker, manager } = late;
        if (!matches) return wrongPin(asker, manager, t);
        if (asker.approvalFailures > 0 || asker.approvalLockCount > 0) {
          updateStaff(db, asker.id, throttlePatch('asking', CLEARED), iso());
        }
        if (manager.approverFailures > 0 || manager.approverLockCount > 0) {
          updateStaff(db, manager.id, throttlePatch('approving', CLEARED), iso());
        }
        audit('staff.approved', manager.id, manager.id);
        return { ok: true, value: toPublic(effective(getStaff(db, manager.id)!, t)) };
      })
      .immediate();
  }

  return { approve };
}
