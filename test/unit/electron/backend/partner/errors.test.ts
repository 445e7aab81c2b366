import { describe, expect, it } from 'vitest';
import { PartnerError } from '../../../../../electron/backend/partner/errors.ts';

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
