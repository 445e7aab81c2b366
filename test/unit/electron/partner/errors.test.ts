import { describe, expect, it } from 'vitest';
import { PartnerError, parseRetryAfter } from '../../../../electron/partner/errors.ts';

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-22T10:00:00Z');
  it('reads delay-seconds', () => expect(parseRetryAfter('7', now)).toBe(7));
  it('reads an HTTP date', () => expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:07 GMT', now)).toBe(7));
  it('never returns a negative wait for a date in the past', () =>
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0));
  it('ignores a missing or unreadable header', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });
});

describe('PartnerError', () => {
  it('marks timeouts, 5xx and unreadable answers as uncertain, definite refusals as certain', () => {
    const uncertain = ['network_after_send', 'server', 'malformed_response'] as const;
    const certain = ['validation', 'business', 'not_found', 'rate_limited', 'auth', 'network_before_send'] as const;
    for (const kind of uncertain) expect(new PartnerError(kind, 'x').outcomeUncertain, kind).toBe(true);
    for (const kind of certain) expect(new PartnerError(kind, 'x').outcomeUncertain, kind).toBe(false);
  });

  it('logs status and code only', () => {
    const error = new PartnerError('business', 'Insufficient Airalo Credit: secret details', { status: 422, businessCode: 11 });
    expect(error.toLogFormat()).toBe('partner business status=422 code=11');
  });
});
