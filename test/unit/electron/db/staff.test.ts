import { beforeEach, describe, expect, it } from 'vitest';
import { openJournalInMemory, type Journal } from '../../../../electron/db/open.ts';
import {
  countOtherUsableManagers,
  countStaff,
  getStaff,
  insertStaff,
  listStaff,
  recordFailedAttempt,
  toPublic,
  updateStaff,
  type StaffRow,
} from '../../../../electron/db/staff.ts';

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
    expect(countOtherUsableManagers(db, 'c')).toBe(1);
    expect(countOtherUsableManagers(db, 'm')).toBe(0);
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

  it('counts failures and locks at the limit, keeping the first lock time', () => {
    for (let i = 1; i <= 4; i++) expect(recordFailedAttempt(db, 'c', 5, `t${i}`)).toEqual({ failedAttempts: i, lockedAt: null });
    expect(recordFailedAttempt(db, 'c', 5, 't5')).toEqual({ failedAttempts: 5, lockedAt: 't5' });
    expect(recordFailedAttempt(db, 'c', 5, 't6')).toEqual({ failedAttempts: 6, lockedAt: 't5' });
    expect(recordFailedAttempt(db, 'nobody', 5, 't')).toBeUndefined();
  });
});
