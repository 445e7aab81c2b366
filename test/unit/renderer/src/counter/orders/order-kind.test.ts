import { describe, expect, it } from 'vitest';
import {
  DUE_TIMES,
  dueDateText,
  laterProblem,
  maxQuantityOf,
  orderKindOf,
} from '../../../../../../renderer/src/counter/orders/order-kind.ts';

// 25 Nov 2026, 14:00 UTC: the partner takes due times from 27 Nov 00:00 UTC to 25 Nov 2027 14:00.
const NOW = Date.UTC(2026, 10, 25, 14, 0);
const TOKYO = 'Asia/Tokyo';

describe('orderKindOf and maxQuantityOf', () => {
  it('sells now up to 10 eSIMs, makes a group past that, and a later date is a future order', () => {
    expect(orderKindOf({ quantity: 10, later: null })).toBe('sale');
    expect(orderKindOf({ quantity: 11, later: null })).toBe('group');
    expect(orderKindOf({ quantity: 11, later: { date: '', time: '' } })).toBe('later');
    expect(orderKindOf({ quantity: 1 })).toBe('sale');
  });

  it('lets the quantity go to the partner’s 50 only for a group or a later date', () => {
    expect(maxQuantityOf({ quantity: 3, later: null })).toBe(10);
    expect(maxQuantityOf({ quantity: 12, later: null })).toBe(50);
    expect(maxQuantityOf({ quantity: 1, later: { date: '2026-12-01', time: '' } })).toBe(50);
  });
});

describe('dueDateText', () => {
  it('is the day alone, or the day and the time as the contract takes them', () => {
    expect(dueDateText({ date: '2026-12-01', time: '' })).toBe('2026-12-01');
    expect(dueDateText({ date: '2026-12-01', time: '09:30' })).toBe('2026-12-01 09:30');
  });
});

describe('laterProblem', () => {
  const email = 'guide@example.com';

  it('says nothing for a sale now', () => {
    expect(laterProblem({ later: null, email: '' }, TOKYO, NOW)).toBeNull();
  });

  it('asks for the date first, then the e-mail', () => {
    expect(laterProblem({ later: { date: '', time: '' }, email: '' }, TOKYO, NOW)).toEqual({
      field: 'date',
      problem: 'missing',
    });
    expect(laterProblem({ later: { date: '2026-12-01', time: '' }, email: '' }, TOKYO, NOW)).toEqual({
      field: 'email',
      problem: 'email_needed',
    });
    expect(laterProblem({ later: { date: '2026-12-01', time: '' }, email: 'not an address' }, TOKYO, NOW)).toEqual({
      field: 'email',
      problem: 'email_needed',
    });
    expect(laterProblem({ later: { date: '2026-12-01', time: '' }, email }, TOKYO, NOW)).toBeNull();
  });

  it('applies the partner’s window on the store’s clock', () => {
    // 27 Nov 09:00 in Tokyo is 27 Nov 00:00 UTC: the first minute the partner takes.
    expect(laterProblem({ later: { date: '2026-11-27', time: '09:00' }, email }, TOKYO, NOW)).toBeNull();
    expect(laterProblem({ later: { date: '2026-11-27', time: '08:30' }, email }, TOKYO, NOW)).toEqual({
      field: 'date',
      problem: 'due_too_soon',
    });
    // The start of 27 Nov in Tokyo is still 26 Nov in UTC.
    expect(laterProblem({ later: { date: '2026-11-27', time: '' }, email }, TOKYO, NOW)).toMatchObject({
      problem: 'due_too_soon',
    });
    expect(laterProblem({ later: { date: '2027-11-25', time: '23:00' }, email }, 'UTC', NOW)).toEqual({
      field: 'date',
      problem: 'due_too_late',
    });
  });

  it('takes a date that does not exist as not chosen', () => {
    expect(laterProblem({ later: { date: '2027-02-30', time: '' }, email }, TOKYO, NOW)).toEqual({
      field: 'date',
      problem: 'missing',
    });
  });
});

describe('DUE_TIMES', () => {
  it('offers every half hour of the day', () => {
    expect(DUE_TIMES).toHaveLength(48);
    expect([DUE_TIMES[0], DUE_TIMES[1], DUE_TIMES[19], DUE_TIMES[47]]).toEqual(['00:00', '00:30', '09:30', '23:30']);
  });
});
