import { describe, expect, it } from 'vitest';
import {
  afterFailure,
  CLEARED,
  current,
  lockedUntil,
  lockMinutes,
  minutesInWords,
  triesLeft,
  type Throttle,
} from '../../../../../electron/backend/staff/lockout.ts';

const T0 = Date.parse('2026-11-22T10:00:00.000Z');
const minutes = (n: number) => n * 60_000;

/** Five wrong PINs in a row from `t`; the throttle after them. */
function fiveWrong(t: Throttle, at: number): Throttle {
  let next = t;
  for (let i = 0; i < 5; i++) next = afterFailure(next, at).throttle;
  return next;
}

describe('lockout policy', () => {
  it('locks for 15 minutes doubling per lock, at most a day', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 40, 2000].map((n) => lockMinutes(n))).toEqual([
      15, 30, 60, 120, 240, 480, 960, 1440, 1440, 1440, 1440,
    ]);
  });

  it('stops the last manager’s locks at 4 hours', () => {
    expect([1, 2, 3, 4, 5, 6, 40].map((n) => lockMinutes(n, 'last_manager'))).toEqual([15, 30, 60, 120, 240, 240, 240]);
  });

  it('gives the last manager five tries before her first lock and one before each after it', () => {
    const locked = fiveWrong(CLEARED, T0);
    expect(triesLeft(CLEARED, T0, 'last_manager')).toBe(5);
    expect(triesLeft(locked, T0 + minutes(15), 'last_manager')).toBe(1);
    expect(afterFailure(locked, T0 + minutes(15), 'last_manager')).toEqual({
      throttle: { failures: 1, lockedUntil: '2026-11-22T10:45:00.000Z', lockCount: 2 },
      lockedNow: 30,
    });
  });

  it('locks at the fifth failure, and says so only then', () => {
    let t = CLEARED;
    for (let i = 1; i <= 4; i++) {
      const step = afterFailure(t, T0);
      expect(step).toEqual({ throttle: { failures: i, lockedUntil: null, lockCount: 0 }, lockedNow: null });
      expect(triesLeft(step.throttle, T0)).toBe(5 - i);
      t = step.throttle;
    }
    expect(afterFailure(t, T0)).toEqual({
      throttle: { failures: 5, lockedUntil: '2026-11-22T10:15:00.000Z', lockCount: 1 },
      lockedNow: 15,
    });
  });

  it('holds a lock until its end and no longer; the count starts over, the lock count stays', () => {
    const locked = fiveWrong(CLEARED, T0);
    expect(lockedUntil(locked, T0 + minutes(15) - 1)).toBe('2026-11-22T10:15:00.000Z');
    expect(lockedUntil(locked, T0 + minutes(15))).toBeNull();
    expect(current(locked, T0 + minutes(14))).toBe(locked);
    expect(current(locked, T0 + minutes(15))).toEqual({ failures: 0, lockedUntil: null, lockCount: 1 });
    expect(triesLeft(locked, T0 + minutes(15))).toBe(5);
    const again = fiveWrong(locked, T0 + minutes(15));
    expect(again).toEqual({ failures: 5, lockedUntil: '2026-11-22T10:45:00.000Z', lockCount: 2 });
  });

  it('words a lock’s length', () => {
    expect([0.2, 1, 14.01, 15, 60, 90, 121, 1440].map(minutesInWords)).toEqual([
      '1 minute',
      '1 minute',
      '15 minutes',
      '15 minutes',
      '1 hour',
      '1 hour 30 minutes',
      '2 hours 1 minute',
      '24 hours',
    ]);
  });
});
