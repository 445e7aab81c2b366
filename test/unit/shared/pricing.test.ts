import { describe, expect, it } from 'vitest';
import { retailPrice } from '../../../shared/pricing.ts';

const usd = (minor: number) => ({ minor, currency: 'USD' });

describe('retailPrice', () => {
  it('uses the recommended price by default, and when there is no net price', () => {
    expect(retailPrice(usd(450), usd(314), { kind: 'recommended' })).toEqual(usd(450));
    expect(retailPrice(usd(450), null, { kind: 'markup', percent: 40, ending: '99' })).toEqual(usd(450));
  });

  it('adds the markup in whole cents, rounding up', () => {
    expect(retailPrice(usd(450), usd(314), { kind: 'markup', percent: 40, ending: 'none' })).toEqual(usd(440)); // 439.6 → 440
    expect(retailPrice(usd(450), usd(1000), { kind: 'markup', percent: 12.5, ending: 'none' })).toEqual(usd(1125));
  });

  it('rounds up to .99 or to the next .49/.99', () => {
    expect(retailPrice(usd(0), usd(314), { kind: 'markup', percent: 40, ending: '99' })).toEqual(usd(499));
    expect(retailPrice(usd(0), usd(314), { kind: 'markup', percent: 40, ending: '49' })).toEqual(usd(449));
    expect(retailPrice(usd(0), usd(1000), { kind: 'markup', percent: 50, ending: '49' })).toEqual(usd(1549));
    expect(retailPrice(usd(0), usd(1000), { kind: 'markup', percent: 45, ending: '49' })).toEqual(usd(1499));
    expect(retailPrice(usd(0), usd(1000), { kind: 'markup', percent: 44, ending: '49' })).toEqual(usd(1449));
  });

  it('never sells below cost, and leaves whole-unit currencies without cents', () => {
    expect(retailPrice(usd(0), usd(500), { kind: 'markup', percent: 0, ending: 'none' })).toEqual(usd(500));
    expect(
      retailPrice(
        { minor: 500, currency: 'JPY' },
        { minor: 475, currency: 'JPY' },
        { kind: 'markup', percent: 30, ending: '99' },
      ),
    ).toEqual({
      minor: 618,
      currency: 'JPY',
    });
  });
});
