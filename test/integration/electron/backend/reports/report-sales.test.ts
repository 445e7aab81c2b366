import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../../../../electron/backend/app.ts';
import { reportSales } from '../../../../../electron/backend/reports/db-sales.ts';
import type { ReportSales } from '../../../../../shared/report-sales.ts';
import { startTestBackend, type TestBackend } from '../../../../support/backend.ts';
import { startTestSandbox, type TestSandbox } from '../../../../support/sandbox.ts';

let ts: TestSandbox;
let backend: Backend;
let ids: Record<string, string>;
let call: TestBackend['call'];
let signIn: TestBackend['signIn'];
const today = () => new Date().toISOString().slice(0, 10); // the store runs on UTC in this test
const refs = (list: ReportSales) => list.rows.map((r) => r.reference).sort();

beforeAll(async () => {
  ts = await startTestSandbox();
  const test = await startTestBackend(ts, { settleMs: 0 });
  ({ backend, ids, call, signIn } = test);
  await signIn('manager');
  await call('settings.update', { timeZone: 'UTC' });
  ids.ana = (await call('staff.create', { name: 'Ana Clerk', role: 'clerk', pin: '1357' })).id;
  ids.ben = (await call('staff.create', { name: 'Ben Clerk', role: 'clerk', pin: '1357' })).id;
});
afterAll(async () => {
  await backend.close();
  await ts.close();
});

describe("a report row's sales", () => {
  it('lists the completed sales behind each breakdown row, the latest first, and only to managers', async () => {
    const offers = await call<Array<{ id: string; retail: { minor: number; currency: string } }>>('catalog.packages', {
      country: 'DE',
      type: 'local',
    });
    const [cheap, dear] = [offers[0]!, offers[1]!];
    await signIn('ana');
    const a1 = await call('sales.create', { packageId: cheap.id, quantity: 1, paymentMethod: 'cash' });
    const a2 = await call('sales.create', { packageId: dear.id, quantity: 2, paymentMethod: 'card' });
    await signIn('ben');
    const b1 = await call('sales.create', { packageId: cheap.id, quantity: 1, paymentMethod: 'cash' });
    // A failed sale is no money: the report does not count it, nor does its drill-down.
    await ts.control.fault({ match: { path: '^/v2/orders' }, kind: 'status', status: 400, times: 1 });
    await call('sales.create', { packageId: cheap.id, quantity: 1, paymentMethod: 'cash' }).catch(() => null);

    const range = { from: today(), to: today() };
    await expect(call('reports.sales', { ...range, dimension: 'clerk', key: ids.ben })).rejects.toMatchObject({
      error: { code: 'forbidden' },
    });

    await signIn('manager');
    const report = await call('reports.range', range);
    // The day's margin, as the margin per day charts it, is the period's: one day, one currency.
    expect(report.perDay).toEqual([expect.objectContaining({ date: today(), margin: report.totals.margin })]);
    expect(report.totals.margin[0].minor).toBeGreaterThan(0);
    // A comparison reads the same totals alone, and only a manager may.
    expect(await call('reports.totals', range)).toEqual({
      fromDate: range.from,
      toDate: range.to,
      timeZone: 'UTC',
      totals: report.totals,
    });
    await expect(call('reports.totals', { from: range.to, to: '2020-01-01' })).rejects.toMatchObject({
      error: { code: 'bad_input' },
    });
    const byClerk = await call<ReportSales>('reports.sales', { ...range, dimension: 'clerk', key: ids.ana });
    expect(refs(byClerk)).toEqual([a1.reference, a2.reference].sort());
    expect(byClerk.more).toBe(false);
    expect(byClerk.rows[0]).toMatchObject({
      kind: 'sale',
      id: a2.id,
      staffName: 'Ana Clerk',
      quantity: 2,
      status: 'completed',
      total: { minor: dear.retail.minor * 2, currency: dear.retail.currency },
    });

    const cash = await call<ReportSales>('reports.sales', { ...range, dimension: 'payment', key: 'cash' });
    expect(refs(cash)).toEqual([a1.reference, b1.reference].sort());

    // Every row of every breakdown opens exactly as many sales as it counts.
    const dims = [
      ['clerk', report.byClerk],
      ['payment', report.byPaymentMethod],
      ['package', report.byPackage],
      ['country', report.byCountry],
    ] as const;
    for (const [dimension, rows] of dims)
      for (const row of rows as Array<{ key: string; count: number }>) {
        const list = await call<ReportSales>('reports.sales', { ...range, dimension, key: row.key });
        expect([dimension, row.key, list.rows.length]).toEqual([dimension, row.key, row.count]);
      }
    const cheapRow = (report.byPackage as Array<{ key: string }>).find((r) => r.key === `sale:${cheap.id}`)!;
    expect(refs(await call('reports.sales', { ...range, dimension: 'package', key: cheapRow.key }))).toEqual(
      [a1.reference, b1.reference].sort(),
    );
    expect((await call<ReportSales>('reports.sales', { ...range, dimension: 'country', key: 'FR' })).rows).toEqual([]);

    // A day of the period lists all of that day's; a day outside it, none.
    expect((await call<ReportSales>('reports.sales', { ...range, dimension: 'day', key: today() })).rows).toHaveLength(3);
    expect((await call<ReportSales>('reports.sales', { ...range, dimension: 'day', key: '2000-01-01' })).rows).toEqual([]);

    // The list is cut at its limit and says so.
    const cut = reportSales(backend.db, { fromDate: today(), toDate: today(), timeZone: 'UTC' }, 'day', today(), 2);
    expect(cut.rows).toHaveLength(2);
    expect(cut.more).toBe(true);

    await expect(
      call('reports.sales', { from: today(), to: '2000-01-01', dimension: 'clerk', key: ids.ana }),
    ).rejects.toMatchObject({ error: { code: 'bad_input' } });
  });
});
