import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  appendAudit,
  auditHead,
  canonicalJson,
  entryState,
  GENESIS_HASH,
  listAudit,
  verifyChain,
  verifyChainFrom,
} from '../../../../../electron/backend/audit/db.ts';
import { openJournalInMemory, type Journal } from '../../../../../electron/backend/journal/open.ts';

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

  it('hashes a lone surrogate as it is stored, so the chain still verifies after it', () => {
    const entry = appendAudit(db, {
      action: 'staff.sign_in_failed',
      subject: '\ud800',
      details: { staffId: 'a\ud800b', ['\udc00']: ['\ud83d'], pair: '\ud83d\ude00' },
    });
    appendAudit(db, { action: 'sale.created' });
    expect(verifyChain(db)).toEqual({ ok: true, count: 2 });
    const [stored] = listAudit(db, { actionPrefix: 'staff.' });
    expect(stored).toEqual(entry);
    expect(stored!.subject).toBe('\ufffd');
    // A whole pair is a character, not a surrogate, and stays as it is.
    expect(stored!.details).toEqual({ staffId: 'a\ufffdb', ['\ufffd']: ['\ufffd'], pair: '\ud83d\ude00' });
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

describe('verifyChainFrom', () => {
  const append = (n: number) => {
    for (let i = 0; i < n; i++) appendAudit(db, { action: 'sale.completed', subject: `sale-${i}`, details: { total: i } });
  };
  const hashing = () => {
    const seqs: number[] = [];
    return { seqs, hooks: { onHashed: (seq: number) => seqs.push(seq) } };
  };

  it('from nothing reads the whole chain and ends at its head', () => {
    append(5);
    const { seqs, hooks } = hashing();
    expect(verifyChainFrom(db, null, hooks)).toEqual({ ok: true, count: 5, head: auditHead(db) });
    expect(seqs).toEqual([1, 2, 3, 4, 5]);
    expect(verifyChainFrom(openJournalInMemory(), null)).toEqual({ ok: true, count: 0, head: { seq: 0, hash: GENESIS_HASH } });
  });

  it('from a point rehashes that entry and the ones after it only', () => {
    append(5);
    const point = auditHead(db)!;
    append(3);
    const { seqs, hooks } = hashing();
    expect(verifyChainFrom(db, point, hooks)).toEqual({ ok: true, count: 3, head: auditHead(db) });
    expect(seqs).toEqual([5, 6, 7, 8]);
    // Nothing new: only the point itself is read.
    const again = hashing();
    expect(verifyChainFrom(db, auditHead(db), again.hooks)).toMatchObject({ ok: true, count: 0, head: { seq: 8 } });
    expect(again.seqs).toEqual([8]);
  });

  // Tampering needs the triggers gone, as someone with the file and sqlite3 could do.
  const dropTriggers = () => {
    db.exec('DROP TRIGGER audit_log_no_update; DROP TRIGGER audit_log_no_delete; DROP TRIGGER audit_log_chain;');
  };

  it('finds the point gone when entries back to it were deleted, and changed when written on since', () => {
    append(5);
    const point = auditHead(db)!;
    dropTriggers();
    db.prepare('DELETE FROM audit_log WHERE seq >= 4').run();
    // What is left is a whole chain: only the point remembers that there was more.
    expect(verifyChain(db)).toEqual({ ok: true, count: 3 });
    expect(verifyChainFrom(db, point)).toEqual({ ok: false, brokenAtSeq: 5, reason: 'entry 5, verified before, is missing' });
    // Written on past it again, the entry at the point is another one.
    append(4);
    expect(verifyChain(db)).toEqual({ ok: true, count: 7 });
    expect(verifyChainFrom(db, point)).toEqual({
      ok: false,
      brokenAtSeq: 5,
      reason: 'entry 5 has changed since it was verified',
    });
  });

  it('finds the point changed, by its stored hash or by its content', () => {
    append(5);
    const point = auditHead(db)!;
    dropTriggers();
    db.prepare('UPDATE audit_log SET details = \'{"total":1}\' WHERE seq = 5').run();
    expect(verifyChainFrom(db, point)).toMatchObject({
      ok: false,
      brokenAtSeq: 5,
      reason: 'entry 5 has changed since it was verified',
    });
    expect(verifyChainFrom(db, { seq: 5, hash: 'a'.repeat(64) })).toMatchObject({ ok: false, brokenAtSeq: 5 });
  });

  it('finds a break after the point', () => {
    append(3);
    const point = auditHead(db)!;
    append(3);
    dropTriggers();
    db.prepare('DELETE FROM audit_log WHERE seq = 5').run();
    expect(verifyChainFrom(db, point)).toEqual({ ok: false, brokenAtSeq: 5, reason: 'entry 5 is missing' });
  });
});

describe('entryState', () => {
  it('tells an entry that is as recorded from one missing or changed', () => {
    const entry = appendAudit(db, { action: 'day.closed', subject: '2026-11-22' });
    const point = { seq: entry.seq, hash: entry.hash };
    expect(entryState(db, point)).toBe('intact');
    expect(entryState(db, { seq: 2, hash: entry.hash })).toBe('missing');
    expect(entryState(db, { seq: 1, hash: 'b'.repeat(64) })).toBe('changed');
    db.exec('DROP TRIGGER audit_log_no_update');
    db.prepare("UPDATE audit_log SET subject = '2026-11-23'").run();
    expect(entryState(db, point)).toBe('changed');
  });
});
