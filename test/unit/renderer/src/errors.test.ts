import { describe, expect, it } from 'vitest';
import { clock, dateAndClock } from '../../../../renderer/src/clock.ts';
import { describeError } from '../../../../renderer/src/errors.ts';

/** Today at 14:35 on this machine's clock, as the backend would send it (UTC ISO). */
const todayAt1435 = () => {
  const d = new Date();
  d.setHours(14, 35, 0, 0);
  return d;
};

describe('describeError for wrong PINs’ locks', () => {
  it('says until when a sign-in is locked, on the counter’s 24-hour clock, and that a manager can unlock now', () => {
    const lockedUntil = todayAt1435().toISOString();
    expect(describeError({ code: 'locked', message: 'locked for 15 minutes', lockedUntil, lockScope: 'sign_in' })).toBe(
      'Too many wrong PINs. Try again after 14:35, or ask a manager to unlock it now.',
    );
  });

  it('gives the date too when the lock runs into another day', () => {
    const tomorrow = todayAt1435();
    tomorrow.setDate(tomorrow.getDate() + 1);
    const words = describeError({ code: 'locked', message: '', lockedUntil: tomorrow.toISOString(), lockScope: 'sign_in' });
    expect(words).toBe(`Too many wrong PINs. Try again after ${dateAndClock(tomorrow)}, or ask a manager to unlock it now.`);
    expect(words).toContain('14:35');
  });

  it('tells a clerk asking for approvals, and about a paused manager, in words of their own', () => {
    const lockedUntil = todayAt1435().toISOString();
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
    expect(clock(todayAt1435())).toBe('14:35');
  });
});
