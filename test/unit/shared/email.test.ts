import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { looksLikeEmail } from '../../../shared/email.ts';

describe('looksLikeEmail', () => {
  it('agrees with the backend’s check on the addresses a counter meets', () => {
    for (const text of [
      'anna@example.com',
      'a.b+trip@mail.co.uk',
      'traveller@example',
      'x@@y.com',
      'no at.com',
      'a@b..com',
      '',
    ]) {
      expect(looksLikeEmail(text), text).toBe(z.email().safeParse(text).success);
    }
  });
  it('forgives spaces around the address', () => {
    expect(looksLikeEmail(' anna@example.com ')).toBe(true);
  });
});
