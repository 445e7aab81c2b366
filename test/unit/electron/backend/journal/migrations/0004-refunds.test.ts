import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openJournalInMemory } from '../../../../../../electron/backend/journal/open.ts';

// Landed migrations are never edited: a change to the file's bytes fails here. Add 0005 instead.
const SHA256 = '9dc2e493e7c07729e5d321f009ff7f380dc59482ff737b54772a832ede8c0df3';

describe('migration 0004: refund requests', () => {
  it('is the landed file, byte for byte', () => {
    const bytes = readFileSync(
      new URL('../../../../../../electron/backend/journal/migrations/0004-refunds.sql', import.meta.url),
    );
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(SHA256);
  });

  it('takes one to five ICCIDs and a known status', () => {
    const db = openJournalInMemory();
    db.prepare(
      `INSERT INTO staff (id, name, role, pin_hash, pin_salt, created_at, updated_at) VALUES ('m', 'M', 'manager', 'x', 'x', 'n', 'n')`,
    ).run();
    const insert = db.prepare(
      `INSERT INTO refund_requests (id, iccids, reason, status, requested_by, created_at, updated_at) VALUES (?, ?, 'NO_COVERAGE', ?, 'm', 'n', 'n')`,
    );
    insert.run('a', '["8944000000000000001"]', 'requested');
    expect(() => insert.run('b', '[]', 'requested')).toThrow(/CHECK/);
    expect(() => insert.run('c', JSON.stringify(['1', '2', '3', '4', '5', '6']), 'requested')).toThrow(/CHECK/);
    expect(() => insert.run('d', '["1"]', 'approved')).toThrow(/CHECK/);
  });
});
