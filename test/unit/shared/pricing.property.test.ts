import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { retailPrice, type PriceRule } from '../../../shared/pricing.ts';

const usd = (minor: number) => ({ minor, currency: 'USD' });
const percent = fc.integer({ min: 0, max: 50_000 }).map((n) => n / 100); // 0–500 % with two decimals
const ending = fc.constantFrom('none' as const, '99' as const, '49' as const);
const net = fc.integer({ min: 1, max: 1_000_000 });

describe('retail price rules, for any net price and markup', () => {
  it('never sells below the net price, and never below net plus the markup', () => {
    fc.assert(
      fc.property(net, percent, ending, (n, p, e) => {
        const price = retailPrice(usd(n * 2), usd(n), { kind: 'markup', percent: p, ending: e });
        expect(price.minor).toBeGreaterThanOrEqual(n);
        expect(price.minor).toBeGreaterThanOrEqual(Math.ceil(n * (1 + p / 100) - 1e-9));
        expect(Number.isInteger(price.minor)).toBe(true);
      }),
    );
  });

  it('ends as asked, at the smallest such price: .99 within a unit, .49 or .99 within half a unit', () => {
    fc.assert(
      fc.property(net, percent, (n, p) => {
        const plain = retailPrice(usd(n * 2), usd(n), { kind: 'markup', percent: p, ending: 'none' }).minor;
        const at99 = retailPrice(usd(n * 2), usd(n), { kind: 'markup', percent: p, ending: '99' }).minor;
        const at49 = retailPrice(usd(n * 2), usd(n), { kind: 'markup', percent: p, ending: '49' }).minor;
        expect(at99 % 100).toBe(99);
        expect(at99 - plain).toBeLessThan(100);
        expect([49, 99]).toContain(at49 % 100);
        expect(at49 - plain).toBeLessThan(50);
        expect(at49).toBeLessThanOrEqual(at99);
      }),
    );
  });

  it('is monotonic: a higher net price or markup never gives a lower price', () => {
    fc.assert(
      fc.property(net, net, percent, percent, ending, (a, b, p, q, e) => {
        const rule = (x: number): PriceRule => ({ kind: 'markup', percent: x, ending: e });
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const [pl, ph] = p <= q ? [p, q] : [q, p];
        expect(retailPrice(usd(0), usd(lo), rule(pl)).minor).toBeLessThanOrEqual(retailPrice(usd(0), usd(hi), rule(pl)).minor);
        expect(retailPrice(usd(0), usd(lo), rule(pl)).minor).toBeLessThanOrEqual(retailPrice(usd(0), usd(lo), rule(ph)).minor);
      }),
    );
  });

  it('keeps the recommended price without a net price (discount pricing) or under the recommended rule', () => {
    fc.assert(
      fc.property(net, percent, ending, (r, p, e) => {
        expect(retailPrice(usd(r), null, { kind: 'markup', percent: p, ending: e })).toEqual(usd(r));
        expect(retailPrice(usd(r), usd(1), { kind: 'recommended' })).toEqual(usd(Math.max(r, 1)));
      }),
    );
  });
});

describe('the recommended price', () => {
  it('is never below the net price: should the service send it so, the counter sells at cost', () => {
    fc.assert(
      fc.property(net, fc.integer({ min: 0, max: 1_000_000 }), (n, r) => {
        expect(retailPrice(usd(r), usd(n), { kind: 'recommended' }).minor).toBe(Math.max(r, n));
      }),
    );
  });
});
