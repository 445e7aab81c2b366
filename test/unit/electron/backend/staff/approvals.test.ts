import { beforeEach, describe, expect, it } from 'vitest';
import { listAudit, verifyChain } from '../../../../../electron/backend/audit/db.ts';
import { openJournalInMemory, type Journal } from '../../../../../electron/backend/journal/open.ts';
import { getStaff } from '../../../../../electron/backend/staff/db.ts';
import { createStaffService, MIN_SCRYPT_N, type StaffService } from '../../../../../electron/backend/staff/service.ts';

let db: Journal;
let staff: StaffService;
let clock: number;
const ids: Record<string, string> = {};
const advanceMinutes = (minutes: number) => (clock += minutes * 60_000);
const approve = (asker: string, pin: string, manager = 'maria') => staff.approve(ids[asker]!, ids[manager]!, pin);
const wrongApprovals = async (asker: string, n = 5, manager = 'maria') => {
  const results = [];
  for (let i = 0; i < n; i++) results.push(await approve(asker, '0000', manager));
  return results;
};

beforeEach(async () => {
  db = openJournalInMemory();
  clock = Date.parse('2026-11-22T10:00:00.000Z');
  staff = createStaffService(db, { scrypt: { N: MIN_SCRYPT_N, r: 8, p: 1 }, now: () => clock });
  const people = [
    ['maria', 'Maria Manager', 'manager', '2468'],
    ['otto', 'Otto Owner', 'manager', '4731'],
    ['chris', 'Chris Clerk', 'clerk', '1357'],
    ['dana', 'Dana Day', 'clerk', '5824'],
  ] as const;
  for (const [key, name, role, pin] of people) {
    const made = await staff.create({ name, role, pin }, key === 'maria' ? null : ids.maria!);
    if (!made.ok) throw new Error(made.error.message);
    ids[key] = made.value.id;
  }
});

