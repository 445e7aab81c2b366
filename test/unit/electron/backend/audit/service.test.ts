import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { appendAudit, auditHead, canonicalJson, GENESIS_HASH, listAudit } from '../../../../../electron/backend/audit/db.ts';
import { openJournalInMemory, type Journal } from '../../../../../electron/backend/journal/open.ts';
import { getSetting } from '../../../../../electron/backend/settings/db.ts';
import {
  CHAIN_BROKEN,
  checkAuditChainAtStart,
  checkCloseHeads,
  VERIFIED_THROUGH,
  verifyAuditChain,
} from '../../../../../electron/backend/audit/service.ts';

let db: Journal;
beforeEach(() => {
  db = openJournalInMemory();
});

const append = (n: number) =>
  db.transaction(() => {
    for (let i = 0; i < n; i++) appendAudit(db, { action: 'sale.completed', subject: `sale-${i}`, details: { total: i } });
  })();

/** A start's check, counting the entries it rehashes. */
function start() {
  const hashed: number[] = [];
  const log = vi.fn();
  const watch = checkAuditChainAtStart(db, { log, hooks: { onHashed: (seq) => hashed.push(seq) } });
  return { watch, hashed, log };
}

// Tampering needs the triggers gone, as someone with the file and sqlite3 could do.
const dropTriggers = () =>
  db.exec('DROP TRIGGER audit_log_no_update; DROP TRIGGER audit_log_no_delete; DROP TRIGGER audit_log_chain;');

const brokenEntries = () => listAudit(db, { actionPrefix: 'audit.chain_broken' });

