import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { listAudit } from '../../../../../electron/backend/audit/db.ts';
import { openJournalInMemory, type Journal } from '../../../../../electron/backend/journal/open.ts';
import { CloseService } from '../../../../../electron/backend/till/close.ts';
import { aboveThreshold, countTenders } from '../../../../../electron/backend/till/service.ts';
import type { Money } from '../../../../../shared/money.ts';
import { fakePartner } from '../fake-partner.ts';

const MANAGER = { staffId: 'm', name: 'Maria Manager', role: 'manager' } as const;

function journal(): Journal {
  const db = openJournalInMemory();
  db.prepare(
    `INSERT INTO staff (id, name, role, pin_hash, pin_salt, created_at, updated_at) VALUES ('m', 'Maria Manager', 'manager', 'x', 'x', 'n', 'n')`,
  ).run();
  return db;
}

function sale(db: Journal, at: string, payment: string, retail: number): void {
  const id = crypto.randomUUID();
  db.prepare(
    `INSERT INTO sales (id, reference, status, package_id, package_title, package_country_code, package_data, package_days, quantity,
       unit_retail_minor, retail_currency, unit_net_minor, net_currency, payment_method, staff_id, attempts, created_at, updated_at)
     VALUES (?, ?, 'pending', 'pkg-1', 'Pkg', 'DE', '1 GB', 7, 1, ?, 'USD', 300, 'USD', ?, 'm', 1, ?, ?)`,
  ).run(id, `EC-T-${id.slice(0, 8)}`, retail, payment, at, at);
  db.prepare("UPDATE sales SET status = 'completed', completed_at = ?, updated_at = ? WHERE id = ?").run(at, at, id);
}

function service(db: Journal, now: string, threshold: Money | null = null): CloseService {
  const offline = fakePartner(() => {
    throw new Error('offline');
  });
  return new CloseService({
    db,
    partner: offline,
    timeZone: () => 'UTC',
    currency: () => 'USD',
    reasonThreshold: () => threshold,
    now: () => Date.parse(now),
  });
}

describe('the till of a day', () => {
  it('is opened once with a float the close then expects back in the drawer, on top of the cash taken', async () => {
    const db = journal();
    const till = service(db, '2026-11-20T08:00:00.000Z');
    expect(till.tillToday()).toEqual({ date: '2026-11-20', session: null, carry: null });
    const opened = till.openTill({ float: { minor: 10_000, currency: 'USD' } }, MANAGER);
    expect(opened).toMatchObject({ date: '2026-11-20', float: { minor: 10_000, currency: 'USD' }, source: 'entered' });
    // A second opening (another window) leaves the first float standing.
    expect(till.openTill({ float: { minor: 5 } as Money }, MANAGER).float.minor).toBe(10_000);
    expect(listAudit(db, { actionPrefix: 'till.opened' })).toHaveLength(1);

    sale(db, '2026-11-20T09:00:00.000Z', 'cash', 450);
    const close = service(db, '2026-11-20T18:00:00.000Z');
    const preview = await close.preview('2026-11-20');
    expect(preview.open.float).toEqual([{ minor: 10_000, currency: 'USD' }]);
    expect(preview.open.expectedCash).toEqual([{ minor: 10_450, currency: 'USD' }]);
    const done = await close.commit(
      '2026-11-20',
      { countedCash: [{ minor: 10_450, currency: 'USD' }], basis: preview.open.basis },
      MANAGER,
    );
    expect(done.cashDifference).toEqual([{ minor: 0, currency: 'USD' }]);
    expect((await close.preview('2026-11-20')).closes[0]!.float).toEqual([{ minor: 10_000, currency: 'USD' }]);

    // The next morning the counted drawer can be carried over as the float.
    const next = service(db, '2026-11-21T08:00:00.000Z');
    expect(next.tillToday().carry).toEqual({ minor: 10_450, currency: 'USD' });
    expect(next.openTill({ carry: true }, MANAGER)).toMatchObject({ source: 'carried', float: { minor: 10_450 } });
  });

  it('refuses to carry a float when no close came before', () => {
    const till = service(journal(), '2026-11-20T08:00:00.000Z');
    expect(() => till.openTill({ carry: true }, MANAGER)).toThrow(/no close to carry/);
  });
});

