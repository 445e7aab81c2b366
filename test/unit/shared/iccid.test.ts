import { describe, expect, it } from 'vitest';
import { iccidSearchDigits, luhnValid, maskIccid, normalizeIccid } from '../../../shared/iccid.ts';

// 8944500102198304826 passes Luhn; changing its last digit breaks it.
const GOOD = '8944500102198304826';

describe('normalizeIccid', () => {
  it('accepts a plain ICCID and reports the Luhn check as passed', () => {
    expect(normalizeIccid(GOOD)).toEqual({ ok: true, iccid: GOOD, luhnValid: true });
  });

  it('strips spaces, dashes and a trailing F as printed or scanned', () => {
    expect(normalizeIccid(' 8944 5001-0219 8304 826F ')).toEqual({ ok: true, iccid: GOOD, luhnValid: true });
    expect(normalizeIccid(`${GOOD}f`)).toMatchObject({ ok: true, iccid: GOOD });
  });

  it('flags a failed Luhn check without refusing the number', () => {
    expect(normalizeIccid('8944500102198304827')).toEqual({ ok: true, iccid: '8944500102198304827', luhnValid: false });
  });

  it('accepts 18 and 22 digits and refuses 17 and 23', () => {
    expect(normalizeIccid('89' + '1'.repeat(16))).toMatchObject({ ok: true });
    expect(normalizeIccid('89' + '1'.repeat(20))).toMatchObject({ ok: true });
    expect(normalizeIccid('89' + '1'.repeat(15))).toEqual({
      ok: false,
      problem: 'length',
      params: { length: 17 },
      reason: 'An ICCID has 18 to 22 digits, but this has 17.',
    });
    expect(normalizeIccid('89' + '1'.repeat(21))).toEqual({
      ok: false,
      problem: 'length',
      params: { length: 23 },
      reason: 'An ICCID has 18 to 22 digits, but this has 23.',
    });
  });

  it('refuses numbers not starting with 89', () => {
    expect(normalizeIccid('8844500102198304826')).toEqual({
      ok: false,
      problem: 'prefix',
      params: { prefix: '88' },
      reason: 'An ICCID starts with 89, but this starts with 88.',
    });
  });

  it('refuses letters and other characters, naming the first one', () => {
    const r = normalizeIccid('89445001021983O4826');
    expect(r).toEqual({
      ok: false,
      problem: 'not_digits',
      params: { char: 'O' },
      reason: 'An ICCID has digits only, but this contains "O".',
    });
  });

  it('strips only one trailing F: an F inside is refused', () => {
    expect(normalizeIccid('8944500102F98304826')).toMatchObject({ ok: false });
  });

  it('asks for input when empty and recognises an IMEI or EID scanned by mistake', () => {
    expect(normalizeIccid('  ')).toEqual({ ok: false, problem: 'empty', params: {}, reason: 'Enter or scan the ICCID.' });
    expect(normalizeIccid('356938035643809')).toMatchObject({
      ok: false,
      problem: 'imei',
      reason: expect.stringContaining('IMEI'),
    });
    expect(normalizeIccid('89049032000001000000000000000123')).toMatchObject({
      ok: false,
      problem: 'eid',
      reason: expect.stringContaining('EID'),
    });
  });
});

describe('luhnValid', () => {
  it('matches known check digits', () => {
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
    expect(luhnValid('12a4')).toBe(false);
  });
});

describe('maskIccid', () => {
  it('shows only the last digits, 5 by default, clamped to 4..6', () => {
    expect(maskIccid(GOOD)).toBe('•••• 04826');
    expect(maskIccid(GOOD, 4)).toBe('•••• 4826');
    expect(maskIccid(GOOD, 2)).toBe('•••• 4826');
    expect(maskIccid(GOOD, 10)).toBe('•••• 304826');
    expect(maskIccid(GOOD)).not.toContain('89445');
  });
});

describe('iccidSearchDigits', () => {
  it('gives the digits of a whole or partial ICCID as printed or read from the SIM', () => {
    expect(iccidSearchDigits('8944 6010 0000 0000 1039')).toBe('89446010000000001039');
    expect(iccidSearchDigits('0000-1039F')).toBe('00001039');
    expect(iccidSearchDigits('1039f')).toBe('1039');
  });

  it('leaves other text alone', () => {
    expect(iccidSearchDigits('EC-2026')).toBeNull();
    expect(iccidSearchDigits('anna@example.com')).toBeNull();
    expect(iccidSearchDigits('F')).toBeNull();
    expect(iccidSearchDigits('  ')).toBeNull();
  });
});
