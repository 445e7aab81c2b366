// Voucher batches sold at the counter count as sales do: in History, in the close's expected cash
// and tenders, in the Z report's totals, and in Reports' revenue, payments, packages and margin.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../../../../shared/history.ts';
import type { Money } from '../../../../../shared/money.ts';
import type { ReportSales } from '../../../../../shared/report-sales.ts';
import type { ClosePreview, DayClose, Report } from '../../../../../shared/reports.ts';
import type { VoucherBatchView } from '../../../../../shared/vouchers.ts';
import type { TestBackend } from '../../../../support/backend.ts';
import type { TestSandbox } from '../../../../support/sandbox.ts';
import { startCloseCounter, utcToday, type CloseCounter } from '../../../../support/close-counter.ts';

let counter: CloseCounter;
let ts: TestSandbox;
let call: TestBackend['call'];
let signIn: TestBackend['signIn'];
let offer: { id: string; retail: Money; net: Money | null };
const today = utcToday;

beforeAll(async () => {
  counter = await startCloseCounter();
  ({ ts, call, signIn, offer } = counter);
});
afterAll(() => counter.close());

const vouchers = (quantity: number, paymentMethod: 'cash' | 'card') =>
  call<VoucherBatchView>('vouchers.create', { batchId: crypto.randomUUID(), packageId: offer.id, quantity, paymentMethod });
const usd = (minor: number) => [{ minor, currency: 'USD' }];

describe('vouchers in the close and the reports', () => {
  const price = () => offer.retail.minor;
  let cash: VoucherBatchView;
  let card: VoucherBatchView;

  it('counts a cash batch in the expected cash and a card batch in the card total, beside an eSIM sale', async () => {
    expect(offer.retail.currency).toBe('USD');
    expect(offer.net).not.toBeNull();
    await call('sales.create', { packageId: offer.id, quantity: 1, paymentMethod: 'cash' });
    cash = await vouchers(2, 'cash');
    card = await vouchers(1, 'card');
    expect([cash.status, card.status]).toEqual(['completed', 'completed']);

    await signIn('manager');
    const preview = await call<ClosePreview>('close.preview', { date: today() });
    expect(preview.unfinished).toBe(0);
    expect(preview.open).toMatchObject({ sales: 1, topups: 0, vouchers: 2, expectedCash: usd(3 * price()) });
    expect(preview.open.expected).toEqual([
      { method: 'cash', currency: 'USD', minor: 3 * price() },
      { method: 'card', currency: 'USD', minor: price() },
    ]);
    expect(preview.open.lines.map((l) => [l.kind, l.paymentMethod, l.total.minor])).toEqual([
      ['voucher', 'card', price()],
      ['voucher', 'cash', 2 * price()],
      ['sale', 'cash', price()],
    ]);
    // The service lists the eSIM's order; vouchers have none to match and are not missing there.
    expect(preview.reconciliation).toMatchObject({ checked: true, matched: 1, missingThere: [] });

    const close = await call<DayClose>('close.commit', {
      date: today(),
      countedCash: usd(3 * price()),
      countedTenders: [{ method: 'card', minor: price(), currency: 'USD' }],
      basis: preview.open.basis,
    });
    expect(close.cashDifference).toEqual([{ minor: 0, currency: 'USD' }]);
    expect(close.tenders).toEqual([{ method: 'card', currency: 'USD', expected: price(), counted: price(), difference: 0 }]);
    // The Z report's totals: the vouchers line beside the sales.
    expect(close.report.totals).toMatchObject({
      sales: 1,
      esims: 1,
      topups: 0,
      vouchers: 2,
      voucherCodes: 3,
      voucherRevenue: usd(3 * price()),
    });
    expect(close.report.totals.revenue).toEqual(usd(4 * price()));
    expect((await call<ClosePreview>('close.preview', { date: today() })).open).toMatchObject({ vouchers: 0, expected: [] });
  });

  it('puts their revenue, cost and margin in the reports, as a kind of their own', async () => {
    const report = await call<Report>('reports.day', {});
    const unitMargin = price() - offer.net!.minor;
    expect(report.totals).toMatchObject({ sales: 1, vouchers: 2, voucherCodes: 3, costUnknown: 0 });
    expect(report.totals.revenue).toEqual(usd(4 * price()));
    expect(report.totals.margin).toEqual(usd(4 * unitMargin));
    expect(report.byPaymentMethod.map((p) => [p.key, p.count, p.revenue])).toEqual([
      ['cash', 2, usd(3 * price())],
      ['card', 1, usd(price())],
    ]);
    const voucherPackage = report.byPackage.find((p) => p.key === `voucher:${offer.id}`);
    expect(voucherPackage).toMatchObject({ kind: 'voucher', count: 2, revenue: usd(3 * price()), margin: usd(3 * unitMargin) });
    // A sale's country; vouchers are not sold for a destination.
    expect(report.byCountry.map((c) => [c.key, c.count])).toEqual([['DE', 1]]);
    expect(report.perDay.at(-1)).toMatchObject({ count: 3, revenue: usd(4 * price()), margin: usd(4 * unitMargin) });

    const behind = await call<ReportSales>('reports.sales', {
      from: today(),
      to: today(),
      dimension: 'package',
      key: `voucher:${offer.id}`,
    });
    expect(behind.rows.map((r) => [r.kind, r.id, r.quantity])).toEqual([
      ['voucher', card.id, 1],
      ['voucher', cash.id, 2],
    ]);
  });

  it('shows the batches in History, and a batch whose answer was lost holds the close as an unsettled sale does', async () => {
    await signIn('clerk');
    const history = await call<HistoryEntry[]>('history.search', {});
    expect(
      history.filter((e) => e.kind === 'voucher').map((e) => e.kind === 'voucher' && [e.voucher.id, e.voucher.codes.length]),
    ).toEqual([
      [card.id, 1],
      [cash.id, 2],
    ]);
    await ts.control.fault({ match: { method: 'POST', path: '/v2/voucher/esim' }, kind: 'reset-after' });
    const lost = await vouchers(1, 'cash');
    expect(lost.status).toBe('uncertain');
    // History shows it as such, as it shows a sale whose outcome is not known.
    expect((await call<HistoryEntry[]>('history.search', {}))[0]).toMatchObject({
      kind: 'voucher',
      voucher: { id: lost.id, status: 'uncertain', codes: [] },
    });

    await signIn('manager');
    const preview = await call<ClosePreview>('close.preview', { date: today() });
    expect(preview.unfinished).toBe(1);
    expect(preview.report.problems.map((p) => [p.kind, p.status])).toEqual([['voucher', 'uncertain']]);
    await expect(call('close.commit', { date: today(), countedCash: [], basis: preview.open.basis })).rejects.toMatchObject({
      error: { code: 'conflict', reason: 'close_sales_unsettled' },
    });
  });
});
