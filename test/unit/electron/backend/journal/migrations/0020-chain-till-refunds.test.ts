import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../../../../../../electron/backend/journal/migrate.ts';
import { openJournalInMemory } from '../../../../../../electron/backend/journal/open.ts';
import { insertRefundRequest, recordRefundCheck } from '../../../../../../electron/backend/refunds/db.ts';
import { insertCloseCashCounts, insertCloseTenders } from '../../../../../../electron/backend/till/db.ts';
import { linkJournal, readBatch, waitingCount } from '../../../../../../electron/backend/chain/db-outbox.ts';

const AT = '2026-11-20T18:00:00.000Z';
const ICCID_A = '8944000000000000001';
const ICCID_B = '8944000000000000002';

const staff = (db: Database.Database) =>
  db
    .prepare(
      `INSERT INTO staff (id, name, role, pin_hash, pin_salt, created_at, updated_at)
       VALUES ('m', 'Maria', 'manager', 'h', 's', '2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z')`,
    )
    .run();

const journal = () => {
  const db = openJournalInMemory();
  staff(db);
  return db;
};

/** A close row of either table, as electron/backend/till/db-closes.ts writes it. */
function close(db: Database.Database, id: string, sequence = 1) {
  const cols = `id, local_date, time_zone, closed_at, closed_by, expected, counted_cash, cash_difference, report, reconciliation, updated_at`;
  const values = `?, '2026-11-20', 'UTC', ?, 'm', '[]', '[{"currency":"USD","minor":3500}]', '[]', '{}', '{}', ?`;
  if (sequence === 1) db.prepare(`INSERT INTO day_closes (${cols}) VALUES (${values})`).run(id, AT, AT);
  else {
    db.prepare(`INSERT INTO day_close_supplements (${cols}, sequence) VALUES (${values}, ?)`).run(id, AT, AT, sequence);
  }
}

const TENDERS = {
  float: [{ currency: 'USD', minor: 1000 }],
  tenders: [{ method: 'card' as const, currency: 'USD', expected: 4500, counted: 4400, difference: -100 }],
};
const COUNTS = [
  {
    currency: 'USD',
    counts: [
      { value: 2000, count: 1 },
      { value: 500, count: 3 },
    ],
  },
];

/** A close with everything the till counted, in one transaction as the close service writes it. */
function countedClose(db: Database.Database, id: string, sequence = 1) {
  db.transaction(() => {
    close(db, id, sequence);
    insertCloseTenders(db, id, TENDERS, AT);
    insertCloseCashCounts(db, id, COUNTS, AT);
  })();
}

function refund(db: Database.Database, id: string) {
  db.transaction(() =>
    insertRefundRequest(db, {
      id,
      partnerId: `P-${id}`,
      iccids: [ICCID_B, ICCID_A],
      reason: 'NO_COVERAGE',
      notes: null,
      email: 'customer@example.com',
      status: 'requested',
      refusal: null,
      requestedBy: 'm',
      at: '2026-11-20T10:00:00.000Z',
      saleId: null,
      esims: [
        { iccid: ICCID_B, saleId: null, orderId: 'O-1', baseline: 'completed' },
        { iccid: ICCID_A, saleId: null, orderId: 'O-1', baseline: 'completed' },
      ],
    }),
  )();
}

const check = (db: Database.Database, requestId: string, iccid: string, state: 'in_review' | 'refunded', at: string) =>
  recordRefundCheck(db, {
    requestId,
    iccid,
    orderId: 'O-1',
    baseline: 'completed',
    orderStatus: state === 'refunded' ? 'refunded' : 'completed',
    state,
    at,
  });

const last = (db: Database.Database, kind: string) => {
  const row = readBatch(db, 1000)
    .filter((r) => r.kind === kind)
    .at(-1);
  return row ? (JSON.parse(row.payload) as Record<string, unknown>) : undefined;
};

