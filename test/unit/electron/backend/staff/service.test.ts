import { beforeEach, describe, expect, it } from 'vitest';
import { FAST, staffOnFile } from './staff-setup.ts';
import { listAudit, verifyChain } from '../../../../../electron/backend/audit/db.ts';
import { openJournalInMemory, type Journal } from '../../../../../electron/backend/journal/open.ts';
import { getStaff, updateStaff } from '../../../../../electron/backend/staff/db.ts';
import {
  createStaffService,
  hashPin,
  MIN_SCRYPT_N,
  parsePinHash,
  type StaffService,
} from '../../../../../electron/backend/staff/service.ts';
import { seedDemoStaff } from '../../../../../electron/backend/staff/demo.ts';

let db: Journal;
let staff: StaffService;
let managerId: string;
let clerkId: string;
// The service's clock: tests move it to let locks run out.
let clock: number;
const at = (iso: string) => (clock = Date.parse(iso));
const advanceMinutes = (minutes: number) => (clock += minutes * 60_000);
const wrongPins = async (staffId: string, n = 5) => {
  for (let i = 0; i < n; i++) await staff.authenticate(staffId, '0000');
};

beforeEach(async () => {
  at('2026-11-22T10:00:00.000Z');
  ({ db, staff, managerId, clerkId } = await staffOnFile(() => clock));
});

