import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openJournalInMemory } from '../../../../../electron/backend/journal/open.ts';
import { buildReport, buildTotals } from '../../../../../electron/backend/reports/report.ts';
import { localRange } from '../../../../../shared/clock.ts';
import { generateHistory } from '../../../../../scripts/lib/generate-journal.ts';

function insertSale(
  db: ReturnType<typeof openJournalInMemory>,
  sale: {
    at: string;
    staffId: string;
    currency?: string;
    netCurrency?: string;
    retail: number;
    /** Null: a cost nobody knows. */
    net: number | null;
    destination?: string;
    quantity?: number;
    status?: string;
    payment?: string;
    country?: string | null;
    packageId?: string;
  },
) {
  const completed = (sale.status ?? 'completed') === 'completed';
  db.prepare(
    `INSERT INTO sales (id, reference, status, package_id, package_title, package_country_code, package_data, package_days, quantity,
       unit_retail_minor, retail_currency, unit_net_minor, unit_cost_minor, net_currency, payment_method, staff_id, attempts, created_at,
       updated_at, completed_at, destination_country_code, unit_cost_local_minor)
     VALUES (?, ?, ?, ?, 'Pkg', ?, '1 GB', 7, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?)`,
  ).run(
    crypto.randomUUID(),
    `EC-T-${crypto.randomUUID().slice(0, 8)}`,
    completed ? 'pending' : sale.status,
    sale.packageId ?? 'pkg-1',
    sale.country === undefined ? 'DE' : sale.country,
    sale.quantity ?? 1,
    sale.retail,
    sale.currency ?? 'USD',
    sale.net ?? 0,
    sale.net,
    sale.netCurrency ?? sale.currency ?? 'USD',
    sale.payment ?? 'cash',
    sale.staffId,
    sale.at,
    sale.at,
    null,
    sale.destination ?? null,
    // As the app writes it: in one currency the cost is the cost in the store's currency.
    (sale.netCurrency ?? sale.currency ?? 'USD') === (sale.currency ?? 'USD') ? sale.net : null,
  );
  // Complete through an UPDATE, as the app does, so the running totals see the real path.
  if (completed) db.prepare("UPDATE sales SET status = 'completed', completed_at = created_at WHERE status = 'pending'").run();
}

function staff(db: ReturnType<typeof openJournalInMemory>, id: string, nameText: string) {
  db.prepare(
    `INSERT INTO staff (id, name, role, pin_hash, pin_salt, created_at, updated_at) VALUES (?, ?, 'clerk', 'x', 'x', 'now', 'now')`,
  ).run(id, nameText);
}

describe('a store selling in its own currency', () => {
  it('takes the margin in euros — revenue less tax less the cost at each sale’s rate — with the dollar cost beside it', () => {
    const db = openJournalInMemory();
    staff(db, 'a', 'Ana');
    const put = db.prepare(
      `INSERT INTO sales (id, reference, status, package_id, package_title, package_country_code, package_data, package_days, quantity,
         unit_retail_minor, retail_currency, unit_net_minor, unit_cost_minor, net_currency, fx_rate, fx_date, unit_cost_local_minor,
         tax_mode, tax_rate_ppm, tax_minor, payment_method, staff_id, attempts, created_at, updated_at)
       VALUES (?, ?, 'pending', 'p', 'P', 'DE', '1 GB', 7, 1, ?, 'EUR', 0, ?, 'USD', '0.92', '2026-11-20', ?, ?, ?, ?, 'cash', 'a', 1,
         '2026-11-20T09:00:00.000Z', '2026-11-20T09:00:00.000Z')`,
    );
    put.run('vat', 'EC-1', 1190, 700, 644, 'included', 190_000, 190);
    put.run('sales-tax', 'EC-2', 1000, 700, 644, 'added', 88_750, 89);
    put.run('no-cost', 'EC-3', 1000, null, null, 'included', 0, 0);
    db.prepare("UPDATE sales SET status = 'completed', completed_at = created_at").run();
    const report = buildReport(db, { fromDate: '2026-11-20', toDate: '2026-11-20', timeZone: 'UTC' });
    expect(report.totals).toMatchObject({
      sales: 3,
      revenue: [{ minor: 1190 + 1089 + 1000, currency: 'EUR' }],
      tax: [{ minor: 190 + 89, currency: 'EUR' }],
      cost: [{ minor: 1400, currency: 'USD' }],
      costLocal: [{ minor: 1288, currency: 'EUR' }],
      margin: [{ minor: 1000 - 644 + (1000 - 644), currency: 'EUR' }],
      costUnknown: 1,
    });
    expect(report.byClerk[0]).toMatchObject({ margin: [{ minor: 712, currency: 'EUR' }], costUnknown: 1 });
    // Each row carries its tax, so the screen takes its margin % of the revenue net of it.
    expect(report.byClerk[0]!.tax).toEqual([{ minor: 190 + 89, currency: 'EUR' }]);
    expect(report.byPaymentMethod[0]!.tax).toEqual([{ minor: 190 + 89, currency: 'EUR' }]);
  });
});

