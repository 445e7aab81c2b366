import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendAudit, auditHead, listAudit } from '../../../../../electron/backend/audit/db.ts';
import { attachAuditAnchor } from '../../../../../electron/backend/audit/db-anchor.ts';
import { openJournal, type Journal } from '../../../../../electron/backend/journal/open.ts';
import { checkAuditChainAtStart, verifyAuditChain } from '../../../../../electron/backend/audit/service.ts';
import { reanchorAuditLog } from '../../../../../electron/backend/audit/reanchor.ts';
import { createOwner } from '../../../../../electron/backend/staff/setup.ts';
import { createStaffService } from '../../../../../electron/backend/staff/service.ts';
import { FAST_SCRYPT as FAST } from '../../../../support/admin.ts';

const owner = { via: 'command_line', user: 'olga' } as const;

let dir: string;
let file: string;
let db: Journal;
let code: string;

/** The app's start on the journal file, as a new process opens it. */
function start() {
  if (db?.open) db.close();
  db = openJournal(file);
  attachAuditAnchor(db, file, (error) => {
    throw error;
  });
  return checkAuditChainAtStart(db, { log: () => {} }).state();
}

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reanchor-'));
  file = path.join(dir, 'journal-production.sqlite');
  start();
  const staff = createStaffService(db, { scrypt: FAST });
  code = (await createOwner(db, staff, { name: 'Olga Owner', pin: '2468' }, { scrypt: FAST })).recoveryCode;
});
afterEach(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const append = (n: number) => {
  for (let i = 0; i < n; i++) appendAudit(db, { action: 'sale.completed', details: { total: i } });
};
/** What someone with the file and sqlite3 can do, the append-only triggers dropped. */
const tamper = (sql: string) =>
  db.exec(`DROP TRIGGER IF EXISTS audit_log_no_update; DROP TRIGGER IF EXISTS audit_log_no_delete;
           DROP TRIGGER IF EXISTS audit_log_chain; ${sql}`);

describe('re-anchoring the audit log with the recovery code', () => {
  it('settles a break support has seen, after which a later cut is found again', async () => {
    append(3);
    const broken = auditHead(db)!.seq - 1;
    // As an entry hashed over text other than what was stored: it never verifies again.
    tamper(`UPDATE audit_log SET details = '{"total":"\uFFFD"}' WHERE seq = ${broken}`);
    const found = { ok: false, brokenAtSeq: broken, reason: 'hash does not match the entry' };
    expect(verifyAuditChain(db)).toEqual(found);
    expect(start()).toEqual(found);

    const wrong = await reanchorAuditLog(db, { code: 'AAAAA-BBBBB-CCCCC-DDDDD', owner });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'wrong_code' } });
    expect(listAudit(db, { actionPrefix: 'admin.reanchor_refused' })).toMatchObject([{ details: { reason: 'wrong_code' } }]);
    expect(start()).toEqual(found);

    const done = await reanchorAuditLog(db, { code, owner });
    expect(done).toEqual({
      ok: true,
      value: { seq: auditHead(db)!.seq, settled: { brokenAtSeq: broken, reason: found.reason } },
    });
    expect(listAudit(db, { limit: 1 })).toMatchObject([
      { action: 'audit.reanchored', details: { via: 'command_line', user: 'olga', brokenAtSeq: broken } },
    ]);
    expect(start()).toEqual({ ok: true, verifiedThroughSeq: auditHead(db)!.seq });
    expect(verifyAuditChain(db)).toMatchObject({ ok: true });

    // The journal's own marks of what was verified and found cannot hide a cut: the anchor is outside it.
    append(2);
    const head = auditHead(db)!.seq;
    expect(start()).toMatchObject({ ok: true });
    tamper(`DELETE FROM audit_log WHERE seq > ${head - 2}; DELETE FROM settings WHERE key LIKE 'audit.%'`);
    const cut = {
      ok: false,
      brokenAtSeq: head,
      reason: `entry ${head}, the last the anchor outside the journal recorded, is missing: entries were deleted from the end of the log`,
    };
    expect(start()).toEqual(cut);
    // Found again once its record in the journal is gone too: the anchor stayed where it was.
    tamper(`DELETE FROM audit_log WHERE action = 'audit.chain_broken'; DELETE FROM settings WHERE key LIKE 'audit.%'`);
    expect(start()).toEqual(cut);
    expect(verifyAuditChain(db)).toEqual(cut);
  });
});
