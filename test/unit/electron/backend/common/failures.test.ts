import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { expectedFailure, partnerFailure } from '../../../../../electron/backend/common/failures.ts';
import { isJournalFailure } from '../../../../../electron/backend/journal/errors.ts';
import { PartnerError, type PartnerErrorKind } from '../../../../../electron/backend/partner/errors.ts';
import { RETRY_AFTER_MAX_SECONDS } from '../../../../../electron/backend/partner/retry-after.ts';

const sqlite = (code: string) => Object.assign(new Database.SqliteError('boom', code));

describe('partnerFailure', () => {
  const cases: Array<[PartnerErrorKind, string]> = [
    ['network_before_send', 'service_unreachable'],
    ['network_after_send', 'service_unreachable'],
    ['rate_limited', 'rate_limited'],
    ['auth', 'partner_auth'],
    ['not_found', 'not_found'],
    ['validation', 'partner_rejected'],
    ['business', 'partner_rejected'],
    ['server', 'partner_error'],
    ['malformed_response', 'partner_error'],
  ];
  for (const [kind, code] of cases) {
    it(`words ${kind} as ${code}`, () => {
      const error = partnerFailure(new PartnerError(kind, 'the service’s words'), 'the catalogue');
      expect(error.code).toBe(code);
      expect(error.message).not.toBe('');
    });
  }

  it('says what could not be had when the service is unreachable', () => {
    expect(partnerFailure(new PartnerError('network_before_send', 'x'), 'the usage').message).toContain('for the usage');
  });

  it('keeps a refusal’s own words, fields and business code as its data, and caps an absurd wait', () => {
    expect(
      partnerFailure(new PartnerError('business', 'Recycled.', { businessCode: 73, fields: { iccid: 'recycled' } })),
    ).toMatchObject({
      code: 'partner_rejected',
      reason: 'recycled',
      message: 'Recycled.',
      partnerMessage: 'Recycled.',
      partnerCode: 73,
      partnerFields: { iccid: 'recycled' },
    });
    // The service's words are never passed off as field problems the renderer words.
    expect(partnerFailure(new PartnerError('validation', 'x', { fields: { iccid: 'bad' } })).fields).toBeUndefined();
    expect(partnerFailure(new PartnerError('rate_limited', 'x', { retryAfterSeconds: 1e14 })).retryAfterSeconds).toBe(
      RETRY_AFTER_MAX_SECONDS,
    );
    expect(partnerFailure(new PartnerError('rate_limited', 'x')).retryAfterSeconds).toBe(60);
  });

  it('names a refusal the counter knows by its reason, any other as a plain refusal', () => {
    const reason = (businessCode?: number, kind: PartnerErrorKind = 'business') =>
      partnerFailure(new PartnerError(kind, 'words', businessCode === undefined ? {} : { businessCode })).reason;
    expect([reason(11), reason(13), reason(23), reason(33), reason(34), reason(73)]).toEqual([
      'low_credit',
      'maintenance',
      'topup_disabled',
      'sold_out',
      'sold_out',
      'recycled',
    ]);
    expect(reason(53)).toBe('partner_refused');
    expect(reason(undefined, 'validation')).toBe('partner_refused');
    expect(partnerFailure(new PartnerError('not_found', 'x')).reason).toBe('partner_unknown');
  });
});

describe('expectedFailure', () => {
  it('words every way the journal cannot be written as journal_unavailable, a full disk as such', () => {
    for (const code of [
      'SQLITE_FULL',
      'SQLITE_IOERR_WRITE',
      'SQLITE_READONLY',
      'SQLITE_CANTOPEN',
      'SQLITE_CORRUPT',
      'SQLITE_BUSY',
    ]) {
      expect(isJournalFailure(sqlite(code))).toBe(true);
      expect(expectedFailure(sqlite(code))?.code).toBe('journal_unavailable');
    }
    expect(expectedFailure(sqlite('SQLITE_FULL'))).toMatchObject({
      reason: 'disk_full',
      message: expect.stringContaining('disk is full'),
    });
    expect(expectedFailure(sqlite('SQLITE_IOERR_WRITE'))?.reason).toBeUndefined();
  });

  it('leaves a fault of ours (a constraint, bad SQL, a plain error) to be logged as internal', () => {
    expect(expectedFailure(sqlite('SQLITE_CONSTRAINT_UNIQUE'))).toBeNull();
    expect(expectedFailure(sqlite('SQLITE_ERROR'))).toBeNull();
    expect(expectedFailure(new TypeError('x is undefined'))).toBeNull();
    expect(expectedFailure({ code: 'SQLITE_FULL' })).toBeNull();
  });
});