describe('every tender counted at the close', () => {
  it('sets the card terminal and other totals against the journal, and a total the journal lacks still shows', () => {
    const expected = [
      { method: 'cash' as const, currency: 'USD', minor: 900 },
      { method: 'card' as const, currency: 'USD', minor: 1200 },
    ];
    expect(
      countTenders(expected, [
        { method: 'card', minor: 1100, currency: 'USD' },
        { method: 'other', minor: 300, currency: 'USD' },
      ]),
    ).toEqual([
      { method: 'card', currency: 'USD', expected: 1200, counted: 1100, difference: -100 },
      { method: 'other', currency: 'USD', expected: 0, counted: 300, difference: 300 },
    ]);
  });

  it('asks a reason only above the threshold (any difference in a currency it cannot compare)', () => {
    const limit = { minor: 500, currency: 'USD' };
    expect(aboveThreshold([{ minor: -500, currency: 'USD' }], limit)).toBe(false);
    expect(aboveThreshold([{ minor: -501, currency: 'USD' }], limit)).toBe(true);
    expect(aboveThreshold([{ minor: 1, currency: 'EUR' }], limit)).toBe(true);
    expect(aboveThreshold([{ minor: 10_000, currency: 'USD' }], null)).toBe(false);
  });

  it('refuses a close with a difference above the threshold and no reason, and keeps the tenders with one', async () => {
    const db = journal();
    sale(db, '2026-11-20T09:00:00.000Z', 'cash', 450);
    sale(db, '2026-11-20T10:00:00.000Z', 'card', 1200);
    const close = service(db, '2026-11-20T18:00:00.000Z', { minor: 500, currency: 'USD' });
    const preview = await close.preview('2026-11-20');
    expect(preview.open.reasonAbove).toEqual({ minor: 500, currency: 'USD' });
    const input = {
      countedCash: [{ minor: 450, currency: 'USD' }],
      countedTenders: [{ method: 'card' as const, minor: 0, currency: 'USD' }],
      basis: preview.open.basis,
    };
    await expect(close.commit('2026-11-20', input, MANAGER)).rejects.toMatchObject({
      error: { code: 'bad_input', fields: { note: 'reason_required' } },
    });
    const done = await close.commit('2026-11-20', { ...input, note: 'Terminal was offline all afternoon' }, MANAGER);
    expect(done.tenders).toEqual([{ method: 'card', currency: 'USD', expected: 1200, counted: 0, difference: -1200 }]);
    expect((await close.preview('2026-11-20')).closes[0]!.tenders).toEqual(done.tenders);
  });
});

