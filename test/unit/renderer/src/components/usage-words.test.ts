import { describe, expect, it } from 'vitest';
import {
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
    expect(freshnessLine('2025-03-01T10:00:00Z', '2025-03-01T10:15:00Z', now)).toMatch(
      /^As of \d\d:\d\d, next refresh in 15 min$/,
    );
    expect(freshnessLine('2025-03-01T09:00:00Z', '2025-03-01T09:15:00Z', now)).toMatch(/can be asked for now/);
  });
});
