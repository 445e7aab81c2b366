/**
 * The Z report on the thermal printer says what the close counted, in figures that agree with the
 * close record: the float, the cash sales, the cash expected in the drawer, what was counted (with
 * its notes and coins), over or short, and the card terminal's and "other" counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeReceipt } from '../../../../../../electron/backend/printing/escpos.ts';
import { zReportBlocks } from '../../../../../../renderer/src/backoffice/close/zreport-receipt.ts';
import { useStore } from '../../../../../../renderer/src/state/store.ts';
import type { AppInfo } from '../../../../../../shared/contract.ts';
import { RECEIPT_COLUMNS, type StoreHeader } from '../../../../../../shared/printing.ts';
import { receiptJobSchema } from '../../../../../../shared/receipt-job.ts';
import type { DayClose } from '../../../../../../shared/reports.ts';
import { parseEscPos } from '../../../../../support/fake-printer.ts';

beforeAll(() => useStore.setState({ info: { timeZone: 'Europe/London', locale: 'en-GB' } as AppInfo }));
afterAll(() => useStore.setState({ info: null }));

const usd = (minor: number) => [{ minor, currency: 'USD' }];
const store: StoreHeader = { name: 'Harbour Phones', address: '1 Harbour Street', taxId: '' };
const breakdown = (key: string, count: number, minor: number) => ({ key, name: key, count, revenue: usd(minor), margin: usd(0) });

// $100.00 float and $12.00 cash sales: $112.00 expected; $112.50 counted, so 50 cents over. The card
// terminal showed $3.00 against the journal's $4.00; "other" was not counted.
export const close: DayClose = {
  id: '0f1e2d3c-0000-4000-8000-000000000001',
  date: '2026-11-27',
  sequence: 1,
  timeZone: 'Europe/London',
  closedAt: '2026-11-27T18:00:00.000Z',
  closedBy: 'm1',
  closedByName: 'Maria Manager',
  follows: null,
  expected: [
    { method: 'cash', currency: 'USD', minor: 1_200 },
    { method: 'card', currency: 'USD', minor: 400 },
    { method: 'other', currency: 'USD', minor: 250 },
  ],
  countedCash: usd(11_250),
  cashDifference: usd(50),
  note: null,
  float: usd(10_000),
  tenders: [{ method: 'card', currency: 'USD', expected: 400, counted: 300, difference: -100 }],
  cashCounts: [
    {
      currency: 'USD',
      counts: [
        { value: 5_000, count: 2 },
        { value: 1_000, count: 1 },
        { value: 100, count: 2 },
        { value: 50, count: 1 },
      ],
    },
  ],
  report: {
    fromDate: '2026-11-27',
    toDate: '2026-11-27',
    timeZone: 'Europe/London',
    totals: { sales: 5, esims: 5, topups: 0, revenue: usd(1_850), cost: usd(1_000), margin: usd(850) },
    byClerk: [],
    byPackage: [],
    byCountry: [],
    byPaymentMethod: [
      { ...breakdown('cash', 3, 1_200), key: 'cash' },
      { ...breakdown('card', 1, 400), key: 'card' },
      { ...breakdown('other', 1, 250), key: 'other' },
    ],
    perHour: [],
    perDay: [],
    problems: [],
    problemCounts: {},
  },
  reconciliation: { checked: false, reason: 'service_unreachable' },
  auditHead: null,
};

const printed = (width: 58 | 80) =>
  parseEscPos(encodeReceipt(receiptJobSchema.parse({ blocks: zReportBlocks(close, store, 'production') }), width));

describe('the Z report on the thermal printer', () => {
  for (const width of [58, 80] as const) {
    const columns = RECEIPT_COLUMNS[width];
    it(`prints the drawer, the notes and coins and the other tenders on ${width} mm, each figure on its label’s line`, () => {
      const paper = printed(width);
      expect(paper.unknown).toEqual([]);
      for (const line of paper.lines) expect([...line].length, line).toBeLessThanOrEqual(columns);
      const line = (label: string, value: string) => label + ' '.repeat(columns - label.length - value.length) + value;
      const row = (label: string, value: string) => expect(paper.lines, `${label} … ${value}`).toContain(line(label, value));
      // A heading, its rule, then its lines.
      const after = (heading: string) => paper.lines.slice(paper.lines.indexOf(heading));
      expect(paper.lines).toEqual(
        expect.arrayContaining(['CASH IN THE DRAWER (USD)', 'COUNTED BY NOTES AND COINS (USD)', 'CARD (USD)', 'OTHER (USD)']),
      );
      expect(after('CASH IN THE DRAWER (USD)').slice(2, 7)).toEqual([
        line('Opening float', '$100.00'),
        line('Cash sales', '$12.00'),
        line('Expected in the drawer', '$112.00'),
        line('Counted', '$112.50'),
        line('Over / short', '$0.50 over'),
      ]);
      row('$50 × 2', '$100.00');
      row('$10 × 1', '$10.00');
      row('$1 × 2', '$2.00');
      row('$0.50 × 1', '$0.50');
      expect(after('CARD (USD)').slice(2, 5)).toEqual([
        line('Card terminal expected', '$4.00'),
        line('Counted', '$3.00'),
        line('Over / short', '$1.00 short'),
      ]);
      row('Other expected', '$2.50');
      expect(after('OTHER (USD)')[3]).toBe(line('Counted', 'not counted'));
    });
  }

  it('prints a Vouchers line with the codes and their amount under the top-ups, and none for a close made before vouchers counted', () => {
    const withVouchers: DayClose = {
      ...close,
      report: { ...close.report, totals: { ...close.report.totals, vouchers: 2, voucherCodes: 3, voucherRevenue: usd(1_350) } },
    };
    const paper = parseEscPos(
      encodeReceipt(receiptJobSchema.parse({ blocks: zReportBlocks(withVouchers, store, 'production') }), 80),
    );
    const columns = RECEIPT_COLUMNS[80];
    const line = (label: string, value: string) => label + ' '.repeat(columns - label.length - value.length) + value;
    const topups = paper.lines.indexOf(line('Top-ups', '0'));
    expect(paper.lines[topups + 1]).toBe(line('Vouchers', '3 codes · $13.50'));
    expect(printed(80).lines.some((l) => l.startsWith('Vouchers'))).toBe(false);
  });
});
