import { describe, expect, it } from 'vitest';
import { iccidFor, luhnDigit } from '../../../../../electron/sandbox/domain/sims.ts';

describe('iccid', () => {
  it('is 20 digits with a valid Luhn check digit and unique per sim id', () => {
    const a = iccidFor(7, 1);
    expect(a).toMatch(/^89\d{18}$/);
    expect(Number(a.at(-1))).toBe(luhnDigit(a.slice(0, -1)));
    expect(iccidFor(7, 2)).not.toBe(a);
    expect(luhnDigit('7992739871')).toBe(3);
  });
});