describe('day report arithmetic', () => {
  it('adds money in minor units, keeps currencies apart, and counts eSIMs and margin', () => {
    const db = openJournalInMemory();
    staff(db, 'a', 'Ana');
    staff(db, 'b', 'Ben');
    insertSale(db, { at: '2026-11-20T09:00:00.000Z', staffId: 'a', retail: 450, net: 314, quantity: 2 });
    insertSale(db, { at: '2026-11-20T10:00:00.000Z', staffId: 'b', retail: 1999, net: 1500, payment: 'card' });
    insertSale(db, {
      at: '2026-11-20T11:00:00.000Z',
      staffId: 'b',
      retail: 1000,
      net: 800,
      currency: 'EUR',
      payment: 'card',
      country: null,
    });
    insertSale(db, { at: '2026-11-20T12:00:00.000Z', staffId: 'a', retail: 500, net: 400, status: 'failed' });
    insertSale(db, { at: '2026-11-20T13:00:00.000Z', staffId: 'a', retail: 500, net: 400, status: 'uncertain' });
    const report = buildReport(db, { fromDate: '2026-11-20', toDate: '2026-11-20', timeZone: 'UTC' });
    expect(report.totals).toEqual({
      sales: 3,
      esims: 4,
      topups: 0,
      vouchers: 0,
      voucherCodes: 0,
      voucherRevenue: [],
      revenue: [
        { minor: 1000, currency: 'EUR' },
        { minor: 2899, currency: 'USD' },
      ],
      cost: [
        { minor: 800, currency: 'EUR' },
        { minor: 2128, currency: 'USD' },
      ],
      costLocal: [
        { minor: 800, currency: 'EUR' },
        { minor: 2128, currency: 'USD' },
      ],
      tax: [
        { minor: 0, currency: 'EUR' },
        { minor: 0, currency: 'USD' },
      ],
      margin: [
        { minor: 200, currency: 'EUR' },
        { minor: 771, currency: 'USD' },
      ],
      costUnknown: 0,
    });
    expect(report.byClerk.map((c) => [c.name, c.count])).toEqual([
      ['Ben', 2],
      ['Ana', 1],
    ]);
    expect(report.byPaymentMethod.find((p) => p.key === 'card')?.revenue).toEqual([
      { minor: 1000, currency: 'EUR' },
      { minor: 1999, currency: 'USD' },
    ]);
    expect(report.byCountry.map((c) => c.key).sort()).toEqual(['DE', 'regional']);
    expect(report.problems.map((p) => p.status)).toEqual(['uncertain', 'failed']);
    expect(report.problemCounts).toEqual({ uncertain: 1, failed: 1 });
    expect(report.perHour.filter((h) => h.count > 0).map((h) => h.hour)).toEqual([9, 10, 11]);
  });

  it('gives rows keys and recorded names, never words: the screen words them in its reader’s language', () => {
    const db = openJournalInMemory();
    staff(db, 'a', 'Ana');
    insertSale(db, { at: '2026-11-20T09:00:00.000Z', staffId: 'a', retail: 450, net: 314 });
    insertSale(db, { at: '2026-11-20T10:00:00.000Z', staffId: 'a', retail: 450, net: 314, country: null, payment: 'card' });
    const report = buildReport(db, { fromDate: '2026-11-20', toDate: '2026-11-20', timeZone: 'UTC' });
    expect(report.byPackage.map(({ key, name, kind }) => ({ key, name, kind }))).toEqual([
      { key: 'sale:pkg-1', name: 'Pkg', kind: 'sale' },
    ]);
    for (const row of [...report.byCountry, ...report.byPaymentMethod]) {
      expect(Object.keys(row)).not.toContain('name');
      expect(Object.keys(row)).not.toContain('label');
    }
    expect(report.byPaymentMethod.map((p) => p.key).sort()).toEqual(['card', 'cash']);
    expect(report.byClerk.map(({ key, name }) => ({ key, name }))).toEqual([{ key: 'a', name: 'Ana' }]);
  });

  it('leaves a sale of unknown cost out of cost and margin, and says how many there are, from rows and from totals alike', () => {
    const db = openJournalInMemory();
    staff(db, 'a', 'Ana');
    insertSale(db, { at: '2026-11-20T09:00:00.000Z', staffId: 'a', retail: 1000, net: 700 });
    insertSale(db, { at: '2026-11-20T10:00:00.000Z', staffId: 'a', retail: 2000, net: null, quantity: 2 });
    // A whole UTC day reads the running totals; a Berlin day also reads rows at either end.
    for (const timeZone of ['UTC', 'Europe/Berlin']) {
      const report = buildReport(db, { fromDate: '2026-11-20', toDate: '2026-11-20', timeZone });
      expect(report.totals.revenue).toEqual([{ minor: 5000, currency: 'USD' }]);
      expect(report.totals.cost).toEqual([{ minor: 700, currency: 'USD' }]);
      expect(report.totals.margin).toEqual([{ minor: 300, currency: 'USD' }]);
      expect(report.totals.costUnknown).toBe(1);
      expect(report.byClerk[0]).toMatchObject({ count: 2, costUnknown: 1, margin: [{ minor: 300, currency: 'USD' }] });
    }
  });

  it('puts a regional sale under the country the clerk sold it for', () => {
    const db = openJournalInMemory();
    staff(db, 'a', 'Ana');
    insertSale(db, { at: '2026-11-20T09:00:00.000Z', staffId: 'a', retail: 1000, net: 700, country: null, destination: 'ES' });
    insertSale(db, { at: '2026-11-20T10:00:00.000Z', staffId: 'a', retail: 1000, net: 700, country: null });
    for (const timeZone of ['UTC', 'Europe/Berlin']) {
      const report = buildReport(db, { fromDate: '2026-11-20', toDate: '2026-11-20', timeZone });
      expect(report.byCountry.map((c) => [c.key, c.count]).sort()).toEqual([
        ['ES', 1],
        ['regional', 1],
      ]);
    }
  });

  it('counts a sale in the local day it was made, not the UTC day', () => {
    const db = openJournalInMemory();
    staff(db, 'a', 'Ana');
    // 23:30 UTC on the 19th is 00:30 on the 20th in Berlin (winter, UTC+1).
    insertSale(db, { at: '2026-11-19T23:30:00.000Z', staffId: 'a', retail: 100, net: 50 });
    const berlin = buildReport(db, { fromDate: '2026-11-20', toDate: '2026-11-20', timeZone: 'Europe/Berlin' });
    const utc = buildReport(db, { fromDate: '2026-11-20', toDate: '2026-11-20', timeZone: 'UTC' });
    expect(berlin.totals.sales).toBe(1);
    expect(berlin.perHour[0]?.count).toBe(1);
    expect(utc.totals.sales).toBe(0);
  });

  it('gives a 23-hour day its due on the spring daylight-saving change', () => {
    expect(localRange('2026-03-29', '2026-03-29', 'Europe/Berlin')).toEqual({
      from: '2026-03-28T23:00:00.000Z',
      to: '2026-03-29T22:00:00.000Z',
    });
  });
});

