import { describe, expect, it } from 'vitest';
import {
  clampRetryAfterSeconds,
  parseRetryAfter,
  RETRY_AFTER_DEFAULT_SECONDS as DEFAULT,
  RETRY_AFTER_MAX_SECONDS as MAX,
} from '../../../../../electron/backend/partner/retry-after.ts';

const now = Date.parse('2026-11-22T10:00:00Z');
const TEN_YEARS = 10 * 365 * 24 * 3600;

describe('parseRetryAfter', () => {
  it.each([
    ['7', 7],
    [' 7 ', 7],
    ['0', 0],
    ['7.2', 8],
    ['3600', 3600],
    ['3601', MAX],
    [String(TEN_YEARS), MAX],
    ['1e14', MAX],
    ['100000000000000000000000000', MAX],
    ['-5', DEFAULT],
    ['NaN', DEFAULT],
    ['Infinity', DEFAULT],
    ['soon', DEFAULT],
    ['', DEFAULT],
    ['Sun, 22 Nov 2026 10:00:07 GMT', 7],
    ['Sun, 22 Nov 2026 09:00:00 GMT', 0],
    ['Sun, 22 Nov 2036 10:00:00 GMT', MAX],
    ['Fri, 31 Dec 9999 23:59:59 GMT', MAX],
  ])('reads %j as %d seconds', (header, seconds) => {
    expect(parseRetryAfter(header, now)).toBe(seconds);
  });

  it('leaves a missing header to the caller', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });

  it('always gives whole seconds within 0…cap, for any number or text (seeded sweep)', () => {
    let seed = 20261122;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) as number;
    const samples: string[] = [];
    for (let i = 0; i < 500; i++) {
      const magnitude = 10 ** Math.floor(rand() * 20);
      const n = (rand() - 0.3) * magnitude;
      samples.push(String(n), String(Math.round(n)), n.toExponential(), new Date(now + n).toUTCString());
      samples.push(
        String.fromCharCode(...Array.from({ length: 1 + Math.floor(rand() * 12) }, () => 32 + Math.floor(rand() * 95))),
      );
    }
    for (const header of samples) {
      const seconds = parseRetryAfter(header, now);
      expect(Number.isInteger(seconds), header).toBe(true);
      expect(seconds, header).toBeGreaterThanOrEqual(0);
      expect(seconds, header).toBeLessThanOrEqual(MAX);
      // Whatever the header said, the moment it yields is a date the journal can store.
      expect(() => new Date(now + (seconds as number) * 1000).toISOString()).not.toThrow();
    }
  });
});

describe('clampRetryAfterSeconds', () => {
  it.each([
    [0, 0],
    [0.1, 1],
    [59.5, 60],
    [MAX + 1, MAX],
    [1e14, MAX],
    [Infinity, MAX],
    [-1, DEFAULT],
    [NaN, DEFAULT],
  ])('caps %d to %d', (input, output) => expect(clampRetryAfterSeconds(input)).toBe(output));
});
