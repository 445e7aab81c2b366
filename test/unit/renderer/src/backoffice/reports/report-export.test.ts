import { loadBackOfficeWords } from '../../../../../../renderer/src/i18n/i18n.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportCsv, reportCsvName } from '../../../../../../renderer/src/backoffice/reports/report-export.ts';
import { useStore } from '../../../../../../renderer/src/state/store.ts';
import type { AppInfo } from '../../../../../../shared/contract.ts';
import type { Report } from '../../../../../../shared/reports.ts';

// The back office's words come with its screens; these tests call its functions directly.
beforeAll(() => loadBackOfficeWords());

beforeAll(() => useStore.setState({ info: { timeZone: 'Europe/London', locale: 'en-GB' } as AppInfo }));
afterAll(() => useStore.setState({ info: null }));

const usd = (minor: number) => [{ minor, currency: 'USD' }];
const report: Report = {
  fromDate: '2026-11-24',
  toDate: '2026-11-25',
  timeZone: 'UTC',
  totals: { sales: 3, esims: 3, topups: 1, revenue: usd(1600), cost: usd(1260), tax: usd(0), margin: usd(340) },
  // $12.00 with $2.00 of tax in it: the margin % is of the $10.00 net.
  byClerk: [{ key: 's1', name: 'Chris "CC" Clerk', count: 3, revenue: usd(1200), tax: usd(200), margin: usd(255) }],
  // No cost known for its sale: its margin % is not known either, not 0.
  byPackage: [
    {
      key: 'sale:p1',
      name: 'Nimbus 1 GB',
      kind: 'sale',
      count: 1,
      revenue: usd(400),
      tax: usd(0),
      margin: usd(0),
      costUnknown: 1,
    },
  ],
  // A close recorded before rows carried their tax: its margin % is not known.
  byCountry: [{ key: 'DE', count: 4, revenue: usd(1600), margin: usd(340) }],
  byPaymentMethod: [{ key: 'cash', count: 3, revenue: usd(1200), tax: usd(0), margin: usd(255) }],
  perHour: [],
  perDay: [
    { date: '2026-11-24', count: 0, revenue: [], margin: [] },
    { date: '2026-11-25', count: 4, revenue: usd(1600), margin: usd(340) },
  ],
  problems: [],
  problemCounts: {},
};

describe('a report as CSV', () => {
  it('lists the totals, every breakdown row in words and every day, amounts as decimals with their currency, margin % of the net', () => {
    const lines = reportCsv(report)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'Section,Row,Sales and top-ups,Revenue,Margin,Margin %,Currency',
      'Totals,2026-11-24 – 2026-11-25,4,16.00,3.40,21.3,USD',
      'By clerk,"Chris ""CC"" Clerk",3,12.00,2.55,25.5,USD',
      'By payment method,Cash,3,12.00,2.55,21.3,USD',
      'By country (sales),Germany,4,16.00,3.40,,USD',
      'By package,Nimbus 1 GB,1,4.00,0.00,,USD',
      'Day,2026-11-25,4,16.00,3.40,,USD',
    ]);
    expect(reportCsvName(report)).toBe('esim-counter-report-2026-11-24-to-2026-11-25.csv');
  });

  it('writes a clerk named like a formula as text, and a day with no tax known keeps its margin', () => {
    const injected: Report = {
      ...report,
      byClerk: [{ key: 's2', name: "=cmd|' /C calc'!A0", count: 1, revenue: usd(-150), tax: usd(0), margin: usd(-20) }],
    };
    const lines = reportCsv(injected).split('\r\n');
    expect(lines).toContain(`By clerk,'=cmd|' /C calc'!A0,1,-1.50,-0.20,,USD`);
    expect(lines).toContain('Day,2026-11-25,4,16.00,3.40,,USD');
  });
});
