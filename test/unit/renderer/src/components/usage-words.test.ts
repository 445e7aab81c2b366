import { describe, expect, it } from 'vitest';
import {
  expiryWords,
  formatMb,
  freshnessLine,
  minutesUntil,
  shareLeft,
  statusWords,
} from '../../../../../renderer/src/components/usage/usage-words.ts';

describe('usage words', () => {
  it('says every status in words with what to do next', () => {
    expect(statusWords('ACTIVE').title).toBe('Active');
    expect(statusWords('FINISHED').next).toMatch(/top-up/);
    expect(statusWords('RECYCLED').next).toMatch(/new eSIM/);
    expect(statusWords('SOMETHING_NEW').title).toBe('Unknown');
  });

  it('formats data and the share left', () => {
    expect(formatMb(300)).toBe('300 MB');
    expect(formatMb(1536)).toBe('1.5 GB');
    expect(formatMb(20480)).toBe('20 GB');
    expect(shareLeft(256, 1024)).toBe(0.25);
    expect(shareLeft(null, 1024)).toBeNull();
    expect(shareLeft(10, 0)).toBeNull();
  });

  it('counts the minutes to the next refresh, rounding up', () => {
    const now = Date.parse('2025-03-01T10:00:00Z');
    expect(minutesUntil('2025-03-01T10:14:01Z', now)).toBe(15);
    expect(minutesUntil('2025-03-01T09:59:00Z', now)).toBe(0);
    // On the store's clock (Kathmandu, +5:45), not the machine's.
    expect(freshnessLine('2025-03-01T10:00:00Z', '2025-03-01T10:15:00Z', now, 'Asia/Kathmandu')).toBe(
      'As of 15:45, next refresh in 15 min',
    );
    expect(freshnessLine('2025-03-01T09:00:00Z', '2025-03-01T09:15:00Z', now, 'UTC')).toBe(
      'As of 09:00, a new reading can be asked for now',
    );
  });

  it('gives an eSIM not installed yet its install deadline, not a validity, and says when its days start', () => {
    const now = Date.parse('2026-11-22T06:52:00Z');
    const deadline = '2027-05-21T06:52:00.000Z';
    expect(expiryWords('NOT_ACTIVE', deadline, now, 'UTC')).toMatchObject({
      label: 'Install by',
      left: '180 days left to install it',
    });
    expect(statusWords('NOT_ACTIVE', 30).next).toMatch(/^Not installed yet, or not connected yet: the 30 days start when/);
    expect(statusWords('NOT_ACTIVE', 1).next).toMatch(/the 1 day start/);
    expect(statusWords('NOT_ACTIVE').next).toMatch(/its days start when/);
    expect(expiryWords('ACTIVE', '2026-12-22T06:52:00.000Z', now, 'UTC')).toMatchObject({
      label: 'Valid until',
      left: '30 days left',
    });
    expect(expiryWords('EXPIRED', '2026-11-01T06:52:00.000Z', now, 'UTC')).toMatchObject({ label: 'Ended', left: null });
    expect(expiryWords('NOT_ACTIVE', deadline, now, 'UTC').when).toMatch(/2027/);
    // The deadline on the store's 24-hour clock: 06:52Z is 02:52 in New York (EDT).
    expect(expiryWords('NOT_ACTIVE', deadline, now, 'America/New_York').when).toMatch(/\b02:52$/);
  });
});
