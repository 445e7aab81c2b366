import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openJournalInMemory } from '../../../../../electron/backend/journal/open.ts';
import { buildReport } from '../../../../../electron/backend/reports/report.ts';
import { hourStretches, reportSales } from '../../../../../electron/backend/reports/db-sales.ts';
import { localRange } from '../../../../../shared/clock.ts';
import { generateHistory } from '../../../../../scripts/lib/generate-journal.ts';

type Db = ReturnType<typeof openJournalInMemory>;

/** A journal with Ana, the clerk who sells. */
function journal(): Db {
  const db = openJournalInMemory();
  db.prepare(
    `INSERT INTO staff (id, name, role, pin_hash, pin_salt, created_at, updated_at) VALUES ('a', 'Ana', 'clerk', 'x', 'x', 'now', 'now')`,
  ).run();
  return db;
}

/** A completed sale at an instant, completed through an UPDATE as the app does (the rollups see it). */
function sell(db: Db, at: string): string {
  const reference = `EC-T-${crypto.randomUUID().slice(0, 8)}`;
  db.prepare(
    `INSERT INTO sales (id, reference, status, package_id, package_title, package_country_code, package_data, package_days, quantity,
       unit_retail_minor, retail_currency, unit_net_minor, unit_cost_minor, net_currency, payment_method, staff_id, attempts, created_at,
       updated_at, completed_at, destination_country_code, unit_cost_local_minor)
     VALUES (?, ?, 'pending', 'pkg-1', 'Pkg', 'DE', '1 GB', 7, 1, 1000, 'EUR', 700, 700, 'EUR', 'cash', 'a', 1, ?, ?, NULL, NULL, 700)`,
  ).run(crypto.randomUUID(), reference, at, at);
  db.prepare("UPDATE sales SET status = 'completed', completed_at = created_at WHERE status = 'pending'").run();
  return reference;
}

const hourRefs = (db: Db, period: { fromDate: string; toDate: string; timeZone: string }, hour: number) =>
  reportSales(db, period, 'hour', String(hour))
    .rows.map((r) => r.reference)
    .sort();