describe('the audit chain at start', () => {
  it('checks the whole chain the first time, then only what was logged since', () => {
    append(10);
    const first = start();
    expect(first.hashed).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(first.watch.state()).toEqual({ ok: true, verifiedThroughSeq: 10 });
    expect(getSetting(db, VERIFIED_THROUGH)).toEqual(auditHead(db));

    append(3);
    const second = start();
    // The verified point is rehashed (it must still be what it was), then only the new entries.
    expect(second.hashed).toEqual([10, 11, 12, 13]);
    expect(second.watch.state()).toEqual({ ok: true, verifiedThroughSeq: 13 });
    expect(second.log).not.toHaveBeenCalled();

    // Nothing logged since: the point alone is read, and nothing is written.
    const changes = () => db.prepare('SELECT total_changes()').pluck().get() as number;
    const before = changes();
    const third = start();
    expect(third.hashed).toEqual([13]);
    expect(third.watch.state()).toEqual({ ok: true, verifiedThroughSeq: 13 });
    expect(changes()).toBe(before);
  });

  it('starts on an empty journal, and reads its first entries at the next start', () => {
    expect(start().watch.state()).toEqual({ ok: true, verifiedThroughSeq: 0 });
    expect(getSetting(db, VERIFIED_THROUGH)).toEqual({ seq: 0, hash: GENESIS_HASH });
    append(2);
    const next = start();
    expect(next.hashed).toEqual([1, 2]);
    expect(next.watch.state()).toEqual({ ok: true, verifiedThroughSeq: 2 });
  });

  it('on 200,000 entries, reads only the 1,000 logged since the last start', () => {
    buildChain(db, 200_000);
    const first = start();
    expect(first.hashed).toHaveLength(200_000);
    expect(first.watch.state()).toEqual({ ok: true, verifiedThroughSeq: 200_000 });

    append(1_000);
    const next = start();
    expect(next.hashed).toHaveLength(1_001);
    expect(Math.min(...next.hashed)).toBe(200_000);
    expect(next.watch.state()).toEqual({ ok: true, verifiedThroughSeq: 201_000 });
  });

  it('does not trust a verified point it cannot read: it checks everything again', () => {
    append(4);
    db.prepare("INSERT INTO settings (key, value, updated_at) VALUES ('audit.verifiedThrough', '{\"seq\":\"x\"}', 'n')").run();
    const { hashed, watch, log } = start();
    expect(hashed).toEqual([1, 2, 3, 4]);
    expect(watch.state()).toEqual({ ok: true, verifiedThroughSeq: 4 });
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/verified point is unreadable/), expect.anything());
  });

  it('finds entries deleted back past the last verified point, records it once, and keeps saying so', () => {
    append(6);
    start();
    dropTriggers();
    db.prepare('DELETE FROM audit_log WHERE seq > 3').run();

    const found = start();
    const broken = { ok: false, brokenAtSeq: 6, reason: 'entry 6, verified before, is missing' };
    expect(found.watch.state()).toEqual(broken);
    expect(found.log).toHaveBeenCalledWith('The audit log was altered at entry 6: entry 6, verified before, is missing');
    // Entered in the log itself, continuing what is left of the chain: the break stays detectable.
    expect(brokenEntries()).toMatchObject([{ seq: 4, details: { atEntry: 6, reason: broken.reason, check: 'start' } }]);
    expect(getSetting(db, VERIFIED_THROUGH)).toMatchObject({ seq: 6 });

    // The next start finds the same, says so again, and does not enter it twice.
    const again = start();
    expect(again.watch.state()).toEqual(broken);
    expect(brokenEntries()).toHaveLength(1);
    // What is left is a whole chain; the full check knows better through the verified point.
    expect(verifyAuditChain(db)).toEqual({ ok: false, brokenAtSeq: 6, reason: broken.reason });
    expect(brokenEntries()).toHaveLength(1);
  });

  it('finds an entry rewritten after the verified point, and never moves the point past it', () => {
    append(3);
    start();
    append(3);
    dropTriggers();
    db.prepare('UPDATE audit_log SET details = \'{"total":99}\' WHERE seq = 5').run();
    const { watch } = start();
    expect(watch.state()).toEqual({ ok: false, brokenAtSeq: 5, reason: 'hash does not match the entry' });
    expect(getSetting(db, VERIFIED_THROUGH)).toMatchObject({ seq: 3 });
  });

  it('shows a break the manager’s full check found, at every later start', () => {
    append(6);
    start();
    dropTriggers();
    // Before the verified point: a start does not read it again, the full check does.
    db.prepare('UPDATE audit_log SET subject = ? WHERE seq = 2').run('someone-else');
    append(1);
    expect(start().watch.state()).toEqual({ ok: true, verifiedThroughSeq: 7 });

    const log = vi.fn();
    expect(verifyAuditChain(db, { log })).toEqual({ ok: false, brokenAtSeq: 2, reason: 'hash does not match the entry' });
    expect(log).toHaveBeenCalledOnce();
    expect(brokenEntries()).toMatchObject([{ details: { atEntry: 2, check: 'full' } }]);
    expect(start().watch.state()).toEqual({ ok: false, brokenAtSeq: 2, reason: 'hash does not match the entry' });
    // Asking again records nothing new.
    verifyAuditChain(db);
    expect(brokenEntries()).toHaveLength(1);
  });

  it('enters and keeps the earliest break found, and only logs those at or after it', () => {
    append(4);
    dropTriggers();
    db.prepare('DELETE FROM audit_log WHERE seq = 3').run();
    const log = vi.fn();
    expect(verifyAuditChain(db, { log })).toMatchObject({ ok: false, brokenAtSeq: 3 });
    db.prepare('DELETE FROM audit_log WHERE seq = 1').run();
    expect(verifyAuditChain(db, { log })).toMatchObject({ ok: false, brokenAtSeq: 1 });
    expect(getSetting(db, CHAIN_BROKEN)).toMatchObject({ brokenAtSeq: 1, reason: 'entry 1 is missing' });
    expect(brokenEntries().map((e) => e.details.atEntry)).toEqual([1, 3]);
    verifyAuditChain(db, { log });
    expect(log).toHaveBeenCalledTimes(3);
    expect(brokenEntries()).toHaveLength(2);
  });
});

