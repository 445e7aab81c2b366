import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openJournalInMemory, type Journal } from '../../../../../electron/backend/journal/open.ts';
import { saleLines } from '../../../../../electron/backend/till/db-closes.ts';
import { CloseService } from '../../../../../electron/backend/till/close.ts';
import { basisOf, isOpen, reportOfLines } from '../../../../../electron/backend/till/unclosed.ts';
import { buildReport } from '../../../../../electron/backend/reports/report.ts';
import { localRange } from '../../../../../shared/clock.ts';
import { generateHistory } from '../../../../../scripts/lib/generate-journal.ts';
import { fakePartner } from '../fake-partner.ts';

const MANAGER = { staffId: 'm', name: 'Maria Manager', role: 'manager' } as const;

function journal(): Journal {
  const db = openJournalInMemory();
  db.prepare(
    `INSERT INTO staff (id, name, role, pin_hash, pin_salt, created_at, updated_at) VALUES ('m', 'Maria Manager', 'manager', 'x', 'x', 'n', 'n')`,
  ).run();
  return db;
}

/** A sale made at `at`, completed at `completedAt` (through an UPDATE, as the app does), for 4.50 cash unless told. */
function sale(db: Journal, at: string, completedAt: string | null, payment = 'cash', retail = 450): string {
  const id = crypto.randomUUID();
  db.prepare(
    `INSERT INTO sales (id, reference, status, package_id, package_title, package_country_code, package_data, package_days, quantity,
       unit_retail_minor, retail_currency, unit_net_minor, net_currency, payment_method, staff_id, attempts, created_at, updated_at)
     VALUES (?, ?, 'pending', 'pkg-1', 'Pkg', 'DE', '1 GB', 7, 1, ?, 'USD', 300, 'USD', ?, 'm', 1, ?, ?)`,
  ).run(id, `EC-T-${id.slice(0, 8)}`, retail, payment, at, at);
  if (completedAt) {
    db.prepare("UPDATE sales SET status = 'completed', completed_at = ?, updated_at = ? WHERE id = ?").run(
      completedAt,
      completedAt,
      id,
    );
  }
  return id;
}

function service(db: Journal, now: string): CloseService {
  const offline = fakePartner(() => {
    throw new Error('offline');
  });
  return new CloseService({ db, partner: offline, timeZone: () => 'UTC', now: () => Date.parse(now) });
}

describe('what a close covers', () => {
  it('is, for a first close, the report Reports shows for the day', () => {
    const db = openJournalInMemory();
    generateHistory(db, { sales: 3000, days: 20, end: Date.parse('2026-11-22T12:00:00Z'), seed: 3 });
    for (const [date, timeZone] of [
      ['2026-11-12', 'Europe/Berlin'],
      ['2026-11-15', 'Asia/Kolkata'],
    ] as const) {
      const { from, to } = localRange(date, date, timeZone);
      const lines = saleLines(db, from, to).filter((l) => isOpen(l, null));
      const period = { fromDate: date, toDate: date, timeZone };
      const whole = buildReport(db, period);
      expect(lines.length).toBeGreaterThan(50);
      expect(reportOfLines(lines, period, whole)).toEqual(whole);
    }
  });

  it('names the same rows by the same basis, whatever their order', () => {
    const db = journal();
    sale(db, '2026-11-20T09:00:00.000Z', '2026-11-20T09:00:01.000Z');
    sale(db, '2026-11-20T10:00:00.000Z', '2026-11-20T10:00:01.000Z');
    const lines = saleLines(db, '2026-11-20T00:00:00.000Z', '2026-11-21T00:00:00.000Z');
    expect(basisOf([...lines].reverse())).toBe(basisOf(lines));
    expect(basisOf(lines.slice(1))).not.toBe(basisOf(lines));
  });

  it('keeps a day closed before closes listed their rows as covering what had completed by then', async () => {
    const db = journal();
    sale(db, '2026-11-20T09:00:00.000Z', '2026-11-20T09:00:01.000Z');
    const sentAgain = sale(db, '2026-11-20T11:00:00.000Z', null, 'card');
    db.prepare(
      `INSERT INTO day_closes (id, local_date, time_zone, closed_at, closed_by, expected, counted_cash, cash_difference, report,
         reconciliation, updated_at) VALUES ('old', '2026-11-20', 'UTC', '2026-11-20T12:00:00.000Z', 'm', '[]', '[]', '[]', '{}', '{}', 'n')`,
    ).run();
    const late = sale(db, '2026-11-20T13:00:00.000Z', '2026-11-20T13:00:01.000Z', 'other');
    // A sale from before the close that failed then and was sent again after it.
    db.prepare("UPDATE sales SET status = 'completed', completed_at = '2026-11-20T14:00:00.000Z' WHERE id = ?").run(sentAgain);

    const close = service(db, '2026-11-20T15:00:00.000Z');
    const preview = await close.preview('2026-11-20');
    expect(preview.closes.map((c) => [c.sequence, c.note])).toEqual([[1, null]]);
    expect(preview.open.lines.map((l) => l.id).sort()).toEqual([late, sentAgain].sort());
    expect(preview.open.expected).toEqual([
      { method: 'card', currency: 'USD', minor: 450 },
      { method: 'other', currency: 'USD', minor: 450 },
    ]);
    expect(preview.open.expectedCash).toEqual([]);

    const second = await close.commit('2026-11-20', { countedCash: [], basis: preview.open.basis }, MANAGER);
    expect(second).toMatchObject({ sequence: 2, follows: '2026-11-20T12:00:00.000Z', cashDifference: [] });
    expect(second.reconciliation).toEqual({ checked: false, reason: 'unreadable' });
    expect((await close.preview('2026-11-20')).open.sales).toBe(0);
  });

  it('points from any day to recent closed days with sales completed after their close', async () => {
    const db = journal();
    sale(db, '2026-11-20T09:00:00.000Z', '2026-11-20T09:00:01.000Z');
    const close = service(db, '2026-11-20T18:00:00.000Z');
    const first = await close.preview('2026-11-20');
    await close.commit('2026-11-20', { countedCash: [{ minor: 450, currency: 'USD' }], basis: first.open.basis }, MANAGER);
    // Sent again the next morning, a sale of the 20th completes after the 20th was closed.
    sale(db, '2026-11-20T17:00:00.000Z', '2026-11-21T08:00:00.000Z');
    sale(db, '2026-11-21T08:30:00.000Z', '2026-11-21T08:30:01.000Z');

    const nextDay = service(db, '2026-11-21T09:00:00.000Z');
    const today = await nextDay.preview('2026-11-21');
    expect(today.open.sales).toBe(1);
    expect(today.otherDays).toEqual([{ date: '2026-11-20', sales: 1, topups: 0, vouchers: 0 }]);
    expect((await nextDay.preview('2026-11-20')).otherDays).toEqual([]);
  });
});

