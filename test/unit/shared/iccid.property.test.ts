import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { iccidSearchDigits, luhnValid, normalizeIccid } from '../../../shared/iccid.ts';

/** The check digit that makes `body` Luhn-valid. */
function checkDigit(body: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(`${body}${d}`)) return String(d);
  throw new Error('no check digit');
}

/** A well-formed ICCID: 89, then digits, then its Luhn check digit; 18 to 22 digits in all. */
const iccid = fc
  .integer({ min: 18, max: 22 })
  .chain((length) => fc.stringMatching(new RegExp(`^[0-9]{${length - 3}}$`)))
  .map((middle) => `89${middle}${checkDigit(`89${middle}`)}`);

describe('ICCIDs, for any well-formed one', () => {
  it('are accepted with a valid check digit, and normalizing is idempotent', () => {
    fc.assert(
      fc.property(iccid, (value) => {
        const first = normalizeIccid(value);
        expect(first).toEqual({ ok: true, iccid: value, luhnValid: true });
        expect(normalizeIccid(first.ok ? first.iccid : '')).toEqual(first);
      }),
    );
  });

  it('catch any one digit changed (past the 89): the check digit no longer checks out', () => {
    fc.assert(
      fc.property(iccid, fc.nat(), fc.integer({ min: 1, max: 9 }), (value, at, delta) => {
        const i = 2 + (at % (value.length - 2));
        const changed = `${value.slice(0, i)}${(Number(value[i]) + delta) % 10}${value.slice(i + 1)}`;
        const result = normalizeIccid(changed);
        expect(result).toMatchObject({ ok: true, luhnValid: false });
      }),
    );
  });

  it('read the same through a scanner’s or a receipt’s spaces, dashes and the SIM file’s trailing F', () => {
    fc.assert(
      fc.property(iccid, fc.array(fc.constantFrom(' ', '-', '  '), { maxLength: 30 }), fc.boolean(), (value, seps, f) => {
        const grouped = [...value].map((d, i) => d + (seps[i] ?? '')).join('') + (f ? 'F' : '');
        expect(normalizeIccid(grouped)).toEqual(normalizeIccid(value));
        expect(iccidSearchDigits(grouped)).toBe(value);
      }),
    );
  });

  it('refuse anything but 18 to 22 digits starting 89, in words', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{1,40}$/), (digits) => {
        const result = normalizeIccid(digits);
        const wellFormed = digits.length >= 18 && digits.length <= 22 && digits.startsWith('89');
        expect(result.ok).toBe(wellFormed);
        if (!result.ok) expect(result.reason.length).toBeGreaterThan(10);
      }),
    );
  });
});

describe('what is not a digit', () => {
  it('is quoted whole, an emoji too (not half of its surrogate pair)', () => {
    expect(normalizeIccid('8944😀01')).toEqual({
      ok: false,
      problem: 'not_digits',
      params: { char: '😀' },
      reason: 'An ICCID has digits only, but this contains "😀".',
    });
  });
});
