import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appendAudit, auditHead } from '../../../../../electron/backend/audit/db.ts';
import {
  anchorAtHead,
  anchorFileOf,
  attachAuditAnchor,
  holdAnchor,
  readAnchor,
  writeAnchor,
} from '../../../../../electron/backend/audit/db-anchor.ts';
import { checkAuditLog } from '../../../../../electron/backend/audit/db-check.ts';
import { openJournal, type Journal } from '../../../../../electron/backend/journal/open.ts';
import { commitBeforeNextFullCommit } from '../../../../../electron/backend/journal/durability.ts';

let dir: string;
let file: string;
let db: Journal;
const onError = vi.fn();

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anchor-'));
  file = path.join(dir, 'journal-production.sqlite');
  db = openJournal(file);
  attachAuditAnchor(db, file, onError);
});
afterEach(() => {
  if (db.open) db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const anchored = () => readAnchor(anchorFileOf(file));
const append = (n: number) => {
  for (let i = 0; i < n; i++) appendAudit(db, { action: 'sale.completed', details: { total: i } });
};
const check = () => checkAuditLog(db, { full: true, anchor: anchored() });
/** What someone with the file and sqlite3 can do, the append-only triggers dropped. */
const tamper = (sql: string) =>
  db.exec(`DROP TRIGGER IF EXISTS audit_log_no_update; DROP TRIGGER IF EXISTS audit_log_no_delete;
           DROP TRIGGER IF EXISTS audit_log_chain; ${sql}`);

describe('the anchor outside the journal', () => {
  it('is the file beside the journal, and names the head after each entry outside a transaction', () => {
    expect(anchorFileOf(file)).toBe(path.join(dir, 'journal-production.audit-anchor.json'));
    expect(anchored()).toEqual({ state: 'none' });
    append(2);
    expect(anchored()).toEqual({ state: 'read', head: auditHead(db) });
    expect(fs.statSync(anchorFileOf(file)).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('never names an entry committed without an fsync (a sale’s intent) until a FULL commit follows', async () => {
    append(1);
    const before = auditHead(db);
    commitBeforeNextFullCommit(db, () => appendAudit(db, { action: 'sale.created', details: {} }));
    await new Promise((resolve) => setImmediate(resolve));
    expect(anchored()).toEqual({ state: 'read', head: before });
    append(1);
    expect(anchored()).toEqual({ state: 'read', head: auditHead(db) });
    expect(auditHead(db)!.seq).toBe(before!.seq + 2);
  });

  it('is written only once the caller’s transaction has committed, and never names a rolled-back entry', async () => {
    append(1);
    const before = auditHead(db);
    db.transaction(() => {
      append(2);
      // Not committed yet: the anchor still names what is.
      expect(anchored()).toEqual({ state: 'read', head: before });
    })();
    await Promise.resolve();
    expect(anchored()).toEqual({ state: 'read', head: auditHead(db) });

    const committed = auditHead(db);
    expect(() =>
      db.transaction(() => {
        append(1);
        throw new Error('the sale failed');
      })(),
    ).toThrow('the sale failed');
    await Promise.resolve();
    expect(anchored()).toEqual({ state: 'read', head: committed });
  });

  it('may lag behind entries that chain from it (a crash before its write), which is no finding', () => {
    append(3);
    const lagging = auditHead(db)!;
    holdAnchor(db, true);
    append(2);
    expect(anchored()).toEqual({ state: 'read', head: lagging });
    expect(check()).toMatchObject({ ok: true, count: 5 });
  });

  it('finds entries cut from the end, however many, though the chain left is whole', () => {
    append(5);
    tamper('DELETE FROM audit_log WHERE seq > 3');
    expect(checkAuditLog(db, { full: true, anchor: { state: 'none' } })).toMatchObject({ ok: true, count: 3 });
    expect(check()).toEqual({
      ok: false,
      brokenAtSeq: 5,
      reason:
        'entry 5, the last the anchor outside the journal recorded, is missing: entries were deleted from the end of the log',
    });
    tamper('DELETE FROM audit_log');
    expect(check()).toMatchObject({ ok: false, brokenAtSeq: 5 });
  });

  it('is not carried over a cut by the next entry, nor by one replacing the entry it named', () => {
    append(4);
    const named = auditHead(db)!;
    tamper('DELETE FROM audit_log WHERE seq = 4');
    // A process that appends without checking first, as a command at the machine does.
    db.close();
    db = openJournal(file);
    attachAuditAnchor(db, file, onError);
    append(2);
    expect(anchored()).toEqual({ state: 'read', head: named });
    expect(check()).toMatchObject({ ok: false, brokenAtSeq: 4 });
    // Only a re-anchoring or a restore moves it, on purpose.
    anchorAtHead(db);
    expect(anchored()).toEqual({ state: 'read', head: auditHead(db) });
  });

  it('counts an anchor it cannot read as a finding, never as no anchor', () => {
    append(2);
    fs.writeFileSync(anchorFileOf(file), '{"seq": "5"');
    expect(check()).toMatchObject({ ok: false, brokenAtSeq: 2, reason: expect.stringContaining('cannot be read') });
    writeAnchor(anchorFileOf(file), auditHead(db)!);
    expect(check()).toMatchObject({ ok: true });
    expect(onError).not.toHaveBeenCalled();
  });
});