describe('migration 0020: refund answers and what a close counted, shipped to the head office', () => {
  it('leaves 0013 as it landed: the views are replaced here, not there', () => {
    const bytes = readFileSync(
      new URL('../../../../../../electron/backend/journal/migrations/0013-chain-outbox.sql', import.meta.url),
    );
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(
      '6c810172d2e2aa5e51ba191e88851597b80c984e6442e39fe3b992199495418c',
    );
  });

  it('writes nothing before the journal joins a head office', () => {
    const db = journal();
    countedClose(db, 'c1');
    refund(db, 'r1');
    check(db, 'r1', ICCID_A, 'refunded', AT);
    expect(waitingCount(db)).toBe(0);
  });

  it("ships a close's float, tenders and notes and coins: the close's last row has them all", () => {
    const db = journal();
    linkJournal(db, AT);
    countedClose(db, 'c1');
    const rows = readBatch(db, 100).filter((r) => r.kind === 'close');
    // The close, then again with its tenders, then with its cash count; the last one wins at the head office.
    expect(rows.map((r) => r.rowId)).toEqual(['c1', 'c1', 'c1']);
    expect(JSON.parse(rows[0]!.payload)).toMatchObject({ float: null, tenders: null, cash_counts: [] });
    expect(JSON.parse(rows[2]!.payload)).toMatchObject({
      id: 'c1',
      sequence: 1,
      counted_cash: [{ currency: 'USD', minor: 3500 }],
      float: TENDERS.float,
      tenders: TENDERS.tenders,
      cash_counts: COUNTS,
    });
  });

  it('ships a supplementary close the same way, and a close counted as one total with no notes and coins', () => {
    const db = journal();
    linkJournal(db, AT);
    close(db, 'c1');
    insertCloseTenders(db, 'c1', { float: [], tenders: [] }, AT);
    countedClose(db, 'c2', 2);
    const payloads = readBatch(db, 100).map((r) => JSON.parse(r.payload) as Record<string, unknown>);
    expect(payloads.filter((p) => p.id === 'c1').at(-1)).toMatchObject({ float: [], tenders: [], cash_counts: [] });
    expect(payloads.filter((p) => p.id === 'c2').at(-1)).toMatchObject({
      sequence: 2,
      float: TENDERS.float,
      cash_counts: COUNTS,
    });
  });

  it("ships a refund's eSIMs and each answer, but not a look at the service that found nothing new", () => {
    const db = journal();
    linkJournal(db, AT);
    refund(db, 'r1');
    expect(last(db, 'refund')).toMatchObject({
      id: 'r1',
      esims: [
        { iccid: ICCID_A, order_id: 'O-1', baseline: 'completed', order_status: null, state: 'in_review', decided_at: null },
        { iccid: ICCID_B, order_id: 'O-1', baseline: 'completed', order_status: null, state: 'in_review', decided_at: null },
      ],
    });
    const before = waitingCount(db);
    // The first look reads the order's status (news), the second finds it unchanged (none).
    check(db, 'r1', ICCID_A, 'in_review', '2026-11-20T11:00:00.000Z');
    expect(waitingCount(db)).toBe(before + 1);
    check(db, 'r1', ICCID_A, 'in_review', '2026-11-20T11:30:00.000Z');
    expect(waitingCount(db)).toBe(before + 1);
    check(db, 'r1', ICCID_A, 'refunded', '2026-11-21T09:00:00.000Z');
    expect(waitingCount(db)).toBe(before + 2);
    const payload = last(db, 'refund')!;
    expect(payload.esims).toEqual([
      {
        iccid: ICCID_A,
        sale_id: null,
        order_id: 'O-1',
        baseline: 'completed',
        order_status: 'refunded',
        state: 'refunded',
        requested_at: '2026-11-20T10:00:00.000Z',
        decided_at: '2026-11-21T09:00:00.000Z',
      },
      expect.objectContaining({ iccid: ICCID_B, state: 'in_review' }),
    ]);
    expect(JSON.stringify(payload)).not.toContain('customer@example.com');
    expect(JSON.stringify(payload)).not.toContain('checked_at');
  });

  it('sends again, once, the refunds and closes a journal linked before it had shipped without these keys', () => {
    const files = loadMigrations();
    const db = new Database(':memory:');
    migrate(db, files.slice(0, 19));
    staff(db);
    db.prepare('INSERT INTO chain_link (id, linked_at) VALUES (1, ?)').run(AT);
    countedClose(db, 'c1');
    close(db, 'c2-total', 2);
    refund(db, 'r1');
    db.prepare('DELETE FROM chain_outbox').run();
    migrate(db, files);
    const rows = readBatch(db, 100);
    expect(rows.map((r) => [r.kind, r.rowId])).toEqual([
      ['refund', 'r1'],
      ['close', 'c1'],
    ]);
    expect(JSON.parse(rows[0]!.payload)).toMatchObject({ esims: [{ iccid: ICCID_A }, { iccid: ICCID_B }] });
    expect(JSON.parse(rows[1]!.payload)).toMatchObject({ float: TENDERS.float, tenders: TENDERS.tenders, cash_counts: COUNTS });
  });

  it('sends nothing again at migration for a journal that never joined', () => {
    const files = loadMigrations();
    const db = new Database(':memory:');
    migrate(db, files.slice(0, 19));
    staff(db);
    countedClose(db, 'c1');
    refund(db, 'r1');
    migrate(db, files);
    expect(waitingCount(db)).toBe(0);
  });
});
