import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDays, clockOrDate, startOfLocalDay, today } from '../../../../shared/clock.ts';
import type { AppInfo } from '../../../../shared/contract.ts';
import { describeError } from '../../../../renderer/src/errors.ts';
import { useStore } from '../../../../renderer/src/state/store.ts';

// The store's zone, which no test machine is in (+5:45): the words must follow it, not the machine's.
const ZONE = 'Asia/Kathmandu';

/** 14:35 on the store's clock, `days` from its today, as the backend would send it (UTC ISO). */
const at1435 = (days = 0) => new Date(startOfLocalDay(addDays(today(ZONE), days), ZONE) + (14 * 60 + 35) * 60_000);

beforeEach(() => useStore.setState({ info: { timeZone: ZONE } as AppInfo }));
afterEach(() => useStore.setState({ info: null }));

describe('describeError for wrong PINs’ locks', () => {
  it('says until when a sign-in is locked, on the store’s 24-hour clock, and that a manager can unlock now', () => {
    const lockedUntil = at1435().toISOString();
    expect(describeError({ code: 'locked', message: 'locked for 15 minutes', lockedUntil, lockScope: 'sign_in' })).toBe(
      'Too many wrong PINs. Try again after 14:35, or ask a manager to unlock it now.',
    );
  });

  it('gives the date too when the lock runs into another day', () => {
    const tomorrow = at1435(1);
    const words = describeError({ code: 'locked', message: '', lockedUntil: tomorrow.toISOString(), lockScope: 'sign_in' });
    expect(words).toBe(`Too many wrong PINs. Try again after ${clockOrDate(tomorrow, ZONE)}, or ask a manager to unlock it now.`);
    expect(words).toContain('14:35');
    expect(words).not.toBe('Too many wrong PINs. Try again after 14:35, or ask a manager to unlock it now.');
  });

  it('tells a clerk asking for approvals, and about a paused manager, in words of their own', () => {
    const lockedUntil = at1435().toISOString();
    expect(describeError({ code: 'locked', message: '', lockedUntil, lockScope: 'asking' })).toBe(
      'Too many wrong manager’s PINs. You can ask for an approval again after 14:35, or a manager can unlock you now.',
    );
    expect(describeError({ code: 'locked', message: '', lockedUntil, lockScope: 'approving' })).toBe(
      'Too many wrong PINs for this manager’s approval: approvals by this manager are paused until 14:35. Another manager can approve; this one can still sign in.',
    );
  });

  it('keeps the backend’s words for a lock without an end (the counter’s idle lock)', () => {
    expect(describeError({ code: 'locked', message: 'The counter is locked.' })).toBe('The counter is locked.');
    expect(describeError({ code: 'locked', message: '' })).toBe('This account is locked. A manager can unlock it.');
  });
});
