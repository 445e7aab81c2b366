import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listAudit } from '../../../../../electron/backend/audit/db.ts';
import { openJournalInMemory, type Journal } from '../../../../../electron/backend/journal/open.ts';
import { setSetting, SETTINGS } from '../../../../../electron/backend/settings/db.ts';
import { createSessionHolder } from '../../../../../electron/backend/staff/sessions.ts';
import {
  createStaffService,
  MIN_SCRYPT_N,
  pinMatches,
  type StaffService,
} from '../../../../../electron/backend/staff/service.ts';

const MIN = 60_000;
let db: Journal;
let clock: number;
const now = () => clock;
let staff: StaffService;
let managerId: string;
let clerkId: string;

beforeEach(async () => {
  db = openJournalInMemory();
  clock = Date.parse('2026-11-22T10:00:00.000Z');
  staff = createStaffService(db, { now, scrypt: { N: MIN_SCRYPT_N, r: 8, p: 1 } });
  const m = await staff.create({ name: 'Maria Manager', role: 'manager', pin: '2468' }, null);
  const c = await staff.create({ name: 'Chris Clerk', role: 'clerk', pin: '1357' }, m.ok ? m.value.id : '');
  if (!m.ok || !c.ok) throw new Error('setup');
  managerId = m.value.id;
  clerkId = c.value.id;
});

describe('session holder', () => {
  it('signs in, reports the session, and signs out', async () => {
    const s = createSessionHolder(db, { now, staff });
    expect(s.current()).toBeNull();
    const r = await s.signIn(clerkId, '1357');
    const session = { staffId: clerkId, name: 'Chris Clerk', role: 'clerk', signedInAt: '2026-11-22T10:00:00.000Z' };
    expect(r).toEqual({ ok: true, value: session });
    expect(s.current()).toEqual(session);
    s.signOut();
    expect(s.current()).toBeNull();
    expect(s.state()).toEqual({ status: 'signed_out' });
    expect(listAudit(db, { limit: 1 })[0]).toMatchObject({ action: 'session.signed_out', actorStaffId: clerkId });
  });

  it('passes on sign-in errors in words and keeps nobody signed in', async () => {
    const s = createSessionHolder(db, { now, staff });
    expect(await s.signIn(clerkId, '0000')).toEqual({
      ok: false,
      error: {
        code: 'bad_pin',
        reason: 'pin_tries_left',
        params: { count: 4 },
        message: 'Wrong PIN. 4 tries left before this account locks.',
      },
    });
    expect(s.current()).toBeNull();
    expect(await s.signIn('nobody', '1357')).toMatchObject({
      ok: false,
      error: { code: 'not_found', reason: 'staff_not_listed' },
    });
  });

  it('locks after the idle time measured from the last touch', async () => {
    const s = createSessionHolder(db, { now, staff });
    await s.signIn(clerkId, '1357');
    clock += 4 * MIN;
    expect(s.touch()).toBe(true);
    clock += 4 * MIN + 59_000;
    expect(s.state()).toMatchObject({ status: 'active', idleLockInMs: 1000 });
    expect(s.current()?.staffId).toBe(clerkId);
    clock += 1000;
    expect(s.current()).toBeNull();
    expect(s.state()).toEqual({ status: 'locked', staffId: clerkId, name: 'Chris Clerk', lockedAt: '2026-11-22T10:09:00.000Z' });
    // A touch does not revive a locked session; a PIN does, and anyone may take over the counter.
    expect(s.touch()).toBe(false);
    expect(s.current()).toBeNull();
    expect((await s.signIn(managerId, '2468')).ok).toBe(true);
    expect(s.current()?.role).toBe('manager');
    expect(listAudit(db).filter((e) => e.action === 'session.idle_locked')).toHaveLength(1);
  });

  it('takes its idle time from options, else from settings', async () => {
    setSetting(db, SETTINGS.idleLockMinutes, 2);
    const fromSettings = createSessionHolder(db, { now, staff });
    await fromSettings.signIn(clerkId, '1357');
    clock += 2 * MIN;
    expect(fromSettings.current()).toBeNull();

    const fromOptions = createSessionHolder(db, { now, staff, idleMs: 30_000 });
    await fromOptions.signIn(clerkId, '1357');
    clock += 29_999;
    expect(fromOptions.current()).not.toBeNull();
    fromOptions.setIdleMs(10 * MIN);
    clock += 5 * MIN;
    expect(fromOptions.current()).not.toBeNull();
    expect(() => fromOptions.setIdleMs(1)).toThrow(RangeError);
  });

  it('takes the role and name from the staff row at every read, so a demotion applies at once', async () => {
    expect(staff.setRole(clerkId, 'manager', managerId).ok).toBe(true);
    const s = createSessionHolder(db, { now, staff });
    await s.signIn(managerId, '2468');
    expect(s.current()?.role).toBe('manager');
    expect(staff.setRole(managerId, 'clerk', managerId).ok).toBe(true);
    expect(staff.rename(managerId, 'Maria Former', clerkId).ok).toBe(true);
    expect(s.current()).toMatchObject({ staffId: managerId, role: 'clerk', name: 'Maria Former' });
    expect(s.state()).toMatchObject({ status: 'active', session: { role: 'clerk' } });
  });

  it('gives a promoted clerk manager rights without a new PIN', async () => {
    const s = createSessionHolder(db, { now, staff });
    await s.signIn(clerkId, '1357');
    expect(staff.setRole(clerkId, 'manager', managerId).ok).toBe(true);
    expect(s.current()?.role).toBe('manager');
  });

  it('signs out a member switched off while signed in', async () => {
    const other = await staff.create({ name: 'Otto Owner', role: 'manager', pin: '4731' }, managerId);
    if (!other.ok) throw new Error('setup');
    const s = createSessionHolder(db, { now, staff });
    await s.signIn(managerId, '2468');
    expect(staff.deactivate(managerId, other.value.id).ok).toBe(true);
    expect(s.current()).toBeNull();
    expect(s.state()).toEqual({ status: 'signed_out' });
    expect(listAudit(db, { limit: 1 })[0]).toMatchObject({
      action: 'session.signed_out',
      actorStaffId: managerId,
      details: { reason: 'deactivated' },
    });
  });

  it('locks on demand', async () => {
    const s = createSessionHolder(db, { now, staff });
    await s.signIn(clerkId, '1357');
    s.lock();
    expect(s.current()).toBeNull();
    expect(s.state()).toMatchObject({ status: 'locked', staffId: clerkId });
  });

  describe('on its own clock', () => {
    beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
    afterEach(() => vi.useRealTimers());
    const pass = (ms: number) => {
      clock += ms;
      vi.advanceTimersByTime(ms);
    };

    it('locks when idle even if nothing asks, and says so each time the counter leaves someone’s hands', async () => {
      const released: string[] = [];
      const s = createSessionHolder(db, { now, staff, idleMs: MIN, onRelease: () => released.push(s.state().status) });
      await s.signIn(clerkId, '1357');
      expect(s.state()).toMatchObject({ status: 'active', idleLockInMs: MIN, idleLockAfterMs: MIN });
      pass(30_000);
      s.touch();
      // The first deadline passes, but the touch moved it on: no lock yet.
      pass(40_000);
      expect(released).toEqual([]);
      pass(20_100);
      expect(released).toEqual(['locked']);
      expect(listAudit(db).filter((e) => e.action === 'session.idle_locked')).toHaveLength(1);

      await s.signIn(clerkId, '1357'); // unlocking hands nothing over
      s.lock();
      await s.signIn(clerkId, '1357');
      await s.signIn(managerId, '2468'); // someone else takes the counter over
      s.signOut();
      expect(released).toEqual(['locked', 'locked', 'active', 'signed_out']);
      s.close();
    });
  });
});

