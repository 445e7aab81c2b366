import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { appendAudit, canonicalJson, GENESIS_HASH, listAudit, verifyChain } from '../../../../electron/db/audit.ts';
import { openJournalInMemory, type Journal } from '../../../../electron/db/open.ts';

let db: Journal;
beforeEach(() => {
  db = openJournalInMemory();
});

describe('canonicalJson', () => {
  it('sorts keys at every depth and drops undefined', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: null }], c: 'x' }, u: undefined })).toBe(
      '{"a":{"c":"x","d":[2,{"y":null,"z":1}]},"b":1}',
    );
    expect(() => canonicalJson({ n: Number.NaN })).toThrow(TypeError);
  });
});

describe('appendAudit', () => {
  it('chains each entry to the previous one with sha256(prev_hash || canonical row)', () => {
    const first = appendAudit(db, {
      action: 'staff.created',
      subject: 's1',
      details: { name: 'Ana' },
      at: '2026-11-22T10:00:00.000Z',
    });
    const second = appendAudit(db, { action: 'staff.renamed', subject: 's1', details: { to: 'Anna' } });
    expect(first.seq).toBe(1);
    expect(first.prevHash).toBe(GENESIS_HASH);
    expect(second.prevHash).toBe(first.hash);
    const row = {
      seq: 1,
      id: first.id,
      at: first.at,
      actor_staff_id: null,
      action: 'staff.created',
      subject: 's1',
      details: { name: 'Ana' },
    };
    const expected = createHash('sha256')
      .update(GENESIS_HASH + canonicalJson(row))
      .digest('hex');
    expect(first.hash).toBe(expected);
  });

  it('refuses malformed actions and details that carry a secret', () => {
    expect(() => appendAudit(db, { action: 'Signed In' })).toThrow(TypeError);
    expect(() => appendAudit(db, { action: 'staff.pin_reset', details: { pin: '1234' } })).toThrow(/secret/);
    expect(() => appendAudit(db, { action: 'sale.completed', details: { esims: [{ LPA: 'LPA:1$x$y' }] } })).toThrow(/secret/);
    expect(listAudit(db)).toEqual([]);
  });

  it('rolls back with the transaction it is part of', () => {
    expect(() =>
      db.transaction(() => {
        appendAudit(db, { action: 'sale.created' });
        throw new Error('sale insert failed');
      })(),
    ).toThrow('sale insert failed');
    expect(listAudit(db)).toEqual([]);
    expect(appendAudit(db, { action: 'sale.created' }).seq).toBe(1);
  });
});

describe('listAudit', () => {
  it('lists newest first, by subject and page', () => {
    for (let i = 1; i <= 5; i++) appendAudit(db, { action: 'x.y', subject: i % 2 ? 'odd' : 'even' });
    expect(listAudit(db).map((e) => e.seq)).toEqual([5, 4, 3, 2, 1]);
    expect(listAudit(db, { subject: 'even' }).map((e) => e.seq)).toEqual([4, 2]);
    expect(listAudit(db, { limit: 2, beforeSeq: 4 }).map((e) => e.seq)).toEqual([3, 2]);
  });

  it('finds a sale’s entries by the reference the manager sees, as well as by its record id', () => {
    appendAudit(db, { action: 'sale.created', subject: 'sale-id-1', details: { reference: 'EC-20261122-AAAA' } });
    appendAudit(db, { action: 'sale.completed', subject: 'sale-id-1', details: { reference: 'EC-20261122-AAAA' } });
    appendAudit(db, { action: 'sale.created', subject: 'sale-id-2', details: { reference: 'EC-20261122-BBBB' } });
    expect(listAudit(db, { subject: 'EC-20261122-AAAA' }).map((e) => e.action)).toEqual(['sale.completed', 'sale.created']);
    expect(listAudit(db, { subject: 'sale-id-2' }).map((e) => e.seq)).toEqual([3]);
  });
});

describe('verifyChain', () => {
  beforeEach(() => {
    for (let i = 1; i <= 4; i++) appendAudit(db, { action: 'sale.completed', subject: `sale-${i}`, details: { total: i * 100 } });
  });

  it('accepts an untouched chain', () => {
    expect(verifyChain(db)).toEqual({ ok: true, count: 4 });
    expect(verifyChain(openJournalInMemory())).toEqual({ ok: true, count: 0 });
  });

  // Tampering needs the triggers gone, as someone with the file and sqlite3 could do.
  const dropTriggers = () => {
    db.exec('DROP TRIGGER audit_log_no_update; DROP TRIGGER audit_log_no_delete; DROP TRIGGER audit_log_chain;');
  };

  it('finds an edited row', () => {
    dropTriggers();
    db.prepare('UPDATE audit_log SET details = \'{"total":1}\' WHERE seq = 3').run();
    expect(verifyChain(db)).toMatchObject({ ok: false, brokenAtSeq: 3 });
  });

  it('finds a deleted row', () => {
    dropTriggers();
    db.prepare('DELETE FROM audit_log WHERE seq = 2').run();
    expect(verifyChain(db)).toMatchObject({ ok: false, brokenAtSeq: 2, reason: 'entry 2 is missing' });
  });

  it('finds a row whose hash was recomputed but not its successor', () => {
    dropTriggers();
    db.prepare('UPDATE audit_log SET hash = ? WHERE seq = 2').run('f'.repeat(64));
    expect(verifyChain(db)).toMatchObject({ ok: false, brokenAtSeq: 2 });
  });
});
