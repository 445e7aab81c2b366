import { describe, expect, it } from 'vitest';
import { checkQuery, wholeMonths } from '../../../../electron/headoffice/reports.ts';

describe('the head office report over a period', () => {
  it('reads whole months from the monthly totals and the odd days from the daily', () => {
    expect(wholeMonths('2026-01-01', '2026-12-31')).toEqual({ start: '2026-01-01', end: '2027-01-01' });
    expect(wholeMonths('2026-01-15', '2026-03-10')).toEqual({ start: '2026-02-01', end: '2026-03-01' });
    expect(wholeMonths('2026-02-01', '2026-02-28')).toEqual({ start: '2026-02-01', end: '2026-03-01' });
    expect(wholeMonths('2028-02-01', '2028-02-28')).toBeNull();
    expect(wholeMonths('2026-11-20', '2026-11-25')).toBeNull();
    expect(wholeMonths('2026-01-31', '2026-02-27')).toBeNull();
  });

  it('refuses dates it cannot read, and a period that ends before it starts', () => {
    expect(() => checkQuery({ from: '2026-1-1', to: '2026-01-02', environment: 'production' })).toThrow(/YYYY-MM-DD/);
    expect(() => checkQuery({ from: '2026-01-03', to: '2026-01-02', environment: 'production' })).toThrow(/after/);
  });
});
