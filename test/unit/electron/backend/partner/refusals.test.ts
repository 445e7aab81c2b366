import { describe, expect, it } from 'vitest';
import { PartnerError } from '../../../../../electron/backend/partner/errors.ts';
import { cancelRefusal, futureOrderRefusal, isRecycled, orderRefusal } from '../../../../../electron/backend/partner/refusals.ts';

const business = (code: number) => new PartnerError('business', `reason ${code}`, { status: 422, businessCode: code });
const onField = (field: string, message: string) =>
  new PartnerError('validation', 'the parameter is invalid', { status: 422, fields: { [field]: message } });
const DAY = 86_400_000;
const now = Date.parse('2026-11-27T10:00:00.000Z');

describe('the partner’s refusals of an order', () => {
  it('names each business code a counter meets, and any other as a plain refusal', () => {
    const named = Object.fromEntries([11, 13, 23, 33, 34, 73, 53].map((code) => [code, orderRefusal(business(code))]));
    expect(named).toEqual({
      11: 'low_credit',
      13: 'maintenance',
      23: 'topup_disabled',
      33: 'sold_out',
      34: 'sold_out',
      73: 'recycled',
      53: 'rejected',
    });
    expect(isRecycled(business(73))).toBe(true);
    expect(isRecycled(business(34))).toBe(false);
    expect(isRecycled(new Error('recycled'))).toBe(false);
  });

  it('reads a quantity the stock cannot meet as sold out, another field’s refusal as a refusal', () => {
    expect(orderRefusal(onField('quantity', 'SIM quantity is not available. Available quantity: 9.'))).toBe('sold_out');
    expect(orderRefusal(onField('quantity', 'The quantity must be at least 1.'))).toBe('rejected');
    expect(orderRefusal(onField('package_id', 'The selected package id is invalid.'))).toBe('rejected');
  });

  it('names what the service did not take at all', () => {
    expect(orderRefusal(new PartnerError('network_before_send', 'down'))).toBe('unreachable');
    expect(orderRefusal(new PartnerError('auth', 'no'))).toBe('refused_credentials');
    expect(orderRefusal(new PartnerError('rate_limited', 'wait', { retryAfterSeconds: 3 }))).toBe('rate_limited');
  });
});

describe('the partner’s refusals of a future order', () => {
  it('tells a due date too soon from one too late by the date sent, whatever the service’s words', () => {
    // The service's clock is ahead of the counter's: a date the counter took is too soon for it.
    const soon = { dueMs: now + 2 * DAY + 3_600_000, atMs: now };
    expect(futureOrderRefusal(onField('due_date', 'Minimum due date must be at least the day after tomorrow.'), soon)).toBe(
      'due_too_soon',
    );
    expect(futureOrderRefusal(onField('due_date', 'Datum ungültig'), soon)).toBe('due_too_soon');
    const late = { dueMs: now + 364 * DAY, atMs: now };
    expect(futureOrderRefusal(onField('due_date', 'whatever it says'), late)).toBe('due_too_late');
  });

  it('keeps the names an order’s refusal has, and calls one it has no name for a refusal', () => {
    const sent = { dueMs: now + 7 * DAY, atMs: now };
    expect(futureOrderRefusal(business(34), sent)).toBe('sold_out');
    expect(futureOrderRefusal(business(11), sent)).toBe('low_credit');
    expect(futureOrderRefusal(business(73), sent)).toBe('rejected');
    expect(futureOrderRefusal(onField('quantity', 'The quantity must be at least 1.'), sent)).toBe('rejected');
  });

  it('reads a refused cancellation by the last moment the service gave, then by its documented words', () => {
    const latest = { atMs: now + DAY, nowMs: now };
    const past = { atMs: now - 1, nowMs: now };
    const said = (message: string) => onField('request_ids.0', message);
    expect(cancelRefusal(said('Request ID: x is already processed and can not be cancelled.'), latest)).toBe('already_made');
    expect(cancelRefusal(said('Request ID: x does not exist.'), latest)).toBe('unknown_order');
    expect(cancelRefusal(said('Something the docs do not show'), past)).toBe('too_late');
    expect(cancelRefusal(said('Cannot cancel within 24 hours of the due date.'), latest)).toBe('too_late');
    expect(cancelRefusal(said('Something the docs do not show'), latest)).toBe('other');
  });
});