describe('days never closed', () => {
  it('lists past days with completed takings and no close, latest first, but not today, a closed day or a day of failures', async () => {
    const db = journal();
    sale(db, '2026-11-17T09:00:00.000Z', '2026-11-17T09:00:01.000Z');
    sale(db, '2026-11-18T09:00:00.000Z', null); // never completed: nothing to count
    sale(db, '2026-11-19T09:00:00.000Z', '2026-11-19T09:00:01.000Z');
    sale(db, '2026-11-19T10:00:00.000Z', '2026-11-19T10:00:01.000Z');
    sale(db, '2026-11-20T09:00:00.000Z', '2026-11-20T09:00:01.000Z');
    sale(db, '2026-11-21T09:00:00.000Z', '2026-11-21T09:00:01.000Z');
    const close = service(db, '2026-11-20T18:00:00.000Z');
    const preview = await close.preview('2026-11-20');
    await close.commit('2026-11-20', { countedCash: [], basis: preview.open.basis }, MANAGER);

    const nextDay = service(db, '2026-11-21T12:00:00.000Z');
    expect(nextDay.unclosedDays()).toEqual([
      { date: '2026-11-19', count: 2 },
      { date: '2026-11-17', count: 1 },
    ]);
  });
});

describe('after a close is committed', () => {
  it('keeps the close when the follow-up (the backup) throws, and logs why with the day', async () => {
    const db = journal();
    sale(db, '2026-11-20T09:00:00.000Z', '2026-11-20T09:00:01.000Z');
    const logged: Array<[string, unknown]> = [];
    const close = new CloseService({
      db,
      partner: fakePartner(() => ({})),
      timeZone: () => 'UTC',
      now: () => Date.parse('2026-11-20T18:00:00.000Z'),
      afterCommit: () => {
        throw new Error('disk gone');
      },
      log: (message, error) => logged.push([message, error]),
    });
    const preview = await close.preview('2026-11-20');
    const done = await close.commit('2026-11-20', { countedCash: [], basis: preview.open.basis }, MANAGER);
    expect(done.date).toBe('2026-11-20');
    expect((await close.preview('2026-11-20')).open.sales).toBe(0);
    expect(logged.map(([m]) => m)).toEqual(['after closing 2026-11-20: the follow-up (backup) failed']);
    expect((logged[0]![1] as Error).message).toBe('disk gone');
  });
});
