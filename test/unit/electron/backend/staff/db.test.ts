import { beforeEach, describe, expect, it } from 'vitest';
import { openJournalInMemory, type Journal } from '../../../../../electron/backend/journal/open.ts';
import {
  countOtherUsableManagers,
  countStaff,
  getStaff,
  insertStaff,
  listStaff,
  toPublic,
  updateStaff,
  type StaffRow,
} from '../../../../../electron/backend/staff/db.ts';

const T = '2026-11-22T10:00:00.000Z';
const row = (over: Partial<StaffRow>): StaffRow => ({
  id: 'id',
  name: 'Name',
  role: 'clerk',
  pinHash: 'scrypt$N=32768,r=8,p=1$AAAA',
  pinSalt: 'c2FsdA==',
  active: true,
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
  language: null,
  createdAt: T,
  updatedAt: T,
  ...over,
});

let db: Journal;
beforeEach(() => {
  db = openJournalInMemory();
  insertStaff(db, row({ id: 'm', name: 'Maria', role: 'manager' }));
  insertStaff(db, row({ id: 'c', name: 'chris' }));
  insertStaff(db, row({ id: 'x', name: 'Ex', active: false }));
});

describe('staff rows', () => {
  it('round-trips a row and hides PIN material in the public view', () => {
    expect(getStaff(db, 'm')).toEqual(row({ id: 'm', name: 'Maria', role: 'manager' }));
    expect(getStaff(db, 'nobody')).toBeUndefined();
    const pub = toPublic(row({ id: 'm' }));
    expect(pub).not.toHaveProperty('pinHash');
    expect(pub).not.toHaveProperty('pinSalt');
  });

  it('lists active staff by name, everybody on request, and counts', () => {
    expect(listStaff(db).map((s) => s.id)).toEqual(['c', 'm']);
    expect(listStaff(db, { includeInactive: true }).map((s) => s.id)).toEqual(['c', 'x', 'm']);
    expect(countStaff(db)).toBe(3);
    expect(countOtherUsableManagers(db, 'c', T)).toBe(1);
    expect(countOtherUsableManagers(db, 'm', T)).toBe(0);
  });

  it('updates only the given fields and the timestamp', () => {
    expect(updateStaff(db, 'c', { name: 'Chris', active: false, lockedAt: null }, '2026-11-22T11:00:00.000Z')).toBe(true);
    expect(getStaff(db, 'c')).toMatchObject({
      name: 'Chris',
      active: false,
      role: 'clerk',
      updatedAt: '2026-11-22T11:00:00.000Z',
    });
    expect(updateStaff(db, 'nobody', { name: 'N' }, T)).toBe(false);
  });

  it('stores every lock and approval throttle column', () => {
    const locks = {
      failedAttempts: 5,
      lockedAt: T,
      lockedUntil: '2026-11-22T10:15:00.000Z',
      lockCount: 1,
      approvalFailures: 2,
      approvalLockedUntil: '2026-11-22T10:30:00.000Z',
      approvalLockCount: 3,
      approverFailures: 4,
      approverLockedUntil: '2026-11-22T11:00:00.000Z',
      approverLockCount: 5,
    };
    insertStaff(db, row({ id: 'l', name: 'Locked', ...locks }));
    expect(getStaff(db, 'l')).toMatchObject(locks);
    expect(updateStaff(db, 'c', locks, T)).toBe(true);
    expect(getStaff(db, 'c')).toMatchObject(locks);
  });

  it('counts a manager in a sign-in lock as unusable only until the lock ends', () => {
    insertStaff(db, row({ id: 'm2', name: 'Otto', role: 'manager', lockedAt: T, lockedUntil: '2026-11-22T10:15:00.000Z' }));
    expect(countOtherUsableManagers(db, 'm', '2026-11-22T10:14:59.999Z')).toBe(0);
    expect(countOtherUsableManagers(db, 'm', '2026-11-22T10:15:00.000Z')).toBe(1);
    // Paused approvals do not stop a manager signing in to manage staff.
    updateStaff(db, 'm2', { lockedUntil: null, approverLockedUntil: '2026-11-23T10:00:00.000Z' }, T);
    expect(countOtherUsableManagers(db, 'm', T)).toBe(1);
  });
});
