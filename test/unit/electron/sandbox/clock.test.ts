import { describe, expect, it } from 'vitest';
import { createClock, formatIsoOffset, formatMinute, formatTimestamp, parseUtc } from '../../../../electron/sandbox/clock.ts';

describe('clock', () => {
  it('reads wall time plus an offset that only moves forward', () => {
    let wall = 1_000;
    const clock = createClock(0, () => wall);
    expect(clock.now()).toBe(1_000);
    clock.advance(500);
    wall = 2_000;
    expect(clock.now()).toBe(2_500);
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(clock.offset()).toBe(500);
  });

  it('formats and parses UTC timestamps', () => {
    const ms = Date.UTC(2025, 2, 4, 5, 6, 7);
    expect(formatTimestamp(ms)).toBe('2025-03-04 05:06:07');
    expect(formatMinute(ms)).toBe('2025-03-04 05:06');
    expect(formatIsoOffset(ms)).toBe('2025-03-04T05:06:07+00:00');
    expect(parseUtc('2025-03-04 05:06:07')).toBe(ms);
    expect(parseUtc('2025-03-04 05:06')).toBe(ms - 7000);
    expect(parseUtc('2025-02-30')).toBeNull();
    expect(parseUtc('nope')).toBeNull();
  });
});