describe('range reports from running totals', () => {
  it('match a brute-force sum over the rows, for ranges that cut months and days in several zones', () => {
    const db = openJournalInMemory();
    generateHistory(db, { sales: 6000, days: 150, end: Date.parse('2026-11-22T12:00:00Z'), seed: 7 });
    const rows = db
      .prepare(
        "SELECT created_at AS at, staff_id AS staffId, quantity, unit_retail_minor * quantity AS revenue, unit_cost_minor * quantity AS cost, payment_method AS payment FROM sales WHERE status = 'completed'",
      )
      .all() as { at: string; staffId: string; quantity: number; revenue: number; cost: number; payment: string }[];
    for (const [fromDate, toDate, timeZone] of [
      ['2026-07-15', '2026-10-20', 'Europe/Berlin'],
      ['2026-08-01', '2026-09-30', 'America/New_York'],
      ['2026-09-03', '2026-09-03', 'Asia/Kolkata'],
      ['2026-06-25', '2026-11-21', 'Pacific/Auckland'],
    ] as const) {
      const { from, to } = localRange(fromDate, toDate, timeZone);
      const inside = rows.filter((r) => r.at >= from && r.at < to);
      const report = buildReport(db, { fromDate, toDate, timeZone });
      expect(report.totals.sales, `${fromDate}..${toDate} ${timeZone}`).toBe(inside.length);
      expect(report.totals.esims).toBe(inside.reduce((n, r) => n + r.quantity, 0));
      expect(report.totals.revenue).toEqual([{ minor: inside.reduce((n, r) => n + r.revenue, 0), currency: 'USD' }]);
      expect(report.totals.cost).toEqual([{ minor: inside.reduce((n, r) => n + r.cost, 0), currency: 'USD' }]);
      const cash = inside.filter((r) => r.payment === 'cash');
      expect(report.byPaymentMethod.find((p) => p.key === 'cash')?.count ?? 0).toBe(cash.length);
      expect(report.perDay.reduce((n, d) => n + d.count, 0)).toBe(inside.length);
      // The totals a comparison reads alone are the report's own.
      expect(buildTotals(db, { fromDate, toDate, timeZone })).toEqual({ fromDate, toDate, timeZone, totals: report.totals });
    }
  });
});
