import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openJournalInMemory } from '../../../../../../electron/backend/journal/open.ts';

// Landed migrations are never edited: a change to the file's bytes fails here. Add 0015 instead.
const SHA256 = '8d03995758c55a4c5cedd9ccbb07d8a93a0ca7660f5986e6f3fefb80b06319d7';

describe('migration 0014: refunds followed to their answer, and started from a sale', () => {
  it('is the landed file, byte for byte', () => {
    const bytes = readFileSync(
      new URL('../../../../../../electron/backend/journal/migrations/0014-esim-refunds.sql', import.meta.url),
    );
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(SHA256);
  });

  it('keeps each eSIM of a request in a known state, and a refunded eSIM once, with its sale’s time', () => {
    const db = openJournalInMemory();
    db.prepare(
      `INSERT INTO staff (id, name, role, pin_hash, pin_salt, created_at, updated_at) VALUES ('m', 'M', 'manager', 'x', 'x', 'n', 'n')`,
    ).run();
    db.prepare(
      `INSERT INTO refund_requests (id, iccids, reason, status, requested_by, created_at, updated_at, sale_id)
       VALUES ('r', '["8944000000000000001"]', 'NO_COVERAGE', 'requested', 'm', 'n', 'n', NULL)`,
    ).run();
    const esim = db.prepare(
      `INSERT INTO refund_esims (request_id, iccid, requested_at, baseline, state) VALUES ('r', ?, 'n', ?, ?)`,
    );
    esim.run('8944000000000000001', 'completed', 'in_review');
    expect(() => esim.run('8944000000000000002', 'completed', 'approved')).toThrow(/CHECK/);
    expect(() => esim.run('8944000000000000003', 'failed', 'in_review')).toThrow(/CHECK/);
    expect(() => esim.run('12345', 'completed', 'in_review')).toThrow(/CHECK/);
    expect(() => esim.run('8944000000000000001', 'completed', 'refunded')).toThrow(/UNIQUE|PRIMARY/);
    // A refunded eSIM names its sale, which must exist.
    expect(() =>
      db
        .prepare(
          `INSERT INTO refunded_esims (iccid, sale_id, sale_created_at, seen_at) VALUES ('8944000000000000001', 'nope', 'n', 'n')`,
        )
        .run(),
    ).toThrow(/FOREIGN KEY/);
  });
});