describe('a manager’s approval at the counter', () => {
  it('answers the approving manager for the right PIN, with an audit entry, and leaves sign-in alone', async () => {
    expect(await approve('chris', '2468')).toMatchObject({ ok: true, value: { id: ids.maria, role: 'manager' } });
    expect(listAudit(db, { limit: 1 })[0]).toMatchObject({ action: 'staff.approved', actorStaffId: ids.maria });
  });

  it('counts wrong PINs against the clerk who asks, pauses them after five, and never locks the manager’s sign-in', async () => {
    const results = await wrongApprovals('chris');
    expect(results.slice(0, 4).map((r) => !r.ok && r.error.message)).toEqual([
      'Wrong PIN. 4 tries left before approvals pause.',
      'Wrong PIN. 3 tries left before approvals pause.',
      'Wrong PIN. 2 tries left before approvals pause.',
      'Wrong PIN. 1 try left before approvals pause.',
    ]);
    expect(results[4]).toMatchObject({
      ok: false,
      error: { code: 'asker_paused', reason: 'asker_paused', lockedUntil: '2026-11-22T10:15:00.000Z' },
    });
    // Paused: even the right PIN is not checked for this clerk, and they are told until when.
    expect(await approve('chris', '2468')).toMatchObject({
      ok: false,
      error: { code: 'asker_paused', reason: 'asker_paused', lockedUntil: '2026-11-22T10:15:00.000Z' },
    });
    expect(getStaff(db, ids.maria!)).toMatchObject({ failedAttempts: 0, lockedUntil: null, lockCount: 0 });
    expect((await staff.authenticate(ids.maria!, '2468')).ok).toBe(true);
    // Five wrong PINs naming Maria pause approvals naming her too, for every clerk; another manager can approve.
    expect(await approve('dana', '2468')).toMatchObject({ error: { code: 'approver_paused' } });
    expect((await approve('dana', '4731', 'otto')).ok).toBe(true);
    // The clerk's own sign-in is not touched either.
    expect((await staff.authenticate(ids.chris!, '1357')).ok).toBe(true);

    const audit = listAudit(db);
    expect(audit.filter((e) => e.action === 'staff.approval_failed')).toHaveLength(5);
    // Oldest first: the clerk's pause, then the pause on approvals naming Maria.
    expect(audit.filter((e) => e.action === 'staff.approval_throttled').reverse()).toEqual([
      expect.objectContaining({
        actorStaffId: ids.chris,
        subject: ids.chris,
        details: { paused: 'asking', minutes: 15, until: '2026-11-22T10:15:00.000Z', lockCount: 1 },
      }),
      expect.objectContaining({
        actorStaffId: ids.chris,
        subject: ids.maria,
        details: { paused: 'approving', minutes: 15, until: '2026-11-22T10:15:00.000Z', lockCount: 1 },
      }),
    ]);
    expect(audit.filter((e) => e.action === 'staff.approval_refused').reverse()).toEqual([
      expect.objectContaining({
        actorStaffId: ids.chris,
        subject: ids.maria,
        details: { reason: 'asker_paused', until: '2026-11-22T10:15:00.000Z' },
      }),
      expect.objectContaining({
        actorStaffId: ids.dana,
        subject: ids.maria,
        details: expect.objectContaining({ reason: 'approver_paused' }),
      }),
    ]);
    expect(verifyChain(db)).toMatchObject({ ok: true });
  });

  it('lets the clerk ask again after 15 minutes, and doubles the next pause', async () => {
    await wrongApprovals('chris');
    advanceMinutes(15);
    expect(await approve('chris', '0000')).toMatchObject({
      error: { code: 'bad_pin', message: expect.stringContaining('4 tries') },
    });
    await wrongApprovals('chris', 4);
    expect(getStaff(db, ids.chris!)).toMatchObject({ approvalLockedUntil: '2026-11-22T10:45:00.000Z', approvalLockCount: 2 });
    advanceMinutes(30);
    expect((await approve('chris', '2468')).ok).toBe(true);
    expect(getStaff(db, ids.chris!)).toMatchObject({ approvalFailures: 0, approvalLockedUntil: null, approvalLockCount: 0 });
  });

  it('starts the clerk’s count over after a correct approval', async () => {
    await wrongApprovals('chris', 4);
    expect((await approve('chris', '2468')).ok).toBe(true);
    expect(await approve('chris', '0000')).toMatchObject({
      error: { code: 'bad_pin', message: expect.stringContaining('4 tries') },
    });
  });

  it('pauses approvals naming a manager after five wrong PINs spread over clerks, but not the manager’s sign-in', async () => {
    await wrongApprovals('chris', 3);
    const [fourth, fifth] = await wrongApprovals('dana', 2);
    expect(fourth).toMatchObject({
      error: {
        code: 'bad_pin',
        reason: 'approval_tries_left',
        params: { count: 1 },
        message: 'Wrong PIN. 1 try left before approvals pause.',
      },
    });
    expect(fifth).toMatchObject({
      ok: false,
      error: { code: 'approver_paused', reason: 'approver_paused', lockedUntil: '2026-11-22T10:15:00.000Z' },
    });
    expect(await approve('chris', '2468')).toMatchObject({ error: { code: 'approver_paused' } });
    // Another manager can approve, and the paused one can still sign in.
    expect((await approve('chris', '4731', 'otto')).ok).toBe(true);
    expect((await staff.authenticate(ids.maria!, '2468')).ok).toBe(true);
    expect(listAudit(db).find((e) => e.action === 'staff.approval_throttled')).toMatchObject({
      actorStaffId: ids.dana,
      subject: ids.maria,
      details: { paused: 'approving', minutes: 15 },
    });
    advanceMinutes(15);
    expect((await approve('dana', '2468')).ok).toBe(true);
    expect(getStaff(db, ids.maria!)).toMatchObject({ approverFailures: 0, approverLockedUntil: null, approverLockCount: 0 });
  });

  it('checks who is named before any PIN, without counting', async () => {
    expect(await approve('chris', '5824', 'dana')).toMatchObject({
      ok: false,
      error: { code: 'not_manager', reason: 'approver_not_manager' },
    });
    expect(await staff.approve(ids.chris!, 'nobody', '2468')).toMatchObject({
      ok: false,
      error: { code: 'not_found', reason: 'manager_not_listed' },
    });
    expect(await staff.approve('nobody', ids.maria!, '2468')).toMatchObject({
      ok: false,
      error: { code: 'not_found', reason: 'sign_in_again' },
    });
    expect(staff.deactivate(ids.otto!, ids.maria!).ok).toBe(true);
    expect(await approve('chris', '4731', 'otto')).toMatchObject({ ok: false, error: { code: 'not_manager' } });
    expect(getStaff(db, ids.chris!)?.approvalFailures).toBe(0);
  });

  it('refuses approvals from a manager whose sign-in is locked, so the same PIN cannot be guessed here instead', async () => {
    for (let i = 0; i < 5; i++) await staff.authenticate(ids.maria!, '0000');
    expect(await approve('chris', '2468')).toMatchObject({
      ok: false,
      error: { code: 'locked', reason: 'approver_locked', lockedUntil: '2026-11-22T10:15:00.000Z' },
    });
    expect(getStaff(db, ids.chris!)?.approvalFailures).toBe(0);
  });

  it('lifts the pauses with a manager’s unlock, the asker’s and the approver’s each on their own row', async () => {
    await wrongApprovals('chris');
    expect(staff.unlock(ids.chris!, ids.otto!)).toMatchObject({ ok: true, value: { approvalLockCount: 0 } });
    expect(listAudit(db, { limit: 1 })[0]).toMatchObject({
      action: 'staff.unlocked',
      details: { wasLocked: false, approvalsPaused: true },
    });
    expect(await approve('chris', '2468')).toMatchObject({ error: { code: 'approver_paused' } });
    // A manager may lift the pause on approvals naming themselves: they are at the counter, signed in.
    expect(staff.unlock(ids.maria!, ids.maria!)).toMatchObject({ ok: true, value: { approverLockCount: 0 } });
    expect((await approve('chris', '2468')).ok).toBe(true);
  });
});