describe('authenticate', () => {
  it('never stores the PIN itself', () => {
    // Random columns (ids, salts, hashes) are left out: they may contain any four digits by chance.
    const dump =
      JSON.stringify(db.prepare('SELECT name, role, active, failed_attempts, locked_at FROM staff').all()) +
      JSON.stringify(db.prepare('SELECT action, details FROM audit_log').all());
    expect(dump).not.toContain('2468');
    expect(dump).not.toContain('1357');
  });

  it('signs in with the right PIN and audits it', async () => {
    const r = await staff.authenticate(clerkId, '1357');
    expect(r).toEqual({ ok: true, value: expect.objectContaining({ id: clerkId, name: 'Chris Clerk', role: 'clerk' }) });
    expect(r.ok && 'pinHash' in r.value).toBe(false);
    expect(listAudit(db, { limit: 1 })[0]).toMatchObject({ action: 'staff.signed_in', actorStaffId: clerkId, subject: clerkId });
  });

  it('counts down in words and locks at the fifth wrong PIN', async () => {
    const messages: string[] = [];
    const left: unknown[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await staff.authenticate(clerkId, '0000');
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error).toMatchObject({ code: 'bad_pin', reason: 'pin_tries_left' });
        messages.push(r.error.message);
        left.push(r.error.params?.count);
      }
    }
    expect(left).toEqual([4, 3, 2, 1]);
    expect(messages).toEqual([
      'Wrong PIN. 4 tries left before this account locks.',
      'Wrong PIN. 3 tries left before this account locks.',
      'Wrong PIN. 2 tries left before this account locks.',
      'Wrong PIN. 1 try left before this account locks.',
    ]);
    const fifth = await staff.authenticate(clerkId, '0000');
    expect(fifth).toEqual({
      ok: false,
      error: {
        code: 'locked',
        reason: 'account_locked',
        message: 'Wrong PIN. After 5 wrong PINs this account is locked for 15 minutes. A manager can unlock it now.',
        lockedUntil: '2026-11-22T10:15:00.000Z',
      },
    });
    // Once locked, even the right PIN is refused, and the refusal says until when.
    advanceMinutes(5);
    expect(await staff.authenticate(clerkId, '1357')).toEqual({
      ok: false,
      error: {
        code: 'locked',
        reason: 'account_locked',
        message: 'Too many wrong PINs: this account is locked for 10 minutes more. A manager can unlock it now.',
        lockedUntil: '2026-11-22T10:15:00.000Z',
      },
    });
    expect(getStaff(db, clerkId)).toMatchObject({
      failedAttempts: 5,
      lockedAt: '2026-11-22T10:00:00.000Z',
      lockedUntil: '2026-11-22T10:15:00.000Z',
      lockCount: 1,
    });
    const actions = listAudit(db).map((e) => e.action);
    expect(actions.filter((a) => a === 'staff.sign_in_failed')).toHaveLength(5);
    expect(actions.filter((a) => a === 'staff.locked')).toHaveLength(1);
    expect(actions[0]).toBe('staff.sign_in_refused');
    expect(listAudit(db).find((e) => e.action === 'staff.locked')?.details).toEqual({
      failedAttempts: 5,
      minutes: 15,
      until: '2026-11-22T10:15:00.000Z',
      lockCount: 1,
    });
  });

  it('resets the count after a successful sign-in', async () => {
    await staff.authenticate(clerkId, '0000');
    await staff.authenticate(clerkId, '0000');
    expect((await staff.authenticate(clerkId, '1357')).ok).toBe(true);
    expect(getStaff(db, clerkId)?.failedAttempts).toBe(0);
    expect(await staff.authenticate(clerkId, '0000')).toMatchObject({
      error: { message: expect.stringContaining('4 tries left') },
    });
  });

  it('locks exactly once when wrong PINs arrive at the same time', async () => {
    const results = await Promise.all(Array.from({ length: 7 }, () => staff.authenticate(clerkId, '9999')));
    expect(results.filter((r) => !r.ok && r.error.code === 'bad_pin')).toHaveLength(4);
    expect(results.filter((r) => !r.ok && r.error.code === 'locked')).toHaveLength(3);
    expect(listAudit(db).filter((e) => e.action === 'staff.locked')).toHaveLength(1);
  });

  it('refuses unknown and inactive staff', async () => {
    expect(await staff.authenticate('nobody', '1357')).toMatchObject({
      ok: false,
      error: { code: 'not_found', reason: 'staff_not_listed' },
    });
    staff.deactivate(clerkId, managerId);
    expect(await staff.authenticate(clerkId, '1357')).toMatchObject({ ok: false, error: { code: 'inactive' } });
  });

  it('raises an old hash to the current parameters at the next good sign-in', async () => {
    const stronger = createStaffService(db, { scrypt: { N: 2 ** 16, r: 8, p: 1 } });
    expect((await stronger.authenticate(clerkId, '1357')).ok).toBe(true);
    expect(parsePinHash(getStaff(db, clerkId)?.pinHash ?? '')?.params.N).toBe(2 ** 16);
    expect((await staff.authenticate(clerkId, '1357')).ok).toBe(true);
  });

  it('brings a costlier old hash (OWASP’s 2^17 of earlier versions) down to the current parameters, so sign-ins speed up', async () => {
    const { pinHash, pinSalt } = await hashPin('1357', { N: 2 ** 16, r: 8, p: 1 });
    updateStaff(db, clerkId, { pinHash, pinSalt }, new Date(clock).toISOString());
    expect((await staff.authenticate(clerkId, '1357')).ok).toBe(true);
    expect(parsePinHash(getStaff(db, clerkId)?.pinHash ?? '')?.params).toEqual({ N: MIN_SCRYPT_N, r: 8, p: 1 });
    expect((await staff.authenticate(clerkId, '1357')).ok).toBe(true);
  });
});

