import { describe, expect, it } from 'vitest';
import { reportReads } from '../../../shared/reports.ts';

describe('reportReads: what the Reports screen asks for', () => {
  it('compares a day with the day before and the same weekday a week earlier', () => {
    expect(reportReads('2026-11-25', '2026-11-25')).toEqual({
      report: { from: '2026-11-25', to: '2026-11-25' },
      previous: { from: '2026-11-24', to: '2026-11-24' },
      lastWeek: { from: '2026-11-18', to: '2026-11-18' },
    });
  });

  it('compares 90 days with the 90 before them, across a month end, and reads no week earlier', () => {
    expect(reportReads('2026-08-28', '2026-11-25')).toEqual({
      report: { from: '2026-08-28', to: '2026-11-25' },
      previous: { from: '2026-05-30', to: '2026-08-27' },
      lastWeek: null,
    });
  });

  it('counts days by the calendar across a DST change', () => {
    // 2026-10-25 is 25 hours long in Europe; dates are zone-free here, so still a 7-day week.
    expect(reportReads('2026-10-22', '2026-10-28').previous).toEqual({ from: '2026-10-15', to: '2026-10-21' });
  });
});
