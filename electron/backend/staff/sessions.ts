import type Database from 'better-sqlite3';
import { appendAudit } from '../audit/db.ts';
import { getSetting, SETTINGS } from '../settings/db.ts';
import type { StaffRole } from './db.ts';
import { createStaffService, type Result, type StaffService } from './service.ts';
import type { SignInErrorCode } from './failures.ts';
import { SessionPin } from './session-pin.ts';

/** Who is signed in at the counter: what every service that acts for someone is handed. */
export type StaffSession = { readonly staffId: string; readonly name: string; readonly role: StaffRole };

/** Who is at the counter. Held in memory only: a restart signs everyone out (lockouts persist in the journal). */
export type Session = { staffId: string; name: string; role: StaffRole; signedInAt: string };

export type SessionState =
  | { status: 'signed_out' }
  | { status: 'locked'; staffId: string; name: string; lockedAt: string }
  | { status: 'active'; session: Session; idleLockInMs: number; idleLockAfterMs: number };

export type SessionOptions = {
  now?: () => number;
  /** Defaults to the session.idleLockMinutes setting (5 minutes unless changed). */
  idleMs?: number;
  /** How long a minute of that setting lasts (tests of the lock shorten it). */
  minuteMs?: number;
  staff?: StaffService;
  /**
   * Told when the counter leaves someone's hands: locked (by hand or when idle), signed out, or
   * taken over by another sign-in. What they left on show (the customer display) is cleared here.
   */
  onRelease?: () => void;
};

export type SessionHolder = ReturnType<typeof createSessionHolder>;

/**
 * The one session of this counter. Idle lock is checked against the clock on every read, so no
 * timer can be missed while the machine sleeps, and by a timer too, so the lock (and what it
 * clears) happens on time even when nothing asks.
 */
export function createSessionHolder(db: Database.Database, options: SessionOptions = {}) {
  const now = options.now ?? Date.now;
  const staff = options.staff ?? createStaffService(db, { now });
  const minuteMs = options.minuteMs ?? 60_000;
  let idleMs = options.idleMs ?? getSetting(db, SETTINGS.idleLockMinutes) * minuteMs;
  let state: SessionState = { status: 'signed_out' };
  let lastActivity = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const iso = (ms: number) => new Date(ms).toISOString();
  const release = () => options.onRelease?.();
  /** The signed-in person's PIN, for their own way back from a lock (session-pin.ts). */
  const sessionPin = new SessionPin();

  /** Arms the idle timer for the current deadline; on firing it re-arms if activity moved the deadline on. */
  function watchIdle(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    if (state.status !== 'active') return;
    timer = setTimeout(
      () => {
        timer = null;
        expireIfIdle();
        watchIdle();
      },
      Math.max(0, lastActivity + idleMs - now()) + 20,
    );
    timer.unref?.();
  }

  /** Moves an expired session to 'locked'; the lock time is when it expired, not when we noticed. */
  function expireIfIdle(): void {
    if (state.status !== 'active') return;
    const deadline = lastActivity + idleMs;
    if (now() < deadline) return;
    const { session } = state;
    state = { status: 'locked', staffId: session.staffId, name: session.name, lockedAt: iso(deadline) };
    appendAudit(db, {
      action: 'session.idle_locked',
      actorStaffId: session.staffId,
      subject: session.staffId,
      details: { idleMinutes: idleMs / minuteMs },
      at: iso(now()),
    });
    release();
  }

  /**
   * Role and name follow the staff row at every read rather than the sign-in, so a manager who
   * demotes themselves has no manager rights from the very next call, and a member switched off
   * meanwhile is signed out.
   */
  function followStaffRow(): void {
    if (state.status !== 'active') return;
    const { session } = state;
    const row = staff.get(session.staffId);
    if (!row || !row.active) {
      state = { status: 'signed_out' };
      sessionPin.forget();
      appendAudit(db, {
        action: 'session.signed_out',
        actorStaffId: row ? session.staffId : null,
        subject: session.staffId,
        details: { reason: 'deactivated' },
        at: iso(now()),
      });
      release();
    } else if (row.role !== session.role || row.name !== session.name) {
      state = { ...state, session: { ...session, role: row.role, name: row.name } };
    }
  }

  async function signIn(staffId: string, pin: string): Promise<Result<Session, SignInErrorCode>> {
    // Only the locked session's own person comes back on the PIN held in memory; anyone else's
    // sign-in ends that session, so its PIN is forgotten (a success below holds the new one).
    const own = state.status === 'locked' && state.staffId === staffId;
    if (!own) sessionPin.forget();
    const result = await staff.authenticate(staffId, pin, sessionPin);
    if (!result.ok) return result;
    const t = now();
    const session: Session = { staffId: result.value.id, name: result.value.name, role: result.value.role, signedInAt: iso(t) };
    const tookOver = state.status === 'active';
    state = { status: 'active', session, idleLockInMs: idleMs, idleLockAfterMs: idleMs };
    lastActivity = t;
    if (tookOver) release();
    watchIdle();
    return { ok: true, value: session };
  }

  function signOut(): void {
    if (state.status === 'signed_out') return;
    const staffId = state.status === 'active' ? state.session.staffId : state.staffId;
    state = { status: 'signed_out' };
    sessionPin.forget();
    appendAudit(db, { action: 'session.signed_out', actorStaffId: staffId, subject: staffId, at: iso(now()) });
    release();
  }

  /** The active session, or null when signed out or idle-locked. */
  function current(): Session | null {
    expireIfIdle();
    followStaffRow();
    return state.status === 'active' ? state.session : null;
  }

  /** Records activity. Returns false (and does not revive anything) when there is no active session. */
  function touch(): boolean {
    expireIfIdle();
    if (state.status !== 'active') return false;
    lastActivity = now();
    return true;
  }

  /** The clerk steps away: the next person needs a PIN. */
  function lock(): void {
    expireIfIdle();
    if (state.status !== 'active') return;
    const { session } = state;
    state = { status: 'locked', staffId: session.staffId, name: session.name, lockedAt: iso(now()) };
    appendAudit(db, { action: 'session.locked', actorStaffId: session.staffId, subject: session.staffId, at: iso(now()) });
    release();
  }

  function snapshot(): SessionState {
    expireIfIdle();
    followStaffRow();
    if (state.status !== 'active') return state;
    return { ...state, idleLockInMs: Math.max(0, lastActivity + idleMs - now()), idleLockAfterMs: idleMs };
  }

  function setIdleMs(ms: number): void {
    if (!Number.isFinite(ms) || ms < 10_000) throw new RangeError(`Idle lock must be at least 10 seconds, got ${ms}`);
    expireIfIdle();
    idleMs = ms;
    watchIdle();
  }
  /** A manager's change of the idle-lock setting, in its minutes. */
  function setIdleMinutes(minutes: number): void {
    setIdleMs(minutes * minuteMs);
  }

  function close(): void {
    if (timer) clearTimeout(timer);
    timer = null;
  }

  return { signIn, signOut, current, touch, lock, state: snapshot, setIdleMs, setIdleMinutes, close };
}
