import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openJournalInMemory } from '../../../../../../electron/backend/journal/open.ts';

// Landed migrations are never edited: a change to the file's bytes fails here. Add 0004 instead.
const SHA256 = '38762fae15f3a2820617f2374f6f356d0da17b9c4da3de63c26b09dd1eb0f770';

describe('migration 0003: day closes', () => {
  it('is the landed file, byte for byte', () => {
    const bytes = readFileSync(
      new URL('../../../../../../electron/backend/journal/migrations/0003-day-closes.sql', import.meta.url),
    );
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(SHA256);
  });

  it('keeps one close per day, which can be neither changed nor removed', () => {
    const db = openJournalInMemory();
    db.prepare(
      `INSERT INTO staff (id, name, role, pin_hash, pin_salt, created_at, updated_at) VALUES ('m', 'M', 'manager', 'x', 'x', 'n', 'n')`,
    ).run();
    const insert = db.prepare(
      `INSERT INTO day_closes (id, local_date, time_zone, closed_at, closed_by, expected, counted_cash, cash_difference, report, reconciliation, updated_at)
       VALUES (?, ?, 'UTC', 'now', 'm', '[]', '[]', '[]', '{}', '{}', 'now')`,
    );
    insert.run('c1', '2026-11-20');
    expect(() => insert.run('c2', '2026-11-20')).toThrow(/UNIQUE/);
    expect(() => insert.run('c3', '20-11-2026')).toThrow(/CHECK/);
    expect(() => db.prepare("UPDATE day_closes SET counted_cash = '[1]'").run()).toThrow(/cannot be changed/);
    expect(() => db.prepare('DELETE FROM day_closes').run()).toThrow(/cannot be removed/);
  });
});
