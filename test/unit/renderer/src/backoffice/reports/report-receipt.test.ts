import { loadBackOfficeWords } from '../../../../../../renderer/src/i18n/i18n.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeReceipt } from '../../../../../../electron/backend/printing/escpos.ts';
import { reportReceiptBlocks, TOP_PACKAGES } from '../../../../../../renderer/src/backoffice/reports/report-receipt.ts';
import { useStore } from '../../../../../../renderer/src/state/store.ts';
import type { AppInfo } from '../../../../../../shared/contract.ts';
import { RECEIPT_COLUMNS, type StoreHeader } from '../../../../../../shared/printing.ts';
import { receiptJobSchema } from '../../../../../../shared/receipt-job.ts';
import type { Breakdown, Report } from '../../../../../../shared/reports.ts';
import { parseEscPos } from '../../../../../support/fake-printer.ts';

// The back office's words come with its screens; these tests call its functions directly.
beforeAll(() => loadBackOfficeWords());

beforeAll(() => useStore.setState({ info: { timeZone: 'Europe/London', locale: 'en-GB' } as AppInfo }));
afterAll(() => useStore.setState({ info: null }));

const eur = (minor: number) => [{ minor, currency: 'EUR' }];
const store: StoreHeader = { name: 'Harbour Phones', address: '1 Harbour Street', taxId: 'DE123456789' };
const pkg = (n: number, name: string, count: number, minor: number): Breakdown => ({
  key: `sale:p${n}`,
  name,
  kind: 'sale',
  count,
  revenue: eur(minor),
  margin: eur(minor / 5),
});
const totals = (sales: number, revenue: number, margin: number) => ({
  sales,
  esims: sales,
  topups: 1,
  revenue: eur(revenue),
  cost: eur(revenue - margin),
  margin: eur(margin),
});
const report: Report = {
  fromDate: '2026-03-01',
  toDate: '2026-03-07',
  timeZone: 'Europe/Berlin',
  totals: totals(42, 123_450, 24_690),
  byClerk: [
    { key: 's1', name: 'Chris', count: 30, revenue: eur(90_000), margin: eur(18_000) },
    { key: 's2', name: 'Maximiliane Wolkenstein-Rabensberg', count: 12, revenue: eur(33_450), margin: eur(6_690) },
  ],
  byPackage: [
    pkg(1, 'Europe & Mediterranean Unlimited 30 days 50 GB', 20, 60_000),
    pkg(2, 'Germany 7 days 5 GB', 10, 30_000),
    pkg(3, 'Japan 15 days 10 GB', 5, 15_000),
    pkg(4, 'USA 30 days 20 GB', 4, 12_000),
    pkg(5, 'Turkey 7 days 3 GB', 2, 4_450),
    pkg(6, 'France 1 day 1 GB', 1, 2_000),
  ],
  byCountry: [],
  byPaymentMethod: [
    { key: 'cash', count: 30, revenue: eur(100_000), margin: eur(20_000) },
    { key: 'card', count: 13, revenue: eur(23_450), margin: eur(4_690) },
  ],
  perHour: [],
  perDay: [],
  problems: [],
  problemCounts: {},
};
const previous: Report = { ...report, fromDate: '2026-02-22', toDate: '2026-02-28', totals: totals(40, 100_000, 25_000) };

/** The roll as the printer prints it: the blocks checked as the contract does, encoded, read back. */
const printed = (width: 58 | 80, environment: 'production' | 'demo' = 'production') =>
  parseEscPos(
    encodeReceipt(
      receiptJobSchema.parse({ blocks: reportReceiptBlocks(report, previous, null, store, width, environment) }),
      width,
    ),
  );

describe('a report on the thermal printer', () => {
  for (const width of [58, 80] as const) {
    const columns = RECEIPT_COLUMNS[width];
    it(`fits every line in ${columns} columns on ${width} mm, each figure on its label’s line, amounts formatted`, () => {
      const paper = printed(width);
      expect(paper.unknown).toEqual([]);
      expect(paper.lines.length).toBeGreaterThan(20);
      // The store's name is printed double wide: half the columns.
      for (const line of paper.lines) expect([...line].length, line).toBeLessThanOrEqual(columns);
      expect(paper.largeLines).toEqual(['Harbour Phones']);
      const row = (label: string, value: string) =>
        expect(paper.lines, `${label} … ${value}`).toContain(label + ' '.repeat(columns - label.length - value.length) + value);
      expect(paper.lines).toEqual(
        expect.arrayContaining([
          'Sales report',
          'Time zone Europe/Berlin',
          'TOTALS',
          'BY PAYMENT METHOD',
          'BY CLERK',
          'TOP PACKAGES',
        ]),
      );
      // The period on one line where it fits, else broken before its last day; in a British store's order.
      const period = 'Sun, 1 Mar 2026 – Sat, 7 Mar 2026';
      if (width === 80) expect(paper.lines).toContain(period);
      else expect(paper.lines).toEqual(expect.arrayContaining(['Sun, 1 Mar 2026 –', 'Sat, 7 Mar 2026']));
      row('Sales', '42');
      row('Revenue', '€1,234.50');
      row('Margin', '€246.90');
      row('Margin %', '20%');
      row('Cash (30)', '€1,000.00');
      row('Chris (30)', '€900.00');
      // Compared with the week before: its figures and this week's change.
      expect(paper.lines).toContain('COMPARED');
      expect(paper.lines).toContain('Previous: 22 Feb – 28 Feb');
      row('Revenue', '€1,000.00 +23.5%');
      // The minus sign printed as a hyphen, not as "?".
      row('Margin', '€250.00 -1.2%');
      row('Margin %', '25% -5 pts');
      expect(paper.lines.join('\n')).not.toContain('?');
      // A name too long for its line is cut, never the amount beside it.
      const long = paper.lines.find((l) => l.startsWith('Europe & Med'))!;
      expect(long).toMatch(/…\s+€600\.00$/);
      expect(long).toHaveLength(columns);
      expect(paper.lines.find((l) => l.startsWith('Maximiliane'))).toMatch(/€334\.50$/);
      // The top packages only.
      expect(paper.lines.some((l) => l.startsWith('Turkey 7 days'))).toBe(TOP_PACKAGES >= 5);
      expect(paper.lines.some((l) => l.startsWith('France'))).toBe(false);
    });
  }

  it('marks a report printed in Demo as practice, like every printout from it, on both rolls', () => {
    for (const width of [58, 80] as const) {
      const paper = printed(width, 'demo');
      expect(paper.lines.join(' ')).toMatch(/DEMO — PRACTICE SALES, NOT\s+REAL TAKINGS/);
      for (const line of paper.lines) expect([...line].length, line).toBeLessThanOrEqual(RECEIPT_COLUMNS[width]);
      expect(printed(width).lines.join(' ')).not.toContain('PRACTICE');
    }
  });

  it('keeps more of a long label on the wider roll', () => {
    const label = (width: 58 | 80) =>
      printed(width)
        .lines.find((l) => l.startsWith('Europe & Med'))!
        .split('…')[0]!;
    expect(label(58)).toBe('Europe & Mediterranean');
    expect(label(80)).toBe('Europe & Mediterranean Unlimited 30 day');
  });
});
