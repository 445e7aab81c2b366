import { describe, expect, it } from 'vitest';
import { rateLimitedCode, readFailureCode } from '../../../../electron/db/orders.ts';
import { failureOf } from '../../../../electron/services/order-failure.ts';

const now = Date.parse('2026-11-23T10:00:00.000Z');

describe('the failure of a row', () => {
  it('keeps the moment of a 429 next to its code and shows the code alone', () => {
    const stored = rateLimitedCode('2026-11-23T10:00:07.000Z');
    expect(readFailureCode(stored)).toEqual({ code: 'rate_limited', retryAfter: '2026-11-23T10:00:07.000Z' });
    expect(failureOf({ failureCode: stored, failureReason: 'wait' }, now)).toEqual({
      failure: { code: 'rate_limited', reason: 'wait', retryAfterSeconds: 7 },
      retryAfter: '2026-11-23T10:00:07.000Z',
    });
    expect(failureOf({ failureCode: stored, failureReason: 'wait' }, now + 7000)).toEqual({
      failure: { code: 'rate_limited', reason: 'wait' },
      retryAfter: null,
    });
  });

  it('leaves other codes, none, and an unreadable moment alone', () => {
    expect(readFailureCode('partner_34')).toEqual({ code: 'partner_34', retryAfter: null });
    expect(readFailureCode(null)).toEqual({ code: null, retryAfter: null });
    expect(readFailureCode('rate_limited')).toEqual({ code: 'rate_limited', retryAfter: null });
    expect(readFailureCode('rate_limited@soon')).toEqual({ code: 'rate_limited', retryAfter: null });
    expect(failureOf({ failureCode: null, failureReason: null }, now)).toEqual({ failure: null, retryAfter: null });
  });
});
