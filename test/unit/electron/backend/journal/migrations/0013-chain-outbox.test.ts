import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openJournalInMemory } from '../../../../../../electron/backend/journal/open.ts';
import { appendAudit } from '../../../../../../electron/backend/audit/db.ts';
import { linkJournal, readBatch, waitingCount } from '../../../../../../electron/backend/chain/db-outbox.ts';

// Landed migrations are never edited: a change to the file's bytes fails here. Add 0014 instead.
const SHA256 = '6c810172d2e2aa5e51ba191e88851597b80c984e6442e39fe3b992199495418c';

const journal = () => {
  const db = openJournalInMemory();
  db.prepare(
    `INSERT INTO staff (id, name, role, pin_hash, pin_salt, created_at, updated_at)
     VALUES ('m', 'Maria', 'manager', 'scrypt$N=1$SECRETHASH', 'SECRETSALT', '2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z')`,
  ).run();
  return db;
};

const sell = (db: ReturnType<typeof journal>, id: string) =>
  db
    .prepare(
      `INSERT INTO sales (id, reference, status, package_id, package_title, package_country_code, package_data, package_days, quantity,
         unit_retail_minor, retail_currency, unit_net_minor, unit_cost_minor, net_currency, payment_method, customer_email, staff_id,
         tax_mode, tax_minor, created_at, updated_at)
       VALUES (?, ?, 'pending', 'p', 'P 1 GB', 'DE', '1 GB', 7, 2, 1000, 'EUR', 0, 600, 'USD', 'cash', 'customer@example.com', 'm',
         'added', 190, '2026-11-20T09:00:00.000Z', '2026-11-20T09:00:00.000Z')`,
    )
    .run(id, `EC-S.C-20261120-${id.padEnd(8, 'X')}`);

describe('migration 0013: the outbox for the head office', () => {
  it('is the landed file, byte for byte', () => {
    const bytes = readFileSync(
      new URL('../../../../../../electron/backend/journal/migrations/0013-chain-outbox.sql', import.meta.url),
    );
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(SHA256);
  });

  it('writes nothing before the journal joins a head office', () => {
    const db = journal();
    sell(db, 'A');
    appendAudit(db, { action: 'sale.created', actorStaffId: 'm', subject: 'A' });
    expect(waitingCount(db)).toBe(0);
  });

  it('brings what the journal held at the link, then every change in its own transaction', () => {
    const db = journal();
    sell(db, 'A');
    expect(linkJournal(db, '2026-11-20T10:00:00.000Z')).toEqual({ backfilled: 2 });
    expect(linkJournal(db, '2026-11-20T10:00:00.000Z')).toEqual({ backfilled: 0 });
    sell(db, 'B');
    db.prepare(`UPDATE sales SET status = 'completed', completed_at = updated_at WHERE id = 'B'`).run();
    // A change rolled back leaves no outbox row behind.
    expect(() =>
      db.transaction(() => {
        sell(db, 'C');
        throw new Error('the sale fails');
      })(),
    ).toThrow('the sale fails');
    const rows = readBatch(db, 100);
    expect(rows.map((r) => [r.kind, r.rowId])).toEqual([
      ['staff', 'm'],
      ['sale', 'A'],
      ['sale', 'B'],
      ['sale', 'B'],
    ]);
    expect(JSON.parse(rows[3]!.payload)).toMatchObject({
      id: 'B',
      kind: 'sale',
      status: 'completed',
      quantity: 2,
      esims: 2,
      total_minor: 2190,
      cost_minor: 1200,
      country_code: 'DE',
    });
  });

  it('ships names and roles but never PIN hashes, salts, lockouts or customers’ e-mail', () => {
    const db = journal();
    linkJournal(db, '2026-11-20T10:00:00.000Z');
    sell(db, 'A');
    db.prepare(`UPDATE staff SET failed_attempts = 3, locked_until = 'x' WHERE id = 'm'`).run();
    expect(waitingCount(db)).toBe(2);
    db.prepare(`UPDATE staff SET name = 'Maria M.' WHERE id = 'm'`).run();
    const text = readBatch(db, 100)
      .map((r) => r.payload)
      .join('\n');
    expect(text).toContain('Maria M.');
    for (const secret of ['SECRETHASH', 'SECRETSALT', 'customer@example.com', 'pin_', 'failed_attempts', 'locked']) {
      expect(text).not.toContain(secret);
    }
    expect(JSON.parse(readBatch(db, 100).at(-1)!.payload)).toEqual({
      id: 'm',
      name: 'Maria M.',
      role: 'manager',
      active: true,
      language: null,
      created_at: '2026-11-01T00:00:00.000Z',
      updated_at: '2026-11-01T00:00:00.000Z',
    });
  });

  it('follows the audit chain, closes and voids as they are written', () => {
    const db = journal();
    linkJournal(db, '2026-11-20T10:00:00.000Z');
    const entry = appendAudit(db, { action: 'day.closed', actorStaffId: 'm', subject: '2026-11-20' });
    sell(db, 'A');
    db.prepare(`UPDATE sales SET status = 'failed' WHERE id = 'A'`).run();
    db.prepare(`INSERT INTO sale_voids (sale_id, voided_at, voided_by, reason) VALUES ('A', 'now', 'm', 'left')`).run();
    db.prepare(
      `INSERT INTO day_closes (id, local_date, time_zone, closed_at, closed_by, expected, counted_cash, cash_difference, report,
         reconciliation, updated_at) VALUES ('c', '2026-11-20', 'UTC', 'now', 'm', '[]', '[{"currency":"EUR","minor":5}]', '[]', '{}', '{}', 'now')`,
    ).run();
    const rows = readBatch(db, 100);
    expect(rows.map((r) => r.kind)).toEqual(['staff', 'audit', 'sale', 'sale', 'void', 'close']);
    expect(JSON.parse(rows[1]!.payload)).toMatchObject({ id: entry.id, seq: entry.seq, hash: entry.hash });
    expect(JSON.parse(rows[5]!.payload)).toMatchObject({ sequence: 1, counted_cash: [{ currency: 'EUR', minor: 5 }] });
  });
});
