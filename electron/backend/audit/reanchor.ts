/**
 * Re-anchoring the audit log: the owner's word, with the recovery code, that a break found in the
 * log has been looked at. An entry of its own records what was found and who re-anchored; the log
 * then vouches for what follows that entry, the anchor outside the journal moves to it, and any
 * later deletion or edit is found again. What came before stays in the journal as it is.
 */
import type Database from 'better-sqlite3';
import { appendAudit } from './db.ts';
import { anchorAtHead, anchorReadOf, holdAnchor } from './db-anchor.ts';
import { CHAIN_BROKEN, checkAuditLog, keptBreak, REANCHORED, VERIFIED_THROUGH } from './db-check.ts';
import { setSetting } from '../settings/db.ts';
import { recoverySpent, refusal, spendRecoveryCode, type RecoveryErrorCode } from '../staff/recovery.ts';
import type { OwnerActor } from '../staff/service.ts';

export type ReanchorResult =
  | { ok: true; value: { seq: number; settled: { brokenAtSeq: number; reason: string } | null } }
  | { ok: false; error: { code: RecoveryErrorCode; message: string; waitUntil?: string } };

export async function reanchorAuditLog(
  db: Database.Database,
  input: { code: string; owner: OwnerActor },
  options: { now?: () => number } = {},
): Promise<ReanchorResult> {
  const now = options.now ?? Date.now;
  const refuse = refusal(db, { action: 'admin.reanchor_refused', subject: null, owner: input.owner, now });
  const refused = await spendRecoveryCode(db, input.code, { now, refuse });
  if (refused) return refused;

  // What the re-anchoring settles: the earliest break kept, else the one the full check finds now.
  const checked = checkAuditLog(db, { full: true, anchor: anchorReadOf(db) });
  const found = keptBreak(db) ?? (checked.ok ? null : checked);
  const settled = found && { brokenAtSeq: found.brokenAtSeq, reason: found.reason };
  const at = new Date(now()).toISOString();
  const entry = db.transaction(() => {
    const appended = appendAudit(db, {
      action: REANCHORED,
      details: { ...input.owner, brokenAtSeq: settled?.brokenAtSeq ?? null, reason: settled?.reason ?? null },
      at,
    });
    setSetting(db, CHAIN_BROKEN, null, at);
    setSetting(db, VERIFIED_THROUGH, { seq: appended.seq, hash: appended.hash }, at);
    recoverySpent(db, now());
    return appended;
  })();
  holdAnchor(db, false);
  anchorAtHead(db);
  return { ok: true, value: { seq: entry.seq, settled } };
}