describe('the cash counted by notes and coins', () => {
  const rows = (db: Journal, table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

  it('is kept with the close, without the values none were counted of, and its lines are in the CSV', async () => {
    const db = journal();
    service(db, '2026-11-20T08:00:00.000Z').openTill({ float: { minor: 10_000, currency: 'USD' } }, MANAGER);
    sale(db, '2026-11-20T09:00:00.000Z', 'cash', 450);
    sale(db, '2026-11-20T10:00:00.000Z', 'card', 1200);
    const close = service(db, '2026-11-20T18:00:00.000Z');
    const preview = await close.preview('2026-11-20');
    const done = await close.commit(
      '2026-11-20',
      {
        // $104.50: five $20s, four $1s, two quarters.
        countedCash: [{ minor: 10_450, currency: 'USD' }],
        countedTenders: [{ method: 'card', minor: 1200, currency: 'USD' }],
        cashCounts: [
          {
            currency: 'USD',
            counts: [
              { value: 25, count: 2 },
              { value: 2000, count: 5 },
              { value: 500, count: 0 },
              { value: 100, count: 4 },
            ],
          },
        ],
        basis: preview.open.basis,
      },
      MANAGER,
    );
    const kept = [
      {
        currency: 'USD',
        counts: [
          { value: 2000, count: 5 },
          { value: 100, count: 4 },
          { value: 25, count: 2 },
        ],
      },
    ];
    expect(done.cashCounts).toEqual(kept);
    expect((await close.preview('2026-11-20')).closes[0]!.cashCounts).toEqual(kept);

    const lines = close.csv('2026-11-20').content.trim().split('\n');
    expect(lines).toHaveLength(1 + 2 + 1 + 2 + 3);
    const counts = lines.filter((l) => !/,(sale|topup),/.test(l)).slice(1);
    // The sales' lines leave `counted` empty; the count lines leave `total` empty: a sum of either is whole.
    expect(lines.filter((l) => /,(sale|topup),/.test(l)).every((l) => l.endsWith(','))).toBe(true);
    expect(counts).toEqual([
      '2026-11-20T18:00:00.000Z,float,,,Maria Manager,,,,,,,USD,,,,,cash,,1,100.00',
      '2026-11-20T18:00:00.000Z,counted,,,Maria Manager,,,,,,,USD,,,,,cash,,1,104.50',
      '2026-11-20T18:00:00.000Z,counted,,,Maria Manager,,,,,,,USD,,,,,card,,1,12.00',
      '2026-11-20T18:00:00.000Z,denomination,,,Maria Manager,,,,5,20.00,,USD,,,,,cash,,1,100.00',
      '2026-11-20T18:00:00.000Z,denomination,,,Maria Manager,,,,4,1.00,,USD,,,,,cash,,1,4.00',
      '2026-11-20T18:00:00.000Z,denomination,,,Maria Manager,,,,2,0.25,,USD,,,,,cash,,1,0.50',
    ]);
  });

  it('is refused when it does not add up to the cash counted, and nothing of the close is written', async () => {
    const db = journal();
    sale(db, '2026-11-20T09:00:00.000Z', 'cash', 450);
    const close = service(db, '2026-11-20T18:00:00.000Z');
    const preview = await close.preview('2026-11-20');
    const input = {
      countedCash: [{ minor: 450, currency: 'USD' }],
      countedTenders: [{ method: 'card' as const, minor: 0, currency: 'USD' }],
      basis: preview.open.basis,
    };
    const cash = (counts: { value: number; count: number }[], currency = 'USD') => ({
      ...input,
      cashCounts: [{ currency, counts }],
    });
    await expect(close.commit('2026-11-20', cash([{ value: 100, count: 4 }]), MANAGER)).rejects.toMatchObject({
      error: { code: 'bad_input', reason: 'cash_count_mismatch', params: { currency: 'USD' } },
    });
    // A count in a currency nothing was counted in must add up to nothing as well.
    await expect(close.commit('2026-11-20', cash([{ value: 100, count: 1 }], 'EUR'), MANAGER)).rejects.toMatchObject({
      error: { reason: 'cash_count_mismatch', params: { currency: 'EUR' } },
    });
    await expect(close.commit('2026-11-20', cash([{ value: 450, count: 1 }]), MANAGER)).rejects.toMatchObject({
      error: { code: 'bad_input', fields: { cashCounts: 'denomination' } },
    });
    await expect(close.commit('2026-11-20', cash([], 'XAF'), MANAGER)).rejects.toMatchObject({
      error: { fields: { cashCounts: 'denomination' } },
    });
    for (const table of ['day_closes', 'day_close_items', 'close_tenders', 'close_cash_counts']) expect(rows(db, table)).toBe(0);
    expect(listAudit(db, { actionPrefix: 'day.closed' })).toHaveLength(0);

    const done = await close.commit(
      '2026-11-20',
      cash([
        { value: 200, count: 2 },
        { value: 50, count: 1 },
      ]),
      MANAGER,
    );
    expect(done.cashCounts).toEqual([
      {
        currency: 'USD',
        counts: [
          { value: 200, count: 2 },
          { value: 50, count: 1 },
        ],
      },
    ]);
    expect(rows(db, 'close_cash_counts')).toBe(1);
  });

  it('is absent from a close counted as a total, which writes no count', async () => {
    const db = journal();
    sale(db, '2026-11-20T09:00:00.000Z', 'cash', 450);
    const close = service(db, '2026-11-20T18:00:00.000Z');
    const preview = await close.preview('2026-11-20');
    const done = await close.commit(
      '2026-11-20',
      { countedCash: [{ minor: 450, currency: 'USD' }], basis: preview.open.basis },
      MANAGER,
    );
    expect(done.cashCounts).toEqual([]);
    expect((await close.preview('2026-11-20')).closes[0]!.cashCounts).toEqual([]);
    expect(rows(db, 'close_cash_counts')).toBe(0);
  });
});
