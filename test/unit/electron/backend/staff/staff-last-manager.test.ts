/**
 * The sign-in of the only active manager (docs/operations.md, "When the owner is locked out"): nobody at the
 * counter can unlock her, so her locks stop at 4 hours, after her first lock each wrong PIN locks
 * again, and the refusal names the owner's commands instead of "ask a manager".
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { staffOnFile } from './staff-setup.ts';
import type { Journal } from '../../../../../electron/backend/journal/open.ts';
import { getStaff } from '../../../../../electron/backend/staff/db.ts';
import type { StaffService } from '../../../../../electron/backend/staff/service.ts';

let db: Journal;
let staff: StaffService;
let managerId: string;
let clerkId: string;
let clock: number;
const advanceMinutes = (minutes: number) => (clock += minutes * 60_000);
const wrongPins = async (staffId: string, n: number) => {
  for (let i = 0; i < n; i++) await staff.authenticate(staffId, '0000');
};
const minutesLocked = (id: string) => (Date.parse(getStaff(db, id)?.lockedUntil ?? '') - clock) / 60_000;

beforeEach(async () => {
  clock = Date.parse('2026-11-22T10:00:00.000Z');
  ({ db, staff, managerId, clerkId } = await staffOnFile(() => clock));
});

// Every wrong PIN costs a scrypt check: on a busy machine the default 5 s is too tight.
describe('the only manager locked out', () => {
  it('is told the commands that let her in, with her name, not to ask a manager', async () => {
    await wrongPins(managerId, 5);
    const refused = await staff.authenticate(managerId, '2468');
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'locked',
        reason: 'account_locked',
        lastManager: true,
        params: { name: 'Maria Manager' },
        lockedUntil: '2026-11-22T10:15:00.000Z',
      },
    });
    const message = refused.ok ? '' : refused.error.message;
    expect(message).toContain('npm run admin -- unlock --staff "Maria Manager"');
    expect(message).toContain('npm run admin -- reset-pin --staff "Maria Manager" --recovery-code');
    expect(message).not.toContain('A manager can unlock it now');
  }, 60_000);

  it('gets one wrong PIN per lock after the first, and locks that stop growing at 4 hours', async () => {
    await wrongPins(managerId, 5);
    const lengths = [minutesLocked(managerId)];
    for (let i = 0; i < 6; i++) {
      advanceMinutes(lengths[lengths.length - 1]!);
      await wrongPins(managerId, 1);
      lengths.push(minutesLocked(managerId));
    }
    expect(lengths).toEqual([15, 30, 60, 120, 240, 240, 240]);
    // A lock always ends by itself, and her right PIN then lets her in and starts the count over.
    advanceMinutes(240);
    expect((await staff.authenticate(managerId, '2468')).ok).toBe(true);
    expect(getStaff(db, managerId)).toMatchObject({ failedAttempts: 0, lockCount: 0, lockedUntil: null });
    await wrongPins(managerId, 4);
    expect(getStaff(db, managerId)?.lockedUntil).toBeNull();
  }, 60_000);

  it('is an ordinary account again once a second manager can unlock her', async () => {
    const other = await staff.create({ name: 'Otto Owner', role: 'manager', pin: '4731' }, managerId);
    if (!other.ok) throw new Error(other.error.message);
    await wrongPins(managerId, 5);
    const refused = await staff.authenticate(managerId, '2468');
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'locked', message: expect.stringContaining('A manager can unlock it now') },
    });
    expect(refused.ok ? null : refused.error.lastManager).toBeUndefined();
    advanceMinutes(15);
    await wrongPins(managerId, 1);
    expect(getStaff(db, managerId)?.lockedUntil).toBeNull();
  }, 60_000);

  it('leaves a clerk’s locks as they were: five tries each, no commands', async () => {
    await wrongPins(clerkId, 5);
    const refused = await staff.authenticate(clerkId, '1357');
    expect(refused).toMatchObject({ ok: false, error: { message: expect.stringContaining('A manager can unlock it now') } });
    advanceMinutes(15);
    await wrongPins(clerkId, 4);
    expect(getStaff(db, clerkId)?.lockedUntil).toBeNull();
  }, 60_000);
});
