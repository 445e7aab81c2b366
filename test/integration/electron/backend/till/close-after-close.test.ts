import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../../../../electron/backend/app.ts';
import type { Money } from '../../../../../shared/money.ts';
import type { ClosePreview, DayClose, ExpectedTakings, Report } from '../../../../../shared/reports.ts';
import type { TestBackend } from '../../../../support/backend.ts';
import type { TestSandbox } from '../../../../support/sandbox.ts';
import { startCloseCounter, utcToday, type CloseCounter } from '../../../../support/close-counter.ts';

let counter: CloseCounter;
let ts: TestSandbox;
let backend: Backend;
let call: TestBackend['call'];
let signIn: TestBackend['signIn'];
let offer: { id: string; retail: Money };
const today = utcToday;

beforeAll(async () => {
  counter = await startCloseCounter();
  ({ ts, backend, call, signIn, offer } = counter);
});
afterAll(() => counter.close());

const sell = (paymentMethod: 'cash' | 'card' | 'other') =>
  call<{ id: string; status: string }>('sales.create', { packageId: offer.id, quantity: 1, paymentMethod });
const preview = () => call<ClosePreview>('close.preview', { date: today() });
const price = () => offer.retail.minor;

/** Takings per method, summed over any number of lists. */
function sum(...lists: ExpectedTakings[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const e of lists.flat()) out[`${e.method} ${e.currency}`] = (out[`${e.method} ${e.currency}`] ?? 0) + e.minor;
  return out;
}
const reportTakings = (report: Report) =>
  sum(report.byPaymentMethod.flatMap((p) => p.revenue.map((m) => ({ method: p.key, currency: m.currency, minor: m.minor }))));

