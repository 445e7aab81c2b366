import { describe, expect, it } from 'vitest';
import { change, figure, mainCurrency, marginRatio } from '../../../../../../renderer/src/backoffice/reports/report-figures.ts';
import type { Totals } from '../../../../../../shared/reports.ts';

const totals = (revenue: number, margin: number, tax = 0): Totals => ({
  sales: 3,
  esims: 3,
  topups: 1,
  revenue: [{ minor: revenue, currency: 'EUR' }],
  cost: [],
  tax: [{ minor: tax, currency: 'EUR' }],
  margin: [{ minor: margin, currency: 'EUR' }],
});

describe('report figures', () => {
  it('takes the margin % of the revenue net of tax, in the report’s currency', () => {
    expect(mainCurrency(totals(1000, 200))).toBe('EUR');
    expect(marginRatio(totals(1190, 250, 190), 'EUR')).toBe(0.25);
    expect(marginRatio(totals(0, 0), 'EUR')).toBeNull();
    expect(marginRatio(totals(1000, 200), 'USD')).toBeNull();
  });

  it('compares counts and amounts as a ratio, margin % in points, and nothing against zero', () => {
    const now = totals(1500, 300);
    const before = totals(1000, 250);
    expect(figure(now, 'count', 'EUR')).toBe(4);
    // A batch of voucher codes counts once, as the breakdowns and the charts count it.
    expect(figure({ ...now, vouchers: 2, voucherCodes: 7 }, 'count', 'EUR')).toBe(6);
    expect(change(figure(now, 'revenue', 'EUR'), figure(before, 'revenue', 'EUR'), 'revenue')).toBe(0.5);
    expect(change(figure(now, 'margin', 'EUR'), figure(before, 'margin', 'EUR'), 'margin')).toBeCloseTo(0.2);
    expect(change(figure(now, 'marginRatio', 'EUR'), figure(before, 'marginRatio', 'EUR'), 'marginRatio')).toBeCloseTo(-0.05);
    expect(change(figure(now, 'revenue', 'EUR'), figure(totals(0, 0), 'revenue', 'EUR'), 'revenue')).toBeNull();
    expect(change(figure(now, 'marginRatio', 'EUR'), figure(totals(0, 0), 'marginRatio', 'EUR'), 'marginRatio')).toBeNull();
  });
});
