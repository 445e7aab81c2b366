import { describe, expect, it } from 'vitest';
import { isDisplayRoute } from '../../../../renderer/src/route.ts';
import { describeSaleFailure } from '../../../../renderer/src/errors.ts';

describe('isDisplayRoute', () => {
  it('knows the browser-mode route and the Electron hash', () => {
    expect(isDisplayRoute({ pathname: '/display', hash: '' })).toBe(true);
    expect(isDisplayRoute({ pathname: '/index.html', hash: '#/display' })).toBe(true);
    expect(isDisplayRoute({ pathname: '/', hash: '' })).toBe(false);
    expect(isDisplayRoute({ pathname: '/displays', hash: '' })).toBe(false);
  });
});

describe('describeSaleFailure', () => {
  it('words the partner codes a counter meets and keeps the service’s text as detail', () => {
    const out = describeSaleFailure({ code: 'maintenance', reason: 'Maintenance until 14:00.' });
    expect(out).toEqual({ words: expect.stringMatching(/maintenance/), detail: 'Maintenance until 14:00.', soldOut: false });
  });
  it('says sold out once, without the service’s text and without what to do (the buttons say it)', () => {
    const out = describeSaleFailure({ code: 'sold_out', reason: 'This package is sold out at the moment. Nothing was charged.' });
    expect(out).toEqual({ words: 'This package is sold out right now.', detail: null, soldOut: true });
  });
  it('never shows the clerk the service’s credit text, which names the wholesale cost', () => {
    const out = describeSaleFailure({
      code: 'low_credit',
      reason: 'Insufficient Airalo Credit: the order costs 3.10 USD and the balance is 0.00 USD',
    });
    expect(out.words).toBe('Sales are paused: the shop’s eSIM account needs topping up. Ask a manager.');
    expect(out.detail).toBeNull();
    expect(JSON.stringify(out)).not.toMatch(/USD|Airalo|costs/);
  });
  it('says any other refusal in its own words, with the service’s text as detail', () => {
    expect(describeSaleFailure({ code: 'rejected', reason: 'SIM quantity is not available.' })).toEqual({
      words: 'The eSIM service refused the order.',
      detail: 'SIM quantity is not available.',
      soldOut: false,
    });
  });
});
