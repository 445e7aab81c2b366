/**
 * Throttling of PIN guesses (NIST SP 800-63B §5.2.2): a few wrong PINs in a row lock for a time
 * that doubles with each further lock, and then end by themselves. A lock that never ended would
 * let anyone at the counter shut the only manager out for good.
 *
 * One policy, three throttles on a staff row: signing in, asking for a manager's approval, and
 * being the manager named in an approval. Pure functions of the stored state and the clock.
 */
import type { StaffPatch, StaffRow } from './db.ts';

export const LOCK_AFTER_FAILURES = 5;
export const FIRST_LOCK_MINUTES = 15;
export const MAX_LOCK_MINUTES = 24 * 60;
/**
 * The sign-in of the last manager who can sign in: nobody at the counter can unlock her, so a
 * prankster at the tiles must not keep her out for a day, and her locks stop at 4 hours. A guesser
 * gets no more for it: after her first lock each wrong PIN locks again (one try per lock, not five),
 * so past the first day it is 6 tries a day against an ordinary account's 5. The owner's way out at
 * any time is `npm run admin -- unlock` (or `reset-pin` with the recovery code) at the machine.
 */
export const LAST_MANAGER_MAX_LOCK_MINUTES = 4 * 60;

/** `last_manager`: the throttle of the only manager left who could unlock anyone (see above). */
export type LockPolicy = 'standard' | 'last_manager';

/** What is stored for one throttle. A lock is in effect while `lockedUntil` is in the future. */
export type Throttle = {
  readonly failures: number;
  readonly lockedUntil: string | null;
  /** Locks since the last success or a manager's unlock; the next one lasts twice as long. */
  readonly lockCount: number;
};

export const CLEARED: Throttle = { failures: 0, lockedUntil: null, lockCount: 0 };

/**
 * Minutes of the `lockNumber`-th lock in a row (1 for the first): 15, 30, 60 … at most a day, or
 * at most 4 hours for the last manager.
 */
export function lockMinutes(lockNumber: number, policy: LockPolicy = 'standard'): number {
  const cap = policy === 'last_manager' ? LAST_MANAGER_MAX_LOCK_MINUTES : MAX_LOCK_MINUTES;
  return Math.min(FIRST_LOCK_MINUTES * 2 ** Math.max(0, lockNumber - 1), cap);
}

/** Wrong PINs in a row that lock: five, but one for the last manager once she has been locked. */
function lockThreshold(before: Throttle, policy: LockPolicy): number {
  return policy === 'last_manager' && before.lockCount > 0 ? 1 : LOCK_AFTER_FAILURES;
}

/** The end of a lock in effect at `nowMs`, or null. */
export function lockedUntil(t: Throttle, nowMs: number): string | null {
  return t.lockedUntil !== null && Date.parse(t.lockedUntil) > nowMs ? t.lockedUntil : null;
}

/**
 * The throttle as it stands at `nowMs`: once a lock's time is over, the failures that led to it no
 * longer count (the next lock needs a full run again), but the lock count stays, so it doubles.
 */
export function current(t: Throttle, nowMs: number): Throttle {
  if (t.lockedUntil === null || lockedUntil(t, nowMs) !== null) return t;
  return { failures: 0, lockedUntil: null, lockCount: t.lockCount };
}

/**
 * One more wrong PIN on a throttle not locked now. `lockedNow` is set when this one locks it,
 * with the lock's length in minutes.
 */
export function afterFailure(
  t: Throttle,
  nowMs: number,
  policy: LockPolicy = 'standard',
): { throttle: Throttle; lockedNow: number | null } {
  const before = current(t, nowMs);
  const failures = before.failures + 1;
  if (failures < lockThreshold(before, policy)) return { throttle: { ...before, failures }, lockedNow: null };
  const lockCount = before.lockCount + 1;
  const minutes = lockMinutes(lockCount, policy);
  return {
    throttle: { failures, lockCount, lockedUntil: new Date(nowMs + minutes * 60_000).toISOString() },
    lockedNow: minutes,
  };
}

/** Wrong PINs left before the next lock. */
export function triesLeft(t: Throttle, nowMs: number, policy: LockPolicy = 'standard'): number {
  const now = current(t, nowMs);
  return Math.max(0, lockThreshold(now, policy) - now.failures);
}

/** "15 minutes", "2 hours", "1 hour 30 minutes" — the backend's fallback words for a lock's length. */
export function minutesInWords(minutes: number): string {
  const m = Math.max(1, Math.ceil(minutes));
  const hours = Math.floor(m / 60);
  const rest = m % 60;
  const h = hours === 0 ? '' : `${hours} hour${hours === 1 ? '' : 's'}`;
  const r = rest === 0 ? '' : `${rest} minute${rest === 1 ? '' : 's'}`;
  return [h, r].filter(Boolean).join(' ');
}

/** Signing in; asking for a manager's approval; being the manager an approval names. */
export type ThrottleKind = 'sign_in' | 'asking' | 'approving';

export function throttleOf(row: StaffRow, kind: ThrottleKind): Throttle {
  switch (kind) {
    case 'sign_in':
      return { failures: row.failedAttempts, lockedUntil: row.lockedUntil, lockCount: row.lockCount };
    case 'asking':
      return { failures: row.approvalFailures, lockedUntil: row.approvalLockedUntil, lockCount: row.approvalLockCount };
    case 'approving':
      return { failures: row.approverFailures, lockedUntil: row.approverLockedUntil, lockCount: row.approverLockCount };
  }
}

/** The columns that store one throttle (a sign-in lock's start, `lockedAt`, is the caller's). */
export function throttlePatch(kind: ThrottleKind, t: Throttle): StaffPatch {
  switch (kind) {
    case 'sign_in':
      return { failedAttempts: t.failures, lockedUntil: t.lockedUntil, lockCount: t.lockCount };
    case 'asking':
      return { approvalFailures: t.failures, approvalLockedUntil: t.lockedUntil, approvalLockCount: t.lockCount };
    case 'approving':
      return { approverFailures: t.failures, approverLockedUntil: t.lockedUntil, approverLockCount: t.lockCount };
  }
}

/**
 * Every throttle of a row back to nothing: a manager's unlock or PIN reset. (A good sign-in clears
 * only its own, or a clerk could lift an approval pause by signing in again.)
 */
export const CLEAR_ALL: Pick<
  StaffRow,
  | 'failedAttempts'
  | 'lockedAt'
  | 'lockedUntil'
  | 'lockCount'
  | 'approvalFailures'
  | 'approvalLockedUntil'
  | 'approvalLockCount'
  | 'approverFailures'
  | 'approverLockedUntil'
  | 'approverLockCount'
> = {
  failedAttempts: 0,
  lockedAt: null,
  lockedUntil: null,
  lockCount: 0,
  approvalFailures: 0,
  approvalLockedUntil: null,
  approvalLockCount: 0,
  approverFailures: 0,
  approverLockedUntil: null,
  approverLockCount: 0,
};

/** A staff row as it stands at `nowMs`: locks whose time is over are gone, wherever it is read. */
export function effective(row: StaffRow, nowMs: number): StaffRow {
  const signIn = current(throttleOf(row, 'sign_in'), nowMs);
  return {
    ...row,
    ...throttlePatch('sign_in', signIn),
    lockedAt: signIn.lockedUntil === null ? null : row.lockedAt,
    ...throttlePatch('asking', current(throttleOf(row, 'asking'), nowMs)),
    ...throttlePatch('approving', current(throttleOf(row, 'approving'), nowMs)),
  };
}