describe('back from a lock on the PIN held for the session', () => {
  /** A staff service that counts its key derivations: the unlock is the one without any. */
  function counted() {
    let derivations = 0;
    const counting = createStaffService(db, {
      now,
      scrypt: { N: MIN_SCRYPT_N, r: 8, p: 1 },
      pinMatches: async (...args) => {
        derivations++;
        return pinMatches(...args);
      },
    });
    return { staff: counting, derivations: () => derivations };
  }

  it('lets the same clerk back after the idle lock with no key derivation, and a wrong PIN counts as at a sign-in', async () => {
    const { staff: counting, derivations } = counted();
    const s = createSessionHolder(db, { now, staff: counting, idleMs: MIN });
    await s.signIn(clerkId, '1357');
    expect(derivations()).toBe(1);
    clock += MIN;
    expect(s.state()).toMatchObject({ status: 'locked', staffId: clerkId });

    expect(await s.signIn(clerkId, '1357')).toMatchObject({ ok: true, value: { staffId: clerkId } });
    expect(derivations()).toBe(1);

    s.lock();
    expect(await s.signIn(clerkId, '9999')).toMatchObject({ ok: false, error: { code: 'bad_pin', params: { count: 4 } } });
    expect(derivations()).toBe(1);
    expect(listAudit(db, { limit: 1 })[0]).toMatchObject({ action: 'staff.sign_in_failed', subject: clerkId });
    expect(await s.signIn(clerkId, '1357')).toMatchObject({ ok: true });
    expect(derivations()).toBe(1);
  });

  it('asks the journal again for anyone else, after a sign-out, and once the PIN was reset', async () => {
    const { staff: counting, derivations } = counted();
    const s = createSessionHolder(db, { now, staff: counting });
    await s.signIn(clerkId, '1357');
    s.lock();
    // Another person at the locked counter: checked against the journal, and the clerk's PIN forgotten.
    await s.signIn(managerId, '2468');
    expect(derivations()).toBe(2);
    s.lock();
    expect(await s.signIn(clerkId, '1357')).toMatchObject({ ok: true });
    expect(derivations()).toBe(3);

    s.signOut();
    expect(await s.signIn(clerkId, '1357')).toMatchObject({ ok: true });
    expect(derivations()).toBe(4);

    // A manager resets the clerk's PIN while the clerk's session is locked: the old PIN no longer opens it.
    s.lock();
    expect(await counting.resetPin(clerkId, '8642', managerId)).toMatchObject({ ok: true });
    expect(await s.signIn(clerkId, '1357')).toMatchObject({ ok: false, error: { code: 'bad_pin' } });
    expect(derivations()).toBe(5);
    expect(await s.signIn(clerkId, '8642')).toMatchObject({ ok: true });
  });

  it('keeps the lockout: five wrong PINs at the lock lock the account, and the right one then waits', async () => {
    const { staff: counting } = counted();
    const s = createSessionHolder(db, { now, staff: counting });
    await s.signIn(clerkId, '1357');
    s.lock();
    for (let n = 0; n < 5; n++) await s.signIn(clerkId, '0000');
    expect(await s.signIn(clerkId, '1357')).toMatchObject({ ok: false, error: { code: 'locked' } });
  });
});
