import { describe, expect, it } from 'vitest';
import { rateLimitedCode, readFailureCode } from '../../../../../electron/backend/orders/db.ts';
import { failureOf } from '../../../../../electron/backend/orders/failure.ts';

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

  it('reads old spellings by what they meant, anything unknown as a refusal, and none as none', () => {
    expect(readFailureCode('partner_34')).toEqual({ code: 'sold_out', retryAfter: null });
    expect(readFailureCode('out_of_stock')).toEqual({ code: 'sold_out', retryAfter: null });
    expect(readFailureCode('partner_11')).toEqual({ code: 'low_credit', retryAfter: null });
    expect(readFailureCode('network_before_send')).toEqual({ code: 'unreachable', retryAfter: null });
    expect(readFailureCode('partner_99')).toEqual({ code: 'rejected', retryAfter: null });
    expect(readFailureCode('uncertain')).toEqual({ code: 'uncertain', retryAfter: null });
    expect(readFailureCode(null)).toEqual({ code: null, retryAfter: null });
    expect(readFailureCode('rate_limited')).toEqual({ code: 'rate_limited', retryAfter: null });
    expect(readFailureCode('rate_limited@soon')).toEqual({ code: 'rate_limited', retryAfter: null });
    expect(failureOf({ failureCode: null, failureReason: null }, now)).toEqual({ failure: null, retryAfter: null });
  });
});