describe('sales after the day is closed', () => {
  let first: DayClose;

  it('closes the day with what was sold by then, and a note on the difference', async () => {
    await sell('cash');
    await sell('card');
    expect(await call('close.status')).toEqual({ date: today(), lastClose: null });
    await signIn('manager');
    const open = await preview();
    expect(open.closes).toEqual([]);
    expect(open.open).toMatchObject({ sales: 2, topups: 0, expectedCash: [{ minor: price(), currency: 'USD' }] });

    first = await call<DayClose>('close.commit', {
      date: today(),
      countedCash: [{ minor: price() - 200, currency: 'USD' }],
      basis: open.open.basis,
      note: '  Two dollars given back as change twice  ',
    });
    expect(first).toMatchObject({ sequence: 1, follows: null, note: 'Two dollars given back as change twice' });
    expect(first.cashDifference).toEqual([{ minor: -200, currency: 'USD' }]);
    // The close covers what Reports shows for the day, to the cent.
    expect(sum(first.expected)).toEqual(reportTakings(await call<Report>('reports.day', {})));
    expect((await preview()).open).toMatchObject({ sales: 0, expected: [] });
    await expect(
      call('close.commit', { date: today(), countedCash: [], basis: (await preview()).open.basis }),
    ).rejects.toMatchObject({
      error: { code: 'conflict', message: expect.stringMatching(/already closed.*nothing has been sold/) },
    });
  });

  it('shows later sales as after the close, beside the close as it was made', async () => {
    await signIn('clerk');
    // The till knows the day was closed: what it sells now goes into a supplementary close.
    expect(await call('close.status')).toEqual({
      date: today(),
      lastClose: { sequence: 1, closedAt: first.closedAt, closedByName: 'Maria Manager' },
    });
    await sell('cash');
    await sell('other');
    await signIn('manager');
    const after = await preview();
    expect(after.closes).toHaveLength(1);
    expect(after.closes[0]).toEqual(first);
    expect(after.open).toMatchObject({ sales: 2, expectedCash: [{ minor: price(), currency: 'USD' }] });
    expect(sum(after.open.expected)).toEqual({ 'cash USD': price(), 'other USD': price() });
    expect(after.open.lines.map((l) => [l.paymentMethod, l.staffName])).toEqual([
      ['other', 'Chris Clerk'],
      ['cash', 'Chris Clerk'],
    ]);
    // Reports and the close agree: the day is its close plus what came after it.
    const day = await call<Report>('reports.day', {});
    expect(sum(first.expected, after.open.expected)).toEqual(reportTakings(day));
    expect(after.report.totals).toEqual(day.totals);
  });

  it('refuses a close counted against figures that changed meanwhile', async () => {
    const seen = await preview();
    await signIn('clerk');
    await sell('cash');
    await signIn('manager');
    await expect(
      call('close.commit', { date: today(), countedCash: [{ minor: price(), currency: 'USD' }], basis: seen.open.basis }),
    ).rejects.toMatchObject({ error: { code: 'conflict', message: expect.stringMatching(/completed while you were counting/) } });
    expect((await preview()).open.sales).toBe(3);
  });

  it('refuses a supplementary close while a later sale is still uncertain', async () => {
    await signIn('clerk');
    await ts.control.fault({ match: { path: '^/v2/orders' }, kind: 'status', status: 503, times: 3 });
    const uncertain = await sell('cash');
    expect(uncertain.status).toBe('uncertain');
    await signIn('manager');
    const seen = await preview();
    expect(seen.unfinished).toBe(1);
    await expect(call('close.commit', { date: today(), countedCash: [], basis: seen.open.basis })).rejects.toMatchObject({
      error: { code: 'conflict', message: expect.stringMatching(/still being checked/) },
    });
    await ts.control.clearFaults();
    await backend.sales.reconcileUncertain();
    expect((await call('sales.get', { id: uncertain.id })).status).toBe('not_found');
  });

  it('closes what came after with a supplementary close of its own, and a sale sent again later after that', async () => {
    const before = await preview();
    expect(before.unfinished).toBe(0);
    const second = await call<DayClose>('close.commit', {
      date: today(),
      countedCash: [{ minor: 2 * price() + 100, currency: 'USD' }],
      basis: before.open.basis,
    });
    expect(second).toMatchObject({ sequence: 2, follows: first.closedAt, note: null });
    expect(second.report.totals.sales).toBe(3);
    expect(second.cashDifference).toEqual([{ minor: 100, currency: 'USD' }]);
    expect(sum(second.expected)).toEqual({ 'cash USD': 2 * price(), 'other USD': price() });

    // The sale the service never got is sent again: it completes now, on its own date, after both closes.
    const notFound = before.report.problems.find((p) => p.status === 'not_found')!;
    await signIn('clerk');
    expect((await call('sales.retry', { id: notFound.id })).status).toBe('completed');
    await signIn('manager');
    const third = await preview();
    expect(third.closes.map((c) => c.sequence)).toEqual([1, 2]);
    expect(third.open.lines.map((l) => l.id)).toEqual([notFound.id]);
    const day = await call<Report>('reports.day', {});
    expect(sum(...third.closes.map((c) => c.expected), third.open.expected)).toEqual(reportTakings(day));
    const last = await call<DayClose>('close.commit', { date: today(), countedCash: [offer.retail], basis: third.open.basis });
    expect(last).toMatchObject({ sequence: 3, follows: second.closedAt });

    // Every completed sale of the day is in exactly one close, and the closes add up to the day.
    const closed = await preview();
    expect(closed.open.sales).toBe(0);
    expect(sum(...closed.closes.map((c) => c.expected))).toEqual(reportTakings(day));
    expect(closed.closes.reduce((n, c) => n + c.report.totals.sales, 0)).toBe(day.totals.sales);
    const audit = await call<Array<{ details: { sequence: number; covers: number } }>>('audit.list', { action: 'day.closed' });
    expect(audit.map((e) => [e.details.sequence, e.details.covers])).toEqual([
      [3, 1],
      [2, 3],
      [1, 2],
    ]);

    const csv = await call<{ content: string }>('close.csv', { date: today() });
    const lines = csv.content.trim().split('\n');
    expect(lines[0]!.endsWith(',partner_order,close,counted')).toBe(true);
    const closeColumn = lines
      .slice(1)
      .filter((l) => /^[^,]*,(sale|topup),/.test(l))
      .map((l) => l.split(',').at(-2));
    expect(closeColumn.filter((c) => c === '1')).toHaveLength(2);
    expect(closeColumn.filter((c) => c === '2')).toHaveLength(3);
    expect(closeColumn.filter((c) => c === '3')).toHaveLength(1);
  });
});