describe('the closes’ audit heads', () => {
  const close = (id: string, date: string, head: { seq: number; hash: string }, sequence = 1) => {
    if (sequence === 1) {
      db.prepare(
        `INSERT INTO day_closes (id, local_date, time_zone, closed_at, closed_by, expected, counted_cash, cash_difference, report,
           reconciliation, updated_at, audit_head_seq, audit_head_hash) VALUES (?, ?, 'UTC', 'n', 'm', '[]', '[]', '[]', '{}', '{}', 'n', ?, ?)`,
      ).run(id, date, head.seq, head.hash);
    } else {
      db.prepare(
        `INSERT INTO day_close_supplements (id, local_date, sequence, time_zone, closed_at, closed_by, expected, counted_cash,
           cash_difference, report, reconciliation, updated_at, audit_head_seq, audit_head_hash)
         VALUES (?, ?, ?, 'UTC', 'n', 'm', '[]', '[]', '[]', '{}', '{}', 'n', ?, ?)`,
      ).run(id, date, sequence, head.seq, head.hash);
    }
  };

  beforeEach(() => {
    db.prepare(
      "INSERT INTO staff (id, name, role, pin_hash, pin_salt, created_at, updated_at) VALUES ('m', 'M', 'manager', 'x', 'x', 'n', 'n')",
    ).run();
    append(3);
    close('c1', '2026-11-20', auditHead(db)!);
    append(3);
    close('c2', '2026-11-20', auditHead(db)!, 2);
    append(3);
  });

  it('are all read at every start, beside what was logged since', () => {
    start();
    append(1);
    const { hashed, watch } = start();
    expect(hashed).toEqual([3, 6, 9, 10]);
    expect(watch.state()).toEqual({ ok: true, verifiedThroughSeq: 10 });
  });

  it('name the close after which entries were deleted, even when the chain left is whole', () => {
    dropTriggers();
    // Everything from the supplementary close's head on, then as many entries again, freshly chained.
    db.prepare('DELETE FROM audit_log WHERE seq >= 5').run();
    append(5);
    expect(checkCloseHeads(db)).toEqual({
      brokenAtSeq: 6,
      reason:
        'entry 6 no longer matches the hash supplementary close 2 of 2026-11-20 recorded: entries were rewritten since that close was made',
    });
    db.prepare('DELETE FROM audit_log WHERE seq >= 3').run();
    expect(verifyAuditChain(db)).toEqual({
      ok: false,
      brokenAtSeq: 3,
      reason: 'entry 3, which the close of 2026-11-20 recorded, is missing: entries were deleted since that close was made',
    });
  });
});

/**
 * A valid chain of n entries, written in one statement: appendAudit would take seconds for this
 * many. The hash is the one appendAudit computes (pinned in db/audit.test.ts).
 */
function buildChain(journal: Journal, n: number): void {
  const at = '2026-01-01T00:00:00.000Z';
  journal.function('test_chain_hash', { deterministic: true }, (prev, seq) => {
    const row = {
      seq,
      id: `e${String(seq)}`,
      at,
      actor_staff_id: null,
      action: 'sale.completed',
      subject: `s${String(seq)}`,
      details: { total: seq },
    };
    return createHash('sha256')
      .update(String(prev) + canonicalJson(row))
      .digest('hex');
  });
  // The chain trigger checks each row against the last one; the statement keeps to it anyway.
  const trigger = journal.prepare("SELECT sql FROM sqlite_master WHERE name = 'audit_log_chain'").pluck().get() as string;
  journal.transaction(() => {
    journal.exec('DROP TRIGGER audit_log_chain');
    journal
      .prepare(
        `WITH RECURSIVE c (seq, prev, hash) AS (
           SELECT 1, @genesis, test_chain_hash(@genesis, 1)
           UNION ALL SELECT seq + 1, hash, test_chain_hash(hash, seq + 1) FROM c WHERE seq < @n)
         INSERT INTO audit_log (seq, id, at, actor_staff_id, action, subject, details, prev_hash, hash)
         SELECT seq, 'e' || seq, @at, NULL, 'sale.completed', 's' || seq, json_object('total', seq), prev, hash FROM c`,
      )
      .run({ genesis: GENESIS_HASH, n, at });
    journal.exec(trigger);
  })();
}