describe('the sales of an hour of the per-hour chart', () => {
  it('on the autumn change in Berlin, 02:00 comes twice and both are the hour 2; in spring there is none', () => {
    const db = journal();
    // 25 Oct 2026: 02:30 CEST is 00:30 UTC, 02:30 CET is 01:30 UTC; 03:10 CET is 02:10 UTC.
    const first = sell(db, '2026-10-25T00:30:00.000Z');
    const second = sell(db, '2026-10-25T01:30:00.000Z');
    const three = sell(db, '2026-10-25T02:10:00.000Z');
    const autumn = { fromDate: '2026-10-25', toDate: '2026-10-25', timeZone: 'Europe/Berlin' };
    expect(hourRefs(db, autumn, 2)).toEqual([first, second].sort());
    expect(hourRefs(db, autumn, 3)).toEqual([three]);
    expect(hourRefs(db, autumn, 1)).toEqual([]);
    expect(
      hourStretches(
        localRange('2026-10-25', '2026-10-25', 'Europe/Berlin').from,
        localRange('2026-10-25', '2026-10-25', 'Europe/Berlin').to,
        'Europe/Berlin',
        2,
      ),
    ).toEqual([{ from: '2026-10-25T00:00:00.000Z', to: '2026-10-25T02:00:00.000Z' }]);

    // 29 Mar 2026: 01:30 CET is 00:30 UTC, and at 01:00 UTC the clock jumps from 02:00 to 03:00.
    const early = sell(db, '2026-03-29T00:30:00.000Z');
    const late = sell(db, '2026-03-29T01:30:00.000Z');
    const spring = { fromDate: '2026-03-29', toDate: '2026-03-29', timeZone: 'Europe/Berlin' };
    expect(hourRefs(db, spring, 1)).toEqual([early]);
    expect(hourRefs(db, spring, 2)).toEqual([]);
    expect(hourRefs(db, spring, 3)).toEqual([late]);
    const { from, to } = localRange('2026-03-29', '2026-03-29', 'Europe/Berlin');
    expect(hourStretches(from, to, 'Europe/Berlin', 2)).toEqual([]);
    // Both days in one period: each hour's sales, whatever day, the latest first.
    const both = { fromDate: '2026-03-29', toDate: '2026-10-25', timeZone: 'Europe/Berlin' };
    expect(reportSales(db, both, 'hour', '2').rows.map((r) => r.reference)).toEqual([second, first]);
    expect(reportSales(db, both, 'hour', '3').rows.map((r) => r.reference)).toEqual([three, late]);
  });

  it('in India (+5:30) the hour 10 is 04:30–05:30 UTC', () => {
    const db = journal();
    sell(db, '2026-09-03T04:29:00.000Z'); // 09:59 in Kolkata
    const ten = [sell(db, '2026-09-03T04:30:00.000Z'), sell(db, '2026-09-03T05:29:59.000Z')];
    sell(db, '2026-09-03T05:30:00.000Z'); // 11:00
    const nextDay = sell(db, '2026-09-04T05:00:00.000Z');
    const period = { fromDate: '2026-09-03', toDate: '2026-09-04', timeZone: 'Asia/Kolkata' };
    expect(hourRefs(db, period, 10)).toEqual([...ten, nextDay].sort());
    expect(
      hourStretches(
        localRange('2026-09-03', '2026-09-04', 'Asia/Kolkata').from,
        localRange('2026-09-03', '2026-09-04', 'Asia/Kolkata').to,
        'Asia/Kolkata',
        10,
      ),
    ).toEqual([
      { from: '2026-09-04T04:30:00.000Z', to: '2026-09-04T05:30:00.000Z' },
      { from: '2026-09-03T04:30:00.000Z', to: '2026-09-03T05:30:00.000Z' },
    ]);
  });

  it('lists as many sales as the chart counts for every hour, across a change of the clocks, and cuts at the limit', () => {
    const db = openJournalInMemory();
    generateHistory(db, { sales: 1500, days: 40, end: Date.parse('2026-11-10T12:00:00Z'), seed: 11 });
    for (const period of [
      { fromDate: '2026-10-15', toDate: '2026-11-05', timeZone: 'Europe/Berlin' },
      { fromDate: '2026-10-20', toDate: '2026-10-30', timeZone: 'Asia/Kolkata' },
      { fromDate: '2026-10-25', toDate: '2026-10-25', timeZone: 'Europe/Berlin' },
    ]) {
      const report = buildReport(db, period);
      const counts = Array.from({ length: 24 }, (_, hour) => reportSales(db, period, 'hour', String(hour), 10_000).rows.length);
      expect(counts, `${period.fromDate}..${period.toDate} ${period.timeZone}`).toEqual(report.perHour.map((h) => h.count));
      expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    }
    const busy = { fromDate: '2026-10-15', toDate: '2026-11-05', timeZone: 'Europe/Berlin' };
    const cut = reportSales(db, busy, 'hour', '12', 3);
    const all = reportSales(db, busy, 'hour', '12', 10_000);
    expect(cut.more).toBe(true);
    expect(cut.rows).toEqual(all.rows.slice(0, 3));
    // The latest first, over all the days.
    expect(all.rows.map((r) => r.createdAt)).toEqual(
      all.rows
        .map((r) => r.createdAt)
        .sort()
        .reverse(),
    );
  });

  it('has nothing for a key that is no hour', () => {
    const db = journal();
    sell(db, '2026-09-03T10:00:00.000Z');
    const period = { fromDate: '2026-09-03', toDate: '2026-09-03', timeZone: 'UTC' };
    expect(reportSales(db, period, 'hour', '10').rows).toHaveLength(1);
    for (const key of ['24', '-1', 'ten', '1.5']) expect(reportSales(db, period, 'hour', key).rows).toEqual([]);
  });
});