describe('timed lockout, doubling', () => {
  const lockedUntil = () => getStaff(db, clerkId)?.lockedUntil;
  const minutesLocked = () => (Date.parse(lockedUntil() ?? '') - clock) / 60_000;

  it('lets the person try again once the 15 minutes are over, with a fresh count', async () => {
    await wrongPins(clerkId);
    advanceMinutes(15);
    clock -= 1;
    expect(await staff.authenticate(clerkId, '1357')).toMatchObject({
      ok: false,
      error: { code: 'locked', lockedUntil: '2026-11-22T10:15:00.000Z' },
    });
    clock += 1;
    // The next lock needs five wrong PINs again.
    expect(await staff.authenticate(clerkId, '0000')).toMatchObject({
      error: { code: 'bad_pin', message: 'Wrong PIN. 4 tries left before this account locks.' },
    });
    expect(getStaff(db, clerkId)).toMatchObject({ failedAttempts: 1, lockedAt: null, lockedUntil: null, lockCount: 1 });
    expect((await staff.authenticate(clerkId, '1357')).ok).toBe(true);
  });

  // Each lock costs five scrypt checks; on a busy machine the default 5 s is too tight.
  it('doubles each further lock without a good sign-in between: 15, 30, 60 minutes … at most 24 hours', async () => {
    const lockAgain = async () => {
      await wrongPins(clerkId);
      const minutes = minutesLocked();
      advanceMinutes(minutes);
      return minutes;
    };
    expect([await lockAgain(), await lockAgain(), await lockAgain()]).toEqual([15, 30, 60]);
    expect(listAudit(db).filter((e) => e.action === 'staff.locked')).toHaveLength(3);
    // Skip ahead as if four more locks had come and gone (120 … 960 minutes): the eighth is capped.
    updateStaff(db, clerkId, { lockCount: 7 }, new Date(clock).toISOString());
    expect([await lockAgain(), await lockAgain()]).toEqual([24 * 60, 24 * 60]);
    expect(getStaff(db, clerkId)?.lockCount).toBe(9);
    expect((await staff.authenticate(clerkId, '1357')).ok).toBe(true);
  });

  it('starts the doubling over after a good sign-in', async () => {
    await wrongPins(clerkId);
    advanceMinutes(15);
    await wrongPins(clerkId);
    expect(minutesLocked()).toBe(30);
    advanceMinutes(30);
    expect((await staff.authenticate(clerkId, '1357')).ok).toBe(true);
    expect(getStaff(db, clerkId)).toMatchObject({ failedAttempts: 0, lockedAt: null, lockedUntil: null, lockCount: 0 });
    await wrongPins(clerkId);
    expect(minutesLocked()).toBe(15);
  });

  it('ends a lock at once when a manager unlocks, and starts the doubling over', async () => {
    await wrongPins(clerkId);
    advanceMinutes(15);
    await wrongPins(clerkId);
    expect(minutesLocked()).toBe(30);
    expect(staff.unlock(clerkId, managerId).ok).toBe(true);
    expect((await staff.authenticate(clerkId, '1357')).ok).toBe(true);
    await wrongPins(clerkId);
    expect(minutesLocked()).toBe(15);
    expect(await staff.resetPin(clerkId, '8642', managerId)).toMatchObject({
      ok: true,
      value: { lockedUntil: null, lockCount: 0 },
    });
    expect((await staff.authenticate(clerkId, '8642')).ok).toBe(true);
  });

  it('shows a lock only while it holds', async () => {
    await wrongPins(clerkId);
    expect(staff.get(clerkId)).toMatchObject({
      failedAttempts: 5,
      lockedAt: '2026-11-22T10:00:00.000Z',
      lockedUntil: '2026-11-22T10:15:00.000Z',
    });
    advanceMinutes(15);
    expect(staff.get(clerkId)).toMatchObject({ failedAttempts: 0, lockedAt: null, lockedUntil: null, lockCount: 1 });
    expect(staff.list().find((s) => s.id === clerkId)).toMatchObject({ lockedUntil: null });
    // Unlocking what has run out is harmless, and says there was no lock.
    expect(staff.unlock(clerkId, managerId).ok).toBe(true);
    expect(listAudit(db, { limit: 1 })[0]).toMatchObject({ action: 'staff.unlocked', details: { wasLocked: false } });
  });

  it('lets a manager whose lock ran out manage staff again', async () => {
    const other = await staff.create({ name: 'Otto Owner', role: 'manager', pin: '4731' }, managerId);
    if (!other.ok) throw new Error('setup');
    await wrongPins(other.value.id);
    expect(staff.rename(clerkId, 'Chris C', other.value.id)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    advanceMinutes(15);
    expect(staff.rename(clerkId, 'Chris C', other.value.id)).toMatchObject({ ok: true, value: { name: 'Chris C' } });
  });
});

describe('staff management', () => {
  it('lets only a manager unlock, and unlocking resets the count', async () => {
    await wrongPins(clerkId);
    const other = await staff.create({ name: 'Other Clerk', role: 'clerk', pin: '4731' }, managerId);
    if (!other.ok) throw new Error('setup');
    expect(staff.unlock(clerkId, other.value.id)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(staff.unlock(clerkId, managerId)).toMatchObject({
      ok: true,
      value: { failedAttempts: 0, lockedAt: null, lockedUntil: null, lockCount: 0 },
    });
    expect((await staff.authenticate(clerkId, '1357')).ok).toBe(true);
    expect(listAudit(db).find((e) => e.action === 'staff.unlocked')).toMatchObject({
      actorStaffId: managerId,
      subject: clerkId,
      details: { wasLocked: true, failedAttempts: 5 },
    });
  });

  it('lets the owner at the command line unlock and reset a PIN with no manager signed in, audited as admin entries', async () => {
    for (let i = 0; i < 5; i++) await staff.authenticate(managerId, '0000');
    const owner = { via: 'command_line', user: 'olga' } as const;
    expect(staff.unlock(managerId, owner)).toMatchObject({ ok: true, value: { failedAttempts: 0, lockedAt: null } });
    expect((await staff.authenticate(managerId, '2468')).ok).toBe(true);
    expect(await staff.resetPin(managerId, '1234', owner)).toMatchObject({ ok: false, error: { code: 'invalid' } });
    expect((await staff.resetPin(managerId, '7351', owner)).ok).toBe(true);
    expect((await staff.authenticate(managerId, '7351')).ok).toBe(true);
    const entries = listAudit(db).filter((e) => e.action.startsWith('admin.'));
    expect(entries.map((e) => [e.action, e.actorStaffId, e.subject, e.details])).toEqual([
      ['admin.pin_reset', null, managerId, { via: 'command_line', user: 'olga', wasLocked: false }],
      ['admin.unlocked', null, managerId, { via: 'command_line', user: 'olga', wasLocked: true, failedAttempts: 5 }],
    ]);
    expect(listAudit(db).some((e) => e.action === 'staff.unlocked' || e.action === 'staff.pin_reset')).toBe(false);
  });

  it('creates staff only with a valid name, role and 4-8 digit PIN', async () => {
    for (const pin of ['123', '123456789', '12a4', '']) {
      expect(await staff.create({ name: 'New', role: 'clerk', pin }, managerId)).toMatchObject({
        ok: false,
        error: { code: 'invalid', fields: { pin: 'pin_format' }, message: 'A PIN is 4 to 8 digits.' },
      });
    }
    expect(await staff.create({ name: 'New', role: 'clerk', pin: '1111' }, managerId)).toMatchObject({
      ok: false,
      error: { code: 'invalid', fields: { pin: 'pin_too_easy' } },
    });
    expect(await staff.create({ name: '   ', role: 'clerk', pin: '5824' }, managerId)).toMatchObject({
      ok: false,
      error: { code: 'invalid', fields: { name: 'name_length' } },
    });
    expect(await staff.create({ name: 'chris  clerk', role: 'clerk', pin: '5824' }, managerId)).toMatchObject({
      ok: false,
      error: { code: 'name_taken', reason: 'name_taken', params: { name: 'chris clerk' } },
    });
    expect(await staff.create({ name: 'New', role: 'clerk', pin: '5824' }, clerkId)).toMatchObject({
      ok: false,
      error: { code: 'forbidden', reason: 'manager_only' },
    });
    expect(await staff.create({ name: 'New', role: 'manager', pin: '5824' }, null)).toMatchObject({
      ok: false,
      error: { code: 'forbidden', reason: 'already_set_up' },
    });
    expect(await staff.create({ name: '  Dana   Day ', role: 'clerk', pin: '58246913' }, managerId)).toMatchObject({
      ok: true,
      value: { name: 'Dana Day' },
    });
  });

  it('renames, deactivates, reactivates and resets PINs with audit entries and no PIN in them', async () => {
    expect(staff.rename(clerkId, 'Chris C', managerId)).toMatchObject({ ok: true, value: { name: 'Chris C' } });
    expect(staff.deactivate(clerkId, managerId)).toMatchObject({ ok: true, value: { active: false } });
    expect(staff.list().map((s) => s.name)).toEqual(['Maria Manager']);
    expect(staff.reactivate(clerkId, managerId)).toMatchObject({ ok: true, value: { active: true } });
    await wrongPins(clerkId);
    expect(await staff.resetPin(clerkId, '8642', managerId)).toMatchObject({
      ok: true,
      value: { lockedAt: null, lockedUntil: null },
    });
    expect((await staff.authenticate(clerkId, '8642')).ok).toBe(true);
    expect((await staff.authenticate(clerkId, '1357')).ok).toBe(false);
    const audit = listAudit(db);
    expect(audit.map((e) => e.action)).toEqual(
      expect.arrayContaining(['staff.renamed', 'staff.deactivated', 'staff.reactivated', 'staff.pin_reset']),
    );
    expect(JSON.stringify(audit.map((entry) => [entry.action, entry.details]))).not.toContain('8642');
    expect(verifyChain(db)).toMatchObject({ ok: true });
  });

  it('keeps at least one active manager', () => {
    expect(staff.deactivate(managerId, managerId)).toMatchObject({
      ok: false,
      error: { code: 'last_manager', reason: 'last_manager' },
    });
    expect(staff.rename('nobody', 'X', managerId)).toMatchObject({
      ok: false,
      error: { code: 'not_found', reason: 'staff_not_found' },
    });
    expect(staff.rename(managerId, 'X', clerkId)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });
});

describe('changing roles', () => {
  const roleChanges = () => listAudit(db).filter((e) => e.action === 'staff.role_changed');

  it('promotes a clerk and demotes a manager, with from and to in the audit entry', () => {
    expect(staff.setRole(clerkId, 'manager', managerId)).toMatchObject({ ok: true, value: { id: clerkId, role: 'manager' } });
    expect(getStaff(db, clerkId)?.role).toBe('manager');
    expect(staff.setRole(clerkId, 'clerk', managerId)).toMatchObject({ ok: true, value: { role: 'clerk' } });
    expect(roleChanges()).toEqual([
      expect.objectContaining({ actorStaffId: managerId, subject: clerkId, details: { from: 'manager', to: 'clerk' } }),
      expect.objectContaining({ actorStaffId: managerId, subject: clerkId, details: { from: 'clerk', to: 'manager' } }),
    ]);
    expect(JSON.stringify(roleChanges())).not.toMatch(/1357|2468|scrypt/);
    expect(verifyChain(db)).toMatchObject({ ok: true });
  });

  it('treats the same role as a harmless no-op that returns the member and audits nothing', () => {
    const before = listAudit(db).length;
    expect(staff.setRole(clerkId, 'clerk', managerId)).toMatchObject({ ok: true, value: { id: clerkId, role: 'clerk' } });
    expect(staff.setRole(managerId, 'manager', managerId)).toMatchObject({ ok: true, value: { role: 'manager' } });
    expect(listAudit(db)).toHaveLength(before);
  });

  it('refuses in words to demote the last active manager, even when it is the caller', () => {
    const before = listAudit(db).length;
    expect(staff.setRole(managerId, 'clerk', managerId)).toEqual({
      ok: false,
      error: {
        code: 'last_manager',
        reason: 'last_manager_role',
        params: { name: 'Maria Manager' },
        message:
          'Maria Manager is the only manager who can sign in, and the store needs one. Make someone else a manager (or unlock one) first.',
      },
    });
    expect(getStaff(db, managerId)?.role).toBe('manager');
    expect(listAudit(db)).toHaveLength(before);
  });

  it('does not count an inactive manager as the one that remains', async () => {
    const other = await staff.create({ name: 'Otto Owner', role: 'manager', pin: '4731' }, managerId);
    if (!other.ok) throw new Error('setup');
    expect(staff.deactivate(other.value.id, managerId).ok).toBe(true);
    expect(staff.setRole(managerId, 'clerk', managerId)).toMatchObject({ ok: false, error: { code: 'last_manager' } });
    // An inactive manager may be demoted: it leaves the active managers as they are.
    expect(staff.setRole(other.value.id, 'clerk', managerId)).toMatchObject({ ok: true, value: { role: 'clerk' } });
  });

  it('does not count a manager locked out by wrong PINs, who could not unlock anyone', async () => {
    const other = await staff.create({ name: 'Otto Owner', role: 'manager', pin: '4731' }, managerId);
    if (!other.ok) throw new Error('setup');
    await wrongPins(other.value.id);
    expect(staff.setRole(managerId, 'clerk', managerId)).toMatchObject({ ok: false, error: { code: 'last_manager' } });
    expect(staff.deactivate(managerId, managerId)).toMatchObject({ ok: false, error: { code: 'last_manager' } });
    expect(staff.unlock(other.value.id, managerId).ok).toBe(true);
    expect(staff.setRole(managerId, 'clerk', managerId)).toMatchObject({ ok: true, value: { role: 'clerk' } });
  });

  it('counts a manager whose lock has run out as one who can sign in', async () => {
    const other = await staff.create({ name: 'Otto Owner', role: 'manager', pin: '4731' }, managerId);
    if (!other.ok) throw new Error('setup');
    await wrongPins(other.value.id);
    advanceMinutes(14);
    expect(staff.setRole(managerId, 'clerk', managerId)).toMatchObject({ ok: false, error: { code: 'last_manager' } });
    advanceMinutes(1);
    expect(staff.setRole(managerId, 'clerk', managerId)).toMatchObject({ ok: true, value: { role: 'clerk' } });
  });

  it('lets a manager demote themselves once another active manager remains', () => {
    expect(staff.setRole(clerkId, 'manager', managerId).ok).toBe(true);
    expect(staff.setRole(managerId, 'clerk', managerId)).toMatchObject({ ok: true, value: { role: 'clerk' } });
    // Now a clerk: further staff changes are refused, and the new manager cannot be the last to go.
    expect(staff.setRole(managerId, 'manager', managerId)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(staff.setRole(clerkId, 'clerk', clerkId)).toMatchObject({ ok: false, error: { code: 'last_manager' } });
  });

  it('is refused to clerks and for unknown staff', () => {
    expect(staff.setRole(clerkId, 'manager', clerkId)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(getStaff(db, clerkId)?.role).toBe('clerk');
    expect(staff.setRole('nobody', 'manager', managerId)).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(roleChanges()).toHaveLength(0);
  });
});

describe('seedDemoStaff', () => {
  it('creates the demo manager and clerk only when no staff exist', async () => {
    const fresh = openJournalInMemory();
    expect(await seedDemoStaff(fresh, { scrypt: FAST })).toEqual({ created: true });
    expect(await seedDemoStaff(fresh, { scrypt: FAST })).toEqual({ created: false });
    const demo = createStaffService(fresh, { scrypt: FAST });
    const people = demo.list();
    expect(people.map((s) => [s.name, s.role])).toEqual([
      ['Chris Clerk', 'clerk'],
      ['Maria Manager', 'manager'],
    ]);
    expect((await demo.authenticate(people[1]?.id ?? '', '2468')).ok).toBe(true);
    expect((await demo.authenticate(people[0]?.id ?? '', '1357')).ok).toBe(true);
    expect(await seedDemoStaff(db, { scrypt: FAST })).toEqual({ created: false });
  });
});
